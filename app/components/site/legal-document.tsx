import type { ReactNode } from "react";
import type { LegalDocument } from "~/content/legal";
import { site } from "~/config/site";

/** A legal page: heading, last-updated date and its sections, in a readable column. */
export function LegalDocumentView({ doc, children }: { doc: LegalDocument; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{doc.heading}</h1>
      <p className="mt-3 text-sm font-medium text-slate-600">Last updated {site.legalUpdated}</p>
      <p className="mt-6 text-lg leading-8 text-slate-700">{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-bold text-slate-900">{section.heading}</h2>
          {section.paragraphs?.map((text) => (
            <p key={text} className="mt-3 leading-7 text-slate-700">
              {text}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-slate-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {children}
    </article>
  );
}
