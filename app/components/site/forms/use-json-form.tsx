import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors } from "~/lib/validation";
import { trackError } from "~/lib/analytics";
import { readAttribution } from "~/lib/attribution";
import { useHydrated } from "./field-parts";
import { postJson, readForm } from "./form-request";

/** Why the last send failed: the server's text when it gave one, and whether the network was the problem. */
export interface FormFailure {
  detail?: string;
  network: boolean;
}

/** A form's schemas, from a dynamic import: the schema library stays out of the page's first load. */
export interface FormSchemas<S extends z.ZodType<{ success: true }>> {
  /** The form's shared Zod schema: checked in the page before anything is sent. */
  schema: z.ZodType;
  /** The route's success answer (app/lib/forms/): the answer is checked with it, not cast. */
  answerSchema: S;
}

/**
 * Loads a form's schemas once. Asked for when the visitor first works in the form (focus or
 * input), so they are there by the time the form is sent; sending waits for them otherwise.
 */
export function lazySchemas<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

interface JsonFormOptions<S extends z.ZodType<{ success: true }>> {
  /** The form's schemas (see `lazySchemas`). */
  schemas: () => Promise<FormSchemas<S>>;
  url: string;
  /** Field names in page order: the first invalid one gets focus. */
  fieldOrder: readonly string[];
  /** The JSON body from the form's values (attribution is added). Defaults to the values as they are. */
  body?: (values: Record<string, string>) => Record<string, unknown>;
  onSuccess: (answer: z.output<S>) => void;
  /** Shown instead of the failure alert when set (e.g. a form that starts with a server error). */
  initialFailure?: FormFailure | null;
}

/**
 * The behaviour every public JSON form shares (public-site spec 4, 5):
 * validate with the schema and show messages beside the fields; while sending,
 * `sending` is true; on success call `onSuccess`; on any failure keep the
 * values (fields are uncontrolled), show the server's field messages and the
 * alert, and move focus to it.
 */
export function useJsonForm<S extends z.ZodType<{ success: true }>>({
  schemas,
  url,
  fieldOrder,
  body,
  onSuccess,
  initialFailure = null,
}: JsonFormOptions<S>) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<FormFailure | null>(initialFailure);
  // A new object each time, so the same target can be focused twice in a row.
  const [focusTarget, setFocusTarget] = useState<{ name: string } | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.name === "@alert") alertRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget.name}"]`)?.focus();
  }, [focusTarget]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const values = readForm(event.currentTarget);
    let loaded: FormSchemas<S>;
    setSending(true);
    try {
      loaded = await schemas();
    } catch {
      // The page's script could not be fetched (offline, or a new version deployed): nothing was sent.
      setSending(false);
      setFailure({ network: true });
      setFocusTarget({ name: "@alert" });
      return;
    }
    const { schema, answerSchema } = loaded;
    const parsed = schema.safeParse(values);
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
    const result = await postJson(
      url,
      { ...(body ? body(values) : values), attribution: readAttribution() },
      answerSchema,
    );
    if (result.ok) {
      // `sending` stays on: the caller swaps the form for a confirmation or navigates away.
      onSuccess(result.body);
      return;
    }
    setSending(false);
    setErrors(result.fields);
    setFailure({ detail: result.error, network: result.network });
    trackError(result.error ?? (result.network ? "Network error" : "Failed to submit"), `form ${url}`);
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
      // Working in the form fetches its schemas ahead of the send.
      onFocus: () => void schemas().catch(() => undefined),
      noValidate: hydrated,
      "aria-busy": sending || undefined,
      "data-hydrated": hydrated || undefined,
    },
  };
}
