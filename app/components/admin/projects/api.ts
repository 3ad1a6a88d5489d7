import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { adminApi } from "~/lib/admin/api-client";
import { offsetOf, PAGE_SIZE } from "~/lib/admin/paging";
import { ProjectListSchema, type ProjectSort } from "~/lib/admin/project-list";
import {
  MilestoneAnswerSchema,
  MilestoneListSchema,
  ProjectAnswerSchema,
  ProjectPartDeletedSchema,
  ProjectStatsAnswerSchema,
  ProjectUpdateAnswerSchema,
  type AddProjectContactsInput,
  type MilestoneChangeInput,
  type NewMilestoneInput,
  type NewProjectInput,
  type NewProjectUpdateInput,
  type ProjectChangeInput,
  type ProjectContactChangeInput,
  type ProjectDetail,
  type ProjectStatus,
} from "~/lib/admin/projects";

/** The projects screen's calls (back-office spec 7) with the spec 8 error texts, and their cache keys. */
/** One page of the projects list: what the address holds. */
export interface ProjectListFilter {
  q: string;
  status: ProjectStatus | "all";
  sort: ProjectSort;
  page: number;
}

export const projectKeys = {
  all: ["admin", "projects"] as const,
  lists: ["admin", "projects", "list"] as const,
  list: (filter: ProjectListFilter) => ["admin", "projects", "list", filter] as const,
  stats: ["admin", "projects", "stats"] as const,
  detail: (id: string) => ["admin", "projects", "detail", id] as const,
};

/** After any write: the list, its counts, the media screen's project names and the dashboard's and leads' counters. */
export async function refreshProjects(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "contacts", "stats"] }),
  ]);
}

const base = (id: string) => `/api/admin/projects/${encodeURIComponent(id)}`;

/** The list's filters as the API's query (and the export's, without the page). */
export function projectQuery(filter: Omit<ProjectListFilter, "page">, page?: number) {
  const query = new URLSearchParams();
  if (filter.status !== "all") query.set("status", filter.status);
  if (filter.q.trim()) query.set("q", filter.q.trim());
  if (filter.sort !== "newest") query.set("sort", filter.sort);
  if (page !== undefined) {
    query.set("limit", String(PAGE_SIZE));
    query.set("offset", String(offsetOf(page)));
  }
  return query.toString();
}

/**
 * One page of the projects, searched, filtered and sorted by the server; the last page stays on
 * screen while the next loads, and each answer lands under its own filter (the last search wins).
 */
export function useProjectPage(filter: ProjectListFilter) {
  return useQuery({
    queryKey: projectKeys.list(filter),
    queryFn: ({ signal }) =>
      adminApi(`/api/admin/projects?${projectQuery(filter, filter.page)}`, {
        schema: ProjectListSchema,
        fallbackError: "Failed to fetch projects",
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProjectStats() {
  return useQuery({
    queryKey: projectKeys.stats,
    queryFn: ({ signal }) =>
      adminApi("/api/admin/projects/stats", {
        schema: ProjectStatsAnswerSchema,
        fallbackError: "Failed to fetch projects",
        signal,
      }).then((r) => r.stats),
  });
}

export function useProjectDetail(id: string | null) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? ""),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminApi(base(id ?? ""), {
        schema: ProjectAnswerSchema,
        fallbackError: "Failed to fetch project details",
        signal,
      }).then((r) => r.project),
  });
}

/** A write that answers the whole project: the details show it at once, the rest reloads. */
function useProjectWrite<V>(request: (vars: V) => Promise<{ project: ProjectDetail }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => request(vars).then((r) => r.project),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      void refreshProjects(queryClient);
    },
  });
}

export function useCreateProject() {
  return useProjectWrite((input: NewProjectInput) =>
    adminApi("/api/admin/projects", {
      schema: ProjectAnswerSchema,
      method: "POST",
      body: input,
      fallbackError: "Failed to create project",
    }),
  );
}

export function useUpdateProject() {
  return useProjectWrite(({ id, input }: { id: string; input: ProjectChangeInput }) =>
    adminApi(base(id), {
      schema: ProjectAnswerSchema,
      method: "PUT",
      body: input,
      fallbackError: "Failed to update project",
    }),
  );
}

export function useSetProjectStatus() {
  return useProjectWrite(({ id, status }: { id: string; status: ProjectStatus }) =>
    adminApi(base(id), {
      schema: ProjectAnswerSchema,
      method: "PUT",
      body: { status },
      fallbackError: "Failed to update project status",
    }),
  );
}

export function useAddProjectContacts() {
  return useProjectWrite(({ id, input }: { id: string; input: AddProjectContactsInput }) =>
    adminApi(`${base(id)}/contacts`, {
      schema: ProjectAnswerSchema,
      method: "POST",
      body: input,
      fallbackError: "Failed to add contacts to project",
    }),
  );
}

export function useChangeProjectContact() {
  return useProjectWrite(
    ({ id, contactId, input }: { id: string; contactId: number; input: ProjectContactChangeInput }) =>
      adminApi(`${base(id)}/contacts/${contactId}`, {
        schema: ProjectAnswerSchema,
        method: "PUT",
        body: input,
        fallbackError: "Failed to update contact role",
      }),
  );
}

export function useRemoveProjectContact() {
  return useProjectWrite(({ id, contactId }: { id: string; contactId: number }) =>
    adminApi(`${base(id)}/contacts/${contactId}`, {
      schema: ProjectAnswerSchema,
      method: "DELETE",
      fallbackError: "Failed to remove contact from project",
    }),
  );
}

/** Milestone and update writes answer a part of the project: the project is read again. */
function usePartWrite<V, R>(request: (vars: V) => Promise<R>, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
      ]),
  });
}

export function useAddMilestone(projectId: string) {
  return usePartWrite(
    (input: NewMilestoneInput) =>
      adminApi(`${base(projectId)}/milestones`, {
        schema: MilestoneAnswerSchema,
        method: "POST",
        body: input,
        fallbackError: "Failed to add milestone",
      }),
    projectId,
  );
}

export function useChangeMilestone(projectId: string) {
  return usePartWrite(
    ({ milestoneId, input }: { milestoneId: number; input: MilestoneChangeInput }) =>
      adminApi(`${base(projectId)}/milestones/${milestoneId}`, {
        schema: MilestoneAnswerSchema,
        method: "PUT",
        body: input,
        fallbackError: "Failed to update milestone",
      }),
    projectId,
  );
}

export function useDeleteMilestone(projectId: string) {
  return usePartWrite(
    (milestoneId: number) =>
      adminApi(`${base(projectId)}/milestones/${milestoneId}`, {
        schema: ProjectPartDeletedSchema,
        method: "DELETE",
        fallbackError: "Failed to delete milestone",
      }),
    projectId,
  );
}

export function useReorderMilestones(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      adminApi(`${base(projectId)}/milestones/order`, {
        schema: MilestoneListSchema,
        method: "PUT",
        body: { ids },
        fallbackError: "Failed to reorder milestones",
      }).then((r) => r.milestones),
    // The new order shows at once; the server's answer (or a failure) puts the truth back.
    onMutate: async (ids) => {
      const key = projectKeys.detail(projectId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ProjectDetail>(key);
      if (before) {
        const byId = new Map(before.milestones.map((m) => [m.id, m]));
        const milestones = ids.flatMap((id, position) => {
          const m = byId.get(id);
          return m ? [{ ...m, position }] : [];
        });
        queryClient.setQueryData<ProjectDetail>(key, { ...before, milestones });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(projectKeys.detail(projectId), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

export function usePostUpdate(projectId: string) {
  return usePartWrite(
    (input: NewProjectUpdateInput) =>
      adminApi(`${base(projectId)}/updates`, {
        schema: ProjectUpdateAnswerSchema,
        method: "POST",
        body: input,
        fallbackError: "Failed to post update",
      }),
    projectId,
  );
}

export function useDeleteUpdate(projectId: string) {
  return usePartWrite(
    (updateId: number) =>
      adminApi(`${base(projectId)}/updates/${updateId}`, {
        schema: ProjectPartDeletedSchema,
        method: "DELETE",
        fallbackError: "Failed to delete update",
      }),
    projectId,
  );
}
