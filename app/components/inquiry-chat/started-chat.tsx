import { useCallback, useState } from "react";
import { chatCopy } from "~/content/chat-pages";
import { ChatBookmark } from "./chat-bookmark";
import { InquiryChat } from "./inquiry-chat";
import { InquiryCompleteBanner } from "./inquiry-complete-banner";

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

/**
 * /chat once the visitor presses Start: the conversation, then the confirmation and the
 * chat's address to keep. Its own chunk, loaded when the visitor reaches for the button.
 */
export default function StartedChat() {
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
  );
}
