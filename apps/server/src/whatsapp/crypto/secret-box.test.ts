import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, encryptionKeyId, SecretBoxError } from "./secret-box.js";

const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe("createSecretBox", () => {
  it("round-trips text, with a fresh IV each time, and carries the key id", () => {
    const box = createSecretBox(keyA);
    const plaintext = "{\"noiseKey\":\"ção ✓\"}";
    const one = box.encrypt(plaintext);
    const two = box.encrypt(plaintext);
    expect(one).not.toBe(two);
    expect(one.startsWith(`enc:v1:${encryptionKeyId(keyA)}:`)).toBe(true);
    expect(one).not.toContain("noiseKey");
    expect(box.decrypt(one)).toBe(plaintext);
    expect(box.decrypt(two)).toBe(plaintext);
    expect(box.decrypt(box.encrypt(""))).toBe("");
  });

  it("refuses a tampered value", () => {
    const box = createSecretBox(keyA);
    const value = box.encrypt("secret creds");
    const [prefix, version, id, sealed] = value.split(":") as [string, string, string, string];
    const bytes = Buffer.from(sealed, "base64url");
    // Flip one bit in the ciphertext, then in the tag.
    for (const at of [bytes.length - 1, 12]) {
      const altered = Buffer.from(bytes);
      altered[at] = altered[at]! ^ 1;
      expect(() => box.decrypt(`${prefix}:${version}:${id}:${altered.toString("base64url")}`)).toThrow(SecretBoxError);
    }
    expect(() => box.decrypt(`${prefix}:${version}:${id}:${sealed.slice(0, 20)}`)).toThrow(SecretBoxError);
    expect(() => box.decrypt("secret creds")).toThrow(/not an encrypted value/);
  });

  it("refuses a value written with another key, even under a forged key id", () => {
    const value = createSecretBox(keyA).encrypt("secret creds");
    const boxB = createSecretBox(keyB);
    expect(() => boxB.decrypt(value)).toThrow(/unknown key/);
    const forged = value.replace(encryptionKeyId(keyA), encryptionKeyId(keyB));
    expect(() => boxB.decrypt(forged)).toThrow(/failed authentication/);
  });

  it("binds the context: a value moved to another row does not decrypt", () => {
    const box = createSecretBox(keyA);
    const value = box.encrypt("session", "7:session:123.0");
    expect(box.decrypt(value, "7:session:123.0")).toBe("session");
    expect(() => box.decrypt(value, "8:session:123.0")).toThrow(SecretBoxError);
    expect(() => box.decrypt(value)).toThrow(SecretBoxError);
  });

  it("reads values of a previous key after rotation and writes with the new one", () => {
    const old = createSecretBox(keyA).encrypt("before rotation");
    const rotated = createSecretBox(keyB, [keyA]);
    expect(rotated.decrypt(old)).toBe("before rotation");
    expect(rotated.keyId).toBe(encryptionKeyId(keyB));
    expect(rotated.encrypt("after").split(":")[2]).toBe(encryptionKeyId(keyB));
  });

  it("refuses keys of the wrong length", () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
