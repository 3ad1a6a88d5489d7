import { formatPrice, site } from "~/config/site";
import { ClockIcon, MapPinIcon, PhoneIcon } from "~/components/ui/icons";

const points = [
  {
    Icon: PhoneIcon,
    title: "You talk to the person who builds it",
    text: `No account managers, no hand-offs, no ticket numbers. When you call or e-mail, you get me, ${site.owner.firstName}, and I know your site line by line because I wrote it.`,
  },
  {
    Icon: ClockIcon,
    title: "Fast, and priced for small businesses",
    text: `Sites start at ${formatPrice(site.pricing.startingPrice)} and most go live in ${site.delivery.typical}. You get a clear price before any work starts, and it doesn't creep.`,
  },
  {
    Icon: MapPinIcon,
    title: "Local, and still here after launch",
    text: `I'm in ${site.address.locality}, not an overseas agency. Hosting and support are included, so changing your holiday hours or your menu is one quick message away.`,
  },
];

/** 'Why Choose Me' with three points (docs/product/site-pages.md "Home"). */
export function WhyChooseMe() {
  return (
    <section aria-labelledby="home-why-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="home-why-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Why Choose Me
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Agencies are built for big budgets. I&apos;m built for the corner bakery, the two-truck landscaper and the
            groomer with a waiting list.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {points.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-brand-50/50 p-6 sm:p-8">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
