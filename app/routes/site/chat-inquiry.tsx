import { useCallback, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/chat-inquiry";
import { pageMeta } from "~/lib/seo";
import { chatInquiryCopy, chatInquiryPage } from "~/content/chat-pages";
import type { BreadcrumbHandle } from "~/components/site/breadcrumb-bar";
import { PageHero } from "~/components/site/sections/page-hero";
import { InquiryChat } from "~/components/inquiry-chat/inquiry-chat";
import { lazyView } from "~/components/ui/lazy-view";

/** Shown once the chat is complete: loaded then. */
const InquiryCompleteBanner = lazyView(() =>
  import("~/components/inquiry-chat/inquiry-complete-banner").then((m) => m.InquiryCompleteBanner),
);

/**
 * One inquiry's chat (docs/product/chat.md "The chat pages"), never indexed. One prerendered shell
 * serves every id (app/content/registry.ts `pageShells`): nothing the server sends depends on the
 * id, which the chat reads in the browser before loading the conversation; an unknown id starts a
 * new inquiry and the address is rewritten to it. Its canonical address is the chat's landing page,
 * the same for every visitor's chat.
 */
export const meta: Route.MetaFunction = () => pageMeta({ ...chatInquiryPage(""), path: "/chat" });

// The id is not a page name: no breadcrumb trail ending in it.
export const handle: BreadcrumbHandle = { breadcrumbs: false };

export default function ChatInquiryPage({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [completed, setCompleted] = useState<{ id: string; projectId: string | null } | null>(null);

  // Same route, new parameter: the page and the chat stay mounted, and the chat
  // sees it already holds this id, so nothing is loaded twice.
  const handleCreated = useCallback(
    (id: string) => void navigate(`/chat/${encodeURIComponent(id)}`, { replace: true, preventScrollReset: true }),
    [navigate],
  );

  const handleComplete = useCallback((id: string, projectId: string | null) => setCompleted({ id, projectId }), []);
  const showBanner = completed !== null && completed.id === params.inquiryId;
  return (
    <>
      <PageHero
        eyebrow={chatInquiryCopy.eyebrow}
        title={chatInquiryCopy.title}
        intro={<p>{chatInquiryCopy.intro}</p>}
      />
      <section aria-label={chatInquiryCopy.title} className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-3xl">
            <div aria-live="polite" className={showBanner ? "mb-6" : undefined}>
              {showBanner ? <InquiryCompleteBanner projectId={completed.projectId} /> : null}
            </div>
            <InquiryChat inquiryId={params.inquiryId} onInquiryCreated={handleCreated} onComplete={handleComplete} />
            {showBanner ? null : (
              <p className="mt-6 text-slate-700">
                {chatInquiryCopy.formText}{" "}
                <Link
                  to="/start-project"
                  className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                >
                  {chatInquiryCopy.formLink}
                </Link>
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
