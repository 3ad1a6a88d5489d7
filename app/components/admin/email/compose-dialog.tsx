import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Send } from "lucide-react";
import { toast } from "sonner";
import { z } from "~/contracts/zod";
import { emailEndpoints } from "~/contracts/email";
import { adminCall } from "~/lib/admin/call";
import { ApiError } from "~/lib/api/call";
import { EMAIL_PRIORITIES, SendEmailSchema, type EmailPriority } from "~/contracts/email";
import {
  EMAIL_TEMPLATE_IDS,
  EMAIL_TEMPLATES,
  renderEmailTemplate,
  type EmailTemplateId,
} from "~/lib/admin/email-templates";
import { Dialog } from "~/components/admin/ui/dialog";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";
import { PriorityField } from "./priority-field";
import { refreshAfterSend } from "./queries";

export interface ComposeEmailDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  to?: string;
  recipientName?: string | null;
  contactId?: number | null;
  projectId?: string | null;
  /**
   * The people this message may go to (a project's contacts, the primary first): a select
   * offers them, choosing one fills To and the name. Without `to`, the first one is chosen.
   */
  recipients?: readonly EmailRecipient[];
}

export interface EmailRecipient {
  contactId: number;
  name: string;
  email: string;
  primary?: boolean;
}

interface Draft {
  to: string;
  name: string;
  template: EmailTemplateId | "";
  subject: string;
  content: string;
  priority: EmailPriority;
}

type Outcome = { kind: "idle" } | { kind: "error"; message: string } | { kind: "sent"; held: boolean };

/** The dialog closes this long after a successful send (docs/product/email.md "The compose dialog": 1.5 s). */
const CLOSE_AFTER_MS = 1500;
const FILL_ALL = "Please fill in all fields";

const newDraft = (to?: string, name?: string | null): Draft => ({
  to: to ?? "",
  name: name ?? "",
  template: "",
  subject: "",
  content: "",
  priority: "normal",
});

/**
 * docs/product/email.md "The compose dialog": the server's error text or 'Failed to send email';
 * 'Error sending email' offline.
 */
function sendError(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return "Error sending email";
  if (error instanceof ApiError && error.status >= 400) return error.serverMessage || "Failed to send email";
  return error instanceof Error && error.message ? error.message : "Failed to send email";
}

/**
 * The compose dialog (docs/product/email.md "The compose dialog", "Templates", "Priorities"): to,
 * subject, content and priority, with the six templates. Opened from the dashboard, the leads and
 * the projects. What was typed survives an error and a close; it is cleared after a successful send
 * or when opened for someone else.
 */
export function ComposeEmailDialog({
  open,
  onOpenChange,
  to,
  recipientName,
  contactId,
  projectId,
  recipients,
}: ComposeEmailDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const first = to ? undefined : recipients?.[0];
  const initialTo = to ?? first?.email;
  const initialName = recipientName ?? first?.name;
  const recipientKey = [
    to ?? "",
    recipientName ?? "",
    contactId ?? "",
    projectId ?? "",
    ...(recipients ?? []).map((r) => `${r.contactId}:${r.email}`),
  ].join("\n");
  const [draftFor, setDraftFor] = useState(recipientKey);
  const [draft, setDraft] = useState<Draft>(() => newDraft(initialTo, initialName));
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [triedEmpty, setTriedEmpty] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  // Opened for another recipient: start over with their address and name.
  if (open && draftFor !== recipientKey) {
    setDraftFor(recipientKey);
    setDraft(newDraft(initialTo, initialName));
    setOutcome({ kind: "idle" });
    setTriedEmpty(false);
  }

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const reset = () => {
    setDraft(newDraft(initialTo, initialName));
    setOutcome({ kind: "idle" });
    setTriedEmpty(false);
  };

  const mutation = useMutation({
    mutationFn: (body: z.output<typeof SendEmailSchema>) =>
      adminCall(emailEndpoints.send, { body, fallbackError: "Failed to send email" }),
    onSuccess: (result) => {
      if (!result?.success) {
        setOutcome({ kind: "error", message: "Failed to send email" });
        return;
      }
      const held = result.status === "held";
      setOutcome({ kind: "sent", held });
      void refreshAfterSend(queryClient);
      if (held)
        toast("Message saved in the outbox", {
          description: "It goes out once a mail server (SMTP_URL) is configured and you retry it.",
          duration: 10_000,
          action: { label: "View outbox", onClick: () => void navigate("/admin/emails") },
        });
      closeTimer.current = window.setTimeout(() => {
        onOpenChange(false);
        reset();
      }, CLOSE_AFTER_MS);
    },
    onError: (error) => setOutcome({ kind: "error", message: sendError(error) }),
  });

  const sent = outcome.kind === "sent";
  const chosen = recipients?.find((r) => r.email.toLowerCase() === draft.to.trim().toLowerCase());

  function chooseRecipient(id: string) {
    const recipient = recipients?.find((r) => String(r.contactId) === id);
    if (!recipient) return;
    setDraft((d) => ({ ...d, to: recipient.email, name: recipient.name }));
    if (outcome.kind === "error") setOutcome({ kind: "idle" });
  }
  const complete = Boolean(draft.to.trim() && draft.subject.trim() && draft.content.trim());
  const canSend = complete && !mutation.isPending && !sent;

  function handleOpenChange(next: boolean) {
    if (!next && sent) {
      window.clearTimeout(closeTimer.current);
      reset();
    }
    onOpenChange(next);
  }

  function update<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    if (outcome.kind === "error") setOutcome({ kind: "idle" });
  }

  function chooseTemplate(id: EmailTemplateId | "") {
    if (!id) {
      update("template", "");
      return;
    }
    const filled = renderEmailTemplate(id, { name: draft.name || null, siteUrl: window.location.origin });
    setDraft((d) => ({ ...d, template: id, subject: filled.subject, content: filled.content }));
    if (outcome.kind === "error") setOutcome({ kind: "idle" });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (mutation.isPending || sent) return;
    const parsed = SendEmailSchema.safeParse({
      to: draft.to,
      subject: draft.subject,
      content: draft.content,
      priority: draft.priority,
      // The chosen recipient's contact; an address typed by hand is matched by the server.
      contact_id: recipients ? (chosen?.contactId ?? null) : (contactId ?? null),
      project_id: projectId ?? null,
    });
    if (!parsed.success) {
      setTriedEmpty(true);
      setOutcome({ kind: "error", message: parsed.error.issues[0]?.message ?? FILL_ALL });
      return;
    }
    mutation.mutate(parsed.data);
  }

  const missing = (value: string) => (triedEmpty && !value.trim() ? true : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Compose Email"
      description={recipientName ? `To ${recipientName}` : undefined}
      wide
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        {recipients && recipients.length > 0 && (
          <Field label="Project contact" hint="High priority sends it to every contact of the project.">
            {(p) => (
              <select
                {...p}
                value={chosen ? String(chosen.contactId) : ""}
                onChange={(e) => chooseRecipient(e.target.value)}
              >
                {!chosen && <option value="">Someone else (typed below)</option>}
                {recipients.map((r) => (
                  <option key={r.contactId} value={String(r.contactId)}>
                    {r.name} &lt;{r.email}&gt;{r.primary ? " (primary)" : ""}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="To">
            {(p) => (
              <input
                {...p}
                type="email"
                autoComplete="off"
                value={draft.to}
                onChange={(e) => update("to", e.target.value)}
                aria-invalid={missing(draft.to)}
                required
              />
            )}
          </Field>
          <Field label="Recipient name" hint="Fills {name} in the templates.">
            {(p) => (
              <input
                {...p}
                type="text"
                autoComplete="off"
                value={draft.name}
                onChange={(e) => update("name", e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Template" hint="Choosing one replaces the subject and content.">
          {(p) => (
            <select
              {...p}
              value={draft.template}
              onChange={(e) => chooseTemplate(e.target.value as EmailTemplateId | "")}
            >
              <option value="">Choose a template...</option>
              {EMAIL_TEMPLATE_IDS.map((id) => (
                <option key={id} value={id}>
                  {EMAIL_TEMPLATES[id].name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Subject">
          {(p) => (
            <input
              {...p}
              type="text"
              value={draft.subject}
              onChange={(e) => update("subject", e.target.value)}
              aria-invalid={missing(draft.subject)}
              required
            />
          )}
        </Field>
        <Field label="Content">
          {(p) => (
            <textarea
              {...p}
              rows={12}
              value={draft.content}
              onChange={(e) => update("content", e.target.value)}
              aria-invalid={missing(draft.content)}
              required
            />
          )}
        </Field>
        <PriorityField
          value={draft.priority}
          onChange={(value) => update("priority", value)}
          options={EMAIL_PRIORITIES}
        />

        <div aria-live="polite">
          {outcome.kind === "error" && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {outcome.message}
            </p>
          )}
          {sent && (
            <div
              role="status"
              className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
            >
              <p className="flex items-center gap-2 font-medium">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Email sent successfully!
              </p>
              {outcome.held && (
                <p className="mt-1 text-green-900">
                  No mail server is configured yet, so the message waits in the outbox.{" "}
                  <Link to="/admin/emails" className="font-medium underline" onClick={() => handleOpenChange(false)}>
                    Open the outbox
                  </Link>
                </p>
              )}
            </div>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={adminButton.secondary} onClick={() => handleOpenChange(false)}>
            Cancel
          </button>
          <button
            type="submit"
            className={`${adminButton.primary} ${canSend ? "" : "cursor-not-allowed opacity-60"}`}
            aria-disabled={!canSend}
          >
            <Send className="size-4" aria-hidden="true" />
            {mutation.isPending ? "Sending..." : "Send"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
