import { and, eq, lt, sql } from "drizzle-orm";
import { proto } from "baileys";
import type { Db } from "../../db/client.js";
import { whatsappSentMessages } from "../../db/schema.js";
import type { SecretBox } from "../crypto/secret-box.js";

/** How long a recipient may still ask for a retry of what we sent; older rows can be pruned. */
export const SENT_MESSAGE_RETENTION_DAYS = 7;

export interface SentMessageStore {
  save(messageId: string, message: proto.IMessage): Promise<void>;
  /** For Baileys' getMessage: the content we sent under this id, to re-encrypt for a recipient's retry request. */
  get(messageId: string): Promise<proto.IMessage | undefined>;
}

/** Payloads are the protobuf bytes, encrypted and bound to (connection, message id). */
export function createSentMessageStore(db: Db, whatsappId: number, box: SecretBox): SentMessageStore {
  const context = (messageId: string) => `whatsapp-sent:${whatsappId}:${messageId}`;
  return {
    async save(messageId, message) {
      const bytes = proto.Message.encode(proto.Message.fromObject(message)).finish();
      const payload = box.encrypt(Buffer.from(bytes).toString("base64"), context(messageId));
      await db
        .insert(whatsappSentMessages)
        .values({ whatsappId, messageId, payload })
        // The same id again is an edit or a resend of ours: the newest content is the one to answer retries with.
        .onConflictDoUpdate({
          target: [whatsappSentMessages.whatsappId, whatsappSentMessages.messageId],
          set: { payload: sql`excluded.payload`, createdAt: sql`now()` },
        });
    },
    async get(messageId) {
      const [row] = await db
        .select({ payload: whatsappSentMessages.payload })
        .from(whatsappSentMessages)
        .where(and(eq(whatsappSentMessages.whatsappId, whatsappId), eq(whatsappSentMessages.messageId, messageId)));
      if (!row) return undefined;
      return proto.Message.decode(Buffer.from(box.decrypt(row.payload, context(messageId)), "base64"));
    },
  };
}

/**
 * Deletes sent-message payloads older than `days`, across every connection (an unscoped maintenance query; schedule
 * it daily). Answers how many rows went.
 */
export async function pruneSentMessagesUnscoped(db: Db, days = SENT_MESSAGE_RETENTION_DAYS, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const deleted = await db
    .delete(whatsappSentMessages)
    .where(lt(whatsappSentMessages.createdAt, cutoff))
    .returning({ messageId: whatsappSentMessages.messageId });
  return deleted.length;
}
