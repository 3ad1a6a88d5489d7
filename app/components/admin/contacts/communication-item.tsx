import { Calendar, Mail, MessageSquare, Phone, StickyNote } from "lucide-react";
import type { Communication } from "~/contracts/contacts";
import { Badge } from "../ui/badge";
import { formatDateTime } from "../ui/format";

const TYPE_ICON = { email: Mail, call: Phone, meeting: Calendar, note: StickyNote } as const;
const TYPE_LABEL = { email: "Email", call: "Call", meeting: "Meeting", note: "Note" } as const;

/** One entry of a contact's communication log; the system's own entries carry an Auto badge. */
export function CommunicationItem({ item }: { item: Communication }) {
  const Icon = TYPE_ICON[item.type] ?? MessageSquare;
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Icon className="size-4 text-slate-600" aria-hidden="true" />
        <span className="font-medium text-slate-900">{TYPE_LABEL[item.type] ?? item.type}</span>
        <Badge tone={item.direction === "inbound" ? "blue" : "gray"}>
          {item.direction === "inbound" ? "Inbound" : "Outbound"}
        </Badge>
        {item.created_by === "system" && <Badge tone="purple">Auto</Badge>}
        <span className="ml-auto text-xs text-slate-600">{formatDateTime(item.created_at)}</span>
      </div>
      {item.subject && <p className="mt-2 text-sm font-medium text-slate-800">{item.subject}</p>}
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{item.content}</p>
    </li>
  );
}
