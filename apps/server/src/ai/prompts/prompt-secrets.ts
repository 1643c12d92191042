import { createSecretBox, type SecretBox } from "../../whatsapp/crypto/secret-box.js";
import { maskSecret } from "../../settings/setting-secret.js";

/**
 * A prompt's keys (the OpenAI `apiKey`, the Azure `voiceKey`) are sealed with the secret box (WHATSAPP_ENCRYPTION_KEY)
 * and bound to their company and field: a value copied to another company or field does not decrypt.
 */
export type PromptSecretField = "apiKey" | "voiceKey";

export function promptSecretBox(encryptionKey: Buffer): SecretBox {
  return createSecretBox(encryptionKey);
}

const context = (companyId: number, field: PromptSecretField) => `prompt-secret:${companyId}:${field}`;

export function sealPromptSecret(box: SecretBox, companyId: number, field: PromptSecretField, plaintext: string): string {
  return box.encrypt(plaintext, context(companyId, field));
}

export function openPromptSecret(box: SecretBox, companyId: number, field: PromptSecretField, stored: string | null): string {
  if (!stored) return "";
  return box.decrypt(stored, context(companyId, field));
}

/** "" when unset, else ••••abcd (or •••• for a short key); an undecryptable value shows as set. */
export function maskPromptSecret(box: SecretBox, companyId: number, field: PromptSecretField, stored: string | null): string {
  if (!stored) return "";
  try {
    return maskSecret(openPromptSecret(box, companyId, field, stored));
  } catch {
    return "••••";
  }
}
