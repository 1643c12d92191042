import type { SecretSettingKey } from "@atendo/shared";
import { createSecretBox, type SecretBox } from "../whatsapp/crypto/secret-box.js";


export type { SecretSettingKey };

/**
 * Integration secrets are sealed with the same AES-256-GCM box as the WhatsApp secrets (WHATSAPP_ENCRYPTION_KEY) and
 * bound to their row (company, key): a value copied to another key or company does not decrypt.
 */
export function settingSecretContext(companyId: number, key: string): string {
  return `setting-secret:${companyId}:${key}`;
}

export function settingSecretBox(encryptionKey: Buffer): SecretBox {
  return createSecretBox(encryptionKey);
}

export function sealSettingSecret(box: SecretBox, companyId: number, key: string, plaintext: string): string {
  return box.encrypt(plaintext, settingSecretContext(companyId, key));
}

export function openSettingSecret(box: SecretBox, companyId: number, key: string, stored: string): string {
  return box.decrypt(stored, settingSecretContext(companyId, key));
}

/** What an answer may say about a secret: whether it is set, and its last four characters when long enough to hide the rest. */
export function maskSecret(plaintext: string): string {
  if (plaintext === "") return "";
  return plaintext.length >= 12 ? `••••${plaintext.slice(-4)}` : "••••";
}
