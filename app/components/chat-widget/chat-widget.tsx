/**
 * The floating assistant's launcher (docs/product/site-pages.md "Global behaviour";
 * docs/product/chat.md "The assistant widget"). Only this is in the first load, so it stays tiny:
 * the panel and everything it needs (focus, cookie-banner spacing, the conversation) come with
 * import() on first open, or on hover/focus just before. Rendered by the site layout, so its state
 * survives client-side navigation.
 */
import { useEffect, useRef, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { site } from "~/config/site";
import { CHAT_SETTINGS_PATH } from "~/contracts/public-paths";
import { ChatIcon } from "~/components/ui/icons";
import { readPublicChatSettings } from "~/lib/chat/public-settings";
import type { PublicChatSettings } from "~/contracts/chat-settings";
import type { ChatPanelProps, WidgetMode } from "./chat-panel";
import { LAUNCHER_CLASS, LAUNCHER_THEME } from "./launcher-theme";
import { isShownOnPath } from "./visibility";
import { useCookieBannerSpace } from "~/components/site/cookie-banner-space";
import { useNonce } from "~/lib/nonce";
import { whenIdle } from "~/lib/when-idle";
import { LAUNCHER_EARLY_TAP_SCRIPT, takeEarlyLauncherTap } from "./early-tap";

const loadPanel = () => import("./chat-panel");
const prefetch = () => void loadPanel().catch(() => undefined);

/**
 * chatSettingsEndpoints.getPublic, read and checked without Zod (the launcher is in every public
 * page's first load); rejects saying what came back instead.
 */
async function fetchPublicSettings(): Promise<PublicChatSettings> {
  const response = await fetch(CHAT_SETTINGS_PATH);
  const read = response.ok ? readPublicChatSettings(await response.json()) : null;
  if (!read) throw new Error(`HTTP ${response.status}: not the settings`);
  return read;
}

export function ChatWidget() {
  const { pathname } = useLocation();
  const [settings, setSettings] = useState<PublicChatSettings | null>(null);
  const [settingsSettled, setSettingsSettled] = useState(false);
  const bannerSpace = useCookieBannerSpace();
  const [mode, setMode] = useState<WidgetMode>("closed");
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps>>();
  const launcher = useRef<HTMLButtonElement>(null);
  const nonce = useNonce();

  // A tap on the launcher before the page's scripts ran (LAUNCHER_EARLY_TAP_SCRIPT) opens the chat now.
  useEffect(() => takeEarlyLauncherTap(() => launcher.current?.click()), []);

  // Asked for once the browser is idle after the page's start: the launcher shows with the
  // defaults until then.
  useEffect(
    () =>
      whenIdle(() =>
        fetchPublicSettings()
          .then(setSettings)
          // docs/product/chat.md "Reading the settings": logged only; the widget stays on with its defaults.
          .catch((error: unknown) => console.warn("Chat settings unavailable, using defaults:", error))
          .finally(() => setSettingsSettled(true)),
      ),
    [],
  );

  if (settings && !(settings.enabled && isShownOnPath(pathname, settings.appearance))) return null;

  const left = settings?.appearance.position == "bottom-left";
  const panelOpen = Panel && mode != "closed";
  const theme = settings?.appearance.theme ?? "primary";
  return (
    // The launcher stands above the cookie banner while it shows (app.css, .above-cookie-banner; the
    // exact height comes from the banner). Lifted by a transform, not by `bottom`: a launcher that
    // moved by layout when the height is measured would count as a layout shift of the page. The
    // open panel makes its own room above the banner (chat-panel.tsx), so it is not lifted twice.
    <div
      style={bannerSpace}
      className={`${panelOpen ? "" : "above-cookie-banner "}fixed bottom-3 z-40 motion-safe:transition-transform sm:bottom-5 ${left ? "left-3 sm:left-5" : "right-3 sm:right-5"}`}
    >
      {/* Runs from the server's HTML only (a script React renders in the browser never runs): its
          text stays out of the page's JavaScript, and the browser's empty copy is not a mismatch. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? LAUNCHER_EARLY_TAP_SCRIPT : "" }}
      />
      {panelOpen ? (
        <Panel
          mode={mode}
          settings={settings}
          settingsSettled={settingsSettled}
          setMode={setMode}
          launcher={launcher}
        />
      ) : (
        <button
          ref={launcher}
          type="button"
          aria-haspopup="dialog"
          data-chat-launcher=""
          data-theme={theme}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() =>
            loadPanel().then(
              (module) => {
                setPanel(() => module.default);
                setMode("open");
              },
              // The chunk is gone (offline, or a new deploy): a full page load still reaches me.
              () => location.assign("/contact"),
            )
          }
          className={`${LAUNCHER_CLASS} ${LAUNCHER_THEME[theme]}`}
        >
          <ChatIcon className="h-6 w-6" />
          <span className="max-sm:sr-only">Chat with {site.owner.firstName}</span>
        </button>
      )}
    </div>
  );
}
