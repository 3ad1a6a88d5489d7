import { useId, useState } from "react";
import { ArrowDown, ArrowUp, CheckCircle2, Pencil, Plus, RotateCcw, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { MILESTONE_STATUS_LABELS, MILESTONE_STATUSES, type MilestoneStatus } from "~/contracts/project-terms";
import type { ProjectDetail } from "~/contracts/projects";
import { NewMilestoneSchema, type Milestone } from "~/contracts/project-milestones";
import { Badge } from "../ui/badge";
import { Field } from "../ui/field";
import { adminButton } from "../ui/styles";
import { useSchemaForm } from "../ui/use-schema-form";
import { useAddMilestone, useChangeMilestone, useDeleteMilestone, useReorderMilestones } from "./api";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatDay } from "./projects-list";
import { SectionError, SectionHeading } from "./section";

const TONE: Record<MilestoneStatus, "gray" | "blue" | "green" | "red"> = {
  pending: "gray",
  in_progress: "blue",
  completed: "green",
  on_hold: "red",
};

const small =
  "inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

interface MilestoneValues {
  title: string;
  description: string;
  due_date: string;
  status: MilestoneStatus;
}
const emptyMilestone: MilestoneValues = { title: "", description: "", due_date: "", status: "pending" };

/**
 * The project's milestones (docs/product/projects.md "Milestones"; the client sees them,
 * docs/product/client-portal.md "Project detail"): add, edit, reorder, complete.
 */
export function MilestonesSection({ project }: { project: ProjectDetail }) {
  const id = useId();
  const reorder = useReorderMilestones(project.id);
  const remove = useDeleteMilestone(project.id);
  const change = useChangeMilestone(project.id);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  const milestones = project.milestones;

  function move(index: number, by: -1 | 1) {
    const ids = milestones.map((m) => m.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onError: () => toast.error("Failed to reorder milestones") });
  }

  function setStatus(milestone: Milestone, status: MilestoneStatus) {
    change.mutate(
      { milestoneId: milestone.id, input: { status } },
      {
        onSuccess: () =>
          toast.success(status === "completed" ? `Completed: ${milestone.title}` : `Reopened: ${milestone.title}`),
        onError: (e) => toast.error(errorMessage(e, "Failed to update milestone")),
      },
    );
  }

  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };

  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <SectionHeading id={`${id}-h`}>
        Milestones ({project.milestones_completed}/{project.milestone_count} done)
      </SectionHeading>
      {milestones.length === 0 ? (
        <p className="text-sm text-slate-600">No milestones yet. Add the steps the client will see in the portal.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Milestones">
          {milestones.map((milestone, index) => (
            <li key={milestone.id} className="rounded-lg border border-slate-200 p-3">
              {editing === milestone.id ? (
                <MilestoneForm projectId={project.id} milestone={milestone} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
                      <span className="text-slate-500">{index + 1}.</span> {milestone.title}
                      <Badge tone={TONE[milestone.status]}>{MILESTONE_STATUS_LABELS[milestone.status]}</Badge>
                    </p>
                    {milestone.description && (
                      <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{milestone.description}</p>
                    )}
                    <p className="mt-1 text-xs text-slate-600">
                      {milestone.due_date ? `Due ${formatDay(milestone.due_date)}` : "No due date"}
                      {milestone.completed_date && ` · Completed ${formatDay(milestone.completed_date)}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-1">
                    <button
                      type="button"
                      className={small}
                      onClick={() => move(index, -1)}
                      disabled={index === 0 || reorder.isPending}
                      aria-label={`Move ${milestone.title} up`}
                    >
                      <ArrowUp className="size-3.5" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={small}
                      onClick={() => move(index, 1)}
                      disabled={index === milestones.length - 1 || reorder.isPending}
                      aria-label={`Move ${milestone.title} down`}
                    >
                      <ArrowDown className="size-3.5" aria-hidden="true" />
                    </button>
                    {milestone.status === "completed" ? (
                      <button type="button" className={small} onClick={() => setStatus(milestone, "in_progress")}>
                        <RotateCcw className="size-3.5" aria-hidden="true" /> Reopen
                        <span className="sr-only"> {milestone.title}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className={`${small} border-green-300 bg-green-50 text-green-900 hover:bg-green-100`}
                        onClick={() => setStatus(milestone, "completed")}
                      >
                        <CheckCircle2 className="size-3.5" aria-hidden="true" /> Complete
                        <span className="sr-only"> {milestone.title}</span>
                      </button>
                    )}
                    <button type="button" className={small} onClick={() => setEditing(milestone.id)}>
                      <Pencil className="size-3.5" aria-hidden="true" /> Edit
                      <span className="sr-only"> {milestone.title}</span>
                    </button>
                    <button
                      type="button"
                      className={`${small} text-red-800 hover:bg-red-50`}
                      onClick={() => setDeleting(milestone)}
                    >
                      <Trash2 className="size-3.5" aria-hidden="true" /> Delete
                      <span className="sr-only"> {milestone.title}</span>
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {reorder.isError && <SectionError>{errorMessage(reorder.error, "Failed to reorder milestones")}</SectionError>}
      <div className="rounded-lg bg-slate-50 p-3">
        <MilestoneForm projectId={project.id} onDone={() => undefined} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Milestone"
        question={deleting ? `Delete the milestone "${deleting.title}"? The client no longer sees it.` : ""}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.error}
        fallbackError="Failed to delete milestone"
        onClose={closeDelete}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success("Milestone deleted");
              closeDelete();
            },
          })
        }
      />
    </section>
  );
}

/** Adds a milestone, or (given one) edits it in place. */
function MilestoneForm({
  projectId,
  milestone,
  onDone,
}: {
  projectId: string;
  milestone?: Milestone;
  onDone: () => void;
}) {
  const add = useAddMilestone(projectId);
  const change = useChangeMilestone(projectId);
  const failure = add.error ?? change.error;
  const form = useSchemaForm({
    initial: (): MilestoneValues =>
      milestone
        ? {
            title: milestone.title,
            description: milestone.description ?? "",
            due_date: milestone.due_date ?? "",
            status: milestone.status,
          }
        : emptyMilestone,
    schema: NewMilestoneSchema,
    save: (_data, values) =>
      milestone ? change.mutateAsync({ milestoneId: milestone.id, input: values }) : add.mutateAsync(values),
    onSaved: () => {
      if (milestone) toast.success("Milestone saved");
      else {
        toast.success("Milestone added");
        form.setValues(emptyMilestone);
      }
      onDone();
    },
    fallbackError: milestone ? "Failed to update milestone" : "Failed to add milestone",
  });
  const { values, errors, set } = form;
  const busy = form.saving;

  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="grid gap-3"
      aria-label={milestone ? "Edit milestone" : "Add milestone"}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_11rem]">
        <Field label={milestone ? "Title" : "New milestone"} required error={errors.title}>
          {(p) => (
            <input
              {...p}
              type="text"
              value={values.title}
              onChange={(e) => set({ title: e.target.value })}
              placeholder={milestone ? undefined : "e.g. Design approved"}
              required
            />
          )}
        </Field>
        <Field label="Due date" error={errors.due_date}>
          {(p) => (
            <input {...p} type="date" value={values.due_date} onChange={(e) => set({ due_date: e.target.value })} />
          )}
        </Field>
      </div>
      <Field label="Milestone description" error={errors.description}>
        {(p) => (
          <textarea {...p} rows={2} value={values.description} onChange={(e) => set({ description: e.target.value })} />
        )}
      </Field>
      {milestone && (
        <Field label="Milestone status">
          {(p) => (
            <select
              {...p}
              value={values.status}
              onChange={(e) => {
                const status = MILESTONE_STATUSES.find((s) => s === e.target.value);
                if (status) set({ status });
              }}
            >
              {MILESTONE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MILESTONE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {failure && (
        <SectionError>
          {errorMessage(failure, milestone ? "Failed to update milestone" : "Failed to add milestone")}
        </SectionError>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {milestone && (
          <button type="button" className={adminButton.secondary} onClick={onDone}>
            Cancel
          </button>
        )}
        <button type="submit" className={adminButton.primary} disabled={busy}>
          {milestone ? (
            busy ? (
              "Saving..."
            ) : (
              "Save Milestone"
            )
          ) : (
            <>
              <Plus className="size-4" aria-hidden="true" /> {busy ? "Adding..." : "Add Milestone"}
            </>
          )}
        </button>
      </div>
    </form>
  );
}
