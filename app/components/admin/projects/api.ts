import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { QueryOf } from "~/contracts/endpoint";
import { projectsEndpoints } from "~/contracts/projects";
import { adminCall } from "~/lib/admin/call";
import { offsetOf, PAGE_SIZE } from "~/contracts/paging";
import type { ProjectSort } from "~/contracts/project-list";
import type { ProjectStatus } from "~/contracts/project-terms";
import type { NewProjectInput, ProjectChangeInput, ProjectDetail } from "~/contracts/projects";
import type { AddProjectContactsInput, ProjectContactChangeInput } from "~/contracts/project-contacts";
import type { MilestoneChangeInput, NewMilestoneInput } from "~/contracts/project-milestones";
import type { NewProjectUpdateInput } from "~/contracts/project-updates";

/**
 * The projects screen's calls (docs/product/projects.md "The calls") with the texts of its
 * "Errors", and their cache keys.
 */
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

type ProjectListQuery = NonNullable<QueryOf<typeof projectsEndpoints.list>>;

/** The list's filters as the API's query (and the export's, without the page); defaults left out. */
export function projectQuery(filter: Omit<ProjectListFilter, "page">, page?: number): ProjectListQuery {
  return {
    status: filter.status !== "all" ? filter.status : undefined,
    q: filter.q.trim() || undefined,
    sort: filter.sort !== "newest" ? filter.sort : undefined,
    ...(page !== undefined ? { limit: PAGE_SIZE, offset: offsetOf(page) } : {}),
  };
}

/**
 * One page of the projects, searched, filtered and sorted by the server; the last page stays on
 * screen while the next loads, and each answer lands under its own filter (the last search wins).
 */
export function useProjectPage(filter: ProjectListFilter) {
  return useQuery({
    queryKey: projectKeys.list(filter),
    queryFn: ({ signal }) =>
      adminCall(projectsEndpoints.list, {
        query: projectQuery(filter, filter.page),
        fallbackError: "Failed to fetch projects",
        refusalWords: "action",
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProjectStats() {
  return useQuery({
    queryKey: projectKeys.stats,
    queryFn: ({ signal }) =>
      adminCall(projectsEndpoints.stats, {
        fallbackError: "Failed to fetch projects",
        refusalWords: "action",
        signal,
      }).then((r) => r.stats),
  });
}

export function useProjectDetail(id: string | null) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? ""),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminCall(projectsEndpoints.get, {
        params: { id: id ?? "" },
        fallbackError: "Failed to fetch project details",
        refusalWords: "action",
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
    adminCall(projectsEndpoints.create, {
      body: input,
      fallbackError: "Failed to create project",
      refusalWords: "action",
    }),
  );
}

export function useUpdateProject() {
  return useProjectWrite(({ id, input }: { id: string; input: ProjectChangeInput }) =>
    adminCall(projectsEndpoints.update, {
      params: { id },
      body: input,
      fallbackError: "Failed to update project",
      refusalWords: "action",
    }),
  );
}

export function useSetProjectStatus() {
  return useProjectWrite(({ id, status }: { id: string; status: ProjectStatus }) =>
    adminCall(projectsEndpoints.update, {
      params: { id },
      body: { status },
      fallbackError: "Failed to update project status",
      refusalWords: "action",
    }),
  );
}

export function useAddProjectContacts() {
  return useProjectWrite(({ id, input }: { id: string; input: AddProjectContactsInput }) =>
    adminCall(projectsEndpoints.addContacts, {
      params: { id },
      body: input,
      fallbackError: "Failed to add contacts to project",
      refusalWords: "action",
    }),
  );
}

export function useChangeProjectContact() {
  return useProjectWrite(
    ({ id, contactId, input }: { id: string; contactId: number; input: ProjectContactChangeInput }) =>
      adminCall(projectsEndpoints.changeContact, {
        params: { id, contactId },
        body: input,
        fallbackError: "Failed to update contact role",
        refusalWords: "action",
      }),
  );
}

export function useRemoveProjectContact() {
  return useProjectWrite(({ id, contactId }: { id: string; contactId: number }) =>
    adminCall(projectsEndpoints.removeContact, {
      params: { id, contactId },
      fallbackError: "Failed to remove contact from project",
      refusalWords: "action",
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
      adminCall(projectsEndpoints.addMilestone, {
        params: { id: projectId },
        body: input,
        fallbackError: "Failed to add milestone",
        refusalWords: "action",
      }),
    projectId,
  );
}

export function useChangeMilestone(projectId: string) {
  return usePartWrite(
    ({ milestoneId, input }: { milestoneId: number; input: MilestoneChangeInput }) =>
      adminCall(projectsEndpoints.changeMilestone, {
        params: { id: projectId, milestoneId },
        body: input,
        fallbackError: "Failed to update milestone",
        refusalWords: "action",
      }),
    projectId,
  );
}

export function useDeleteMilestone(projectId: string) {
  return usePartWrite(
    (milestoneId: number) =>
      adminCall(projectsEndpoints.deleteMilestone, {
        params: { id: projectId, milestoneId },
        fallbackError: "Failed to delete milestone",
        refusalWords: "action",
      }),
    projectId,
  );
}

export function useReorderMilestones(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      adminCall(projectsEndpoints.reorderMilestones, {
        params: { id: projectId },
        body: { ids },
        fallbackError: "Failed to reorder milestones",
        refusalWords: "action",
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
      adminCall(projectsEndpoints.postUpdate, {
        params: { id: projectId },
        body: input,
        fallbackError: "Failed to post update",
        refusalWords: "action",
      }),
    projectId,
  );
}

export function useDeleteUpdate(projectId: string) {
  return usePartWrite(
    (updateId: number) =>
      adminCall(projectsEndpoints.deleteUpdate, {
        params: { id: projectId, updateId },
        fallbackError: "Failed to delete update",
        refusalWords: "action",
      }),
    projectId,
  );
}
