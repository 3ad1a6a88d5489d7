import { Link } from "react-router";
import { phoneHref, site } from "~/config/site";
import { PhoneIcon } from "~/components/ui/icons";
import { FaqList, type FaqItem } from "~/components/site/sections/faq-list";
import { MarketingSection } from "./marketing-section";

interface FaqSectionProps {
  id: string;
  title: string;
  intro: string;
  items: readonly FaqItem[];
  tone?: "white" | "tint";
}

/** Questions and answers, with a way to ask anything else beside them. */
export function FaqSection({ id, title, intro, items, tone }: FaqSectionProps) {
  return (
    <MarketingSection id={id} title={title} intro={intro} tone={tone}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <FaqList items={items} />
        <div className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
          <h3 className="text-xl font-bold text-slate-900">Didn&apos;t see your question?</h3>
          <p className="mt-2 leading-7 text-slate-700">
            Ask me directly. I reply within {site.replyPromise.standard}, {site.hours.label}.
          </p>
          <Link
            to="/contact"
            className="mt-5 inline-flex items-center gap-1 py-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Send a question
          </Link>
          <a
            href={phoneHref}
            className="mt-2 flex w-fit items-center gap-2 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
          >
            <PhoneIcon className="h-4 w-4" />
            {site.phone.display}
          </a>
        </div>
      </div>
    </MarketingSection>
  );
}
