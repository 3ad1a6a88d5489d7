import { useCallback, useEffect, type RefObject } from "react";
import type { DraftKind, DraftValues } from "~/lib/drafts";

// The drafts module is loaded after the first paint (on hydration), never with the page's first
// load: public pages keep their JavaScript budget (server/site/js-budget.test.ts).
let draftsModule: Promise<typeof import("~/lib/forms/session-draft-store")> | undefined;
const loadDrafts = () => (draftsModule ??= import("~/lib/forms/session-draft-store"));

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
    if (!kind) return;
    let live = true;
    void loadDrafts().then(({ browserStorage, readDraft, restoreFields }) => {
      const form = formRef.current;
      const storage = browserStorage("session");
      if (!live || !form || !storage) return;
      const draft = readDraft(storage, kind, "new");
      if (draft) restoreFields(form, fields, draft.values);
    });
    return () => {
      live = false;
    };
  }, [kind, formRef, fields]);

  /** Writes the kept fields as they are now (a form's input or change). */
  const keep = useCallback(() => {
    const form = formRef.current;
    if (!kind || !form) return;
    void loadDrafts().then(({ browserStorage, removeDraft, writeDraft, fieldValue }) => {
      const values: DraftValues = {};
      for (const name of fields) {
        const value = fieldValue(form, name);
        if (value !== null) values[name] = value;
      }
      const storage = browserStorage("session");
      if (!storage) return;
      if (Object.values(values).some((value) => value !== "")) writeDraft(storage, kind, "new", values);
      else removeDraft(storage, kind, "new");
    });
  }, [formRef, kind, fields]);

  /** The form was sent: nothing is kept. */
  const clear = useCallback(() => {
    if (!kind) return;
    void loadDrafts().then(({ browserStorage, removeDraft }) => {
      const storage = browserStorage("session");
      if (storage) removeDraft(storage, kind, "new");
    });
  }, [kind]);

  return { keep, clear };
}
