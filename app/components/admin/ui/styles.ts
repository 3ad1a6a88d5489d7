/** Class names shared by the admin screens. */
const button =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60";

export const adminButton = {
  primary: `${button} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  danger: `${button} bg-red-700 text-white hover:bg-red-800`,
  ghost: `${button} text-slate-700 hover:bg-slate-100`,
  /** A record's actions in a list's row or card (leads, projects, inquiries): bordered, larger to the touch on a phone. */
  row: "inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs md:px-2 md:py-1 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50",
  /** Small buttons in table rows. */
  small:
    "inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600",
} as const;

/** A suggested next step's button: it stands out from the other actions (a project's status, a quote's, docs/product/billing.md "Quotes"). */
export const suggestedButtonClass =
  "inline-flex items-center gap-1 rounded-lg border border-brand-300 bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60";

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";
export const labelClass = "block text-sm font-medium text-slate-800";
export const cardClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** Badge tones (AA contrast on their backgrounds). */
export const toneClass = {
  green: "bg-green-100 text-green-900",
  yellow: "bg-yellow-100 text-yellow-900",
  red: "bg-red-100 text-red-900",
  blue: "bg-blue-100 text-blue-900",
  purple: "bg-purple-100 text-purple-900",
  gray: "bg-slate-100 text-slate-800",
  orange: "bg-orange-100 text-orange-900",
} as const;
export type Tone = keyof typeof toneClass;
