import { useCallback, useEffect, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { mergeMessages } from "~/lib/chat/inquiry-messages";
import { connectInquirySocket } from "~/lib/chat/inquiry-socket";
import type { InquiryMessage } from "~/contracts/inquiries";
import { inquiryKeys, useInquiryChat } from "./api";

/** A visitor's answer changes the inquiry's fields too: they are reloaded this soon after it. */
const FIELDS_RELOAD_DELAY_MS = 300;

/**
 * One inquiry, live: its fields and conversation from the API, and every new message from the
 * chat's own feed (/api/inquiries/{id}/websocket, as the public chat page listens to it). Messages
 * that arrive are kept beside the loaded list and merged with it by id, so a reload that started
 * before a message arrived cannot hide it. Each (re)connect reloads, so nothing missed while the
 * socket was down stays missing. Mount it once per inquiry (key it by the id).
 */
export function useLiveInquiry(id: string) {
  const queryClient = useQueryClient();
  const chat = useInquiryChat(id);
  const [arrived, setArrived] = useState<InquiryMessage[]>([]);
  const loaded = chat.data !== undefined;

  useEffect(() => {
    if (!loaded) return;
    let reloadTimer: number | undefined;
    const reload = () => {
      reloadTimer = undefined;
      void queryClient.invalidateQueries({ queryKey: inquiryKeys.chat(id) });
    };
    const stop = connectInquirySocket(id, {
      onOpen: reload,
      onMessage: (message) => {
        if (message.inquiry_id !== id) return;
        setArrived((current) => mergeMessages(current, [message]));
        // Name, progress and status move with the visitor's answers.
        if (message.author_type === "visitor" && reloadTimer === undefined)
          reloadTimer = window.setTimeout(reload, FIELDS_RELOAD_DELAY_MS);
      },
    });
    return () => {
      if (reloadTimer !== undefined) window.clearTimeout(reloadTimer);
      stop();
    };
  }, [id, loaded, queryClient]);

  const messages = useMemo(() => mergeMessages(chat.data?.messages ?? [], arrived), [chat.data, arrived]);
  /** A message this page sent shows at once, before the feed brings it back. */
  const addMessage = useCallback(
    (message: InquiryMessage) => setArrived((current) => mergeMessages(current, [message])),
    [],
  );
  return { chat, messages, addMessage };
}
