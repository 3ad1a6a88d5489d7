import type { Route } from "./+types/privacy-policy";
import { privacyPolicy } from "~/content/legal";
import { pageMeta } from "~/lib/seo";
import { LegalDocumentView } from "~/components/site/legal-document";

export const meta: Route.MetaFunction = () => pageMeta(privacyPolicy.page);

export default function PrivacyPolicy() {
  return <LegalDocumentView doc={privacyPolicy} />;
}
