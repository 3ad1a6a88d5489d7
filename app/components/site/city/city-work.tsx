import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** 'See Our Work in Action' with the link to the live demos (docs/product/landing-pages.md "City pages"). */
export function CityWork({ text }: { text: string }) {
  return (
    <section aria-labelledby="city-work-title" className="bg-white pt-16 sm:pt-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid items-center gap-10 rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-10 lg:grid-cols-[minmax(0,1fr)_auto]">
          <div className="max-w-2xl">
            <h2 id="city-work-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              See Our Work in Action
            </h2>
            <p className="mt-3 text-lg leading-8 text-slate-700">{text}</p>
            <Link to="/demos" className={`${buttonClass.brand} mt-8 w-full sm:w-auto`}>
              View Live Demos
            </Link>
          </div>
          <DevicesArt />
        </div>
      </div>
    </section>
  );
}

/** A laptop and a phone showing a site, drawn inline (decorative). */
function DevicesArt() {
  return (
    <svg
      viewBox="0 0 320 200"
      width="320"
      height="200"
      aria-hidden="true"
      focusable="false"
      className="mx-auto hidden h-auto w-full max-w-xs sm:block"
    >
      <rect x="20" y="20" width="230" height="145" rx="10" fill="#134465" />
      <rect x="30" y="30" width="210" height="125" rx="4" fill="#fff" />
      <rect x="30" y="30" width="210" height="22" rx="4" fill="#d6ebf7" />
      <rect x="42" y="64" width="110" height="10" rx="3" fill="#17527c" />
      <rect x="42" y="82" width="150" height="6" rx="3" fill="#aed6ee" />
      <rect x="42" y="94" width="130" height="6" rx="3" fill="#aed6ee" />
      <rect x="42" y="112" width="56" height="18" rx="5" fill="#f59e0b" />
      <rect x="170" y="62" width="58" height="70" rx="6" fill="#eef7fc" />
      <path d="M5 165h260l-12 14H17z" fill="#0f3d5e" />
      <rect x="240" y="70" width="70" height="125" rx="12" fill="#0f3d5e" />
      <rect x="246" y="82" width="58" height="100" rx="4" fill="#fff" />
      <rect x="254" y="92" width="42" height="8" rx="3" fill="#17527c" />
      <rect x="254" y="106" width="36" height="5" rx="2" fill="#aed6ee" />
      <rect x="254" y="116" width="40" height="5" rx="2" fill="#aed6ee" />
      <rect x="254" y="130" width="30" height="12" rx="4" fill="#f59e0b" />
      <rect x="254" y="150" width="42" height="24" rx="4" fill="#eef7fc" />
    </svg>
  );
}
