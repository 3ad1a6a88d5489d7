import type { BookingStatus } from "~/contracts/booking-terms";
import { Badge } from "../ui/badge";
import { statusLabel, STATUS_TONES } from "./labels";

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{statusLabel(status)}</Badge>;
}
