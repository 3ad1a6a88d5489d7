import { Link } from "react-router";
import { formatPrice } from "~/config/site";
import { buttonClass } from "~/components/ui/button";

interface StartingPriceCardProps {
  id: string;
  title: string;
  price: number;
  text: string;
}

/** The 'starting at' price with the two ways to get going: a project inquiry or a question. */
export function StartingPriceCard({ id, title, price, text }: StartingPriceCardProps) {
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-white p-8 text-center shadow-xl ring-2 ring-brand-700 sm:p-12">
          <h2 id={id} className="text-lg font-semibold uppercase tracking-wider text-brand-800">
            {title}
          </h2>
          <p className="mt-3 text-6xl font-extrabold tracking-tight text-slate-900">{formatPrice(price)}</p>
          <p className="mx-auto mt-5 max-w-xl text-lg leading-8 text-slate-700">{text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/start-project" className={buttonClass.primary}>
              Start a Project
            </Link>
            <Link to="/contact" className={buttonClass.outline}>
              Ask a Question
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
