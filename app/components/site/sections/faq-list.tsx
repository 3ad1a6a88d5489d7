export interface FaqItem {
  question: string;
  answer: string;
}

/** Questions and answers as native disclosure widgets (keyboard and screen-reader friendly, no script). */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-5 sm:p-6">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 text-left text-lg font-semibold text-slate-900">
            {item.question}
            <span aria-hidden="true" className="mt-1 text-brand-700 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 leading-7 text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
