import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { messages, tickets } from "../db/schema.js";
import { AppError } from "../errors.js";
import type { FileStorage } from "../storage/file-storage.js";
import { mediaDisposition } from "../storage/media-disposition.js";
import { canSeeTicket, loadTicketViewer } from "../tickets/ticket-viewer.js";

/**
 * A message's attachment, for a user of its company who may see its ticket. Another company's message is a 404 like
 * a missing one; a ticket the user may not see is a 403.
 */
export async function openMessageMedia(db: Db, storage: FileStorage, auth: AuthContext, messageId: number) {
  const [row] = await db
    .select({ mediaPath: messages.mediaPath, mediaStatus: messages.mediaStatus, mimetype: messages.mimetype, mediaName: messages.mediaName, userId: tickets.userId, queueId: tickets.queueId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(inCompany(messages, auth.companyId, eq(messages.id, messageId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  if (!canSeeTicket(await loadTicketViewer(db, auth), row)) throw new AppError("ERR_NO_PERMISSION", 403);
  const stream = row.mediaPath && row.mediaStatus === "ready" ? await storage.open(row.mediaPath) : null;
  if (!stream) throw new AppError("ERR_NOT_FOUND", 404);
  return { stream, ...mediaDisposition(row.mimetype, row.mediaName) };
}
