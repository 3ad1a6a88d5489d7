import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ApiError } from "~/lib/api/api-error";
import { trackEvent } from "~/lib/analytics";
import { readAttribution } from "~/lib/attribution";
import { createInquiry, loadInquiry, postAnswer } from "~/lib/chat/inquiry-api";
import { answerControls, cleanAnswer, lastQuestion, mergeMessages, mergeSession } from "~/lib/chat/inquiry-messages";
import type { InquiryMessage, InquirySession } from "~/contracts/inquiries";

/** docs/product/chat.md "Chat states": the completion callback fires 2 s after the last answer. */
export const COMPLETION_DELAY_MS = 2000;

export interface InquiryChatOptions {
  /** An existing inquiry to load; without one (or when it can't be loaded) a new one is created. */
  inquiryId?: string;
  /** A new inquiry exists: the page puts its id in the address. */
  onInquiryCreated?: (inquiryId: string) => void;
  /**
   * The inquiry is complete: at once for one loaded complete, 2 s after the last answer otherwise.
   * `projectId` is the project it became (null for an inquiry completed before projects were made).
   */
  onComplete?: (inquiryId: string, projectId: string | null) => void;
}

interface ChatState {
  phase: "starting" | "ready" | "failed";
  inquiryId: string | null;
  session: InquirySession | null;
  messages: InquiryMessage[];
}

type ChatAction =
  | { type: "start" }
  | { type: "failed" }
  | { type: "loaded"; inquiryId: string; session: InquirySession; messages: InquiryMessage[] }
  | { type: "update"; inquiryId: string; messages: InquiryMessage[]; session?: InquirySession };

const initialState: ChatState = { phase: "starting", inquiryId: null, session: null, messages: [] };

function reducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "start":
      return state.phase === "starting" && state.inquiryId === null ? state : initialState;
    case "failed":
      return { ...initialState, phase: "failed" };
    case "loaded":
      return {
        phase: "ready",
        inquiryId: action.inquiryId,
        session: action.session,
        messages: mergeMessages([], action.messages),
      };
    case "update": {
      // Late answers about an inquiry this chat has left are dropped.
      if (action.inquiryId !== state.inquiryId) return state;
      const messages = mergeMessages(state.messages, action.messages);
      const session = action.session ? mergeSession(state.session, action.session) : state.session;
      return messages === state.messages && session === state.session ? state : { ...state, messages, session };
    }
  }
}

interface Started {
  inquiryId: string;
  session: InquirySession;
  messages: InquiryMessage[];
  created: boolean;
}

/** docs/product/chat.md "Chat states": load the given inquiry; if that fails (logged only), create a new one. */
async function startInquiry(requestedId: string | undefined): Promise<Started | null> {
  if (requestedId) {
    try {
      const found = await loadInquiry(requestedId);
      return { inquiryId: found.session.id || requestedId, ...found, created: false };
    } catch (error) {
      console.warn(`Could not load inquiry chat ${requestedId}; starting a new one`, error);
    }
  }
  try {
    const made = await createInquiry(readAttribution());
    return { ...made, created: true };
  } catch (error) {
    console.warn("Could not start an inquiry chat", error);
    return null;
  }
}

/**
 * What the visitor is told about a failed send; the typed text stays in the box either way. A 503
 * (the database is away for a moment) says to try again in a minute, or to call.
 */
function sendFailureDetail(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status && (error.status < 500 || error.status === 503))
    return error.serverMessage;
  return undefined;
}

/**
 * The inquiry chat's state and behaviour (docs/product/chat.md "Chat states", "Answering",
 * "The calls", "What the visitor sees when something fails"): start or load, a live socket with
 * reloads after each (re)connect, sending answers, and the completion callback.
 */
export function useInquiryChat({ inquiryId, onInquiryCreated, onComplete }: InquiryChatOptions) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<{ detail?: string } | null>(null);

  const callbacks = useRef({ onInquiryCreated, onComplete });
  useEffect(() => {
    callbacks.current = { onInquiryCreated, onComplete };
  });

  const currentId = useRef<string | null>(null);
  const sendingRef = useRef(false);
  const knownIds = useRef(new Set<number>());
  useEffect(() => {
    knownIds.current = new Set(state.messages.map((message) => message.id));
  }, [state.messages]);

  // The session last seen, for the completion callback's project ID.
  const latestSession = useRef<InquirySession | null>(null);
  useEffect(() => {
    latestSession.current = state.session;
  }, [state.session]);

  // Completion fires once per inquiry.
  const completion = useRef<{ inquiryId: string | null; timer?: number; fired: boolean }>({
    inquiryId: null,
    fired: false,
  });
  const scheduleCompletion = useCallback((id: string, delay: number) => {
    const current = completion.current;
    if (current.inquiryId === id && (current.fired || current.timer !== undefined)) return;
    if (current.timer !== undefined) window.clearTimeout(current.timer);
    const fire = () => {
      completion.current = { inquiryId: id, fired: true };
      // Completed here and now (not a completed chat opened again).
      if (delay > 0) trackEvent("chat_inquiry_completed");
      const session = latestSession.current;
      if (currentId.current === id) callbacks.current.onComplete?.(id, session?.id === id ? session.project_id : null);
    };
    if (delay <= 0) fire();
    else completion.current = { inquiryId: id, fired: false, timer: window.setTimeout(fire, delay) };
  }, []);
  useEffect(
    () => () => {
      const { timer } = completion.current;
      if (timer !== undefined) window.clearTimeout(timer);
      completion.current = { inquiryId: null, fired: false };
    },
    [],
  );

  // Start once per requested id and retry. The promise is kept in a ref so the
  // development double effect reuses it instead of creating a second inquiry.
  const startRef = useRef<{ key: string; promise: Promise<Started | null> } | null>(null);
  useEffect(() => {
    // The address caught up with the inquiry this chat already holds: nothing to load.
    if (inquiryId && inquiryId === currentId.current) return;
    const key = `${inquiryId ?? ""}#${attempt}`;
    if (startRef.current?.key !== key) {
      dispatch({ type: "start" });
      currentId.current = null;
      startRef.current = { key, promise: startInquiry(inquiryId) };
    }
    let current = true;
    void startRef.current.promise.then((started) => {
      if (!current) return;
      if (!started) {
        dispatch({ type: "failed" });
        return;
      }
      currentId.current = started.inquiryId;
      latestSession.current = started.session;
      dispatch({ type: "loaded", ...started });
      if (started.created) callbacks.current.onInquiryCreated?.(started.inquiryId);
      if (started.session.status === "completed") scheduleCompletion(started.inquiryId, 0);
    });
    return () => {
      current = false;
    };
  }, [inquiryId, attempt, scheduleCompletion]);

  // An inquiry seen going from active to completed (here or in another tab) completes 2 s later.
  const lastStatus = useRef<{ id: string; status: string } | null>(null);
  useEffect(() => {
    const session = state.session;
    if (!session) return;
    const previous = lastStatus.current;
    if (previous?.id === session.id && previous.status === "active" && session.status === "completed") {
      scheduleCompletion(session.id, COMPLETION_DELAY_MS);
    }
    lastStatus.current = { id: session.id, status: session.status };
  }, [state.session, scheduleCompletion]);

  // The live feed, with a reload of the list on every (re)connect so nothing is missed.
  const liveId = state.inquiryId;
  useEffect(() => {
    if (!liveId) return;
    let live = true;
    let refreshTimer: number | undefined;
    const refresh = () => {
      refreshTimer = undefined;
      loadInquiry(liveId)
        .then((data) => live && dispatch({ type: "update", inquiryId: liveId, ...data }))
        .catch((error: unknown) => console.warn("Could not reload the inquiry chat", error));
    };
    let stop: (() => void) | undefined;
    // The feed's module (and the schema that reads its frames) loads once there is a chat to follow.
    void import("~/lib/chat/inquiry-socket").then(
      ({ connectInquirySocket }) => {
        if (!live) return;
        stop = connectInquirySocket(liveId, {
          onOpen: refresh,
          onMessage: (message) => {
            // An answer from another tab moves the progress on: fetch the session too.
            const fromElsewhere =
              message.author_type === "visitor" && !sendingRef.current && !knownIds.current.has(message.id);
            dispatch({ type: "update", inquiryId: liveId, messages: [message] });
            if (fromElsewhere && refreshTimer === undefined) refreshTimer = window.setTimeout(refresh, 300);
          },
        });
      },
      (error: unknown) => console.warn("Could not start the live chat feed", error),
    );
    return () => {
      live = false;
      if (refreshTimer !== undefined) window.clearTimeout(refreshTimer);
      stop?.();
    };
  }, [liveId]);

  const question = lastQuestion(state.messages);
  const controls = answerControls(question);
  const canAnswer = state.phase === "ready" && state.session?.status === "active";

  /** Sends one answer; resolves true when it was stored (the caller then clears its box). */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const content = cleanAnswer(text);
      const id = currentId.current;
      if (!content || !id || sendingRef.current || !canAnswer) return false;
      sendingRef.current = true;
      setSending(true);
      setSendError(null);
      const questionType = controls.questionType;
      try {
        const answer = await postAnswer(id, content, questionType);
        dispatch({
          type: "update",
          inquiryId: id,
          messages: [answer.message, ...answer.replies],
          session: answer.session,
        });
        if (questionType === "additional") scheduleCompletion(id, COMPLETION_DELAY_MS);
        return true;
      } catch (error) {
        console.warn("Could not send the inquiry answer", error);
        setSendError({ detail: sendFailureDetail(error) });
        // Another tab may have answered first: catch up with the conversation.
        if (error instanceof ApiError && error.status === 409) {
          loadInquiry(id)
            .then((data) => dispatch({ type: "update", inquiryId: id, ...data }))
            .catch((reloadError: unknown) => console.warn("Could not reload the inquiry chat", reloadError));
        }
        return false;
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [canAnswer, controls.questionType, scheduleCompletion],
  );

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return {
    phase: state.phase,
    inquiryId: state.inquiryId,
    session: state.session,
    messages: state.messages,
    question,
    controls,
    canAnswer,
    sending,
    sendError,
    send,
    retry,
  };
}
