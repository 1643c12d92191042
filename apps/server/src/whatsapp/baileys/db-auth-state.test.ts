import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { proto, type SignalDataSet } from "baileys";
import type { Database } from "../../db/client.js";
import { whatsappAuthKeys } from "../../db/schema.js";
import { createTestDatabase } from "../../test/helpers.js";
import { createSecretBox } from "../crypto/secret-box.js";
import { CREDS_TYPE, useDbAuthState } from "./db-auth-state.js";
import { createTestConnection } from "./test-connection.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const box = createSecretBox(randomBytes(32));

async function rowsOf(whatsappId: number) {
  return database.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, whatsappId));
}

describe("useDbAuthState", () => {
  it("starts with fresh credentials and round-trips them, Buffers included", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const first = await useDbAuthState(database.db, whatsapp.id, box);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: "5511987654321:7@s.whatsapp.net", lid: "123456789012345:7@lid", name: "Loja" };
    first.state.creds.registered = true;
    await first.saveCreds();

    const again = await useDbAuthState(database.db, whatsapp.id, box);
    expect(again.state.creds.me).toEqual(first.state.creds.me);
    expect(again.state.creds.registered).toBe(true);
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(Buffer.from(first.state.creds.noiseKey.private));
    expect(again.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  it("gets, sets, overwrites and deletes signal keys", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const { state } = await useDbAuthState(database.db, whatsapp.id, box);
    const preKey = { public: randomBytes(32), private: randomBytes(32) };
    const session = randomBytes(64);
    await state.keys.set({
      "pre-key": { "1": preKey, "2": { public: randomBytes(32), private: randomBytes(32) } },
      session: { "5511987654321.0": session },
      "lid-mapping": { "5511987654321": "123456789012345" },
      "app-state-sync-key": { AAAAAQ: { keyData: randomBytes(32), timestamp: 1_700_000_000 } },
    });

    const preKeys = await state.keys.get("pre-key", ["1", "3"]);
    expect(Object.keys(preKeys)).toEqual(["1"]);
    expect(Buffer.from(preKeys["1"]!.public)).toEqual(preKey.public);
    expect(Buffer.from((await state.keys.get("session", ["5511987654321.0"]))["5511987654321.0"]!)).toEqual(session);
    expect(await state.keys.get("lid-mapping", ["5511987654321"])).toEqual({ "5511987654321": "123456789012345" });
    // The one type Baileys needs as a protobuf object.
    expect((await state.keys.get("app-state-sync-key", ["AAAAAQ"])).AAAAAQ).toBeInstanceOf(proto.Message.AppStateSyncKeyData);

    const newer = randomBytes(64);
    await state.keys.set({ session: { "5511987654321.0": newer }, "pre-key": { "1": null } });
    expect(Buffer.from((await state.keys.get("session", ["5511987654321.0"]))["5511987654321.0"]!)).toEqual(newer);
    expect(await state.keys.get("pre-key", ["1"])).toEqual({});
    expect(Object.keys(await state.keys.get("pre-key", ["1", "2"]))).toEqual(["2"]);
  });

  it("writes one set call in one transaction: a failing write leaves nothing half-written", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const { state } = await useDbAuthState(database.db, whatsapp.id, box);
    await state.keys.set({ "pre-key": { "1": { public: randomBytes(32), private: randomBytes(32) } } });
    const before = await rowsOf(whatsapp.id);

    // The deletion and the first type's rows are written before the last type's insert fails
    // (PostgreSQL refuses a NUL character in text).
    const failing: SignalDataSet = {
      "pre-key": { "1": null },
      session: { "5511987654321.0": randomBytes(64) },
      "sender-key": { "bad\u0000id": randomBytes(32) },
    };
    await expect(state.keys.set(failing)).rejects.toThrow();

    const after = await rowsOf(whatsapp.id);
    expect(after).toEqual(before);
    expect(Object.keys(await state.keys.get("pre-key", ["1"]))).toEqual(["1"]);
    expect(await state.keys.get("session", ["5511987654321.0"])).toEqual({});
  });

  it("stores values encrypted, bound to their row", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const auth = await useDbAuthState(database.db, whatsapp.id, box);
    auth.state.creds.me = { id: "5511987654321:7@s.whatsapp.net", name: "Plaintext Shop" };
    await auth.saveCreds();
    await auth.state.keys.set({ "lid-mapping": { "5511987654321": "123456789012345" } });

    const rows = await rowsOf(whatsapp.id);
    expect(rows.map((r) => r.type).sort()).toEqual([CREDS_TYPE, "lid-mapping"]);
    for (const row of rows) {
      expect(row.value.startsWith(`enc:v1:${box.keyId}:`)).toBe(true);
      for (const plain of ["5511987654321", "123456789012345", "Plaintext Shop", "noiseKey", "Buffer"]) expect(row.value).not.toContain(plain);
    }

    // A value copied into another connection's row does not decrypt there.
    const other = await createTestConnection(database.db);
    const mapping = rows.find((r) => r.type === "lid-mapping")!;
    await database.db.insert(whatsappAuthKeys).values({ ...mapping, whatsappId: other.whatsapp.id });
    const otherState = await useDbAuthState(database.db, other.whatsapp.id, box);
    await expect(otherState.state.keys.get("lid-mapping", ["5511987654321"])).rejects.toThrow(/failed authentication/);

    // And another key cannot read any of it.
    await expect(useDbAuthState(database.db, whatsapp.id, createSecretBox(randomBytes(32)))).rejects.toThrow(/unknown key/);
  });

  it("clear() wipes one connection's login and keys, and nobody else's", async () => {
    const mine = await createTestConnection(database.db);
    const theirs = await createTestConnection(database.db);
    for (const { whatsapp } of [mine, theirs]) {
      const auth = await useDbAuthState(database.db, whatsapp.id, box);
      await auth.saveCreds();
      await auth.state.keys.set({ session: { "1.0": randomBytes(8) } });
    }
    const auth = await useDbAuthState(database.db, mine.whatsapp.id, box);
    await auth.clear();
    expect(await rowsOf(mine.whatsapp.id)).toEqual([]);
    expect(await rowsOf(theirs.whatsapp.id)).toHaveLength(2);
    // The next start is a new login.
    const fresh = await useDbAuthState(database.db, mine.whatsapp.id, box);
    expect(fresh.state.creds.advSecretKey).not.toBe(auth.state.creds.advSecretKey);
  });

  it("keys.clear() drops the signal keys but keeps the login", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const auth = await useDbAuthState(database.db, whatsapp.id, box);
    await auth.saveCreds();
    await auth.state.keys.set({ session: { "1.0": randomBytes(8) }, "pre-key": { "5": { public: randomBytes(32), private: randomBytes(32) } } });
    await auth.state.keys.clear!();
    const rows = await database.db
      .select({ type: whatsappAuthKeys.type })
      .from(whatsappAuthKeys)
      .where(and(eq(whatsappAuthKeys.whatsappId, whatsapp.id)));
    expect(rows).toEqual([{ type: CREDS_TYPE }]);
  });

  it("handles more keys than fit one statement", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const { state } = await useDbAuthState(database.db, whatsapp.id, box);
    const many = Object.fromEntries(Array.from({ length: 1_203 }, (_, i) => [String(i + 1), { public: randomBytes(32), private: randomBytes(32) }]));
    await state.keys.set({ "pre-key": many });
    const ids = Object.keys(many);
    expect(Object.keys(await state.keys.get("pre-key", ids))).toHaveLength(1_203);
    await state.keys.set({ "pre-key": Object.fromEntries(ids.map((id) => [id, null])) });
    expect(await rowsOf(whatsapp.id)).toEqual([]);
  });
});
