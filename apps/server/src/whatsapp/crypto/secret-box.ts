import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { ENCRYPTION_KEY_BYTES } from "./encryption-key.js";

/**
 * AES-256-GCM for secrets at rest (WhatsApp auth state, sent-message payloads).
 *
 * Format: `enc:v1:<key id>:<base64url(iv | tag | ciphertext)>`. The key id (first 8 hex digits of the key's SHA-256)
 * names the key that wrote a value, so a new key can be introduced later while older values still decrypt with the
 * previous keys. An optional context is bound as additional authenticated data: a value copied to another row
 * (another connection, another key id) fails to decrypt instead of being accepted.
 */
export interface SecretBox {
  /** The id of the key new values are written with. */
  readonly keyId: string;
  encrypt(plaintext: string, context?: string): string;
  /** Throws SecretBoxError when the value was altered, written with an unknown key, or bound to another context. */
  decrypt(value: string, context?: string): string;
}

export class SecretBoxError extends Error {}

const PREFIX = "enc";
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function encryptionKeyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** `key` writes and reads; `previousKeys` only read (key rotation). */
export function createSecretBox(key: Buffer, previousKeys: Buffer[] = []): SecretBox {
  for (const k of [key, ...previousKeys]) {
    if (k.length !== ENCRYPTION_KEY_BYTES) throw new SecretBoxError(`encryption key must be ${ENCRYPTION_KEY_BYTES} bytes`);
  }
  const keyId = encryptionKeyId(key);
  const keys = new Map<string, Buffer>([...previousKeys, key].map((k) => [encryptionKeyId(k), k]));

  return {
    keyId,
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
      return `${PREFIX}:${VERSION}:${keyId}:${sealed}`;
    },
    decrypt(value, context) {
      const [prefix, version, id, sealed, ...rest] = value.split(":");
      if (prefix !== PREFIX || version !== VERSION || !id || sealed === undefined || rest.length > 0) {
        throw new SecretBoxError("not an encrypted value");
      }
      const k = keys.get(id);
      if (!k) throw new SecretBoxError(`value was encrypted with an unknown key (${id})`);
      const bytes = Buffer.from(sealed, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError("encrypted value is truncated");
      const decipher = createDecipheriv("aes-256-gcm", k, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      if (context !== undefined) decipher.setAAD(Buffer.from(context, "utf8"));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("encrypted value failed authentication (altered, or another key or context)");
      }
    },
  };
}
