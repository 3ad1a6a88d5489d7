import { Link } from "react-router";
import { chatCopy } from "~/content/chat-pages";

/** /chat after completion (docs/product/chat.md "The chat pages"): the chat ID and where to find the chat again. */
export function ChatBookmark({ inquiryId }: { inquiryId: string }) {
  const path = `/chat/${encodeURIComponent(inquiryId)}`;
  return (
    <div className="rounded-3xl border-2 border-dashed border-brand-300 bg-brand-50 p-5 sm:p-6">
      <dl>
        <dt className="text-sm font-semibold tracking-wider text-brand-800 uppercase">{chatCopy.idLabel}</dt>
        <dd data-testid="chat-id" className="mt-1 font-mono text-lg font-bold break-all text-slate-900 sm:text-xl">
          {inquiryId}
        </dd>
      </dl>
      <p className="mt-3 font-semibold text-slate-900">{chatCopy.bookmark}</p>
      <p className="mt-1 text-sm leading-6 text-slate-700">
        {chatCopy.bookmarkLinkPrefix}{" "}
        <Link
          to={path}
          className="font-semibold break-all text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {path}
        </Link>
      </p>
    </div>
  );
}
