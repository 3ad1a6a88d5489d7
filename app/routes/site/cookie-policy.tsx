import type { Route } from "./+types/cookie-policy";
import { cookiePolicy } from "~/content/legal";
import { pageMeta } from "~/lib/seo";
import { LegalDocumentView } from "~/components/site/legal-document";
import { ConsentSettings } from "~/components/site/consent-settings";

export const meta: Route.MetaFunction = () => pageMeta(cookiePolicy.page);

export default function CookiePolicy() {
  return (
    <LegalDocumentView doc={cookiePolicy}>
      <ConsentSettings />
    </LegalDocumentView>
  );
}
