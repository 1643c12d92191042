import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { parseEncryptionKey, persistedEncryptionKey } from "./encryption-key.js";

const key = randomBytes(32);

describe("parseEncryptionKey", () => {
  it("reads 32 bytes as hex, base64 and base64url", () => {
    expect(parseEncryptionKey(key.toString("hex"))).toEqual(key);
    expect(parseEncryptionKey(key.toString("base64"))).toEqual(key);
    expect(parseEncryptionKey(key.toString("base64url"))).toEqual(key);
    expect(parseEncryptionKey(` ${key.toString("base64")}\n`)).toEqual(key);
  });

  it("refuses other lengths and malformed text", () => {
    expect(parseEncryptionKey(randomBytes(16).toString("hex"))).toBeUndefined();
    expect(parseEncryptionKey(randomBytes(31).toString("base64"))).toBeUndefined();
    expect(parseEncryptionKey(randomBytes(33).toString("base64"))).toBeUndefined();
    expect(parseEncryptionKey("a passphrase is not a key, even a long one!!")).toBeUndefined();
    expect(parseEncryptionKey(`${key.toString("base64").slice(0, 40)}*${key.toString("base64").slice(41)}`)).toBeUndefined();
  });
});

describe("WHATSAPP_ENCRYPTION_KEY in the configuration", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "atendo-wkey-"));

  it("uses the configured key", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), WHATSAPP_ENCRYPTION_KEY: key.toString("hex") }).whatsappEncryptionKey).toEqual(key);
  });

  it("explains a malformed key", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WHATSAPP_ENCRYPTION_KEY: "too-short" })).toThrow(
      /WHATSAPP_ENCRYPTION_KEY: must be 32 bytes written as base64 \(44 characters\) or hex \(64 characters\)/,
    );
  });

  it("is required in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir(), JWT_SECRET: "x".repeat(40) })).toThrow(
      /WHATSAPP_ENCRYPTION_KEY: must be set in production/,
    );
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir(),
      JWT_SECRET: "x".repeat(40),
      WHATSAPP_ENCRYPTION_KEY: key.toString("base64"),
    });
    expect(config.whatsappEncryptionKey).toEqual(key);
  });

  it("in development without it, generates one into the data folder and keeps it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).whatsappEncryptionKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).whatsappEncryptionKey).toEqual(first);
    const file = path.join(dir, "whatsapp.key");
    expect(parseEncryptionKey(readFileSync(file, "utf8"))).toEqual(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(persistedEncryptionKey(dir)).toEqual(first);
  });
});
