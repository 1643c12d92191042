import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.js";

/** How long a customer's media link handed to an integration stays valid. */
export const MEDIA_LINK_SECONDS = 3600;

const keyOf = (config: Pick<Config, "whatsappEncryptionKey">) => createHash("sha256").update(config.whatsappEncryptionKey).update("integration-media-link").digest();

const signatureOf = (config: Pick<Config, "whatsappEncryptionKey">, companyId: number, messageId: number, expires: number) =>
  createHmac("sha256", keyOf(config)).update(`${companyId}:${messageId}:${expires}`).digest("base64url");

/**
 * The URL an integration can fetch a customer's media at (`GET /integrations/media/{messageId}`): signed and valid
 * for an hour, so it works without a session and leaks nothing else. Null without PUBLIC_URL (no address the
 * remote service could reach).
 */
export function mediaUrlOf(config: Pick<Config, "whatsappEncryptionKey" | "publicUrl">, companyId: number, messageId: number, now = Date.now()): string | null {
  if (!config.publicUrl) return null;
  const expires = Math.floor(now / 1000) + MEDIA_LINK_SECONDS;
  const query = new URLSearchParams({ c: String(companyId), e: String(expires), s: signatureOf(config, companyId, messageId, expires) });
  return `${config.publicUrl.replace(/\/+$/, "")}/integrations/media/${messageId}?${query}`;
}

/** Whether a media link's signature is right and not expired. */
export function verifyMediaLink(config: Pick<Config, "whatsappEncryptionKey">, companyId: number, messageId: number, expires: number, signature: string, now = Date.now()): boolean {
  if (expires < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signatureOf(config, companyId, messageId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
