import { eq } from "drizzle-orm";
import type { SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, queues, tickets, userQueues } from "../db/schema.js";
import type { TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";

/**
 * Tests only: a company with a connected simulator connection, a customer, a queue with the agent in it, and an open
 * ticket of the agent; `say` sends as the agent (and waits until sent), `received` is what the customer got.
 */
export async function conversationFixture(app: TestApp, database: Database, customer = "5511990004444") {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Conversa", provider: "simulator" } })).json<WhatsAppView>();
  const simulator = (method: "GET" | "POST", path: string, payload?: object) =>
    app.inject({ method, url: `/simulator/${connection.id}${path}`, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
  await simulator("POST", "/scan", { qrcode: connection.qrcode });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  await simulator("POST", "/contacts", { name: "Cliente", number: customer });
  const [queue] = await database.db.insert(queues).values({ companyId: ctx.company.id, name: "Fila", color: "#303030" }).returning();
  await database.db.insert(userQueues).values({ companyId: ctx.company.id, userId: ctx.agent.id, queueId: queue!.id });
  const [contact] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Cliente", number: customer, canonicalNumber: customer }).returning();
  const [ticket] = await database.db
    .insert(tickets)
    .values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, queueId: queue!.id, userId: ctx.agent.id, status: "open" })
    .returning();
  const row = async (id: number) => (await database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
  const say = async (body: string, headers = ctx.asAgent) => {
    const res = await app.inject({ method: "POST", url: `/messages/${ticket!.id}`, headers, payload: { body } });
    const id = res.json<{ ids: number[] }>().ids[0]!;
    await eventually(async () => (await row(id)).sendStatus === "sent", 10_000);
    return row(id);
  };
  const received = async (chat = customer) => (await simulator("GET", `/chats/${chat}/messages`)).json<SimulatorMessageView[]>().filter((m) => m.direction === "out");
  return { ...ctx, connection, simulator, queue: queue!, contact: contact!, ticket: ticket!, row, say, received };
}
