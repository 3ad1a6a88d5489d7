import { RefreshCw } from "lucide-react";
import { ApiError } from "~/lib/api/call";
import { adminButton } from "./styles";

/**
 * The text of a failed load (docs/product/errors.md "Back office"): the server's error or the
 * fallback when it answered, 'Error loading data' when it could not be reached.
 */
export function loadErrorMessage(error: unknown, fallback = "Failed to fetch data") {
  if (error instanceof ApiError && error.status === 0) return "Error loading data";
  return error instanceof Error && error.message ? error.message : fallback;
}

export function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-medium">{loadErrorMessage(error)}</p>
      <p className="mt-1 text-sm">Check your connection, then try again.</p>
      <button type="button" className={`${adminButton.secondary} mt-3`} onClick={onRetry} disabled={retrying}>
        <RefreshCw className={`size-4 ${retrying ? "animate-spin" : ""}`} aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
