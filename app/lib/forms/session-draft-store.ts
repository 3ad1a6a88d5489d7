/**
 * What a public form's kept draft needs once the page has hydrated (app/components/site/forms/use-session-draft.ts): the
 * drafts store and reading or filling the form's named fields. Loaded on demand, never with a
 * public page's first load.
 */
import type { DraftValues } from "~/lib/drafts";

export { browserStorage, readDraft, removeDraft, writeDraft } from "~/lib/drafts";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldsNamed = (form: HTMLFormElement, name: string) =>
  [...form.querySelectorAll<Field>(`[name="${name}"]`)].filter(
    (el) => !(el instanceof HTMLInputElement && el.type === "hidden"),
  );

/** A text field's value, a radio group's checked value ("" when none), or null when the form has no such field. */
export function fieldValue(form: HTMLFormElement, name: string): string | null {
  const found = fieldsNamed(form, name);
  if (!found.length) return null;
  const radios = found.filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === "radio");
  if (radios.length) return radios.find((radio) => radio.checked)?.value ?? "";
  return found[0]!.value;
}

export function restoreFields(form: HTMLFormElement, fields: readonly string[], values: DraftValues) {
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
