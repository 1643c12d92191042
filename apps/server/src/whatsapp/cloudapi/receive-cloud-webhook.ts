import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors.js";
import { ProviderError } from "../provider.js";
import { openCloudSecret } from "./cloud-secrets.js";
import type { CloudWebhookPayload } from "./map-webhook.js";
import { findCloudConnectionByKeyUnscoped, type CloudWebhookDeps } from "./verify-cloud-webhook.js";
import { dropCloudDelivery, type CloudInboxWriter } from "./cloud-webhook-inbox.js";

/** X-Hub-Signature-256: "sha256=" + HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function validCloudSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Webhook key → connection and opened app secret, for a few seconds: the endpoint answers every inbound message, and
 * on one busy database connection (PGlite) a lookup would wait behind ingestion's transactions. A changed secret
 * or a deleted connection is seen within CACHE_MS.
 */
const CACHE_MS = 5_000;
const byKey = new Map<string, { at: number; id: number; companyId: number; secret: string | undefined }>();

async function connectionOf(deps: CloudWebhookDeps, key: string): Promise<{ id: number; companyId: number; secret: string | undefined }> {
  const cached = byKey.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached;
  const row = await findCloudConnectionByKeyUnscoped(deps.db, key);
  const secret = row.appSecret ? openCloudSecret(deps.config.whatsappEncryptionKey, row.companyId, "app-secret", row.appSecret) : undefined;
  const entry = { at: Date.now(), id: row.id, companyId: row.companyId, secret };
  if (byKey.size > 10_000) byKey.clear();
  byKey.set(key, entry);
  return entry;
}

/**
 * POST /webhooks/whatsapp-cloud/{key}: a delivery from Meta. A bad or missing signature is 401 and nothing is read.
 * The raw payload is stored in the inbox (cloud-webhook-inbox.ts, by the app's writer: a connection of its own on
 * PostgreSQL, concurrent deliveries in one insert), then handed to the connection's session (wherever it
 * runs), which queues its events per chat and answers at once; the 200 goes to Meta only once the delivery is
 * stored, so a crash before ingestion loses nothing. Ingestion is idempotent by the message id, so Meta's
 * redeliveries are stored once. When no session runs, 503 and nothing kept: Meta delivers again later.
 */
export async function receiveCloudWebhook(deps: CloudWebhookDeps & { inbox: CloudInboxWriter }, key: string, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const row = await connectionOf(deps, key);
  const secret = row.secret;
  if (!secret || !validCloudSignature(rawBody, signature, secret)) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 401);
  const raw = rawBody.toString("utf8");
  let payload: CloudWebhookPayload;
  try {
    payload = JSON.parse(raw) as CloudWebhookPayload;
  } catch {
    throw new AppError("ERR_VALIDATION", 400);
  }
  const inboxId = await deps.inbox.store(row.companyId, row.id, raw);
  try {
    await deps.sessions.extension(row.id, "cloudWebhook", [payload, inboxId]);
  } catch (err) {
    await dropCloudDelivery(deps.db, inboxId);
    if (err instanceof ProviderError && err.code === "ERR_WAPP_NOT_INITIALIZED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503);
    throw err;
  }
}
