import { useState } from "react";
import { lazyView } from "~/components/ui/lazy-view";
import type { Route } from "./+types/chat";
import { pageMeta } from "~/lib/seo";
import { chatCopy, chatPage } from "~/content/chat-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { ChatAside } from "~/components/inquiry-chat/chat-aside";
import { ChatStartCard } from "~/components/inquiry-chat/chat-start-card";

/** The chat landing page (docs/product/chat.md "The chat pages"), prerendered. */
export const meta: Route.MetaFunction = () => pageMeta(chatPage);

/** The conversation (and the schemas it checks answers with) loads when the visitor reaches for Start. */
const StartedChat = lazyView(() => import("~/components/inquiry-chat/started-chat").then((m) => m.default));

export default function ChatPage() {
  const [started, setStarted] = useState(false);

  return (
    <>
      <PageHero eyebrow={chatCopy.eyebrow} title={chatCopy.title} intro={<p>{chatCopy.intro}</p>} />
      <section aria-labelledby={started ? "chat-title" : "chat-start-title"} className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14 lg:px-8">
          <div className="min-w-0">
            {started ? (
              <StartedChat />
            ) : (
              <ChatStartCard
                onStart={() => setStarted(true)}
                onPrepare={() => void StartedChat.preload().catch(() => undefined)}
              />
            )}
          </div>
          <ChatAside />
        </div>
      </section>
    </>
  );
}
