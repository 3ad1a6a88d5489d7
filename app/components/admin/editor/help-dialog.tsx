import { useMemo } from "react";
import { Tabs } from "radix-ui";
import { Dialog } from "~/components/admin/ui/dialog";
import { renderPostBody } from "~/lib/content/markdown";
import { keyLabel, PALETTE_SHORTCUT } from "./commands";
import { HELP_TABS } from "./help-content";
import { compactProseClass } from "./preview";

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-white/70 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm";

/** The Help guide (docs/product/posts-and-portfolio.md "Help guide"): six tabs of syntax and its result. */
export function HelpDialog({
  open,
  onOpenChange,
  mac,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mac: boolean;
}) {
  const rendered = useMemo(
    () => HELP_TABS.map((tab) => tab.examples.map((example) => renderPostBody(example.markdown))),
    [],
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Markdown Guide"
      description={`Write with these symbols, or press ${keyLabel(PALETTE_SHORTCUT, mac)} for every command.`}
      wide
    >
      <Tabs.Root defaultValue={HELP_TABS[0]?.title} className="grid gap-4">
        <Tabs.List aria-label="Markdown topics" className="flex flex-wrap gap-1 rounded-lg bg-slate-200/70 p-1">
          {HELP_TABS.map((tab) => (
            <Tabs.Trigger key={tab.title} value={tab.title} className={tabClass}>
              {tab.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {HELP_TABS.map((tab, t) => (
          <Tabs.Content
            key={tab.title}
            value={tab.title}
            className="grid gap-3 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <p className="text-sm text-slate-700">{tab.intro}</p>
            <div
              className="hidden grid-cols-2 gap-4 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid"
              aria-hidden="true"
            >
              <span>You type</span>
              <span>You get</span>
            </div>
            <ul className="grid gap-3">
              {tab.examples.map((example, e) => (
                <li key={example.name} className="rounded-lg border border-slate-200 p-3">
                  <h3 className="text-sm font-semibold text-slate-900">
                    {example.name}
                    {example.note && <span className="ml-2 font-normal text-slate-600">({example.note})</span>}
                  </h3>
                  <div className="mt-2 grid gap-3 sm:grid-cols-2">
                    <div>
                      <span className="sr-only">Markdown: </span>
                      <pre className="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-sm whitespace-pre-wrap text-slate-900">
                        {example.markdown}
                      </pre>
                    </div>
                    <div>
                      <span className="sr-only">Result: </span>
                      <div className={compactProseClass} dangerouslySetInnerHTML={{ __html: rendered[t]?.[e] ?? "" }} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Dialog>
  );
}
