import type { Route } from "./+types/settings";
import { adminMeta } from "~/lib/admin/meta";
import { LoadError } from "~/components/admin/dashboard/load-error";
import { LoadingScreen } from "~/components/admin/spinner";
import { useChatSettings } from "~/components/admin/settings/api";
import { SettingsScreen } from "~/components/admin/settings/settings-screen";

export const meta: Route.MetaFunction = () => adminMeta("Chat Settings");

/** back-office spec 2 "Chat settings": every setting of the assistant widget, with a live preview. */
export default function AdminSettings() {
  const query = useChatSettings();
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Chat Settings</h1>
        <p className="mt-1 text-slate-600">
          The assistant on the public site: what it says, when it shows as online, how it answers and looks. Visitors
          get the saved settings the next time a page loads.
        </p>
      </header>
      {query.isPending ? (
        <LoadingScreen label="Loading settings..." />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <SettingsScreen initial={query.data.settings} />
      )}
    </div>
  );
}
