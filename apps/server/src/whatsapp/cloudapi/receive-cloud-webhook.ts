import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors.js";
import { ProviderError } from "../provider.js";
import { openCloudSecret } from "./cloud-secrets.js";
import type { CloudWebhookPayload } from "./map-webhook.js";
import { findCloudConnectionByKeyUnscoped, type CloudWebhookDeps } from "./verify-cloud-webhook.js";

/** X-Hub-Signature-256: "sha256=" + HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function validCloudSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /webhooks/whatsapp-cloud/{key}: a delivery from Meta. A bad or missing signature is 401 and nothing is read.
 * The payload is handed to the connection's session (wherever it runs), which queues its events per chat and
 * answers at once; ingestion is idempotent by the message id, so Meta's redeliveries are stored once. When no
 * session runs, 503: Meta delivers again later.
 */
/**
 * Webhook key → connection and opened app secret, for a few seconds: the endpoint answers every inbound message, and
 * on one busy database connection (PGlite) a lookup would wait behind ingestion's transactions. A changed secret
 * or a deleted connection is seen within CACHE_MS.
 */
const CACHE_MS = 5_000;
const byKey = new Map<string, { at: number; id: number; secret: string | undefined }>();

async function connectionOf(deps: CloudWebhookDeps, key: string): Promise<{ id: number; secret: string | undefined }> {
  const cached = byKey.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached;
  const row = await findCloudConnectionByKeyUnscoped(deps.db, key);
  const secret = row.appSecret ? openCloudSecret(deps.config.whatsappEncryptionKey, row.companyId, "app-secret", row.appSecret) : undefined;
  const entry = { at: Date.now(), id: row.id, secret };
  if (byKey.size > 10_000) byKey.clear();
  byKey.set(key, entry);
  return entry;
}

export async function receiveCloudWebhook(deps: CloudWebhookDeps, key: string, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const row = await connectionOf(deps, key);
  const secret = row.secret;
  if (!secret || !validCloudSignature(rawBody, signature, secret)) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 401);
  let payload: CloudWebhookPayload;
  try {
    payload = JSON.parse(rawBody.toString("utf8")) as CloudWebhookPayload;
  } catch {
    throw new AppError("ERR_VALIDATION", 400);
  }
  try {
    await deps.sessions.extension(row.id, "cloudWebhook", [payload]);
  } catch (err) {
    if (err instanceof ProviderError && err.code === "ERR_WAPP_NOT_INITIALIZED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503);
    throw err;
  }
}
