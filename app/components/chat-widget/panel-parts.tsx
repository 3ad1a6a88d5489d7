/**
 * The panel's pieces that show what the visitor sees (header, offline note, bubbles), shared
 * by the panel and the back office's preview of it, so the preview is the widget's own look.
 */
import { Link } from "react-router";
import { site } from "~/config/site";
import type { ChatLink } from "./assistant-rules";
import type { AssistantChatMessage } from "./conversation";
import type { PanelTheme } from "./panel-theme";

export const PANEL_TITLE = `Chat with ${site.owner.firstName}`;

/** The avatar, the title and its line, then the buttons given (minimize, close). */
export function PanelHeader({
  theme,
  titleId,
  children,
}: {
  theme: PanelTheme;
  titleId?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className={`flex items-center gap-3 px-4 py-3 ${theme.header}`}>
      <img src="/images/avatar-tyler.svg" alt="" width="40" height="40" className="h-10 w-10 rounded-full bg-white" />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-semibold leading-tight">
          {PANEL_TITLE}
        </h2>
        <p className={`text-xs leading-5 ${theme.subtitle}`}>Instant answers, written by {site.owner.firstName}</p>
      </div>
      {children}
    </header>
  );
}

/** The owner's offline message, shown above the conversation outside business hours. */
export function OfflineNote({ theme, message }: { theme: PanelTheme; message: string }) {
  return (
    <p role="note" className={`border-b px-4 py-2 text-sm leading-5 ${theme.offline}`}>
      {message}
    </p>
  );
}

export function Bubble({
  message,
  theme,
}: {
  message: Pick<AssistantChatMessage, "type" | "content" | "link">;
  theme: PanelTheme;
}) {
  const mine = message.type === "user";
  return (
    <div className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-6 shadow-sm ${
          mine ? `rounded-br-sm ${theme.userBubble}` : `rounded-bl-sm ${theme.botBubble}`
        }`}
      >
        <span className="sr-only">{mine ? "You: " : `${site.owner.firstName}'s assistant: `}</span>
        <p className="whitespace-pre-wrap break-words" data-testid={mine ? "chat-user-message" : "chat-bot-message"}>
          {message.content}
        </p>
        {message.link && <MessageLink link={message.link} theme={theme} />}
      </div>
    </div>
  );
}

function MessageLink({ link, theme }: { link: ChatLink; theme: PanelTheme }) {
  const className = `mt-1 inline-block font-semibold underline underline-offset-2 ${theme.link}`;
  return link.href.startsWith("/") ? (
    <Link to={link.href} className={className}>
      {link.label}
    </Link>
  ) : (
    <a href={link.href} className={className}>
      {link.label}
    </a>
  );
}
