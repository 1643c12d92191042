import type { contacts } from "../db/schema.js";
import type { ChatRef } from "../whatsapp/provider.js";

/** The provider's chat for a contact: a group by its id, a person by number and/or LID. */
export function chatRefOfContact(contact: Pick<typeof contacts.$inferSelect, "isGroup" | "number" | "lid">): ChatRef {
  if (contact.isGroup) return { kind: "group", id: contact.number };
  return { kind: "user", ...(contact.number ? { number: contact.number } : {}), ...(contact.lid ? { lid: contact.lid } : {}) };
}
