import { useEffect, useId, useState } from "react";
import { site } from "~/config/site";
import { ChatIcon, CloseIcon, SendIcon } from "~/components/ui/icons";
import { cardClass } from "~/components/admin/ui/styles";
import { quickQuestionsFor } from "~/components/chat-widget/assistant-rules";
import { LAUNCHER_CLASS, LAUNCHER_THEME } from "~/components/chat-widget/launcher-theme";
import { MinusIcon } from "~/components/chat-widget/panel-icons";
import { Bubble, OfflineNote, PANEL_TITLE, PanelHeader } from "~/components/chat-widget/panel-parts";
import { PANEL_THEME } from "~/components/chat-widget/panel-theme";
import { isChatOffline } from "~/lib/chat/business-hours";
import type { ChatSettings } from "~/contracts/chat-settings";
import { hoursLine } from "./hours-line";

/** The time now, again every `everyMs`: online and offline follow the clock. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

type PreviewView = "open" | "closed";

/**
 * The public widget as the settings typed so far would show it now (docs/product/settings.md
 * "Chat settings": a preview showing online or offline): the widget's own pieces and theme, in its
 * corner of a sketched page. Online or offline is the server's own reckoning (isChatOffline) on the
 * hours as entered, in the business's time zone.
 */
export function WidgetPreview({ settings }: { settings: ChatSettings }) {
  const titleId = useId();
  const now = useNow(30_000);
  const [view, setView] = useState<PreviewView>("open");
  const offline = isChatOffline(settings, now, site.timeZone);
  const state = !settings.enabled ? "Chat off" : offline ? "Offline" : "Online";
  const left = settings.appearance.position === "bottom-left";

  return (
    <section aria-labelledby={titleId} className={`${cardClass} grid gap-4`} data-testid="widget-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Preview
        </h2>
        <span
          data-testid="preview-state"
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium ${
            state === "Online"
              ? "bg-green-100 text-green-900"
              : state === "Offline"
                ? "bg-amber-100 text-amber-900"
                : "bg-slate-100 text-slate-800"
          }`}
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${state === "Online" ? "bg-green-600" : state === "Offline" ? "bg-amber-600" : "bg-slate-500"}`}
          />
          {state}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {settings.enabled ? hoursLine(settings, now) : "Visitors see no chat widget while the chat is off."}
      </p>

      <div className="flex gap-1 self-start rounded-lg bg-slate-100 p-1" role="group" aria-label="Preview the widget">
        {(
          [
            ["open", "Open chat"],
            ["closed", "Launcher"],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => setView(value)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${
              view === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900"
            }`}
          >
            {label}
          </button>
        ))}
      </div>

      {/* A picture of the widget: nothing in it can be reached or read out (the line above says what it shows). */}
      <div
        inert
        data-testid="preview-frame"
        className={`relative flex h-[30rem] flex-col justify-end overflow-hidden rounded-lg border border-slate-200 bg-slate-100 p-3 ${
          left ? "items-start" : "items-end"
        }`}
      >
        <PageSketch />
        {settings.enabled && (
          <div
            data-testid="preview-widget"
            data-theme={settings.appearance.theme}
            data-position={settings.appearance.position}
            className={`relative flex min-h-0 flex-col ${view === "open" ? "w-full max-w-[20rem]" : ""}`}
          >
            {view === "open" ? (
              <PanelPicture settings={settings} offline={offline} />
            ) : (
              <span className={`${LAUNCHER_CLASS} ${LAUNCHER_THEME[settings.appearance.theme]}`}>
                <ChatIcon className="h-6 w-6" />
                {PANEL_TITLE}
              </span>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** Grey bars standing for the page under the widget. */
function PageSketch() {
  return (
    <div aria-hidden="true" className="absolute inset-x-0 top-0 grid gap-3 p-4">
      <div className="h-6 w-2/3 rounded bg-slate-300" />
      <div className="h-3 w-full rounded bg-slate-200" />
      <div className="h-3 w-5/6 rounded bg-slate-200" />
      <div className="h-3 w-4/6 rounded bg-slate-200" />
      <div className="mt-2 h-24 w-full rounded bg-slate-200" />
    </div>
  );
}

function PanelPicture({ settings, offline }: { settings: ChatSettings; offline: boolean }) {
  const theme = PANEL_THEME[settings.appearance.theme];
  return (
    // At most the frame's height, the conversation cut off at the bottom as the widget's scrolls.
    <div className={`flex min-h-0 flex-col overflow-hidden rounded-2xl border shadow-2xl ${theme.panel}`}>
      <PanelHeader theme={theme}>
        <span className={theme.iconButton}>
          <MinusIcon className="h-5 w-5" />
        </span>
        <span className={theme.iconButton}>
          <CloseIcon className="h-5 w-5" />
        </span>
      </PanelHeader>
      {offline && <OfflineNote theme={theme} message={settings.offline_message} />}
      <div className={`min-h-0 flex-1 space-y-3 overflow-hidden px-4 py-4 ${theme.log}`}>
        <Bubble theme={theme} message={{ type: "bot", content: settings.welcome_message }} />
        <div className="flex flex-wrap gap-2 pt-1">
          {quickQuestionsFor(settings.auto_responses.enabled).map((question) => (
            <span
              key={question}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${theme.quickQuestion}`}
            >
              {question}
            </span>
          ))}
        </div>
      </div>
      <div className={`flex items-end gap-2 border-t p-3 ${theme.footer}`}>
        <span
          className={`min-h-11 flex-1 rounded-lg border px-3 py-2 text-sm ${theme.inputFrame} ${theme.placeholder}`}
        >
          Ask about prices, timing, your area...
        </span>
        <span className="rounded-lg bg-brand-700 p-3 text-white">
          <SendIcon className="h-5 w-5" />
        </span>
      </div>
    </div>
  );
}
