import { eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { queues, tickets, users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

/**
 * ERR_OTHER_OPEN_TICKET (409) naming who holds the contact's active ticket on that connection and in which queue,
 * so the client can say so (core-service section 8). `except` leaves out the ticket being changed.
 */
export async function otherOpenTicketError(
  db: DbOrTx,
  companyId: number,
  key: { contactId: number; whatsappId: number | null; except?: number },
): Promise<AppError> {
  const [held] = await db
    .select({ id: tickets.id, user: { id: users.id, name: users.name }, queue: { id: queues.id, name: queues.name } })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(
      inCompany(
        tickets,
        companyId,
        eq(tickets.contactId, key.contactId),
        key.whatsappId === null ? undefined : eq(tickets.whatsappId, key.whatsappId),
        ne(tickets.status, "closed"),
        key.except ? ne(tickets.id, key.except) : undefined,
      ),
    )
    .limit(1);
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, {
    user: held?.user?.id ? { id: held.user.id, name: held.user.name } : null,
    queue: held?.queue?.id ? { id: held.queue.id, name: held.queue.name } : null,
  });
}
