import { and, eq } from "drizzle-orm";
import { canonicalNumber } from "@atendo/shared";
import type { Tx } from "../db/client.js";
import { contacts, messages, queues, simulatorMessages, tickets, userQueues, users, whatsappQueues, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { newSimulatorMessageId } from "../whatsapp/simulator/simulator-store.js";
import { menuText } from "../tickets/flow/flow-rules.js";
import { DEMO_CONNECTION_NAME, DEMO_CUSTOMERS } from "./seed-demo-connection.js";

export const DEMO_GREETING = "Olá! Seja bem-vindo à Empresa Demo. Com qual setor você quer falar?";
export const DEMO_QUEUES = [
  { name: "Vendas", color: "#2e7d32", greetingMessage: "Você está no setor de Vendas. Um atendente já vai falar com você!" },
  { name: "Suporte", color: "#1565c0", greetingMessage: "Você está no Suporte. Conte-nos o que aconteceu." },
] as const;

type Line = { from: "customer" | "agent" | "bot"; body: string; minutesAgo: number };

interface Conversation {
  customer: { name: string; number: string };
  status: "pending" | "open" | "closed";
  queue: number | null;
  assigned: boolean;
  menu?: boolean;
  lines: Line[];
}

/**
 * The demo company's first inbox (issue 4, "Demo"): two queues on the demo simulator connection (when it has none),
 * the agent in the first one, and four conversations with the simulator's demo customers, stored both as simulator messages (so
 * the simulator page shows them) and as contacts, tickets and messages: one pending in a queue, one open with the demo
 * agent, one closed, one waiting in the bot's menu. Runs inside the first seed's transaction; does nothing when the
 * company already has tickets or no demo connection.
 */
export async function seedDemoTickets(tx: Tx, companyId: number, now = new Date()): Promise<void> {
  const [connection] = await tx.select().from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.name, DEMO_CONNECTION_NAME)));
  if (!connection) return;
  if ((await tx.select({ id: tickets.id }).from(tickets).where(inCompany(tickets, companyId)).limit(1)).length > 0) return;

  let queueRows = await tx
    .select({ id: queues.id, name: queues.name })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(inCompany(whatsappQueues, companyId, eq(whatsappQueues.whatsappId, connection.id)))
    .orderBy(queues.orderQueue, queues.id);
  if (queueRows.length === 0) {
    queueRows = await tx
      .insert(queues)
      .values(DEMO_QUEUES.map((q, i) => ({ companyId, ...q, orderQueue: i + 1 })))
      .returning({ id: queues.id, name: queues.name });
    await tx.insert(whatsappQueues).values(queueRows.map((q) => ({ companyId, whatsappId: connection.id, queueId: q.id })));
  }
  const greeting = connection.greetingMessage.trim() || DEMO_GREETING;
  if (!connection.greetingMessage.trim()) await tx.update(whatsapps).set({ greetingMessage: greeting }).where(eq(whatsapps.id, connection.id));

  const [agent] = await tx.select({ id: users.id }).from(users).where(inCompany(users, companyId, eq(users.profile, "user"))).orderBy(users.id).limit(1);
  const first = queueRows[0]!;
  const second = queueRows[1] ?? first;
  if (agent) await tx.insert(userQueues).values({ companyId, userId: agent.id, queueId: first.id }).onConflictDoNothing();

  const [carla, diego, elaine] = DEMO_CUSTOMERS;

  const conversations: Conversation[] = [
    {
      customer: carla,
      status: "pending",
      queue: first.id,
      assigned: false,
      lines: [
        { from: "customer", body: "Oi, boa tarde!", minutesAgo: 14 },
        { from: "customer", body: "Queria saber o preço do plano anual.", minutesAgo: 13 },
      ],
    },
    {
      customer: diego,
      status: "open",
      queue: first.id,
      assigned: true,
      lines: [
        { from: "customer", body: "Olá, meu pedido ainda não chegou.", minutesAgo: 42 },
        { from: "agent", body: "Oi Diego! Vou verificar para você, um instante.", minutesAgo: 40 },
        { from: "customer", body: "Obrigado, fico no aguardo.", minutesAgo: 6 },
      ],
    },
    {
      customer: elaine,
      status: "closed",
      queue: second.id,
      assigned: true,
      lines: [
        { from: "customer", body: "Não consigo acessar minha conta.", minutesAgo: 60 * 26 },
        { from: "agent", body: "Enviei um link para redefinir a senha no seu e-mail.", minutesAgo: 60 * 26 - 5 },
        { from: "customer", body: "Deu certo, obrigada!", minutesAgo: 60 * 25 },
      ],
    },
    // Elaine writes again a day later: a new ticket, waiting in the bot's menu.
    {
      customer: elaine,
      status: "pending",
      queue: null,
      assigned: false,
      menu: true,
      lines: [
        { from: "customer", body: "Olá", minutesAgo: 2 },
        { from: "bot", body: menuText(greeting, queueRows), minutesAgo: 2 },
      ],
    },
  ];

  for (const c of conversations) {
    const at = (line: Line) => new Date(now.getTime() - line.minutesAgo * 60_000);
    const canonical = canonicalNumber(c.customer.number);
    const [existing] = await tx.select().from(contacts).where(inCompany(contacts, companyId, eq(contacts.canonicalNumber, canonical)));
    const contact =
      existing ??
      (await tx
        .insert(contacts)
        .values({ companyId, name: c.customer.name, number: c.customer.number, canonicalNumber: canonical, whatsappId: connection.id })
        .returning())[0]!;
    const last = c.lines.at(-1)!;
    const lastCustomer = c.lines.filter((l) => l.from === "customer").at(-1);
    const firstAgent = c.lines.find((l) => l.from === "agent");
    const unread = c.status === "closed" ? 0 : c.lines.length - 1 - c.lines.findLastIndex((l) => l.from !== "customer");
    const [ticket] = await tx
      .insert(tickets)
      .values({
        companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        userId: c.assigned && agent ? agent.id : null,
        queueId: c.queue,
        status: c.status,
        lastMessage: last.body,
        lastMessageAt: at(last),
        unreadMessages: Math.max(0, unread),
        lastCustomerMessageAt: lastCustomer ? at(lastCustomer) : null,
        flowStep: c.menu ? "menu" : null,
        flowStartedAt: c.menu ? at(last) : null,
        // Accepted when the agent first wrote (the dashboard's waiting time).
        acceptedAt: c.assigned && firstAgent ? at(firstAgent) : null,
        closedAt: c.status === "closed" ? at(last) : null,
        createdAt: at(c.lines[0]!),
        updatedAt: at(last),
      })
      .returning({ id: tickets.id });
    let handled: number | null = null;
    for (const line of c.lines) {
      const inbound = line.from === "customer";
      const providerId = newSimulatorMessageId(inbound ? "in" : "out");
      await tx.insert(simulatorMessages).values({
        companyId,
        whatsappId: connection.id,
        chat: c.customer.number,
        messageId: providerId,
        direction: inbound ? "in" : "out",
        body: line.body,
        ack: inbound ? 0 : 3,
        createdAt: at(line),
      });
      const [message] = await tx
        .insert(messages)
        .values({
          companyId,
          ticketId: ticket!.id,
          whatsappId: connection.id,
          chatContactId: contact.id,
          contactId: inbound ? contact.id : null,
          userId: line.from === "agent" && agent ? agent.id : null,
          providerId,
          body: line.body,
          fromMe: !inbound,
          read: !inbound || c.status === "closed",
          ack: inbound ? 0 : 3,
          sendStatus: inbound ? "received" : "sent",
          automatic: line.from === "bot",
          queueId: c.queue,
          createdAt: at(line),
          updatedAt: at(line),
        })
        .returning({ id: messages.id });
      if (inbound) handled = message!.id;
    }
    // The bot has answered the customer's last message: the next one is theirs to handle.
    if (c.menu && handled) await tx.update(tickets).set({ flowHandledMessageId: handled }).where(and(eq(tickets.id, ticket!.id), eq(tickets.companyId, companyId)));
  }
}
