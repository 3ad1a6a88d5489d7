import { useEffect, useRef } from "react";
import type { FormErrors } from "../ui/use-schema-form";

/**
 * A refused check or save takes the owner to the first field marked in red; a refusal with no
 * field named, to the form's message (`[data-form-error]`). Answers the form's ref.
 */
export function useFocusInvalid(errors: FormErrors, error: string | null) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const field = Object.values(errors).some(Boolean) ? form.querySelector<HTMLElement>("[aria-invalid='true']") : null;
    if (field) field.focus();
    else if (error) form.querySelector<HTMLElement>("[data-form-error]")?.focus();
  }, [errors, error]);
  return ref;
}
