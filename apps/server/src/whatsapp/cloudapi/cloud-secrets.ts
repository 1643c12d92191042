import { createSecretBox } from "../crypto/secret-box.js";

/**
 * A Cloud API connection's access token and app secret, sealed with the WhatsApp secret box (as the transcription
 * key is) and bound to the company and to which secret it is: a value copied elsewhere does not decrypt.
 */
export type CloudSecretKind = "token" | "app-secret";

const context = (companyId: number, kind: CloudSecretKind) => `whatsapp-cloud-${kind}:${companyId}`;

export function sealCloudSecret(encryptionKey: Buffer, companyId: number, kind: CloudSecretKind, value: string): string {
  return createSecretBox(encryptionKey).encrypt(value, context(companyId, kind));
}

export function openCloudSecret(encryptionKey: Buffer, companyId: number, kind: CloudSecretKind, stored: string): string {
  return createSecretBox(encryptionKey).decrypt(stored, context(companyId, kind));
}
