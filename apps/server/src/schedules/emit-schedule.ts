import { companyEvent, type ScheduleEventPayload } from "@atendo/shared";
import type { Realtime } from "../realtime/realtime.js";

/** `company-{id}-schedule` to the whole company: every open calendar applies it. */
export function emitSchedule(realtime: Pick<Realtime, "toCompany">, companyId: number, payload: ScheduleEventPayload): void {
  realtime.toCompany(companyId, companyEvent.schedule(companyId), payload);
}
