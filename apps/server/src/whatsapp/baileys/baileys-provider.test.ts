import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import type { Database } from "../../db/client.js";
import { createTestDatabase, testConfig } from "../../test/helpers.js";
import type { ProviderDeps } from "../sessions/providers.js";
import type { ProviderEvent } from "../provider.js";
import { baileysProvider } from "./baileys-provider.js";
import { fakeSockets } from "./fake-socket.js";
import { createTestConnection } from "./test-connection.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function deps(overrides: Partial<ProviderDeps["config"]> = {}): ProviderDeps {
  return {
    db: database.db,
    logger: pino({ level: "silent" }),
    config: testConfig({ whatsappEncryptionKey: randomBytes(32), ...overrides }),
  } as unknown as ProviderDeps;
}

describe("baileysProvider", () => {
  it("registers as beta with every capability but templates", () => {
    const provider = baileysProvider();
    expect(provider.name).toBe("beta");
    expect(Object.entries(provider.capabilities).filter(([, on]) => !on).map(([name]) => name)).toEqual(["templates"]);
  });

  it("never dials WhatsApp under NODE_ENV=test: the session fails to start instead", async () => {
    const { company, whatsapp } = await createTestConnection(database.db);
    const session = baileysProvider().createSession({ companyId: company.id, whatsappId: whatsapp.id, onEvent: async () => undefined }, deps());
    await expect(session.start()).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    await session.stop();
  });

  it("makes sessions with the configured key, logger and the caller's event handler", async () => {
    const { company, whatsapp } = await createTestConnection(database.db);
    const fake = fakeSockets();
    const events: ProviderEvent[] = [];
    const session = baileysProvider({ makeSocket: fake.make }).createSession(
      { companyId: company.id, whatsappId: whatsapp.id, onEvent: async (e) => void events.push(e) },
      deps({ nodeEnv: "production" }),
    );
    await session.start();
    fake.latest().emit("connection.update", { qr: "2@qr" });
    await new Promise((r) => setTimeout(r, 20));
    expect(events.map((e) => (e.type === "connection" ? e.status : e.type))).toEqual(["OPENING", "qrcode"]);
    await session.stop();
  });
});
