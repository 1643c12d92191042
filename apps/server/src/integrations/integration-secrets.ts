import { randomBytes } from "node:crypto";
import { MASKED_SECRET_PREFIX, type QueueIntegrationSecretField } from "@atendo/shared";
import { createSecretBox, type SecretBox } from "../whatsapp/crypto/secret-box.js";
import { maskSecret } from "../settings/setting-secret.js";

export type SealedField = QueueIntegrationSecretField | "webhookSecret";

/**
 * An integration's secrets (service-account JSON, API keys, the webhook signing secret) are sealed with the same
 * AES-256-GCM box as the WhatsApp secrets (WHATSAPP_ENCRYPTION_KEY), bound to company and field: a value copied to
 * another company or field does not decrypt.
 */
export function integrationSecretBox(encryptionKey: Buffer): SecretBox {
  return createSecretBox(encryptionKey);
}

const contextOf = (companyId: number, field: SealedField) => `queue-integration:${companyId}:${field}`;

export function sealIntegrationSecret(box: SecretBox, companyId: number, field: SealedField, plaintext: string): string {
  return box.encrypt(plaintext, contextOf(companyId, field));
}

/** The plaintext, or "" when unset or unreadable (a rotated-away key): the integration then fails visibly, not here. */
export function openIntegrationSecret(box: SecretBox, companyId: number, field: SealedField, stored: string | null): string {
  if (!stored) return "";
  try {
    return box.decrypt(stored, contextOf(companyId, field));
  } catch {
    return "";
  }
}

/** What answers show of a secret: "" unset, "••••" or "••••1234". */
export function maskIntegrationSecret(plaintext: string): string {
  return maskSecret(plaintext);
}

/** A value the client sent back as it was shown (masked): keep the stored one. */
export function isMaskedEcho(value: string | undefined): boolean {
  return value !== undefined && value.startsWith(MASKED_SECRET_PREFIX);
}

/** A new signing secret for webhook and n8n: 32 random bytes, hex, prefixed so people recognise it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}
