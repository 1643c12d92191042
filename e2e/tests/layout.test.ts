import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { SessionUser, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, baseUrl, DEMO, launchBrowser, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const HEIGHT = 768;

/** A small laptop screen: 1024 × 768. */
async function laptop() {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1024, height: HEIGHT }, locale: "pt-BR", colorScheme: "light" });
  return { context, page: await context.newPage() };
}

/** Whether the input's placeholder fits in its text box (measured with the input's own font). */
function placeholderFits(page: Page, testId: string): Promise<{ text: number; box: number }> {
  return page.getByTestId(testId).locator("input").evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, box };
  });
}

describe("layout on a 1024 × 768 screen", () => {
  it("keeps Logout in view, search placeholders whole and toasts below the top bar", async () => {
    const { context, page } = await laptop();
    await signIn(page, DEMO.admin);
    await page.getByTestId("app-drawer").waitFor();

    // The admin's long menu scrolls; Logout stays on screen.
    const logout = await page.getByTestId("menu-logout").boundingBox();
    expect(logout).not.toBeNull();
    expect(logout!.y + logout!.height).toBeLessThanOrEqual(HEIGHT);

    for (const [path, testId] of [
      ["/contacts", "contacts-search"],
      ["/users", "users-search"],
      ["/tags", "tags-search"],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      const { text, box } = await placeholderFits(page, testId);
      expect(text, path).toBeLessThanOrEqual(box);
    }
    await page.goto("/tickets");
    await page.getByTestId("tickets-tab-search").click();
    await page.getByTestId("tickets-search").waitFor();
    const tickets = await placeholderFits(page, "tickets-search");
    expect(tickets.text).toBeLessThanOrEqual(tickets.box);

    // A toast (a ticket that does not exist) opens under the top bar, not over its bells and menu.
    await page.goto("/tickets/00000000-0000-4000-8000-000000000000");
    const toast = page.locator(".app-toasts .notistack-Snackbar").first();
    await toast.waitFor();
    const bar = await page.locator(".MuiAppBar-root").boundingBox();
    const shown = await toast.boundingBox();
    expect(shown!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await context.close();
  });

  it("keeps the last message in view when the customer starts typing", async () => {
    const { context, page } = await laptop();
    await signIn(page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);
    const me = (await api<SessionUser>("GET", "/auth/me")).data;
    const connection = (await api<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection?.status).toBe("CONNECTED");
    const customer = { name: "Cliente Layout", number: "5511977005588" };
    expect((await api("POST", `/simulator/${connection.id}/contacts`, customer)).status).toBe(201);
    const chat = `/simulator/${connection.id}/chats/${customer.number}/messages`;
    for (let i = 1; i <= 14; i++) expect((await api("POST", chat, { type: "text", body: `Mensagem número ${i}` })).status).toBe(201);
    let ticket: TicketView | undefined;
    await expect
      .poll(async () => {
        ticket = (await api<TicketPage>("GET", "/tickets?status=pending&showAll=true")).data.tickets.find((t) => t.contact.number === customer.number);
        ticket ??= (await api<TicketPage>("GET", "/tickets?status=open&showAll=true")).data.tickets.find((t) => t.contact.number === customer.number);
        return ticket?.lastMessage ?? "";
      }, { timeout: 20_000 })
      .toContain("Mensagem número 14");
    expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "open", userId: me.id })).status).toBe(200);

    await page.goto(`/tickets/${ticket!.uuid}`);
    await page.getByText("Mensagem número 14", { exact: true }).last().waitFor();
    // The conversation's newest message lies wholly inside the list's visible area.
    const inView = () =>
      page.getByTestId("messages-list").evaluate((list) => {
        const rows = [...list.querySelectorAll<HTMLElement>("[data-testid]")].filter((el) => /^message-\d+$/.test(el.dataset.testid ?? ""));
        const newest = rows.at(-1);
        if (!newest) return false;
        const box = newest.getBoundingClientRect();
        const area = list.getBoundingClientRect();
        return box.bottom <= area.bottom + 1 && box.top >= area.top - 1;
      });
    await expect.poll(inView, { timeout: 10_000 }).toBe(true);

    expect((await api("POST", chat, { type: "presence", presence: "composing" })).status).toBeLessThan(300);
    await page.getByTestId("ticket-presence-slot").getByTestId(`ticket-presence-${ticket!.id}`).waitFor();
    expect(await inView()).toBe(true);
    await context.close();
  });
});
