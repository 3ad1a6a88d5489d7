/**
 * Typography for a rendered post body (the sanitized HTML of renderMarkdown),
 * written as Tailwind variants so no typography plugin is needed.
 */
export const proseClass = [
  "max-w-none text-lg leading-8 text-slate-700 break-words",
  // Headings
  "[&_h1]:mt-12 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-extrabold [&_h1]:tracking-tight [&_h1]:text-slate-900",
  "[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 sm:[&_h2]:text-3xl",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-bold [&_h4]:text-slate-900",
  "[&>*:first-child]:mt-0",
  // Paragraphs, emphasis, links, rules
  "[&_p]:my-5 [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-brand-900",
  "[&_hr]:my-10 [&_hr]:border-slate-200",
  // Lists
  "[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:my-2 [&_li]:pl-1 [&_li>ul]:my-2 [&_li>ol]:my-2 marker:[&_li]:text-brand-600",
  "[&_li:has(>input)]:list-none [&_li>input]:mr-2",
  // Code
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-slate-900",
  "[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-5 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  // Quotes
  "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:bg-brand-50 [&_blockquote]:py-1 [&_blockquote]:pr-4 [&_blockquote]:pl-5 [&_blockquote]:text-slate-800 [&_blockquote]:italic",
  "[&_blockquote_p]:my-3",
  // Tables (scroll sideways on phones instead of widening the page)
  "[&_[data-table-scroll]]:my-6 [&_[data-table-scroll]]:max-w-full [&_[data-table-scroll]]:overflow-x-auto [&_[data-table-scroll]]:rounded-lg [&_[data-table-scroll]]:ring-1 [&_[data-table-scroll]]:ring-slate-200",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-base",
  "[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-4 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-4 [&_td]:py-2 [&_td]:align-top",
  // Images
  "[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
].join(" ");
