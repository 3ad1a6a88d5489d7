import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "~/lib/api/call";
import type { ChatSettings } from "~/contracts/chat-settings";
import { chatSettingsQueryKey, saveChatSettings } from "./api";
import { differsFrom, toFormValues, toSettings, type SettingsFormValues } from "./form-values";

/** docs/product/settings.md "Chat settings": the settings-saved notice shows for 3 s. */
export const SAVED_NOTICE_MS = 3000;

/** docs/product/settings.md "Chat settings": saving, then a notice of success or of failure. */
export type SaveStatus =
  { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; message: string };

export type ChangeValues = (update: (values: SettingsFormValues) => SettingsFormValues, field?: string) => void;

/**
 * The settings form: what is typed, what was last saved, the server's refusals by field, and
 * the save. A failed save keeps everything typed; a field's refusal goes once it is edited.
 */
export function useSettingsForm(initial: ChatSettings) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(() => toFormValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });

  // The success notice goes after its 3 s (a new save or leaving the screen cancels the timer).
  useEffect(() => {
    if (status.kind !== "saved") return;
    const timer = window.setTimeout(() => setStatus({ kind: "idle" }), SAVED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const change = useCallback<ChangeValues>((update, field) => {
    setValues(update);
    if (field)
      setErrors((all) => {
        const kept = Object.entries(all).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
        return kept.length === Object.keys(all).length ? all : Object.fromEntries(kept);
      });
  }, []);

  const save = useCallback(async () => {
    const sent = latest.current;
    setStatus({ kind: "saving" });
    setErrors({});
    try {
      const stored = await saveChatSettings(toSettings(sent));
      setSaved(stored);
      queryClient.setQueryData(chatSettingsQueryKey, { settings: stored });
      // The server's version (trimmed) replaces the form's, unless the owner kept typing meanwhile.
      setValues((now) => (now === sent ? toFormValues(stored) : now));
      setStatus({ kind: "saved" });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : "The server did not answer";
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setStatus({ kind: "failed", message });
    }
  }, [queryClient]);

  return { values, saved, errors, status, change, save, dirty: differsFrom(values, saved) };
}
