import type { Route } from "./+types/inquiries";
import { adminMeta } from "~/lib/admin/meta";

export const meta: Route.MetaFunction = () => adminMeta("Project Inquiries");

export default function AdminInquiries() {
  return <h1 className="text-2xl font-bold text-slate-900">Project Inquiries</h1>;
}
