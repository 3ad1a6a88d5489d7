import { useEffect, useRef } from "react";
import type { FormErrors } from "../ui/use-schema-form";

/**
 * A refused check takes the owner to the first field marked in red (a long quote scrolls inside
 * its dialog: the error under a line would be out of sight). Answers the form's ref.
 */
export function useFocusInvalid(errors: FormErrors) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.values(errors).some(Boolean)) ref.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);
  return ref;
}
