import { createSecretBox } from "../whatsapp/crypto/secret-box.js";

/**
 * Provider keys of the AI features (a connection's transcription key, a group's summary key), sealed with the
 * WhatsApp secret box and bound to their row: a value copied to another row does not decrypt.
 */
const transcribeKeyContext = (companyId: number) => `whatsapp-transcribekey:${companyId}`;
const resumeKeyContext = (companyId: number, contactId: number) => `contact-resumekey:${companyId}:${contactId}`;

export function sealTranscribeKey(encryptionKey: Buffer, companyId: number, key: string): string {
  return createSecretBox(encryptionKey).encrypt(key, transcribeKeyContext(companyId));
}

/** A stored connection key; keys saved before they were sealed are read as they are. */
export function openTranscribeKey(encryptionKey: Buffer, companyId: number, stored: string): string {
  if (!stored.startsWith("enc:")) return stored;
  return createSecretBox(encryptionKey).decrypt(stored, transcribeKeyContext(companyId));
}

export function sealResumeKey(encryptionKey: Buffer, companyId: number, contactId: number, key: string): string {
  return createSecretBox(encryptionKey).encrypt(key, resumeKeyContext(companyId, contactId));
}

export function openResumeKey(encryptionKey: Buffer, companyId: number, contactId: number, stored: string): string {
  return createSecretBox(encryptionKey).decrypt(stored, resumeKeyContext(companyId, contactId));
}
