import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { SimulatorMessageView, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente Roteado", number: "5511977001122" };

/** What the simulated customer has received so far (the connection's messages to them). */
async function customerInbox(page: Page, connectionId: number): Promise<string[]> {
  const res = await apiFromPage<SimulatorMessageView[]>(page, "GET", `/simulator/${connectionId}/chats/${CUSTOMER.number}/messages`);
  return res.data.filter((m) => m.direction === "out").map((m) => m.body);
}

const ticketCard = (page: Page) => page.locator('[data-testid^="ticket-item-"]', { hasText: CUSTOMER.name });

describe("tickets", () => {
  it("routes a customer through the bot menu to the chosen queue's agent, who accepts and transfers; the other agent resolves and the rating is kept", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(admin.page, method, path, body);

    // A connection with two queues, rating on, and one agent per queue.
    const newQueue = async (name: string, color: string, orderQueue: number) => {
      const res = await api<{ id: number }>("POST", "/queue", { name, color, orderQueue });
      expect(res.status, JSON.stringify(res.data)).toBe(201);
      return res.data;
    };
    // The menu lists queues by their order: 1 sales, 2 support.
    const sales = await newQueue("Vendas Bot", "#6a1b9a", 1);
    const support = await newQueue("Suporte Bot", "#ef6c00", 2);
    const created = await api<WhatsAppView>("POST", "/whatsapp", {
      name: "Loja Bot",
      provider: "simulator",
      queueIds: [sales.id, support.id],
      greetingMessage: "Olá {{firstName}}! Escolha uma opção:",
      ratingMessage: "Como foi o atendimento? Responda de 1 a 5.",
      complationMessage: "Obrigado pelo contato!",
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const connection = created.data;
    expect((await api("POST", `/simulator/${connection.id}/scan`, { qrcode: connection.qrcode })).status).toBe(204);
    await expect.poll(async () => (await api<WhatsAppView>("GET", `/whatsapp/${connection.id}`)).data.status, { timeout: 10_000 }).toBe("CONNECTED");
    expect((await api("PUT", "/settings/userRating", { value: "enabled" })).status).toBe(200);
    const agents = {
      sales: { name: "Vitor Vendas", email: "vitor@demo.test", password: "vitor-123" },
      support: { name: "Sara Suporte", email: "sara@demo.test", password: "sara-123" },
    };
    expect((await api("POST", "/users", { ...agents.sales, profile: "user", queueIds: [sales.id] })).status).toBe(201);
    expect((await api("POST", "/users", { ...agents.support, profile: "user", queueIds: [support.id] })).status).toBe(201);

    const sara = await newPage(browser);
    await signIn(sara.page, agents.support);
    await sara.page.getByTestId("tickets-tab-pending").click();
    const vitor = await newPage(browser);
    await signIn(vitor.page, agents.sales);
    await vitor.page.getByTestId("tickets-tab-pending").click();

    // The customer writes and gets the greeting with the numbered menu.
    expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
    expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`, { type: "text", body: "Oi, preciso de ajuda" })).status).toBe(201);
    await expect.poll(async () => (await customerInbox(admin.page, connection.id)).join("\n"), { timeout: 15_000 }).toMatch(/^Olá Cliente! Escolha uma opção:[\s\S]*1\W+Vendas Bot[\s\S]*2\W+Suporte Bot/);

    // The customer answers 2 in the simulator: the ticket shows up live for the support agent only.
    await admin.page.goto(`/simulator?whatsappId=${connection.id}`);
    await admin.page.getByTestId(`simulator-customer-${CUSTOMER.number}`).click();
    await admin.page.getByTestId("simulator-chat-title").getByText(CUSTOMER.name).waitFor();
    await admin.page.getByTestId("simulator-input").locator("input").fill("2");
    await admin.page.getByTestId("simulator-send").click();

    await ticketCard(sara.page).waitFor({ timeout: 15_000 });
    const ticketId = Number((await ticketCard(sara.page).getAttribute("data-testid"))!.replace("ticket-item-", ""));
    expect(await ticketCard(sara.page).getAttribute("data-status")).toBe("pending");
    expect(await ticketCard(sara.page).getByTestId("ticket-queue").innerText()).toContain("Suporte Bot");
    expect(await ticketCard(vitor.page).count()).toBe(0);
    // Not even through the API with a wider filter.
    const peek = await apiFromPage<{ tickets: TicketView[] }>(vitor.page, "GET", `/tickets?status=pending&showAll=true&queueIds=[${support.id}]`);
    expect(peek.data.tickets.map((t) => t.id)).not.toContain(ticketId);

    // The support agent accepts: the ticket moves to their assigned tab.
    await sara.page.getByTestId(`ticket-accept-${ticketId}`).click();
    await sara.page.getByTestId("tickets-tab-assigned").click();
    await expect.poll(() => ticketCard(sara.page).getAttribute("data-status"), { timeout: 10_000 }).toBe("open");

    // Transfer to sales: it leaves the support agent's lists and arrives pending for the sales agent.
    await sara.page.getByTestId(`ticket-transfer-${ticketId}`).click();
    await sara.page.getByTestId("transfer-dialog").waitFor();
    await sara.page.getByTestId("transfer-queue").click();
    await sara.page.getByTestId(`transfer-queue-option-${sales.id}`).click();
    await sara.page.getByTestId("transfer-submit").click();
    await expect.poll(() => ticketCard(sara.page).count(), { timeout: 10_000 }).toBe(0);
    await ticketCard(vitor.page).waitFor({ timeout: 10_000 });
    expect(await ticketCard(vitor.page).getAttribute("data-status")).toBe("pending");

    // The sales agent accepts and resolves: the customer is asked for a rating and answers 5.
    await vitor.page.getByTestId(`ticket-accept-${ticketId}`).click();
    await vitor.page.getByTestId("tickets-tab-assigned").click();
    await expect.poll(() => ticketCard(vitor.page).getAttribute("data-status"), { timeout: 10_000 }).toBe("open");
    await vitor.page.getByTestId(`ticket-close-${ticketId}`).click();
    await expect.poll(async () => (await customerInbox(admin.page, connection.id)).at(-1), { timeout: 15_000 }).toBe("Como foi o atendimento? Responda de 1 a 5.");
    expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`, { type: "text", body: "5" })).status).toBe(201);
    await expect.poll(async () => (await api<TicketView>("GET", `/tickets/${ticketId}`)).data.status, { timeout: 15_000 }).toBe("closed");
    const closed = (await api<TicketView>("GET", `/tickets/${ticketId}`)).data;
    expect(closed.rating).toBe(5);
    expect(closed.user?.name).toBe(agents.sales.name);
    await expect.poll(async () => (await customerInbox(admin.page, connection.id)).at(-1), { timeout: 15_000 }).toBe("Obrigado pelo contato!");
    // It left the sales agent's open list (the list may have followed the closed ticket to its tab: look at "open").
    await vitor.page.getByTestId("tickets-tab-open").click();
    await vitor.page.getByTestId("tickets-tab-assigned").click();
    await expect.poll(() => ticketCard(vitor.page).count(), { timeout: 10_000 }).toBe(0);

    // Other tests share this server: the rating setting goes back to its default.
    expect((await api("PUT", "/settings/userRating", { value: "disabled" })).status).toBe(200);
    await admin.context.close();
    await sara.context.close();
    await vitor.context.close();
  });
});
