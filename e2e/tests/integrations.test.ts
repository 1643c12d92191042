import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { QueueIntegrationListView, SimulatorMessageView, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";
import { startFakeTypebot, type FakeTypebot } from "../../apps/server/src/test/fakes/typebot.js";

let browser: Browser;
let typebot: FakeTypebot;
beforeAll(async () => {
  browser = await launchBrowser();
  // A Typebot of our own on 127.0.0.1: the e2e server allows it (OUTBOUND_ALLOW_HOSTS in e2e/global-setup.ts).
  typebot = await startFakeTypebot({
    publicId: "atendimento-e2e",
    start: "welcome",
    steps: {
      welcome: {
        bubbles: [{ type: "text", text: "Olá! Sou o bot da loja." }],
        input: { type: "choice", items: [{ label: "Pedidos", next: "orders" }, { label: "Trocas", next: "returns" }] },
      },
      orders: { bubbles: [{ type: "text", text: "Informe o número do seu pedido." }], input: { type: "text", next: "done" } },
      returns: { bubbles: [{ type: "text", text: "Para trocas, envie uma foto do produto." }], input: { type: "text", next: "done" } },
      done: { bubbles: [{ type: "text", text: "Obrigado!" }] },
    },
  });
});
afterAll(async () => {
  await browser.close();
  await typebot.close();
});

const CUSTOMER = { name: "Cliente Typebot", number: "5511977003355" };

async function customerInbox(page: Page, connectionId: number): Promise<string[]> {
  const res = await apiFromPage<SimulatorMessageView[]>(page, "GET", `/simulator/${connectionId}/chats/${CUSTOMER.number}/messages`);
  return res.data.filter((m) => m.direction === "out").map((m) => m.body);
}

describe("queue integrations", () => {
  it("a queue with a Typebot greets with a two-choice menu, the customer picks, and the finish keyword hands the ticket to a human", { timeout: 150_000 }, async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const { page } = admin;
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);

    // The integration, added on the Integrations page.
    await page.goto("/queue-integration");
    await page.getByTestId("queue-integrations-add").click();
    await page.getByTestId("queue-integration-dialog").waitFor();
    await page.getByTestId("queue-integration-type").locator('[role="combobox"]').click();
    await page.getByTestId("queue-integration-type-typebot").click();
    await page.getByTestId("queue-integration-name").locator("input").fill("Typebot da Loja");
    await page.getByTestId("queue-integration-urlN8N").locator("input").fill(typebot.url);
    await page.getByTestId("queue-integration-typebotSlug").locator("input").fill("atendimento-e2e");
    await page.getByTestId("queue-integration-typebotDelayMessage").locator("input").fill("0");
    await page.getByTestId("queue-integration-typebotKeywordFinish").locator("input").fill("#sair");
    await page.getByTestId("queue-integration-save").click();
    const card = page.locator('[data-testid^="queue-integration-card-"]', { hasText: "Typebot da Loja" });
    await card.waitFor({ timeout: 10_000 });
    await card.getByTestId("integration-icon-typebot").waitFor();
    const integration = (await api<QueueIntegrationListView>("GET", "/queueIntegration?searchParam=typebot da loja")).data.queueIntegrations[0]!;
    expect(integration).toMatchObject({ type: "typebot", typebotSlug: "atendimento-e2e", typebotKeywordFinish: "#sair" });

    // A queue held by it, the only queue of the demo connection for this test (restored at the end).
    const queue = await api<{ id: number }>("POST", "/queue", { name: "Loja Typebot", color: "#00897b", integrationId: integration.id });
    expect(queue.status, JSON.stringify(queue.data)).toBe(201);
    const connection = (await api<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection.status).toBe("CONNECTED");
    const previousQueueIds = connection.queues.map((q) => q.id);
    const previousGreeting = connection.greetingMessage;
    expect((await api("PUT", `/whatsapp/${connection.id}`, { queueIds: [queue.data.id] })).status).toBe(200);
    try {
      // The queue page shows the queue's integration.
      await page.goto("/queues");
      await page.getByTestId(`queue-card-${queue.data.id}`).getByTestId("queue-info-integration").getByText("Typebot da Loja").waitFor({ timeout: 10_000 });

      // The customer writes in the simulator: the Typebot greets with its two-choice menu.
      expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
      await page.goto(`/simulator?whatsappId=${connection.id}`);
      await page.getByTestId(`simulator-customer-${CUSTOMER.number}`).click();
      await page.getByTestId("simulator-chat-title").getByText(CUSTOMER.name).waitFor();
      const say = async (text: string) => {
        await page.getByTestId("simulator-input").locator("input").fill(text);
        await page.getByTestId("simulator-send").click();
      };
      await say("Oi");
      await expect.poll(async () => (await customerInbox(page, connection.id)).join("\n"), { timeout: 20_000 }).toBe("Olá! Sou o bot da loja.\n1 - Pedidos\n2 - Trocas");
      await page.getByText("1 - Pedidos").first().waitFor();

      // The customer picks 2: the next bubble.
      await say("2");
      await expect.poll(async () => (await customerInbox(page, connection.id)).at(-1), { timeout: 20_000 }).toBe("Para trocas, envie uma foto do produto.");
      await page.getByText("Para trocas, envie uma foto do produto.").waitFor();
      const tickets = (await api<{ tickets: TicketView[] }>("GET", "/tickets?status=pending&showAll=true")).data.tickets;
      const ticket = tickets.find((t) => t.contact?.number === CUSTOMER.number)!;
      expect(ticket).toMatchObject({ queueId: queue.data.id, useIntegration: true, integrationId: integration.id, status: "pending" });

      // The finish keyword: the bot lets go and the ticket waits pending in its queue for a human, with a note.
      await say("#sair");
      await expect.poll(async () => (await api<TicketView>("GET", `/tickets/${ticket.id}`)).data.useIntegration, { timeout: 20_000 }).toBe(false);
      expect((await api<TicketView>("GET", `/tickets/${ticket.id}`)).data).toMatchObject({ status: "pending", queueId: queue.data.id, userId: null });
      const notes = await api<{ note: string }[]>("GET", `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`);
      expect(JSON.stringify(notes.data)).toContain("Typebot");

      // The agent's conversation shows the bot's messages.
      await page.goto(`/tickets/${ticket.uuid}`);
      await page.getByText("Para trocas, envie uma foto do produto.").first().waitFor({ timeout: 15_000 });
      await page.getByText("1 - Pedidos").first().waitFor();
    } finally {
      expect((await api("PUT", `/whatsapp/${connection.id}`, { queueIds: previousQueueIds, greetingMessage: previousGreeting })).status).toBe(200);
      await admin.context.close();
    }
  });
});
