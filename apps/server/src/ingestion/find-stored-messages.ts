import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { messages } from "../db/schema.js";

export interface MessageKey {
  whatsappId: number;
  chatContactId: number;
  providerId: string;
}

export const messageKeyOf = (k: { whatsappId: number | null; chatContactId: number; providerId: string | null }) => `${k.whatsappId}:${k.chatContactId}:${k.providerId}`;

/**
 * Which of a batch's messages are stored already (redeliveries), in one SELECT on the unique key: they are answered
 * "duplicate" before their ticket is touched, so a redelivery no longer fails the whole batch.
 */
export async function findStoredMessages(tx: Tx, companyId: number, keys: readonly MessageKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const column = <T>(of: (k: MessageKey) => T) => sql.param(keys.map(of));
  // A join with the keys (not IN of row values): each key is one probe of messages_provider_key. One array
  // parameter per column: the statement costs the same to build and send for 64 keys as for one.
  const found = await tx
    .select({ whatsappId: messages.whatsappId, chatContactId: messages.chatContactId, providerId: messages.providerId })
    .from(messages)
    .innerJoin(
      sql`unnest(${column((k) => k.whatsappId)}::int[], ${column((k) => k.chatContactId)}::int[], ${column((k) => k.providerId)}::text[]) as k(k_whatsapp_id, k_chat_contact_id, k_provider_id)`,
      sql`${messages.whatsappId} = k.k_whatsapp_id and ${messages.chatContactId} = k.k_chat_contact_id and ${messages.providerId} = k.k_provider_id`,
    )
    .where(inCompany(messages, companyId));
  return new Set(found.map(messageKeyOf));
}
