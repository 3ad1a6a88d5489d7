import { useId, useState } from "react";
import { Send, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import type { ProjectDetail } from "~/contracts/projects";
import { NewProjectUpdateSchema, type ProjectUpdate } from "~/contracts/project-updates";
import { Badge } from "../ui/badge";
import { Field } from "../ui/field";
import { formatDateTime } from "../ui/format";
import { adminButton } from "../ui/styles";
import { useSchemaForm } from "../ui/use-schema-form";
import { useDeleteUpdate, usePostUpdate } from "./api";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { SectionError, SectionHeading } from "./section";

const emptyUpdate = { title: "", content: "", notify_client: false };

/** Updates the client reads in the portal; 'Email the client' also sends each one to the project's contacts. */
export function UpdatesSection({ project }: { project: ProjectDetail }) {
  const id = useId();
  const post = usePostUpdate(project.id);
  const remove = useDeleteUpdate(project.id);
  const [deleting, setDeleting] = useState<ProjectUpdate | null>(null);
  const reachable = project.contacts.filter((c) => c.contact_email).length;
  const form = useSchemaForm({
    initial: emptyUpdate,
    schema: NewProjectUpdateSchema,
    save: (data) => post.mutateAsync(data),
    onSaved: ({ emailed_to }) => {
      toast.success(
        emailed_to.length > 0
          ? `Update posted and emailed to ${emailed_to.length} contact${emailed_to.length === 1 ? "" : "s"}`
          : "Update posted",
      );
      form.setValues(emptyUpdate);
    },
    fallbackError: "Failed to post update",
  });
  const { values, errors, set } = form;

  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };

  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <SectionHeading id={`${id}-h`}>Updates ({project.updates.length})</SectionHeading>
      <form
        onSubmit={form.submit}
        noValidate
        className="grid gap-3 rounded-lg bg-slate-50 p-3"
        aria-label="Post an update"
      >
        <Field label="Update title" required error={errors.title}>
          {(p) => (
            <input {...p} type="text" value={values.title} onChange={(e) => set({ title: e.target.value })} required />
          )}
        </Field>
        <Field label="Update" required error={errors.content}>
          {(p) => (
            <textarea
              {...p}
              rows={4}
              value={values.content}
              onChange={(e) => set({ content: e.target.value })}
              required
            />
          )}
        </Field>
        <div>
          <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-700"
              checked={values.notify_client}
              onChange={(e) => set({ notify_client: e.target.checked })}
              aria-describedby={`${id}-notify`}
            />
            Email the client
          </label>
          <p id={`${id}-notify`} className="mt-1 text-xs text-slate-600">
            {reachable === 0
              ? "No contact of this project has an email address: the update is only shown in the client portal."
              : `Sends the update to ${reachable} contact${reachable === 1 ? "" : "s"} with a link to the client portal.`}
          </p>
        </div>
        {post.isError && <SectionError>{errorMessage(post.error, "Failed to post update")}</SectionError>}
        <div className="flex justify-end">
          <button type="submit" className={adminButton.primary} disabled={post.isPending}>
            <Send className="size-4" aria-hidden="true" /> {post.isPending ? "Posting..." : "Post Update"}
          </button>
        </div>
      </form>
      {project.updates.length === 0 ? (
        <p className="text-sm text-slate-600">No updates yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Updates">
          {project.updates.map((update) => (
            <li key={update.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{update.title}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(update.created_at)} {update.emailed_at && <Badge tone="blue">Emailed</Badge>}
                  </p>
                </div>
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => setDeleting(update)}
                >
                  <Trash2 className="size-3.5" aria-hidden="true" /> Delete
                  <span className="sr-only"> {update.title}</span>
                </button>
              </div>
              <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{update.content}</p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Update"
        question={
          deleting
            ? `Delete the update "${deleting.title}"? The client no longer sees it in the portal${
                deleting.emailed_at ? "; the e-mail already sent stays sent" : ""
              }.`
            : ""
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.error}
        fallbackError="Failed to delete update"
        onClose={closeDelete}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success("Update deleted");
              closeDelete();
            },
          })
        }
      />
    </section>
  );
}
