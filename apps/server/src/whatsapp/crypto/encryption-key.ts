import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export const ENCRYPTION_KEY_BYTES = 32;

export const ENCRYPTION_KEY_FORMAT_MESSAGE =
  "must be 32 bytes written as base64 (44 characters) or hex (64 characters); generate one with `openssl rand -base64 32`";

/** Reads a 32-byte AES-256 key written as hex or base64 (standard or url-safe); undefined when it is not one. */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const key = Buffer.from(value, "base64");
  // Node's base64 decoder skips what it cannot read: the re-encoding check refuses typos instead of shortening the key.
  const canonical = (s: string) => s.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (key.length !== ENCRYPTION_KEY_BYTES || canonical(key.toString("base64")) !== canonical(value)) return undefined;
  return key;
}

/**
 * Without WHATSAPP_ENCRYPTION_KEY (development), a random key is kept in the data folder: the stored WhatsApp
 * logins stay readable across restarts, and losing the folder loses them together with the database.
 */
export function persistedEncryptionKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "whatsapp.key");
  if (existsSync(file)) {
    const key = parseEncryptionKey(readFileSync(file, "utf8"));
    if (!key) throw new Error(`${file}: ${ENCRYPTION_KEY_FORMAT_MESSAGE}`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(ENCRYPTION_KEY_BYTES);
  writeFileSync(file, key.toString("base64"), { mode: 0o600 });
  return key;
}
