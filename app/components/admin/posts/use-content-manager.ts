import { useState } from "react";
import { toast } from "sonner";
import {
  browserStorage,
  draftTitle,
  mergeDraftValues,
  readDraft,
  removeDraft,
  writeDraft,
  type Draft,
  type DraftKind,
  type DraftValues,
} from "~/lib/drafts";
import type { Post } from "~/contracts/post-content";
import { announceDrafts, useDrafts } from "../ui/use-draft-keeper";

export interface OpenForm<V> {
  post: Post | null;
  start: V;
  /** Remounts the form for each opening. */
  key: number;
}

/** A draft offered before its form opens (New or Edit on something with a draft). */
export interface DraftOffer {
  post: Post | null;
  draft: Draft;
}

/**
 * What a manager screen keeps: the open form, the drafts in this browser and
 * the offer to restore one, and the post being deleted.
 */
export function useContentManager<V extends DraftValues>({
  kind,
  posts,
  empty,
  toValues,
}: {
  kind: DraftKind;
  /** The loaded list; undefined while it loads. */
  posts: Post[] | undefined;
  empty: V;
  toValues: (post: Post) => V;
}) {
  const drafts = useDrafts(kind);
  const [form, setForm] = useState<OpenForm<V> | null>(null);
  const [offer, setOffer] = useState<DraftOffer | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);

  const openWith = (post: Post | null, draft?: Draft) => {
    const saved = post ? toValues(post) : empty;
    setOffer(null);
    setForm({ post, start: draft ? mergeDraftValues(saved, draft.values) : saved, key: Date.now() });
  };

  /** New (post null) or Edit: a draft of the same form is offered first, never dropped. */
  function open(post: Post | null) {
    const storage = browserStorage();
    const draft = storage ? readDraft(storage, kind, post?.id ?? "new") : null;
    if (draft) setOffer({ post, draft });
    else openWith(post);
  }

  /** Reopens the draft's form; a draft of a post deleted since becomes a new one. */
  function restore(draft: Draft) {
    if (draft.id === "new") return openWith(null, draft);
    const post = posts?.find((p) => p.id === draft.id);
    if (post) return openWith(post, draft);
    const storage = browserStorage();
    if (storage && writeDraft(storage, kind, "new", draft.values)) removeDraft(storage, kind, draft.id);
    toast.info(`"${draftTitle(draft)}" no longer exists: saving the draft creates it again.`);
    openWith(null, draft);
  }

  /** Discarding says so, with an Undo for a slip of the finger. */
  function discard(draft: Draft) {
    const storage = browserStorage();
    if (!storage) return;
    removeDraft(storage, kind, draft.id);
    announceDrafts();
    toast(`Draft of "${draftTitle(draft)}" discarded`, {
      action: {
        label: "Undo",
        onClick: () => {
          writeDraft(storage, kind, draft.id, draft.values, new Date(draft.savedAt));
          announceDrafts();
        },
      },
    });
  }

  return {
    drafts,
    form,
    offer,
    deleting,
    open,
    restore,
    discard,
    restoreOffer: (current: DraftOffer) => openWith(current.post, current.draft),
    /** The offer answered Discard: the draft goes and the saved version opens. */
    discardAndOpen(current: DraftOffer) {
      discard(current.draft);
      openWith(current.post);
    },
    dismissOffer: () => setOffer(null),
    close: () => setForm(null),
    askDelete: setDeleting,
    closeDelete: () => setDeleting(null),
  };
}
export type ContentManager<V extends DraftValues> = ReturnType<typeof useContentManager<V>>;
