import { useEffect, useRef, useState, type FormEvent } from "react";
import { portalCopy } from "~/content/portal-pages";
import type { PortalProject } from "~/contracts/client-portal";
import { PORTAL_MESSAGES, type LookupType } from "~/contracts/portal-terms";
import { lookupProjects, storePortalToken } from "~/lib/portal/portal-api";
import { fieldErrors } from "~/lib/validation";
import { useHydrated } from "~/components/site/forms/field-parts";
import { TextField } from "~/components/site/forms/text-field";
import { FormAlert } from "~/components/site/forms/form-alert";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { MailIcon } from "~/components/ui/icons";

const INPUT_ID = "portal-identifier";

/** The help line under the form: the other way in, which is the Project ID alone while no e-mail goes out. */
export const lookupHelp = (emailSignIn: boolean) => (emailSignIn ? portalCopy.help : PORTAL_MESSAGES.helpWithoutEmail);

interface LookupFormProps {
  /** A Project ID lookup found its project (the portal session is stored by then). */
  onFound: (projects: PortalProject[], portalToken: string) => void;
  initialType?: LookupType;
}

/**
 * The portal lookup (docs/product/client-portal.md "Lookup", "Errors"): e-mail or Project ID, the
 * identifier required and trimmed, the button disabled while it is empty or a search runs. By
 * Project ID the project opens; by e-mail the answer is always 'check your inbox' (decision 017).
 */
export function LookupForm({ onFound, initialType = "project-id" }: LookupFormProps) {
  const hydrated = useHydrated();
  const [type, setType] = useState<LookupType>(initialType);
  const [identifier, setIdentifier] = useState("");
  const [searching, setSearching] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // False once the lookup by e-mail answered that no e-mail goes out (no mail server, 503).
  const [emailSignIn, setEmailSignIn] = useState(true);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const byEmail = type === "email";
  const empty = identifier.trim() === "";

  function choose(next: LookupType) {
    setType(next);
    setFieldError(undefined);
    setFailure(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (searching || empty) return;
    let PortalLookupSchema: typeof import("~/contracts/client-portal").PortalLookupSchema;
    try {
      ({ PortalLookupSchema } = await import("~/contracts/client-portal"));
    } catch {
      setFailure(PORTAL_MESSAGES.network);
      return;
    }
    const parsed = PortalLookupSchema.safeParse({ type, identifier });
    if (!parsed.success) {
      setFieldError(fieldErrors(parsed.error).identifier ?? parsed.error.issues[0]?.message);
      setFailure(null);
      document.getElementById(INPUT_ID)?.focus();
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    setSent(null);
    setSearching(true);
    const result = await lookupProjects(parsed.data);
    setSearching(false);
    if (!result.ok) {
      if (byEmail && result.status === 503) setEmailSignIn(false);
      setFailure(result.network ? PORTAL_MESSAGES.network : (result.error ?? PORTAL_MESSAGES.notFound));
      return;
    }
    if ("portal_token" in result.data) {
      storePortalToken(result.data.portal_token);
      if (result.data.projects.length === 0) setFailure(PORTAL_MESSAGES.notFound);
      else onFound(result.data.projects, result.data.portal_token);
      return;
    }
    setSent(result.data.message);
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={searching || undefined} className="space-y-6">
      {sent ? (
        <div
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 focus-visible:outline-3 focus-visible:outline-offset-2 sm:p-5"
        >
          <MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-800" />
          <div>
            <p className="font-semibold">{portalCopy.inboxTitle}</p>
            <p className="mt-1 text-sm leading-6">{sent}</p>
          </div>
        </div>
      ) : null}
      {failure ? <FormAlert ref={alertRef} title={failure} /> : null}

      <fieldset>
        <legend className="font-semibold text-slate-900">{portalCopy.typeLegend}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {portalCopy.typeOptions.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3.5 py-3 text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-slate-900 hover:border-brand-400"
            >
              <input
                type="radio"
                name="type"
                value={option.value}
                checked={type === option.value}
                onChange={() => choose(option.value)}
                className="h-4 w-4 shrink-0 accent-brand-700"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        id={INPUT_ID}
        name="identifier"
        type={byEmail ? "email" : "text"}
        label={byEmail ? portalCopy.emailLabel : portalCopy.idLabel}
        hint={byEmail ? portalCopy.emailHint : portalCopy.idHint}
        autoComplete={byEmail ? "email" : "off"}
        autoCapitalize={byEmail ? "none" : "characters"}
        spellCheck={false}
        required
        maxLength={254}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={fieldError}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton
          sending={searching}
          sendingLabel={portalCopy.searchingLabel}
          disabled={!hydrated || empty}
          className="shrink-0"
        >
          {portalCopy.submitLabel}
        </SubmitButton>
        <p className="text-sm text-slate-700">{lookupHelp(emailSignIn)}</p>
      </div>
      <noscript>
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The client portal needs JavaScript. Please turn it on, or e-mail for an update on your project.
        </p>
      </noscript>
    </form>
  );
}
