import type { Route } from "./+types/settings";
import { adminMeta } from "~/lib/admin/meta";

export const meta: Route.MetaFunction = () => adminMeta("Chat Settings");

export default function AdminSettings() {
  return <h1 className="text-2xl font-bold text-slate-900">Chat Settings</h1>;
}
