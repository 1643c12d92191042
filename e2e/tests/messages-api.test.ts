import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { ApiSendResult, MessagePage, SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, baseUrl, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente API Externa", number: "5511977008899" };

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describe("external messages API", () => {
  it("an admin generates a token in the connection dialog; the page's test forms and a plain request send through it", async () => {
    const { page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);

    // The demo company's connected simulator connection: the e2e files share one server, and the demo plan's
    // connection limit may already be taken by other files' connections.
    const connections = await api<WhatsAppView[]>("GET", "/whatsapp");
    const connection = connections.data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection, JSON.stringify(connections.data.map((c) => c.name))).toBeTruthy();
    expect(connection.status).toBe("CONNECTED");
    expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
    const received = async () =>
      (await api<SimulatorMessageView[]>("GET", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`)).data.filter((m) => m.direction === "out");

    // The token: generated in the connection dialog, shown once.
    await page.goto("/connections");
    await page.getByTestId(`connection-edit-${connection.id}`).click();
    const dialog = page.getByTestId("connection-dialog");
    await dialog.getByTestId("api-token-generate").click();
    const tokenInput = dialog.getByTestId("api-token-value");
    await tokenInput.waitFor();
    const token = await tokenInput.inputValue();
    expect(token).toMatch(/^atd_[A-Za-z0-9_-]{43}$/);
    expect((await api<WhatsAppView>("GET", `/whatsapp/${connection.id}`)).data).toMatchObject({ hasToken: true });
    await page.keyboard.press("Escape");

    // The docs page: curl examples for this server, and the two test forms.
    await page.goto("/messages-api");
    expect(await page.getByTestId("curl-text").textContent()).toContain(`${baseUrl().replace(/\/$/, "")}/api/messages/send`);
    await page.getByTestId("api-test-text-token").fill(token);
    await page.getByTestId("api-test-text-number").fill(CUSTOMER.number);
    await page.getByTestId("api-test-text-body").fill("Texto pelo formulário da API");
    await page.getByTestId("api-test-text-send").click();
    await page.getByText("Mensagem enviada com sucesso").first().waitFor();

    await page.getByTestId("api-test-media-token").fill(token);
    await page.getByTestId("api-test-media-number").fill(CUSTOMER.number);
    await page.getByTestId("api-test-media-body").fill("Imagem pela API");
    await page.getByTestId("api-test-media-file").setInputFiles({ name: "pedido.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("api-test-media-send").click();
    await expect.poll(async () => (await received()).map((m) => m.type).sort(), { timeout: 15_000 }).toEqual(["image", "text"]);

    // Another system: a plain HTTP request with the token.
    const res = await fetch(new URL("/api/messages/send", baseUrl()), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ number: CUSTOMER.number, body: "Texto por HTTP" }),
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as ApiSendResult;
    expect(answer.messages[0]).toMatchObject({ status: "queued", mediaType: "chat" });
    const wrong = await fetch(new URL("/api/messages/send", baseUrl()), {
      method: "POST",
      headers: { authorization: "Bearer atd_wrong", "content-type": "application/json" },
      body: JSON.stringify({ number: CUSTOMER.number, body: "x" }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "ERR_API_TOKEN_INVALID" });
    await expect.poll(async () => (await received()).filter((m) => m.type === "text").length, { timeout: 15_000 }).toBe(2);

    // All three are in the contact's conversation.
    const ticketId = answer.messages[0]!.ticketId;
    const messages = (await api<MessagePage>("GET", `/messages/${ticketId}`)).data.messages.filter((m) => m.fromMe);
    expect(messages.map((m) => m.body)).toEqual(expect.arrayContaining(["Texto pelo formulário da API", "Imagem pela API", "Texto por HTTP"]));
    await expect.poll(async () => (await api<MessagePage>("GET", `/messages/${ticketId}`)).data.messages.filter((m) => m.fromMe && m.sendStatus === "sent").length, { timeout: 15_000 }).toBe(3);
    const { data: ticket } = await api<{ uuid: string }>("GET", `/tickets/${ticketId}`);
    await page.goto(`/tickets/${ticket.uuid}`);
    await page.getByText("Texto por HTTP").first().waitFor();
    await page.getByText("Texto pelo formulário da API").first().waitFor();

    // The reference documents the API for other systems.
    const docs = await fetch(new URL("/openapi.json", baseUrl()));
    expect(((await docs.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty("/api/messages/send");
    await page.goto("/docs");
    await page.getByText("/api/messages/send").first().waitFor({ timeout: 15_000 });
  });
});
