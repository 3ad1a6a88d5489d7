import type { Route } from "./+types/api";
import { adminMeta } from "~/lib/admin/meta";

export const meta: Route.MetaFunction = () => adminMeta("API Documentation");

export default function AdminApi() {
  return <h1 className="text-2xl font-bold text-slate-900">API Documentation</h1>;
}
