import { Link } from "react-router";
import { chatCopy } from "~/content/chat-pages";
import { NextSteps } from "~/components/site/contact/next-steps";
import { ChevronRightIcon } from "~/components/ui/icons";

const linkClass =
  "mt-2 inline-flex items-center gap-1 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/** Beside the chat on /chat: what happens after, the privacy note, and the form for those who prefer one. */
export function ChatAside() {
  return (
    <aside aria-labelledby="chat-after-title" className="lg:pt-2">
      <h2 id="chat-after-title" className="text-xl font-bold text-slate-900">
        {chatCopy.afterTitle}
      </h2>
      <div className="mt-5">
        <NextSteps steps={chatCopy.afterSteps} />
      </div>
      <div className="mt-8 rounded-2xl bg-brand-50 p-5">
        <h3 className="font-bold text-slate-900">{chatCopy.privacyTitle}</h3>
        <p className="mt-1 leading-7 text-slate-700">{chatCopy.privacyText}</p>
        <Link to="/privacy-policy" className={linkClass}>
          {chatCopy.privacyLink}
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      </div>
      <div className="mt-4 rounded-2xl border border-slate-200 p-5">
        <h3 className="font-bold text-slate-900">{chatCopy.formTitle}</h3>
        <p className="mt-1 leading-7 text-slate-700">{chatCopy.formText}</p>
        <Link to="/start-project" className={linkClass}>
          {chatCopy.formLink}
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      </div>
    </aside>
  );
}
