import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { displayNumber, type KanbanTicketsPage, type TagView, type TicketPage, type TicketView, type WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente Kanban", number: "5511977008811" };
const laneOfCard = (page: Page, ticketId: number) =>
  page.getByTestId(`kanban-card-${ticketId}`).evaluate((card) => card.closest("[data-testid^='kanban-lane-']")?.getAttribute("data-testid") ?? null);

describe("kanban", () => {
  it("a card dragged from 'Em aberto' to a tag lane carries that tag, and another user's open board shows the move", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(admin.page, method, path, body);

    // A kanban lane, and a second admin who watches the board from another browser.
    const tag = await api<TagView>("POST", "/tags", { name: "Kanban Proposta", color: "#6a1b9a", kanban: true });
    expect(tag.status, JSON.stringify(tag.data)).toBe(201);
    const watcher = { name: "Walter Kanban", email: "walter.kanban@demo.test", password: "walter-123" };
    const created = await api("POST", "/users", { ...watcher, profile: "admin" });
    expect(created.status, JSON.stringify(created.data)).toBe(201);

    // A customer writes on the demo connection: a pending ticket without a kanban tag.
    const connection = (await api<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection?.status).toBe("CONNECTED");
    expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
    expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`, { type: "text", body: "Quero uma proposta" })).status).toBe(201);
    let ticket: TicketView | undefined;
    await expect
      .poll(async () => {
        ticket = (await api<KanbanTicketsPage>("GET", "/ticket/kanban")).data.tickets.find((t) => t.contact.number === CUSTOMER.number);
        return Boolean(ticket);
      }, { timeout: 15_000 })
      .toBe(true);
    const ticketId = ticket!.id;

    const other = await newPage(browser);
    await signIn(other.page, watcher);
    await other.page.goto("/kanban");
    await other.page.getByTestId(`kanban-card-${ticketId}`).waitFor({ timeout: 15_000 });
    expect(await laneOfCard(other.page, ticketId)).toBe("kanban-lane-open");

    await admin.page.goto("/kanban");
    const card = admin.page.getByTestId(`kanban-card-${ticketId}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await laneOfCard(admin.page, ticketId)).toBe("kanban-lane-open");
    expect(await card.getByTestId("kanban-card-name").innerText()).toBe(CUSTOMER.name);
    // The last message of the conversation (the bot's greeting here).
    const last = (await api<TicketView>("GET", `/tickets/${ticketId}`)).data.lastMessage;
    expect(last).not.toBe("");
    const shown = async () => (await card.getByTestId("kanban-card-last-message").innerText()).replace(/\s+/g, " ").trim();
    await expect.poll(shown).toBe(last.replace(/\s+/g, " ").trim());
    expect(await card.getByTestId("kanban-card-number").innerText()).toBe(displayNumber(CUSTOMER.number));

    // Keyboard drag (dnd-kit's keyboard sensor): focus the handle, Space, one ArrowRight a lane, Space.
    const lanes = await admin.page.evaluate(() =>
      [...document.querySelectorAll("[data-testid]")].map((el) => el.getAttribute("data-testid")!).filter((id) => /^kanban-lane-(open|\d+)$/.test(id)),
    );
    const steps = lanes.indexOf(`kanban-lane-${tag.data.id}`);
    expect(steps).toBeGreaterThan(0);
    await admin.page.getByTestId(`kanban-card-handle-${ticketId}`).focus();
    await admin.page.keyboard.press("Space");
    // Lifted: the sensor listens for arrows from the next tick on.
    await admin.page.getByTestId("kanban-lane-open").and(admin.page.locator("[data-over='true']")).waitFor();
    // One lane a press; each press waits until the card is over the next lane.
    for (let i = 1; i <= steps; i++) {
      await admin.page.keyboard.press("ArrowRight");
      await admin.page.getByTestId(lanes[i]!).and(admin.page.locator("[data-over='true']")).waitFor();
    }
    await admin.page.keyboard.press("Space");

    await admin.page.getByText("Ticket Tag Adicionado com Sucesso!").first().waitFor({ timeout: 10_000 });
    await expect.poll(() => laneOfCard(admin.page, ticketId), { timeout: 10_000 }).toBe(`kanban-lane-${tag.data.id}`);
    const tagged = (await api<TicketView>("GET", `/tickets/${ticketId}`)).data;
    expect(tagged.tags.map((t) => t.id)).toContain(tag.data.id);

    // The other user's board moved without a reload.
    await expect.poll(() => laneOfCard(other.page, ticketId), { timeout: 10_000 }).toBe(`kanban-lane-${tag.data.id}`);

    // 'Ver Ticket' opens the conversation.
    await card.getByTestId(`kanban-card-open-${ticketId}`).click();
    await admin.page.waitForURL(`**/tickets/${ticket!.uuid}`);

    // Other tests share this server: the ticket is closed and the lane removed.
    expect((await api("PUT", `/tickets/${ticketId}`, { status: "closed" })).status).toBe(200);
    expect((await api("DELETE", `/tags/${tag.data.id}`, {})).status).toBe(204);
    const pending = (await api<TicketPage>("GET", "/tickets?status=pending&showAll=true")).data.tickets;
    expect(pending.some((t) => t.id === ticketId)).toBe(false);
    await admin.context.close();
    await other.context.close();
  });
});
