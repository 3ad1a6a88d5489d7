import { CheckCircle2, Save, XCircle } from "lucide-react";
import { adminButton } from "~/components/admin/ui/styles";
import type { SaveStatus } from "./use-settings-form";

/**
 * The Save Settings button and its notices (docs/product/settings.md "Chat settings"):
 * 'Settings saved!' for 3 s, or 'Save failed' with the server's message. Stays in view at the
 * bottom of the window while the form scrolls.
 */
export function SaveBar({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  const saving = status.kind === "saving";
  return (
    <div className="sticky bottom-0 z-10 -mx-1 grid gap-3 rounded-xl bg-white/95 p-4 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] ring-1 ring-slate-200 backdrop-blur sm:flex sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        {status.kind === "failed" ? (
          <div role="alert" className="flex items-start gap-2 text-red-900">
            <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-semibold">Save failed</p>
              <p className="break-words [overflow-wrap:anywhere]">{status.message}</p>
              <p className="text-red-800">Nothing was saved; everything you typed is still here.</p>
            </div>
          </div>
        ) : null}
        <div role="status" aria-live="polite">
          {status.kind === "saved" && (
            <p className="flex items-center gap-2 font-medium text-green-800">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Settings saved!
            </p>
          )}
          {status.kind !== "saved" && status.kind !== "failed" && dirty && (
            <p className="text-amber-900">You have unsaved changes.</p>
          )}
        </div>
      </div>
      <button type="submit" className={`${adminButton.primary} shrink-0`} disabled={saving}>
        <Save className="size-4" aria-hidden="true" />
        {saving ? "Saving..." : "Save Settings"}
      </button>
    </div>
  );
}
