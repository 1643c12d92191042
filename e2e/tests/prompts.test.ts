import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { SimulatorMessageView, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";
import { field } from "../platform.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente IA", number: "5511977005599" };
const INSTRUCTIONS = "Você é a assistente virtual da Loja Demo. Responda com cordialidade, em português, em no máximo duas frases.";

/** What the simulated customer has received so far (the connection's messages to them). */
async function customerInbox(page: Page, connectionId: number): Promise<string[]> {
  const res = await apiFromPage<SimulatorMessageView[]>(page, "GET", `/simulator/${connectionId}/chats/${CUSTOMER.number}/messages`);
  return res.data.filter((m) => m.direction === "out").map((m) => m.body);
}

describe("AI prompts", () => {
  it("a queue with a prompt answers a simulator customer through OpenAI (a local fake), and an agent accepting the ticket stops the AI", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(admin.page, method, path, body);

    // A queue, and a prompt for it added on the Prompts page.
    const queue = await api<{ id: number }>("POST", "/queue", { name: "Atendimento IA", color: "#5e35b1" });
    expect(queue.status, JSON.stringify(queue.data)).toBe(201);
    await admin.page.goto("/prompts");
    await admin.page.getByTestId("prompts-banner").waitFor();
    await admin.page.getByTestId("prompts-add").click();
    await admin.page.getByTestId("prompt-dialog").waitFor();
    await field(admin.page, "prompt-name").fill("Assistente da loja");
    await field(admin.page, "prompt-api-key").fill("sk-e2e-prompt-key-0001");
    await admin.page.getByTestId("prompt-text").locator("textarea").first().fill(INSTRUCTIONS);
    await admin.page.getByTestId("prompt-queue").locator('[role="combobox"]').click();
    await admin.page.getByTestId(`prompt-queue-option-${queue.data.id}`).click();
    await admin.page.getByTestId("prompt-save").click();
    await admin.page.getByText("Prompt salvo com sucesso!").first().waitFor();
    const row = admin.page.locator('tr[data-testid^="prompt-row-"]', { hasText: "Assistente da loja" });
    await row.waitFor();
    expect(await row.getByTestId("prompt-row-queue").innerText()).toBe("Atendimento IA");
    // The key never comes back to the browser.
    const listed = await api<{ prompts: unknown[] }>("GET", "/prompt");
    expect(JSON.stringify(listed.data)).not.toContain("sk-e2e-prompt-key-0001");

    // The demo connection leads to that queue only (put back at the end: the tests share the server).
    const connection = (await api<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection?.status).toBe("CONNECTED");
    const previousQueueIds = connection.queues.map((q) => q.id);
    expect((await api("PUT", `/whatsapp/${connection.id}`, { queueIds: [queue.data.id] })).status).toBe(200);
    try {
      // The customer writes in the simulator; the AI answers in the queue.
      expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
      await admin.page.goto(`/simulator?whatsappId=${connection.id}`);
      await admin.page.getByTestId(`simulator-customer-${CUSTOMER.number}`).click();
      await admin.page.getByTestId("simulator-chat-title").getByText(CUSTOMER.name).waitFor();
      await field(admin.page, "simulator-input").fill("Qual o horário de vocês?");
      await admin.page.getByTestId("simulator-send").click();
      await admin.page.getByText("Resposta da IA: Qual o horário de vocês?").first().waitFor({ timeout: 20_000 });
      expect(await customerInbox(admin.page, connection.id)).toContain("Resposta da IA: Qual o horário de vocês?");

      // The agent sees the AI's answer in the conversation and accepts the ticket.
      let ticket: TicketView | undefined;
      await expect
        .poll(async () => {
          const page = await api<TicketPage>("GET", "/tickets?status=pending&showAll=true");
          ticket = page.data.tickets.find((t) => t.contact.number === CUSTOMER.number);
          return ticket?.queueId;
        }, { timeout: 15_000 })
        .toBe(queue.data.id);
      await admin.page.goto(`/tickets/${ticket!.uuid}`);
      await admin.page.getByTestId("messages-list").getByText("Resposta da IA: Qual o horário de vocês?").waitFor({ timeout: 15_000 });
      // The demo admin is in no queue: "show all" lists the queue's pending tickets.
      await admin.page.getByTestId("tickets-show-all").check();
      await admin.page.getByTestId("tickets-tab-pending").click();
      await admin.page.getByTestId(`ticket-accept-${ticket!.id}`).click();
      await expect.poll(async () => (await api<TicketView>("GET", `/tickets/${ticket!.id}`)).data.status, { timeout: 10_000 }).toBe("open");

      // The customer writes again: the agent has it, and the AI says nothing more.
      expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`, { type: "text", body: "Ainda está aí?" })).status).toBe(201);
      await admin.page.getByTestId("messages-list").getByText("Ainda está aí?").waitFor({ timeout: 15_000 });
      // Time for a turn the runtime would have queued with the message (it runs within a second or two).
      await admin.page.waitForTimeout(3_000);
      const inbox = await customerInbox(admin.page, connection.id);
      expect(inbox.filter((body) => body.startsWith("Resposta da IA"))).toEqual(["Resposta da IA: Qual o horário de vocês?"]);
      expect(await admin.page.getByTestId("messages-list").getByText("Resposta da IA: Ainda está aí?").count()).toBe(0);

      expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "closed" })).status).toBe(200);
    } finally {
      expect((await api("PUT", `/whatsapp/${connection.id}`, { queueIds: previousQueueIds })).status).toBe(200);
      await admin.context.close();
    }
  });
});
