import type { DbOrTx } from "../db/client.js";
import { loadContactName } from "../tickets/flow/load-flow-state.js";
import { flowTimeZone } from "../tickets/flow/flow-time.js";
import { renderMessageTemplate } from "../tickets/flow/render-message-template.js";

/**
 * An agent's text with the message variables filled exactly as in the automatic texts ({{firstName}}, {{name}},
 * {{greeting}}, {{protocol}}, {{hora}}; render-message-template.ts). Filled here, on the server, when the message is
 * sent: the company's clock and the ticket's protocol are known here, and a quick message, a typed text and one
 * sent through another client all get the same result. Texts without "{{" are returned as they are.
 */
export async function fillMessageVariables(
  db: DbOrTx,
  ticket: { id: number; companyId: number; contactId: number; createdAt: Date },
  text: string,
  now: Date = new Date(),
): Promise<string> {
  if (!text.includes("{{")) return text;
  const contactName = await loadContactName(db, ticket.companyId, ticket.contactId);
  return renderMessageTemplate(text, { contactName, ticketId: ticket.id, ticketCreatedAt: ticket.createdAt, now, timeZone: flowTimeZone() });
}
