import { useEffect, useRef, useState, type FormEvent } from "react";
import { claimCopy, type ClaimableSite } from "~/content/claimable-sites";
import { emailHref, phoneHref, site as business } from "~/config/site";
import { HONEYPOT_FIELD } from "~/contracts/form-options";
import { fieldErrors } from "~/lib/validation";
import { readAttribution } from "~/lib/attribution";
import { trackEvent } from "~/lib/analytics";
import { buttonClass } from "~/components/ui/button";
import { lazyEndpoint } from "~/components/site/forms/use-json-form";
import { ClaimField } from "./claim-field";
import { rememberClaim } from "./claim-storage";

type Values = { name: string; phone: string; email: string; verification: string; [HONEYPOT_FIELD]: string };
const EMPTY: Values = { name: "", phone: "", email: "", verification: "", [HONEYPOT_FIELD]: "" };
const FIELD_ORDER = ["name", "phone", "email", "verification"] as const;

const NETWORK_ALERT = "Your claim couldn't reach the server. Check your connection and try again.";

/** The claim's endpoint (its schema and the answer's) and its sender, fetched when the form shows. */
const endpoint = lazyEndpoint(() => import("~/contracts/intake").then((m) => m.intakeEndpoints.claim));

interface ClaimFormProps {
  site: ClaimableSite;
  onSuccess: (name: string) => void;
}

/**
 * The claim form (docs/product/lead-paths.md "Claim form", "Validation"): four required fields,
 * validated by the schema the server uses.
 */
export function ClaimForm({ site, onSuccess }: ClaimFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The form shows once a site is chosen: its checks are fetched while the visitor types.
  useEffect(() => void endpoint().catch(() => undefined), []);

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: "" } : current));
  };
  const fieldId = (field: string) => `claim-${field}`;

  function showErrors(next: Record<string, string>) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) form.current?.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    let loaded: Awaited<ReturnType<typeof endpoint>>;
    try {
      loaded = await endpoint();
    } catch {
      setSending(false);
      setAlert(NETWORK_ALERT);
      return;
    }
    const parsed = loaded.endpoint.body.safeParse({ siteId: site.id, ...values });
    if (!parsed.success) {
      setSending(false);
      setAlert(null);
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setAlert(null);
    // Kept in this browser whatever the server says, so the claim is never lost.
    rememberClaim({ siteId: site.id, businessName: site.businessName, claimedAt: new Date().toISOString() });
    // Answered { success: true } (FormSentSchema) or the public forms' error.
    const result = await loaded.send(loaded.endpoint, {
      siteId: site.id,
      ...values,
      attribution: readAttribution(),
    });
    if (result.ok) {
      trackEvent("claim", {
        business_name: site.businessName,
        category: site.category,
        website_url: new URL(site.websiteUrl, window.location.origin).href,
      });
      onSuccess(parsed.data.name);
      return;
    }
    if (result.network) setAlert(NETWORK_ALERT);
    else {
      setAlert(result.error ?? `Your claim couldn't be sent (error ${result.status}).`);
      showErrors(result.fields);
    }
    setSending(false);
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-labelledby="claim-form-title" className="space-y-5">
      <div>
        <h2 id="claim-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Your details
        </h2>
        <p className="mt-2 leading-7 text-slate-700">{claimCopy.claimIntro}</p>
      </div>

      <ClaimField
        id={fieldId("name")}
        name="name"
        label="Your name"
        autoComplete="name"
        value={values.name}
        onChange={set("name")}
        error={errors.name}
      />
      <ClaimField
        id={fieldId("phone")}
        name="phone"
        label="Business phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onChange={set("phone")}
        error={errors.phone}
      />
      <ClaimField
        id={fieldId("email")}
        name="email"
        label="Business email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set("email")}
        error={errors.email}
      />
      <ClaimField
        id={fieldId("verification")}
        name="verification"
        label="How can I verify you own the business?"
        hint={claimCopy.verificationHint}
        rows={4}
        value={values.verification}
        onChange={set("verification")}
        error={errors.verification}
      />

      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={fieldId(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input
          id={fieldId(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values[HONEYPOT_FIELD]}
          onChange={(event) => set(HONEYPOT_FIELD)(event.target.value)}
        />
      </div>

      {alert ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{alert}</p>
          <p className="mt-1 text-sm">
            Everything you typed is still here, and your claim is saved in this browser. Try again, or e-mail{" "}
            <a href={emailHref} className="font-semibold underline">
              {business.email}
            </a>{" "}
            or call{" "}
            <a href={phoneHref} className="font-semibold underline">
              {business.phone.display}
            </a>
            .
          </p>
        </div>
      ) : null}

      <button
        type="submit"
        disabled={sending}
        className={`${buttonClass.primary} w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto`}
      >
        {sending ? "Sending..." : `Claim ${site.businessName}`}
      </button>
      <p className="text-sm text-slate-700">
        No upfront cost. I&apos;ll use these details only to confirm the business is yours and to talk about the site.
      </p>
    </form>
  );
}
