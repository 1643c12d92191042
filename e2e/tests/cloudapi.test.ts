import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { MessagePage, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn, stack } from "../browser.js";
import { inboundText, statusUpdate, type FakeGraphSent, type FakePhoneNumber } from "../../apps/server/src/test/fakes/graph-api.js";

/**
 * A WhatsApp Cloud API connection in Chromium against the fake Graph API the global setup started (the server's
 * WHATSAPP_CLOUD_API_URL): Meta's side (webhook verification, signed deliveries, statuses) is played from here.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const graph = () => stack().graphApiUrl;
const CUSTOMER = { name: "Cliente Nuvem", waId: "5511977123456" };
const LATE_CUSTOMER = { name: "Cliente de Ontem", waId: "5511977123457" };
const APP_SECRET = "e2e-cloud-app-secret-0123456789";

async function deliver(url: string, payload: unknown): Promise<number> {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
  return res.status;
}

describe("WhatsApp Cloud API connection", () => {
  it("connects with the fake's ids, receives a signed message live, answers in the Graph API's shape, turns the ticks blue, and outside the 24-hour window sends a template", async () => {
    const phone = (await (await fetch(`${graph()}/__control/phones`, { method: "POST", body: JSON.stringify({ verifiedName: "Loja Nuvem E2E" }) })).json()) as FakePhoneNumber;
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);
    await page.goto("/connections");

    await page.getByTestId("connections-add").click();
    await page.getByTestId("connection-dialog").waitFor();
    await page.getByTestId("connection-name").locator("input").fill("Loja Cloud E2E");
    await page.getByTestId("connection-provider").locator('[role="combobox"]').click();
    await page.getByTestId("connection-provider-option-cloudapi").click();
    await page.getByTestId("connection-cloudPhoneNumberId").fill(phone.id);
    await page.getByTestId("connection-cloudBusinessAccountId").fill(phone.wabaId);
    await page.getByTestId("connection-cloudAccessToken").fill(phone.token);
    await page.getByTestId("connection-cloudAppSecret").fill(APP_SECRET);
    await page.getByTestId("connection-save").click();
    await page.getByTestId("connection-dialog").waitFor({ state: "hidden" });

    const card = page.locator('[data-testid^="connection-card-"]', { hasText: "Loja Cloud E2E" });
    await card.waitFor();
    const id = (await card.getAttribute("data-testid"))!.replace("connection-card-", "");
    try {
      // The card shows what to paste at Meta; "Meta" verifies the webhook with it.
      const webhookUrl = await page.getByTestId(`connection-cloud-webhook-${id}`).inputValue();
      const verifyToken = await page.getByTestId(`connection-cloud-verify-${id}`).inputValue();
      expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/whatsapp-cloud\/[A-Za-z0-9_-]+$/);
      expect(verifyToken.length).toBeGreaterThan(10);
      const verify = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=8675309`);
      expect(verify.status).toBe(200);
      expect(await verify.text()).toBe("8675309");
      await expect.poll(() => page.getByTestId(`connection-status-${id}`).getAttribute("data-status"), { timeout: 15_000 }).toBe("CONNECTED");
      await expect.poll(() => page.getByTestId(`connection-cloud-name-${id}`).innerText(), { timeout: 10_000 }).toContain("Loja Nuvem E2E");

      // A signed customer message opens a ticket, live on the tickets page.
      await page.goto("/tickets");
      // The demo admin is in no queue: "show all" lists every pending ticket; the page is not reloaded after this.
      await page.getByTestId("tickets-show-all").check();
      await page.getByTestId("tickets-tab-pending").click();
      const message = inboundText(phone, CUSTOMER, "Olá, vim pela API oficial");
      expect(await deliver(webhookUrl, message.payload)).toBe(200);
      let ticket: TicketView | undefined;
      await expect
        .poll(async () => {
          const pending = await api<TicketPage>("GET", "/tickets?status=pending&showAll=true");
          ticket = pending.data.tickets.find((t) => t.contact.number === CUSTOMER.waId && t.whatsappId === Number(id));
          return Boolean(ticket);
        }, { timeout: 15_000 })
        .toBe(true);
      await page.getByTestId(`ticket-item-${ticket!.id}`).waitFor({ timeout: 15_000 });

      // The agent answers: the fake receives it in the Graph API's shape.
      await page.goto(`/tickets/${ticket!.uuid}`);
      await page.getByTestId("composer-accept").click();
      await page.getByTestId("composer-input").waitFor({ timeout: 10_000 });
      await page.getByTestId("composer-input").fill("Olá! Como posso ajudar?");
      await page.getByTestId("composer-input").press("Enter");
      let sent: FakeGraphSent | undefined;
      await expect
        .poll(async () => {
          const all = (await (await fetch(`${graph()}/__control/sent?phone=${phone.id}`)).json()) as FakeGraphSent[];
          sent = all.find((s) => String(s.body.text?.body ?? "").endsWith("Olá! Como posso ajudar?"));
          return Boolean(sent);
        }, { timeout: 15_000 })
        .toBe(true);
      expect(sent!.body).toMatchObject({ messaging_product: "whatsapp", recipient_type: "individual", to: CUSTOMER.waId, type: "text" });

      // Meta's statuses move the ticks: delivered, then read (blue).
      const ours = async () => (await api<MessagePage>("GET", `/messages/${ticket!.id}`)).data.messages.find((m) => m.fromMe && m.body.endsWith("Olá! Como posso ajudar?"));
      await expect.poll(async () => (await ours())?.sendStatus, { timeout: 15_000 }).toBe("sent");
      const mine = (await ours())!;
      expect(await deliver(webhookUrl, statusUpdate(phone, sent!.messageId, CUSTOMER.waId, "delivered"))).toBe(200);
      await expect.poll(() => page.getByTestId(`message-${mine.id}`).getAttribute("data-ack"), { timeout: 15_000 }).toBe("3");
      expect(await deliver(webhookUrl, statusUpdate(phone, sent!.messageId, CUSTOMER.waId, "read"))).toBe(200);
      await expect.poll(() => page.getByTestId(`message-${mine.id}`).getAttribute("data-ack"), { timeout: 15_000 }).toBe("4");

      // A customer whose last message is 25 hours old: the window is closed, the composer offers the approved
      // templates, and the chosen one reaches the fake as a template with its variables.
      await fetch(`${graph()}/__control/templates/${phone.wabaId}`, {
        method: "PUT",
        body: JSON.stringify([
          { id: "t1", name: "pedido_enviado", language: "pt_BR", status: "APPROVED", category: "UTILITY", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu para entrega." }] },
          { id: "t2", name: "rascunho", language: "pt_BR", status: "PENDING", category: "UTILITY", components: [{ type: "BODY", text: "Ainda não aprovado" }] },
        ]),
      });
      // The card asks Meta for the list again and tells how many are approved.
      await page.goto("/connections");
      await page.getByTestId(`connection-cloud-templates-refresh-${id}`).click();
      await expect.poll(() => page.getByTestId(`connection-cloud-templates-count-${id}`).innerText(), { timeout: 10_000 }).toBe("1 modelo aprovado");
      const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000);
      expect(await deliver(webhookUrl, inboundText(phone, LATE_CUSTOMER, "Mensagem de ontem", { timestamp: yesterday }).payload)).toBe(200);
      let lateTicket: TicketView | undefined;
      await expect
        .poll(async () => {
          const pending = await api<TicketPage>("GET", "/tickets?status=pending&showAll=true");
          lateTicket = pending.data.tickets.find((t) => t.contact.number === LATE_CUSTOMER.waId && t.whatsappId === Number(id));
          return Boolean(lateTicket);
        }, { timeout: 15_000 })
        .toBe(true);
      expect(Date.parse(lateTicket!.customerWindowExpiresAt!)).toBeLessThan(Date.now());
      await page.goto(`/tickets/${lateTicket!.uuid}`);
      await page.getByTestId("composer-accept").click();
      await page.getByTestId("template-composer").waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("customer-window").getAttribute("data-open")).toBe("false");
      expect(await page.getByTestId("composer-input").count()).toBe(0);
      await page.getByTestId("template-select").locator('[role="combobox"]').click();
      expect(await page.getByTestId("template-option-rascunho").count()).toBe(0);
      await page.getByTestId("template-option-pedido_enviado").click();
      await page.getByTestId("template-variable-1").fill("Bruna");
      await page.getByTestId("template-variable-2").fill("#2077");
      await expect.poll(() => page.getByTestId("template-preview").innerText()).toBe("Olá Bruna, seu pedido #2077 saiu para entrega.");
      await page.getByTestId("template-send").click();
      let template: FakeGraphSent | undefined;
      await expect
        .poll(async () => {
          const all = (await (await fetch(`${graph()}/__control/sent?phone=${phone.id}`)).json()) as FakeGraphSent[];
          template = all.find((s) => s.body.to === LATE_CUSTOMER.waId && s.body.type === "template");
          return Boolean(template);
        }, { timeout: 15_000 })
        .toBe(true);
      expect(template!.body.template).toEqual({
        name: "pedido_enviado",
        language: { code: "pt_BR" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Bruna" }, { type: "text", text: "#2077" }] }],
      });
      // The conversation shows the text the customer received.
      await page.locator('[data-testid^="message-"]', { hasText: "Olá Bruna, seu pedido #2077 saiu para entrega." }).first().waitFor({ timeout: 10_000 });
    } finally {
      // The demo plan's connection count is shared by every e2e file.
      await api<WhatsAppView>("DELETE", `/whatsapp/${id}`);
      await context.close();
    }
  });
});
