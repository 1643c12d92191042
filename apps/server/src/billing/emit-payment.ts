import { companyEvent, type PaymentEventPayload } from "@atendo/shared";
import type { Realtime } from "../realtime/realtime.js";
import { rooms } from "../realtime/rooms.js";

/** `company-{id}-payment` to that company's users only, billing-only sockets included (sent once to each socket). */
export function emitPaymentConcluded(realtime: Realtime, companyId: number, dueDate: string): void {
  const payload: PaymentEventPayload = { action: "CONCLUIDA", company: { dueDate } };
  realtime.toRooms([rooms.company(companyId), rooms.billing(companyId)], companyEvent.payment(companyId), payload);
}
