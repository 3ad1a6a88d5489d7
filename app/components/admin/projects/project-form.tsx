import { useState } from "react";
import { toast } from "sonner";
import { selectableStatuses } from "~/lib/admin/projects";
import {
  PROJECT_STATUSES,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  type ProjectStatus,
  type ProjectType,
} from "~/contracts/project-terms";
import { NewProjectSchema, PROJECT_REQUIRED, ProjectChangeSchema, type Project } from "~/contracts/projects";
import { BUDGETS } from "~/contracts/form-options";
import { FormFooter } from "../ui/form-footer";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { useSchemaForm } from "../ui/use-schema-form";
import { useCreateProject, useUpdateProject } from "./api";
import { ContactPicker } from "./contact-picker";
import { projectStatusLabel } from "../ui/project-status-badge";

/** The create and edit forms' fields (docs/product/projects.md "Create and edit", "Project"). */
export interface ProjectFormValues {
  name: string;
  description: string;
  project_type: ProjectType;
  budget_range: string;
  start_date: string;
  target_completion: string;
  client_notes: string;
  internal_notes: string;
  status: ProjectStatus;
}

type Errors = Partial<Record<keyof ProjectFormValues | "contact_ids", string>>;

export const emptyProjectForm: ProjectFormValues = {
  name: "",
  description: "",
  project_type: "personal",
  budget_range: "",
  start_date: "",
  target_completion: "",
  client_notes: "",
  internal_notes: "",
  status: "planning",
};

const isProjectType = (value: string | null): value is ProjectType => PROJECT_TYPES.some((type) => type === value);

export const projectToForm = (p: Project): ProjectFormValues => ({
  name: p.name,
  description: p.description ?? "",
  project_type: isProjectType(p.project_type) ? p.project_type : "personal",
  budget_range: p.budget_range ?? "",
  start_date: p.start_date ?? "",
  target_completion: p.target_completion ?? "",
  client_notes: p.client_notes ?? "",
  internal_notes: p.internal_notes ?? "",
  status: p.status,
});

/** The fields without contacts; with `withStatus` the status select too (the edit form). */
function ProjectFields({
  values,
  errors,
  onChange,
  withStatus,
}: {
  values: ProjectFormValues;
  errors: Errors;
  onChange: (patch: Partial<ProjectFormValues>) => void;
  withStatus?: boolean;
}) {
  const budgetKnown = !values.budget_range || BUDGETS.some((b) => b.value === values.budget_range);
  return (
    <div className="grid gap-4">
      <Field label="Project name" required error={errors.name}>
        {(p) => (
          <input
            {...p}
            type="text"
            value={values.name}
            onChange={(e) => onChange({ name: e.target.value })}
            required
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Description" error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            rows={4}
            value={values.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Project type" error={errors.project_type}>
          {(p) => (
            <select
              {...p}
              value={values.project_type}
              onChange={(e) => {
                const type = e.target.value;
                if (isProjectType(type)) onChange({ project_type: type });
              }}
            >
              {PROJECT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PROJECT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Budget" error={errors.budget_range}>
          {(p) => (
            <select {...p} value={values.budget_range} onChange={(e) => onChange({ budget_range: e.target.value })}>
              <option value="">Not set</option>
              {BUDGETS.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
              {!budgetKnown && <option value={values.budget_range}>{values.budget_range}</option>}
            </select>
          )}
        </Field>
        <Field label="Start date" error={errors.start_date}>
          {(p) => (
            <input
              {...p}
              type="date"
              value={values.start_date}
              onChange={(e) => onChange({ start_date: e.target.value })}
            />
          )}
        </Field>
        <Field label="Target completion" error={errors.target_completion}>
          {(p) => (
            <input
              {...p}
              type="date"
              value={values.target_completion}
              onChange={(e) => onChange({ target_completion: e.target.value })}
            />
          )}
        </Field>
      </div>
      {withStatus && (
        <Field label="Status" error={errors.status}>
          {(p) => (
            <select
              {...p}
              value={values.status}
              onChange={(e) => {
                const status = PROJECT_STATUSES.find((s) => s === e.target.value);
                if (status) onChange({ status });
              }}
            >
              {selectableStatuses(values.status).map((s) => (
                <option key={s} value={s}>
                  {projectStatusLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label="Client notes" hint="The client sees these in the client portal." error={errors.client_notes}>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={values.client_notes}
            onChange={(e) => onChange({ client_notes: e.target.value })}
          />
        )}
      </Field>
      <Field label="Internal notes" hint="Only you see these." error={errors.internal_notes}>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={values.internal_notes}
            onChange={(e) => onChange({ internal_notes: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}

/** What the create dialog starts with: empty, or the contact the contacts screen's Project button brought. */
export interface CreateStart {
  key: string;
  contactIds: number[];
  knownNames: Record<number, string>;
  values: ProjectFormValues;
}

export function CreateProjectDialog({
  start,
  onClose,
  onCreated,
}: {
  start: CreateStart | null;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  return (
    <Dialog
      open={start !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Create New Project"
      description="Choose the contacts and describe the project."
      wide
    >
      {start && <CreateProjectForm key={start.key} start={start} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateProjectForm({
  start,
  onClose,
  onCreated,
}: {
  start: CreateStart;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [contactIds, setContactIds] = useState(start.contactIds);
  const create = useCreateProject();
  const form = useSchemaForm({
    initial: start.values,
    schema: NewProjectSchema,
    input: ({ status: _status, ...fields }: ProjectFormValues) => ({ ...fields, contact_ids: contactIds }),
    invalidMessage: (found) =>
      found.contact_ids || found.name ? PROJECT_REQUIRED : "Please correct the fields marked in red.",
    save: (data) => create.mutateAsync(data),
    onSaved: (project) => {
      toast.success(`Project created: ${project.name}`);
      onCreated(project.id);
    },
    fallbackError: "Failed to create project",
  });

  return (
    <form onSubmit={form.submit} noValidate className="grid gap-4">
      <ContactPicker selected={contactIds} onChange={setContactIds} knownNames={start.knownNames} />
      <ProjectFields values={form.values} errors={form.errors} onChange={form.set} />
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel="Create Project"
        busyLabel="Creating..."
        onCancel={onClose}
      />
    </form>
  );
}

export function EditProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Project"
      description={project ? `${project.name} (${project.id})` : undefined}
      wide
    >
      {project && <EditProjectForm key={project.id} project={project} onClose={onClose} />}
    </Dialog>
  );
}

function EditProjectForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const update = useUpdateProject();
  const form = useSchemaForm({
    initial: () => projectToForm(project),
    schema: ProjectChangeSchema,
    check: (values, found) =>
      !values.start_date || !values.target_completion || values.target_completion >= values.start_date
        ? found
        : { ...found, target_completion: "The target completion cannot be before the start date" },
    invalidMessage: (found) => (found.name ? PROJECT_REQUIRED : "Please correct the fields marked in red."),
    save: (_data, values) => update.mutateAsync({ id: project.id, input: values }),
    onSaved: (saved) => {
      toast.success(`Saved ${saved.name}`);
      onClose();
    },
    fallbackError: "Failed to update project",
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <ProjectFields values={form.values} errors={form.errors} onChange={form.set} withStatus />
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel="Update Project"
        busyLabel="Saving..."
        onCancel={onClose}
      />
    </form>
  );
}
