/** Link and button looks shared by every public page. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-6 py-3 font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2";

export const buttonClass = {
  /** The main call to action (Start a Project). */
  primary: `${base} bg-accent-500 text-slate-900 shadow-sm hover:bg-accent-400`,
  /** Solid brand button on light backgrounds. */
  brand: `${base} bg-brand-700 text-white shadow-sm hover:bg-brand-800`,
  /** Outlined, on light backgrounds. */
  outline: `${base} border-2 border-brand-700 text-brand-800 hover:bg-brand-50`,
  /** Outlined, on dark backgrounds. */
  outlineLight: `${base} border-2 border-white/80 text-white hover:bg-white/10`,
} as const;
