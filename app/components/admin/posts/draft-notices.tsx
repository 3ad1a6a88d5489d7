import { History } from "lucide-react";
import { draftTitle, isDraftNewer, type Draft } from "~/lib/drafts";
import { Dialog } from "../ui/dialog";
import { formatDateTime } from "../ui/format";
import { adminButton } from "../ui/styles";
import type { DraftOffer } from "./use-content-manager";

/** 'Unsaved draft of "{title}" from {time}': the line both the notice and the offer show. */
export const draftLine = (draft: Draft) =>
  `Unsaved draft of "${draftTitle(draft)}" from ${formatDateTime(draft.savedAt)}`;

/** The drafts left in this browser by a reload, a crash or a cancelled form, each with Restore and Discard. */
export function DraftNotices({
  drafts,
  ready,
  onRestore,
  onDiscard,
}: {
  drafts: Draft[];
  /** Restoring a draft of an existing post needs the list. */
  ready: boolean;
  onRestore: (draft: Draft) => void;
  onDiscard: (draft: Draft) => void;
}) {
  if (!drafts.length) return null;
  return (
    <section
      aria-label="Unsaved drafts"
      className="rounded-xl border border-yellow-300 bg-yellow-50 p-4 text-yellow-950"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <History className="size-4" aria-hidden="true" />
        Work not saved yet, kept in this browser
      </p>
      <ul className="mt-3 grid gap-2">
        {drafts.map((draft) => (
          <li
            key={String(draft.id)}
            className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{draftLine(draft)}</span>
            <span className="flex shrink-0 gap-2">
              <button
                type="button"
                className={adminButton.primary}
                disabled={!ready && draft.id !== "new"}
                onClick={() => onRestore(draft)}
              >
                Restore<span className="sr-only"> the draft of {draftTitle(draft)}</span>
              </button>
              <button type="button" className={adminButton.secondary} onClick={() => onDiscard(draft)}>
                Discard<span className="sr-only"> the draft of {draftTitle(draft)}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** New or Edit where a draft exists: restore it or start from the saved version (closing keeps it). */
export function DraftOfferDialog({
  offer,
  onRestore,
  onDiscard,
  onClose,
}: {
  offer: DraftOffer | null;
  onRestore: (offer: DraftOffer) => void;
  onDiscard: (offer: DraftOffer) => void;
  onClose: () => void;
}) {
  const updatedAt = offer?.post?.updated_at;
  const older = offer && updatedAt && !isDraftNewer(offer.draft, updatedAt);
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Unsaved draft"
      description={offer ? `${draftLine(offer.draft)}.` : undefined}
    >
      {offer && (
        <>
          <p className="text-sm text-slate-700">
            {older
              ? `This draft is older than the version saved ${formatDateTime(updatedAt)}. Restore it only if it holds work you still need.`
              : offer.post
                ? "It has changes that were never saved. Restore them, or discard them and edit the saved version."
                : "Restore it to carry on, or discard it and start a new one."}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button type="button" className={adminButton.secondary} onClick={() => onDiscard(offer)}>
              Discard
            </button>
            <button type="button" className={adminButton.primary} onClick={() => onRestore(offer)}>
              Restore
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
