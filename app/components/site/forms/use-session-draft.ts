import { useCallback, useEffect, type RefObject } from "react";
import { browserStorage, readDraft, removeDraft, writeDraft, type DraftKind, type DraftValues } from "~/lib/drafts";

/**
 * A public form's values kept in the tab's session storage (docs/product/lead-paths.md "States"):
 * a reload or a slip back and forth in the same tab keeps what was typed; closing the tab forgets
 * it, and a successful send clears it. Only the named fields are kept, never the spam trap or a
 * hidden field. The fields stay uncontrolled: the draft is written from the form on each change
 * and put back into it once the page has hydrated.
 */
export function useSessionDraft(
  formRef: RefObject<HTMLFormElement | null>,
  kind: DraftKind | undefined,
  fields: readonly string[],
) {
  useEffect(() => {
    const form = formRef.current;
    const storage = browserStorage("session");
    if (!kind || !form || !storage) return;
    const draft = readDraft(storage, kind, "new");
    if (draft) restoreFields(form, fields, draft.values);
  }, [kind, formRef, fields]);

  /** Writes the kept fields as they are now (a form's input or change). */
  const keep = useCallback(() => {
    const form = formRef.current;
    const storage = browserStorage("session");
    if (!kind || !form || !storage) return;
    const values: DraftValues = {};
    for (const name of fields) {
      const value = fieldValue(form, name);
      if (value !== null) values[name] = value;
    }
    if (Object.values(values).some((value) => value !== "")) writeDraft(storage, kind, "new", values);
    else removeDraft(storage, kind, "new");
  }, [formRef, kind, fields]);

  /** The form was sent: nothing is kept. */
  const clear = useCallback(() => {
    const storage = browserStorage("session");
    if (kind && storage) removeDraft(storage, kind, "new");
  }, [kind]);

  return { keep, clear };
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldsNamed = (form: HTMLFormElement, name: string) =>
  [...form.querySelectorAll<Field>(`[name="${name}"]`)].filter(
    (el) => !(el instanceof HTMLInputElement && el.type === "hidden"),
  );

/** A text field's value, a radio group's checked value ("" when none), or null when the form has no such field. */
function fieldValue(form: HTMLFormElement, name: string): string | null {
  const found = fieldsNamed(form, name);
  if (!found.length) return null;
  const radios = found.filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === "radio");
  if (radios.length) return radios.find((radio) => radio.checked)?.value ?? "";
  return found[0]!.value;
}

function restoreFields(form: HTMLFormElement, fields: readonly string[], values: DraftValues) {
  for (const name of fields) {
    const value = values[name];
    if (typeof value !== "string") continue;
    for (const el of fieldsNamed(form, name)) {
      if (el instanceof HTMLInputElement && el.type === "radio") {
        if (el.value === value) el.checked = true;
      } else if (el instanceof HTMLSelectElement) {
        if ([...el.options].some((option) => option.value === value)) el.value = value;
      } else {
        el.value = value.slice(0, el.maxLength > 0 ? el.maxLength : undefined);
      }
    }
  }
}
