import { and, eq, ne } from "drizzle-orm";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { inCompany } from "../db/tenant.js";
import { tickets } from "../db/schema.js";
import { emitPresence } from "../tickets/emit-ticket-events.js";
import type { IngestDeps } from "./ingest-message.js";
import { findChatContact } from "./resolve-contact.js";

type PresenceEvent = Extract<ProviderEvent, { type: "presence" }>;

/**
 * "Typing…" / "recording…" of a customer to those who may see the chat's active ticket; "paused" clears it. Nothing
 * is stored; online/offline presence is not shown.
 */
export async function relayPresence(deps: IngestDeps, connection: ConnectionRef, event: PresenceEvent): Promise<boolean> {
  const presence = event.presence === "composing" || event.presence === "recording" ? event.presence : event.presence === "paused" ? null : undefined;
  if (presence === undefined) return false;
  const chat = await findChatContact(deps.db, connection.companyId, event.chat);
  if (!chat) return false;
  const [ticket] = await deps.db
    .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(inCompany(tickets, connection.companyId, and(eq(tickets.contactId, chat.id), eq(tickets.whatsappId, connection.whatsappId), ne(tickets.status, "closed"))));
  if (!ticket) return false;
  emitPresence(deps.realtime, connection.companyId, ticket, presence);
  return true;
}
