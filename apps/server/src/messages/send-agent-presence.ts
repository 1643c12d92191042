import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { eq } from "drizzle-orm";
import { inCompany } from "../db/tenant.js";
import { contacts } from "../db/schema.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { chatRefOfContact } from "./chat-ref-of-contact.js";

/**
 * Tells the customer the agent is typing or recording. Best effort: a presence that cannot be sent (connection down,
 * provider without presence) is dropped, never an error for the agent, whose typing must not be interrupted.
 */
export async function sendAgentPresence(
  deps: Pick<AppDeps, "db" | "sessions">,
  auth: AuthContext,
  ticketId: number,
  presence: "composing" | "recording" | "paused",
): Promise<{ sent: boolean }> {
  const { ticket } = await findVisibleTicket(deps.db, auth, { id: ticketId });
  if (ticket.status !== "open" || !ticket.whatsappId || ticket.isGroup) return { sent: false };
  const [contact] = await deps.db.select().from(contacts).where(inCompany(contacts, auth.companyId, eq(contacts.id, ticket.contactId)));
  if (!contact) return { sent: false };
  try {
    await deps.sessions.call(ticket.whatsappId, "sendPresence", chatRefOfContact(contact), presence);
    return { sent: true };
  } catch {
    return { sent: false };
  }
}
