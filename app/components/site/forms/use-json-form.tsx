import { useEffect, useRef, useState, type FormEvent } from "react";
import type { AnswerOf } from "~/contracts/endpoint";
import { fieldErrors } from "~/lib/validation";
import { trackError } from "~/lib/analytics";
import { readAttribution } from "~/lib/attribution";
import { useHydrated } from "./field-parts";
import type { sendForm } from "~/lib/forms/send-form";
import { readForm, type FormEndpoint } from "./form-request";
import { useSessionDraft } from "./use-session-draft";

/** Why the last send failed: the server's text when it gave one, and whether the network was the problem. */
export interface FormFailure {
  detail?: string;
  network: boolean;
}

/** A form's endpoint and what sends to it, loaded together (see `lazyEndpoint`). */
export interface FormSender<E extends FormEndpoint> {
  endpoint: E;
  send: typeof sendForm;
}

/**
 * Loads a form's endpoint once, from a dynamic import of its table (app/contracts/), with the
 * code that sends it: the descriptor holds the form's schema and its answer's, so neither the
 * schema library nor the API call is in the page's first load. Asked for when the visitor first
 * works in the form (focus or input), so it is there by the time the form is sent; sending waits
 * for it otherwise.
 */
export function lazyEndpoint<E extends FormEndpoint>(load: () => Promise<E>): () => Promise<FormSender<E>> {
  let loading: Promise<FormSender<E>> | undefined;
  return () => {
    loading ??= Promise.all([load(), import("~/lib/forms/send-form")]).then(
      ([endpoint, sender]) => ({ endpoint, send: sender.sendForm }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

interface JsonFormOptions<E extends FormEndpoint> {
  /**
   * The form's endpoint (see `lazyEndpoint`): its body schema is checked in the page before
   * anything is sent, and the answer is checked with its answer schema, not cast.
   */
  endpoint: () => Promise<FormSender<E>>;
  /** Field names in page order: the first invalid one gets focus. */
  fieldOrder: readonly string[];
  /** The JSON body from the form's values (attribution is added). Defaults to the values as they are. */
  body?: (values: Record<string, string>) => Record<string, unknown>;
  /** Called with the answer and the values that were sent (as typed, before `body`). */
  onSuccess: (answer: AnswerOf<E>, values: Record<string, string>) => void;
  /** Shown instead of the failure alert when set (e.g. a form that starts with a server error). */
  initialFailure?: FormFailure | null;
  /** Keeps the `fieldOrder` fields in the tab's session storage until the form is sent (use-session-draft.ts). */
  keep?: "contact" | "start-project";
}

/**
 * The behaviour every public JSON form shares (docs/product/lead-paths.md "States", "Validation", "Errors"):
 * validate with the schema and show messages beside the fields; while sending,
 * `sending` is true; on success call `onSuccess`; on any failure keep the
 * values (fields are uncontrolled), show the server's field messages and the
 * alert, and move focus to it.
 */
export function useJsonForm<E extends FormEndpoint>({
  endpoint,
  fieldOrder,
  body,
  onSuccess,
  initialFailure = null,
  keep,
}: JsonFormOptions<E>) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<FormFailure | null>(initialFailure);
  // A new object each time, so the same target can be focused twice in a row.
  const [focusTarget, setFocusTarget] = useState<{ name: string } | null>(null);
  const draft = useSessionDraft(formRef, keep, fieldOrder);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.name === "@alert") alertRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget.name}"]`)?.focus();
  }, [focusTarget]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const values = readForm(event.currentTarget);
    let loaded: FormSender<E>;
    setSending(true);
    try {
      loaded = await endpoint();
    } catch {
      // The page's script could not be fetched (offline, or a new version deployed): nothing was sent.
      setSending(false);
      setFailure({ network: true });
      setFocusTarget({ name: "@alert" });
      return;
    }
    const parsed = loaded.endpoint.body.safeParse(values);
    if (!parsed.success) {
      setSending(false);
      const found = fieldErrors(parsed.error);
      setErrors(found);
      setFailure(null);
      const first = fieldOrder.find((name) => found[name]);
      if (first) setFocusTarget({ name: first });
      return;
    }
    setErrors({});
    setFailure(null);
    const result = await loaded.send(loaded.endpoint, {
      ...(body ? body(values) : values),
      attribution: readAttribution(),
    });
    if (result.ok) {
      // `sending` stays on: the caller swaps the form for a confirmation or navigates away.
      draft.clear();
      onSuccess(result.body, values);
      return;
    }
    setSending(false);
    setErrors(result.fields);
    setFailure({ detail: result.error, network: result.network });
    trackError(result.error ?? (result.network ? "Network error" : "Failed to submit"), `form ${loaded.endpoint.path}`);
    setFocusTarget({ name: "@alert" });
  }

  return {
    hydrated,
    sending,
    errors,
    failure,
    alertRef,
    /** Spread on the <form>: handler, ref, and the browser's own checks until the script runs. */
    formProps: {
      ref: formRef,
      onSubmit: handleSubmit,
      // Working in the form fetches its endpoint ahead of the send.
      onFocus: () => void endpoint().catch(() => undefined),
      // Each change is kept in the tab (only with `keep`).
      onChange: draft.keep,
      noValidate: hydrated,
      "aria-busy": sending || undefined,
      "data-hydrated": hydrated || undefined,
    },
  };
}
