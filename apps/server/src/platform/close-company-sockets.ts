import { SERVER_EVENTS } from "@atendo/shared";
import type { Realtime } from "../realtime/realtime.js";
import { rooms } from "../realtime/rooms.js";

/**
 * A company was blocked or unapproved: its users' sockets (on every process) are told why and closed. The client
 * then tries to refresh its token, is refused with the same code, and signs out.
 */
export function closeCompanySockets(realtime: Realtime, companyId: number, code: string): void {
  const room = rooms.company(companyId);
  realtime.io.to(room).emit(SERVER_EVENTS.sessionExpired as never, { error: code } as never);
  realtime.io.in(room).disconnectSockets(true);
}
