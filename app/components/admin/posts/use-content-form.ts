import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { sameValues, type DraftKind, type DraftValues } from "~/lib/drafts";
import type { PostInput } from "~/contracts/posts";
import type { Post } from "~/contracts/post-content";
import { useSavePost } from "./api";
import { nextSlug, saveFailure } from "./form-rules";
import { useDraftKeeper } from "../ui/use-draft-keeper";

type FormValues = DraftValues & { title: string; slug: string };
export type Checked = { input: PostInput } | { errors: Record<string, string> };

/** How long after the last keystroke the form's draft is written. */
export const DRAFT_DEBOUNCE_MS = 1000;

/**
 * The state both manager forms share: the values and the slug rule, field
 * errors, the browser draft, and the save with its toasts and error messages.
 */
export function useContentForm<V extends FormValues>({
  kind,
  noun,
  post,
  base,
  start,
  check,
  rename,
  onSaved,
}: {
  kind: DraftKind;
  noun: "post" | "project";
  /** The post being edited, or null for a new one. */
  post: Post | null;
  /** The saved version (or the empty form): what counts as no change. */
  base: V;
  /** What the form opens with: the saved version or a restored draft. */
  start: V;
  check: (values: V) => Checked;
  /** Server field names shown under another field (the portfolio's content is its description). */
  rename?: Record<string, string>;
  onSaved: () => void;
}) {
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusError, setFocusError] = useState(0);
  const [formEl, bindForm] = useState<HTMLFormElement | null>(null);
  const dirty = !sameValues(values, base);
  const draft = useDraftKeeper({ kind, id: post?.id ?? "new", values, dirty, debounceMs: DRAFT_DEBOUNCE_MS });
  const save = useSavePost(noun);

  // After a failed check or save, the first field at fault takes the focus.
  useEffect(() => {
    if (focusError) formEl?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError, formEl]);

  function set<K extends keyof V & string>(key: K, value: V[K]) {
    setValues((prev) => {
      const next = { ...prev, [key]: value };
      if (key === "title") next.slug = nextSlug(prev.slug, prev.title, String(value));
      return next;
    });
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const { [key]: _gone, ...rest } = prev;
      return rest;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(values);
    if ("errors" in checked) {
      setErrors(checked.errors);
      setFormError("Some fields need attention: see the messages below them.");
      setFocusError((n) => n + 1);
      return;
    }
    setErrors({});
    setFormError(null);
    const Noun = noun === "post" ? "Post" : "Project";
    save.mutate(
      { id: post?.id ?? null, input: checked.input },
      {
        onSuccess: () => {
          draft.clear();
          toast.success(`${Noun} ${post ? "updated" : "created"}`);
          onSaved();
        },
        onError: (error) => {
          const failure = saveFailure(error, rename);
          setErrors(failure.fields);
          setFormError(failure.message);
          setFocusError((n) => n + 1);
          draft.keep();
        },
      },
    );
  }

  return { values, set, errors, formError, dirty, submit, saving: save.isPending, bindForm, keepDraft: draft.keep };
}
