import { useCallback, useState } from "react";
import type { Route } from "./+types/chat";
import { pageMeta } from "~/lib/seo";
import { chatCopy, chatPage } from "~/content/chat-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { ChatAside } from "~/components/chat/chat-aside";
import { ChatBookmark } from "~/components/chat/chat-bookmark";
import { ChatStartCard } from "~/components/chat/chat-start-card";
import { InquiryChat } from "~/components/chat/inquiry-chat";
import { InquiryCompleteBanner } from "~/components/chat/inquiry-complete-banner";

/** The chat landing page (public-site spec 2.11), prerendered. */
export const meta: Route.MetaFunction = () => pageMeta(chatPage);

/**
 * The new chat's own address goes into the address bar without a router
 * navigation: /chat/{id} is another route module, and navigating there would
 * unmount this page and the chat in the middle of the conversation. Reloading
 * or bookmarking the address opens /chat/{id}; the router's own history entry
 * (state, key) is kept, so Back and Forward behave.
 */
function showChatAddress(inquiryId: string) {
  window.history.replaceState(window.history.state, "", `/chat/${encodeURIComponent(inquiryId)}`);
}

export default function ChatPage() {
  const [started, setStarted] = useState(false);
  const [inquiryId, setInquiryId] = useState<string | null>(null);
  const [completed, setCompleted] = useState(false);
  const [projectId, setProjectId] = useState<string | null>(null);

  const handleCreated = useCallback((id: string) => {
    setInquiryId(id);
    showChatAddress(id);
  }, []);
  const handleComplete = useCallback((id: string, project: string | null) => {
    setInquiryId(id);
    setProjectId(project);
    setCompleted(true);
  }, []);

  return (
    <>
      <PageHero eyebrow={chatCopy.eyebrow} title={chatCopy.title} intro={<p>{chatCopy.intro}</p>} />
      <section aria-labelledby={started ? "chat-title" : "chat-start-title"} className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14 lg:px-8">
          <div className="min-w-0">
            {started ? (
              <>
                <h2 id="chat-title" className="sr-only">
                  {chatCopy.chatTitle}
                </h2>
                <div aria-live="polite" className={completed ? "mb-6 space-y-4" : undefined}>
                  {completed && inquiryId ? (
                    <>
                      <InquiryCompleteBanner headingLevel={3} projectId={projectId} />
                      <ChatBookmark inquiryId={inquiryId} />
                    </>
                  ) : null}
                </div>
                <InquiryChat onInquiryCreated={handleCreated} onComplete={handleComplete} focusOnStart />
              </>
            ) : (
              <ChatStartCard onStart={() => setStarted(true)} />
            )}
          </div>
          <ChatAside />
        </div>
      </section>
    </>
  );
}
