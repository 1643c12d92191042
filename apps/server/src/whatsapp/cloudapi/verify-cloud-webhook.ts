import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { whatsapps } from "../../db/schema.js";
import { AppError } from "../../errors.js";
import type { SessionManager } from "../sessions/session-manager.js";

/** Equal strings, compared in constant time (lengths may differ). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The connection a webhook key names, across companies: the key is the credential of Meta's call (unguessable,
 * random per connection), so this unscoped read is the tenancy check. 404 for an unknown key.
 */
export async function findCloudConnectionByKeyUnscoped(db: Db, key: string) {
  const [row] = await db
    .select({
      id: whatsapps.id,
      companyId: whatsapps.companyId,
      provider: whatsapps.provider,
      verifyToken: whatsapps.cloudVerifyToken,
      appSecret: whatsapps.cloudAppSecret,
      verifiedAt: whatsapps.cloudWebhookVerifiedAt,
    })
    .from(whatsapps)
    .where(eq(whatsapps.cloudWebhookKey, key));
  if (!row || row.provider !== "cloudapi") throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return row;
}

export interface CloudWebhookDeps {
  db: Db;
  sessions: SessionManager;
  logger: FastifyBaseLogger;
  config: { whatsappEncryptionKey: Buffer };
}

/**
 * GET /webhooks/whatsapp-cloud/{key}: Meta's subscription check. The challenge goes back as plain text when the
 * verify token matches (403 otherwise); the first verification restarts the session, which then reports CONNECTED.
 */
export async function verifyCloudWebhook(deps: CloudWebhookDeps, key: string, query: Record<string, string | undefined>): Promise<string> {
  const row = await findCloudConnectionByKeyUnscoped(deps.db, key);
  if (query["hub.mode"] !== "subscribe" || !row.verifyToken || !sameSecret(query["hub.verify_token"], row.verifyToken)) {
    throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 403);
  }
  if (!row.verifiedAt) {
    await deps.db.update(whatsapps).set({ cloudWebhookVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(whatsapps.id, row.id));
    // Not awaited: Meta waits for the challenge, not for the Graph API check the start makes.
    deps.sessions.startSession(row.id).catch((err: unknown) => deps.logger.warn({ err, whatsappId: row.id }, "Cloud API session did not start after verification"));
  }
  return query["hub.challenge"] ?? "";
}
