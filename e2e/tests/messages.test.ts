import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { MessagePage, SessionUser, SimulatorMessageView, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente Mensagens", number: "5511977005566" };
const OTHER = { name: "Destino Encaminhar", number: "5511977005577" };

/** One second of 8 kHz mono silence: a valid WAV any browser plays. */
function silentWav(): Buffer {
  const samples = 8_000;
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write("WAVE", 8);
  wav.write("fmt ", 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(samples, 24);
  wav.writeUInt32LE(samples * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(data, 40);
  return wav;
}

/** The customer uploads a file in the simulator (multipart), as the page's user. */
async function customerMedia(page: Page, path: string, file: { name: string; type: string; base64: string }, fields: Record<string, string>) {
  return page.evaluate(
    async ({ path, file, fields }) => {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append("file", new Blob([bytes], { type: file.type }), file.name);
      const res = await fetch(path, { method: "POST", body: form, headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
      return res.status;
    },
    { path, file, fields },
  );
}

async function pngBase64(page: Page): Promise<string> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 40;
    canvas.height = 30;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#1976d2";
    context.fillRect(0, 0, 40, 30);
    return canvas.toDataURL("image/png");
  });
  return dataUrl.split(",")[1]!;
}

describe("conversation message list", () => {
  it("renders what the customer sends and lets the agent react, edit, delete and forward", async () => {
    const admin = await newPage(browser);
    const page = admin.page;
    await signIn(page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);
    const me = (await api<SessionUser>("GET", "/auth/me")).data;

    const created = await api<WhatsAppView>("POST", "/whatsapp", { name: "Loja Mensagens", provider: "simulator" });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const connection = created.data;
    expect((await api("POST", `/simulator/${connection.id}/scan`, { qrcode: connection.qrcode })).status).toBe(204);
    await expect.poll(async () => (await api<WhatsAppView>("GET", `/whatsapp/${connection.id}`)).data.status, { timeout: 10_000 }).toBe("CONNECTED");
    const chat = `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`;
    const otherChat = `/simulator/${connection.id}/chats/${OTHER.number}/messages`;
    for (const customer of [CUSTOMER, OTHER]) expect((await api("POST", `/simulator/${connection.id}/contacts`, customer)).status).toBe(201);
    // The other customer writes once, so the company has them as a contact to forward to.
    expect((await api("POST", otherChat, { type: "text", body: "Olá" })).status).toBe(201);

    expect((await api("POST", chat, { type: "text", body: "*Oi* <b>tudo</b> bem? <img src=x onerror=alert(1)> veja https://example.com" })).status).toBe(201);
    expect(await customerMedia(page, chat, { name: "foto.png", type: "image/png", base64: await pngBase64(page) }, { caption: "minha foto" })).toBe(201);
    expect(await customerMedia(page, chat, { name: "voz.wav", type: "audio/wav", base64: silentWav().toString("base64") }, { voice: "true" })).toBe(201);
    expect((await api("POST", chat, { type: "location", latitude: -23.5505, longitude: -46.6333, name: "Loja Centro", address: "Praça da Sé, São Paulo" })).status).toBe(201);

    let ticket: TicketView | undefined;
    await expect
      .poll(async () => {
        const tickets = await api<TicketPage>("GET", "/tickets?status=pending&showAll=true");
        ticket = tickets.data.tickets.find((t) => t.contact.number === CUSTOMER.number);
        return Boolean(ticket);
      }, { timeout: 15_000 })
      .toBe(true);
    expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "open", userId: me.id })).status).toBe(200);
    const messages = async () => (await api<MessagePage>("GET", `/messages/${ticket!.id}`)).data.messages;
    await expect.poll(async () => (await messages()).filter((m) => !m.fromMe && m.mediaStatus !== "pending").length, { timeout: 20_000 }).toBe(4);
    const received = (await messages()).filter((m) => !m.fromMe);
    const text = received.find((m) => m.mediaType === "chat");
    const image = received.find((m) => m.mediaType === "image");
    const voice = received.find((m) => m.mediaType === "audio");
    const location = received.find((m) => m.mediaType === "locationMessage");

    await page.goto(`/tickets/${ticket!.uuid}`);
    // Markup: bold and a link in a new tab; the HTML stays text.
    const body = page.getByTestId(`message-${text!.id}`).getByTestId("message-body");
    await expect.poll(() => body.locator("strong").textContent()).toBe("Oi");
    expect(await body.locator("b, img").count()).toBe(0);
    expect(await body.textContent()).toContain("<img src=x onerror=alert(1)>");
    const link = body.locator("a");
    expect(await link.getAttribute("href")).toBe("https://example.com/");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");

    // Media come through the authenticated route as blobs, and play.
    const img = page.getByTestId(`message-media-${image!.id}`).locator("img");
    await img.waitFor();
    expect(await img.getAttribute("src")).toMatch(/^blob:/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(40);
    expect(await page.getByTestId(`message-${image!.id}`).getByTestId("message-body").textContent()).toBe("minha foto");
    const audio = page.getByTestId(`message-media-${voice!.id}`).locator("audio");
    await audio.waitFor();
    await expect.poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 10_000 }).toBeCloseTo(1, 1);
    const map = page.getByTestId(`message-media-${location!.id}`).getByTestId("message-location-link");
    expect(await map.getAttribute("href")).toContain("openstreetmap.org/?mlat=-23.5505&mlon=-46.6333");
    await page.getByTestId(`message-${location!.id}`).getByText("Praça da Sé, São Paulo").waitFor();

    // React to the customer's text: the customer sees it.
    await page.getByTestId(`message-${text!.id}`).hover();
    await page.getByTestId(`message-menu-${text!.id}`).click();
    expect(await page.getByTestId("message-edit").count()).toBe(0);
    await page.getByTestId("message-react").click();
    await page.getByTestId("reaction-quick-1").click();
    await page.getByTestId(`message-reactions-${text!.id}`).getByText("❤️").waitFor();
    const customerSide = async () => (await api<SimulatorMessageView[]>("GET", chat)).data;
    await expect.poll(async () => (await customerSide()).find((m) => m.direction === "in" && m.body.startsWith("*Oi*"))?.reactions.map((r) => r.emoji), { timeout: 15_000 }).toEqual(["❤️"]);

    // Our own message: edited, then deleted; the customer's side follows.
    expect((await api("POST", `/messages/${ticket!.id}`, { body: "Resposta com erro" })).status).toBe(201);
    await expect.poll(async () => (await messages()).find((m) => m.body === "Resposta com erro")?.sendStatus, { timeout: 15_000 }).toBe("sent");
    const own = (await messages()).find((m) => m.body === "Resposta com erro")!;
    await page.getByTestId(`message-${own.id}`).hover();
    await page.getByTestId(`message-menu-${own.id}`).click();
    await page.getByTestId("message-edit").click();
    await page.getByTestId("edit-body").fill("Resposta corrigida");
    await page.getByTestId("edit-save").click();
    await page.getByTestId(`message-${own.id}`).getByTestId("message-edited").waitFor();
    expect(await page.getByTestId(`message-${own.id}`).getByTestId("message-body").textContent()).toBe("Resposta corrigida");
    await expect.poll(async () => (await customerSide()).find((m) => m.direction === "out" && m.edited)?.body, { timeout: 15_000 }).toBe("Resposta corrigida");

    await page.getByTestId(`message-${own.id}`).hover();
    await page.getByTestId(`message-menu-${own.id}`).click();
    await page.getByTestId("message-delete").click();
    await page.getByTestId("confirm-ok").click();
    await page.getByTestId(`message-${own.id}`).getByTestId("message-deleted").waitFor();
    await expect.poll(async () => (await customerSide()).some((m) => m.direction === "out" && m.deleted), { timeout: 15_000 }).toBe(true);

    // Forward the text and the image to the other customer; nothing selected first shows the notice.
    await page.getByTestId(`message-${text!.id}`).hover();
    await page.getByTestId(`message-menu-${text!.id}`).click();
    await page.getByTestId("message-forward").click();
    await page.getByTestId(`message-select-${text!.id}`).uncheck();
    await page.getByTestId("forward-submit").click();
    await page.getByText("Nenhuma mensagem selecionada").waitFor();
    await page.getByTestId(`message-select-${image!.id}`).check();
    await page.getByTestId(`message-select-${text!.id}`).check();
    await page.getByTestId("forward-submit").click();
    await page.getByTestId("forward-contact").locator("input").fill("Destino Enc");
    await page.getByTestId("forward-contact").locator("input").press("End");
    const option = page.locator('[data-testid^="forward-contact-option-"]').filter({ hasText: OTHER.name });
    await option.click();
    await page.getByTestId("forward-sign").uncheck();
    await page.getByTestId("forward-send").click();
    await page.getByText("Mensagens encaminhadas com sucesso!").waitFor({ timeout: 15_000 });
    await page.getByTestId("forward-bar").waitFor({ state: "detached" });
    await expect
      .poll(async () => (await api<SimulatorMessageView[]>("GET", otherChat)).data.filter((m) => m.direction === "out").map((m) => m.type), { timeout: 20_000 })
      .toEqual(["text", "image"]);

    await admin.context.close();
  });
});
