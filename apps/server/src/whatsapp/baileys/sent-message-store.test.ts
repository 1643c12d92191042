import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { proto } from "baileys";
import type { Database } from "../../db/client.js";
import { whatsappSentMessages } from "../../db/schema.js";
import { createTestDatabase } from "../../test/helpers.js";
import { createSecretBox } from "../crypto/secret-box.js";
import { createSentMessageStore, pruneSentMessagesUnscoped } from "./sent-message-store.js";
import { createTestConnection } from "./test-connection.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const box = createSecretBox(randomBytes(32));

describe("createSentMessageStore", () => {
  it("answers getMessage with what was sent, stored encrypted", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const store = createSentMessageStore(database.db, whatsapp.id, box);
    const message: proto.IMessage = {
      extendedTextMessage: { text: "Seu pedido 4521 saiu para entrega", contextInfo: { stanzaId: "3EB0AAA", participant: "5511987654321@s.whatsapp.net" } },
    };
    await store.save("3EB0C0FFEE", message);
    const back = await store.get("3EB0C0FFEE");
    expect(back?.extendedTextMessage?.text).toBe("Seu pedido 4521 saiu para entrega");
    expect(back?.extendedTextMessage?.contextInfo?.stanzaId).toBe("3EB0AAA");
    expect(await store.get("unknown")).toBeUndefined();

    const [row] = await database.db.select().from(whatsappSentMessages).where(eq(whatsappSentMessages.whatsappId, whatsapp.id));
    expect(row!.payload.startsWith("enc:v1:")).toBe(true);
    expect(row!.payload).not.toContain("pedido");
    expect(Buffer.from(row!.payload.split(":")[3]!, "base64url").toString("latin1")).not.toContain("pedido");

    // Another connection's store does not see it (and could not decrypt it).
    const other = await createTestConnection(database.db);
    expect(await createSentMessageStore(database.db, other.whatsapp.id, box).get("3EB0C0FFEE")).toBeUndefined();
  });

  it("keeps the newest content for an id (an edit)", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const store = createSentMessageStore(database.db, whatsapp.id, box);
    await store.save("ID1", { conversation: "first" });
    await store.save("ID1", { conversation: "second" });
    expect((await store.get("ID1"))?.conversation).toBe("second");
  });
});

describe("pruneSentMessagesUnscoped", () => {
  it("deletes rows older than the given days and keeps newer ones", async () => {
    const { whatsapp } = await createTestConnection(database.db);
    const store = createSentMessageStore(database.db, whatsapp.id, box);
    await store.save("OLD", { conversation: "old" });
    await store.save("NEW", { conversation: "new" });
    await database.db
      .update(whatsappSentMessages)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(whatsappSentMessages.whatsappId, whatsapp.id), eq(whatsappSentMessages.messageId, "OLD")));

    expect(await pruneSentMessagesUnscoped(database.db, 7)).toBeGreaterThanOrEqual(1);
    expect(await store.get("OLD")).toBeUndefined();
    expect((await store.get("NEW"))?.conversation).toBe("new");
  });
});
