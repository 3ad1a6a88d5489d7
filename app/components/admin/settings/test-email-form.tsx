import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, Send, XCircle } from "lucide-react";
import { emailEndpoints } from "~/contracts/email";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import { TestEmailSchema } from "~/contracts/email";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";
import { useSchemaForm } from "~/components/admin/ui/use-schema-form";

/**
 * Send a test e-mail now (POST /api/admin/emails/test): the mail server's own answer when it
 * took the message, or what went wrong in plain words. Both are read out (a polite live region).
 */
export function TestEmailForm({ defaultTo }: { defaultTo: string }) {
  const test = useMutation({
    mutationFn: (address: string) =>
      adminCall(emailEndpoints.test, {
        body: { to: address },
        fallbackError: "The test e-mail could not be sent",
      }),
  });
  const form = useSchemaForm({
    initial: { to: defaultTo },
    schema: TestEmailSchema,
    input: (values) => ({ to: values.to.trim() }),
    // A refused address hides the last result.
    onInvalid: () => test.reset(),
    save: (data) => test.mutateAsync(data.to),
    fallbackError: "The test e-mail could not be sent",
  });
  const fieldError = form.errors.to;

  return (
    <form aria-label="Send a test e-mail" noValidate className="grid gap-3" onSubmit={form.submit}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <Field label="Send a test e-mail to" error={fieldError}>
          {(props) => (
            <input
              {...props}
              type="email"
              name="to"
              autoComplete="email"
              spellCheck={false}
              maxLength={254}
              value={form.values.to}
              onChange={(event) => form.set({ to: event.target.value })}
            />
          )}
        </Field>
        <button
          type="submit"
          className={`${adminButton.secondary} ${fieldError ? "sm:mb-7" : ""}`}
          disabled={form.saving}
        >
          <Send className="size-4" aria-hidden="true" />
          {test.isPending ? "Sending..." : "Send a test e-mail"}
        </button>
      </div>
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="test-email-result">
        {test.isSuccess && (
          <div className="flex gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-950">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-semibold">The mail server took the test e-mail to {test.variables}.</p>
              <p className="mt-1">
                It answered: <code className="font-mono break-words">{test.data.response}</code>
              </p>
              <p className="mt-1">Look for it in that inbox (and its spam folder) in a minute or two.</p>
            </div>
          </div>
        )}
        {test.isError && (
          <div className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-950">
            <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-semibold">The test e-mail was not sent.</p>
              <p className="mt-1 break-words [overflow-wrap:anywhere]">
                {errorMessage(test.error, "The test e-mail could not be sent")}
              </p>
            </div>
          </div>
        )}
      </div>
    </form>
  );
}
