import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, type TicketPage } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { eq } from "drizzle-orm";
import { contacts, messages, tags, tickets as table, ticketTags } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { makeContact, makeTicket, ticketsCompany } from "./ticket-test-support.js";

let database: Database;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A company with one ticket in each interesting place, named by where it is. */
async function inbox() {
  const t = await ticketsCompany(app, database.db);
  const base = { companyId: t.company.id, whatsappId: t.connection.id };
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const make = async (name: string, values: Partial<Parameters<typeof makeTicket>[1]>, minutesAgo: number) => {
    const contact = await makeContact(database.db, t.company.id, { name });
    return makeTicket(database.db, { ...base, contactId: contact.id, updatedAt: at(minutesAgo), ...values });
  };
  const tickets = {
    p1: await make("Pendente Vendas", { status: "pending", queueId: t.queueA.id }, 1),
    p2: await make("Pendente Suporte", { status: "pending", queueId: t.queueB.id }, 2),
    p3: await make("Pendente Sem Fila", { status: "pending", queueId: null }, 3),
    o1: await make("Aberto Alice", { status: "open", queueId: t.queueA.id, userId: t.agentA.id }, 4),
    o2: await make("Aberto Beto", { status: "open", queueId: t.queueB.id, userId: t.agentB.id }, 5),
    o3: await make("Aberto Admin", { status: "open", queueId: t.queueA.id, userId: t.admin.id }, 6),
    c1: await make("Fechado Alice", { status: "closed", queueId: t.queueA.id, userId: t.agentA.id }, 7),
    c2: await make("Fechado Beto", { status: "closed", queueId: t.queueB.id, userId: t.agentB.id }, 8),
  };
  const nameOf = new Map(Object.entries(tickets).map(([k, v]) => [v.id, k]));
  const list = async (headers: Record<string, string>, query: string) => {
    const res = await app.inject({ method: "GET", url: `/tickets?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TicketPage>();
    return page.tickets.map((x) => nameOf.get(x.id) ?? `#${x.id}`);
  };
  return { ...t, tickets, list };
}

describe("GET /tickets: what each user sees", () => {
  it("an agent sees only their queue's pending tickets and their own open and closed ones, whatever they pass", async () => {
    const { list, asA, queueB } = await inbox();
    expect(await list(asA, "status=pending")).toEqual(["p1"]);
    expect(await list(asA, "status=open")).toEqual(["o1"]);
    expect(await list(asA, "status=attending")).toEqual(["o1"]);
    expect(await list(asA, "status=closed")).toEqual(["c1"]);
    // showAll and foreign queueIds never widen what an agent sees.
    expect(await list(asA, "status=pending&showAll=true")).toEqual(["p1"]);
    expect(await list(asA, "status=open&showAll=true")).toEqual(["o1"]);
    expect(await list(asA, `status=pending&queueIds=[${queueB.id}]`)).toEqual([]);
    expect(await list(asA, `status=pending&showAll=true&queueIds=${queueB.id}`)).toEqual([]);
    const search = await list(asA, `showAll=true&queueIds=[${queueB.id}]`);
    expect(search.some((n) => ["p2", "o2", "c2", "p3"].includes(n))).toBe(false);
    expect(await list(asA, "")).toEqual(["p1", "o1", "o3", "c1"]);
  });

  it("allTicket adds the pending tickets without a queue", async () => {
    const { list, asAll } = await inbox();
    expect(await list(asAll, "status=pending")).toEqual(["p1", "p3"]);
  });

  it("admins list their own and unqueued tickets by default, everything with showAll, narrowed by the selected queues", async () => {
    const { list, asAdmin, queueB } = await inbox();
    expect(await list(asAdmin, "status=pending")).toEqual(["p3"]);
    expect(await list(asAdmin, "status=open")).toEqual(["o3"]);
    expect(await list(asAdmin, "status=pending&showAll=true")).toEqual(["p1", "p2", "p3"]);
    expect(await list(asAdmin, "status=open&showAll=true")).toEqual(["o1", "o2", "o3"]);
    expect(await list(asAdmin, `status=pending&showAll=true&queueIds=[${queueB.id}]`)).toEqual(["p2", "p3"]);
    expect(await list(asAdmin, "status=closed&showAll=true")).toEqual(["c1", "c2"]);
  });

  it("a queue selection narrows an agent's pending list to the selected ones of their queues", async () => {
    const { list, asAll, queueA } = await inbox();
    expect(await list(asAll, `status=pending&queueIds=[${queueA.id}]`)).toEqual(["p1", "p3"]);
  });
});

describe("GET /tickets: filters", () => {
  it("searches contact name, number and message text, with LIKE wildcards taken literally", async () => {
    const { list, asAdmin, tickets, company } = await inbox();
    await database.db.insert(messages).values([
      { companyId: company.id, ticketId: tickets.p2.id, chatContactId: tickets.p2.contactId, body: "quero um orçamento de 50% off", providerId: "m1" },
      { companyId: company.id, ticketId: tickets.o1.id, chatContactId: tickets.o1.contactId, body: "orçamento", providerId: "m2" },
    ]);
    expect(await list(asAdmin, "searchParam=Beto")).toEqual(["o2", "c2"]);
    expect(await list(asAdmin, `searchParam=${encodeURIComponent("orçamento")}`)).toEqual(["p2", "o1"]);
    expect(await list(asAdmin, "searchParam=50%25")).toEqual(["p2"]);
    expect(await list(asAdmin, "searchParam=5%25")).toEqual([]);
    expect(await list(asAdmin, "searchParam=_")).toEqual([]);
    const [contact] = await database.db.select().from(contacts).where(eq(contacts.id, tickets.c1.contactId));
    expect(await list(asAdmin, `searchParam=${contact!.number.slice(2)}`)).toEqual(["c1"]);
  });

  it("an agent's search stays within what they see", async () => {
    const { list, asB, tickets, company } = await inbox();
    await database.db.insert(messages).values({ companyId: company.id, ticketId: tickets.p1.id, chatContactId: tickets.p1.contactId, body: "segredo", providerId: "s1" });
    expect(await list(asB, "searchParam=segredo")).toEqual([]);
    expect(await list(asB, "searchParam=Pendente")).toEqual(["p2"]);
  });

  it("filters by tags (any of them), users (admins only), unread, group, creation and update day", async () => {
    const { list, asAdmin, asA, tickets, company, agentB } = await inbox();
    const [red, blue] = await database.db
      .insert(tags)
      .values([
        { companyId: company.id, name: "Vermelha", color: "#ff0000" },
        { companyId: company.id, name: "Azul", color: "#0000ff" },
      ])
      .returning();
    await database.db.insert(ticketTags).values([
      { companyId: company.id, ticketId: tickets.p1.id, tagId: red!.id },
      { companyId: company.id, ticketId: tickets.p2.id, tagId: blue!.id },
      { companyId: company.id, ticketId: tickets.o1.id, tagId: red!.id },
      { companyId: company.id, ticketId: tickets.o1.id, tagId: blue!.id },
    ]);
    expect(await list(asAdmin, `tags=[${red!.id}]`)).toEqual(["p1", "o1"]);
    expect(await list(asAdmin, `tags=${red!.id},${blue!.id}`)).toEqual(["p1", "p2", "o1"]);
    expect(await list(asAdmin, `users=[${agentB.id}]`)).toEqual(["o2", "c2"]);
    // An agent's users filter is ignored (the user filter is for admins).
    expect(await list(asA, `status=open&users=[${agentB.id}]`)).toEqual(["o1"]);

    await database.db.update(table).set({ unreadMessages: 3, isGroup: true }).where(eq(table.id, tickets.p2.id));
    await database.db.update(table).set({ createdAt: new Date("2024-03-10T12:00:00Z") }).where(eq(table.id, tickets.c2.id));
    await database.db.update(table).set({ updatedAt: new Date("2024-03-11T23:59:00Z") }).where(eq(table.id, tickets.c1.id));
    expect(await list(asAdmin, "withUnreadMessages=true")).toEqual(["p2"]);
    expect(await list(asAdmin, "isGroup=true")).toEqual(["p2"]);
    expect(await list(asAdmin, "date=2024-03-10")).toEqual(["c2"]);
    expect(await list(asAdmin, "updatedAt=2024-03-11")).toEqual(["c1"]);
    expect(await list(asAdmin, "updatedAt=2024-03-12")).toEqual([]);
  });

  it("pages newest activity first with count and hasMore", async () => {
    const t = await ticketsCompany(app, database.db);
    const total = PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      const contact = await makeContact(database.db, t.company.id, { name: `Fila ${i}` });
      await makeTicket(database.db, {
        companyId: t.company.id,
        whatsappId: t.connection.id,
        contactId: contact.id,
        status: "pending",
        queueId: t.queueA.id,
        updatedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
    }
    const first = (await app.inject({ method: "GET", url: "/tickets?status=pending", headers: t.asA })).json<TicketPage>();
    expect(first).toMatchObject({ count: total, hasMore: true });
    expect(first.tickets).toHaveLength(PAGE_SIZE);
    expect(first.tickets[0]!.contact.name).toBe(`Fila ${total - 1}`);
    const second = (await app.inject({ method: "GET", url: "/tickets?status=pending&pageNumber=2", headers: t.asA })).json<TicketPage>();
    expect(second.hasMore).toBe(false);
    expect(second.tickets.map((x) => x.contact.name)).toEqual(["Fila 2", "Fila 1", "Fila 0"]);
    // Agent B sees none of them.
    expect((await app.inject({ method: "GET", url: "/tickets?status=pending", headers: t.asB })).json<TicketPage>().count).toBe(0);
  });

  it("refuses malformed filters with 400", async () => {
    const { asA } = await inbox();
    for (const q of ["status=nope", "date=2024-13-45", "queueIds=abc", "tags=[1,", "showAll=maybe"]) {
      const res = await app.inject({ method: "GET", url: `/tickets?${q}`, headers: asA });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });

  it("counts and pages a search over message text", async () => {
    const t = await ticketsCompany(app, database.db);
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      const contact = await makeContact(database.db, t.company.id, { name: `Pessoa ${i}` });
      const ticket = await makeTicket(database.db, { companyId: t.company.id, whatsappId: t.connection.id, contactId: contact.id, status: "closed", queueId: t.queueA.id });
      await database.db.insert(messages).values({ companyId: t.company.id, ticketId: ticket.id, chatContactId: contact.id, body: `pedido número ${i}`, providerId: `p${i}` });
    }
    const page = async (n: number) => (await app.inject({ method: "GET", url: `/tickets?searchParam=pedido&pageNumber=${n}`, headers: t.asA })).json<TicketPage>();
    expect(await page(1)).toMatchObject({ count: PAGE_SIZE + 2, hasMore: true });
    const second = await page(2);
    expect([second.count, second.hasMore, second.tickets.length]).toEqual([PAGE_SIZE + 2, false, 2]);
    const beyond = await page(3);
    expect([beyond.count, beyond.tickets.length]).toEqual([PAGE_SIZE + 2, 0]);
    expect((await app.inject({ method: "GET", url: "/tickets?searchParam=pedido", headers: t.asB })).json<TicketPage>().count).toBe(0);
  });
});
