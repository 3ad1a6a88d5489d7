import { useEffect, useRef, useState } from "react";
import { Plug, Unplug } from "lucide-react";
import { PROJECT_EVENTS_PROTOCOL } from "~/contracts/project-events";
import { adminButton } from "~/components/admin/ui/styles";
import { STATUS_PANEL_CLASS } from "./labels";

type Frame = { at: string; text: string };

/**
 * A WebSocket is tested by opening it: the project feed takes the token as its subprotocol
 * (a browser cannot send headers), the inquiry feed needs none. New frames are listed as they come.
 */
export function SocketTest({ url, token, protocol }: { url: string; token: string; protocol: boolean }) {
  const socket = useRef<WebSocket | null>(null);
  const [state, setState] = useState<"closed" | "connecting" | "open">("closed");
  const [note, setNote] = useState<{ tone: "green" | "red" | "blue"; text: string } | null>(null);
  const [frames, setFrames] = useState<Frame[]>([]);

  useEffect(() => () => socket.current?.close(), []);

  function connect() {
    const address = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${url}`;
    let opened = false;
    try {
      const ws = new WebSocket(address, protocol && token ? [PROJECT_EVENTS_PROTOCOL, token] : undefined);
      socket.current = ws;
      setState("connecting");
      setFrames([]);
      setNote(null);
      ws.onopen = () => {
        opened = true;
        setState("open");
        setNote({ tone: "green", text: "101 Switching Protocols: connected. New frames appear below as they arrive." });
      };
      ws.onmessage = (event) =>
        setFrames((all) => [...all, { at: new Date().toLocaleTimeString("en-US"), text: pretty(String(event.data)) }]);
      ws.onclose = (event) => {
        setState("closed");
        setNote(
          opened
            ? { tone: "blue", text: `Closed (code ${event.code}${event.reason ? `: ${event.reason}` : ""}).` }
            : {
                tone: "red",
                text: "Error: the server refused the connection (a wrong id, no valid token, or too many connections).",
              },
        );
      };
    } catch (error) {
      setState("closed");
      setNote({ tone: "red", text: `Error: ${(error as Error).message}` });
    }
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {state === "closed" ? (
          <button type="button" className={adminButton.primary} onClick={connect}>
            <Plug className="size-4" aria-hidden="true" /> Connect
          </button>
        ) : (
          <button type="button" className={adminButton.secondary} onClick={() => socket.current?.close()}>
            <Unplug className="size-4" aria-hidden="true" /> {state === "connecting" ? "Connecting..." : "Disconnect"}
          </button>
        )}
        <code className="min-w-0 font-mono text-xs break-all text-slate-700">WebSocket {url}</code>
      </div>
      <div role="status" aria-live="polite" aria-label="Connection">
        {note && (
          <p className={`rounded-lg border p-3 text-sm font-medium ${STATUS_PANEL_CLASS[note.tone]}`}>{note.text}</p>
        )}
      </div>
      {frames.length > 0 && (
        <ol className="grid gap-2" aria-label="Frames received">
          {frames.map((frame, index) => (
            <li key={index} className="rounded-lg border border-slate-200 bg-white p-2">
              <p className="text-xs text-slate-600">{frame.at}</p>
              <pre className="overflow-x-auto font-mono text-xs whitespace-pre-wrap break-words text-slate-900">
                {frame.text}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function pretty(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
