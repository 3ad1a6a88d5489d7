import { useEffect, useRef } from "react";
import type { ChatSettings } from "~/contracts/chat-settings";
import { AnalyticsSection } from "./analytics-section";
import { AppearanceSection } from "./appearance-section";
import { toSettings } from "./form-values";
import { GeneralSection } from "./general-section";
import { HoursSection } from "./hours-section";
import { LeaveGuard } from "./leave-guard";
import { RepliesSection } from "./replies-section";
import { SaveBar } from "./save-bar";
import { useSettingsForm } from "./use-settings-form";
import { WidgetPreview } from "./widget-preview";

/** The settings form beside its live preview (below it on a phone). */
export function SettingsScreen({ initial }: { initial: ChatSettings }) {
  const form = useSettingsForm(initial);
  const sections = { values: form.values, change: form.change, errors: form.errors };
  const formRef = useRef<HTMLFormElement>(null);

  // A refused save takes the owner to the first field the server named.
  useEffect(() => {
    if (form.status.kind === "failed") formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [form.status]);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_28rem]">
      <form
        ref={formRef}
        aria-label="Chat settings"
        // Focus (a refused field, the next tab stop) never lands under the sticky header or the save bar.
        className="grid min-w-0 gap-6 [&_:is(input,textarea)]:scroll-mt-32 [&_:is(input,textarea)]:scroll-mb-32"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.status.kind !== "saving") void form.save();
        }}
      >
        <GeneralSection {...sections} />
        <HoursSection {...sections} />
        <RepliesSection {...sections} />
        <AppearanceSection {...sections} />
        <AnalyticsSection {...sections} />
        <SaveBar status={form.status} dirty={form.dirty} />
      </form>
      <aside className="min-w-0 lg:sticky lg:top-32">
        <WidgetPreview settings={toSettings(form.values)} />
      </aside>
      <LeaveGuard dirty={form.dirty} />
    </div>
  );
}
