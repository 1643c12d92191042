import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { contacts } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { ingestMessage, type IngestDeps } from "./ingest-message.js";
import { updateContactProfile, updateGroupSubject } from "./update-contact-profile.js";
import { linkIdentity } from "./link-identity.js";
import { brazilianMobile, createConnection, customerText, ingestDepsOf, providerId, setGroupSetting } from "./test-support.js";

let database: Database;
let app: TestApp;
let deps: IngestDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  deps = ingestDepsOf(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function setup() {
  const company = await createCompany(database.db);
  const connection = await createConnection(database.db, company.id);
  return { company, ref: { companyId: company.id, whatsappId: connection.id } };
}
const contactsOf = (companyId: number) => database.db.select().from(contacts).where(eq(contacts.companyId, companyId));

describe("contact, group and identity events", () => {
  it("a contact event sets the picture and fills a placeholder name, never an agent's name; unknown people are not created", async () => {
    const { company, ref } = await setup();
    const number = brazilianMobile();
    await ingestMessage(deps, ref, customerText({ number }, "oi"));
    expect(await updateContactProfile(deps, ref, { type: "contact", contact: { number, name: "Paula", imgUrl: "https://pps.example/p.jpg" } })).toBe(true);
    expect((await contactsOf(company.id))[0]).toMatchObject({ name: "Paula", profilePicUrl: "https://pps.example/p.jpg" });
    await database.db.update(contacts).set({ name: "Paula Souza (financeiro)" }).where(eq(contacts.companyId, company.id));
    await updateContactProfile(deps, ref, { type: "contact", contact: { number, name: "Paulinha" } });
    expect((await contactsOf(company.id))[0]!.name).toBe("Paula Souza (financeiro)");
    expect(await updateContactProfile(deps, ref, { type: "contact", contact: { number: brazilianMobile(), name: "Estranho" } })).toBe(false);
    expect(await contactsOf(company.id)).toHaveLength(1);
  });

  it("a group's subject names its contact", async () => {
    const { company, ref } = await setup();
    await setGroupSetting(database.db, company.id, "disabled");
    const member = { number: brazilianMobile() };
    await ingestMessage(deps, ref, {
      type: "message",
      origin: "live",
      message: { id: providerId(), chat: { kind: "group", id: "120363000000000099" }, from: member, fromMe: false, timestamp: new Date(), content: { type: "text", body: "oi" } },
    });
    expect(await updateGroupSubject(deps, ref, { type: "group", group: { id: "120363000000000099", subject: "Equipe de vendas" } })).toBe(true);
    expect((await contactsOf(company.id)).find((c) => c.isGroup)!.name).toBe("Equipe de vendas");
  });

  it("an identity event gives a known contact its other key", async () => {
    const { company, ref } = await setup();
    const number = brazilianMobile();
    expect(await linkIdentity(deps, ref, { type: "identity", lid: "555000333", number })).toBe("none");
    await ingestMessage(deps, ref, customerText({ number }, "oi"));
    expect(await linkIdentity(deps, ref, { type: "identity", lid: "555000333", number })).toBe("linked");
    expect(await linkIdentity(deps, ref, { type: "identity", lid: "555000333", number })).toBe("unchanged");
    expect((await contactsOf(company.id))[0]).toMatchObject({ canonicalNumber: number, lid: "555000333" });
  });
});
