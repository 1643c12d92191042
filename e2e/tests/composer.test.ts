import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import type { MessagePage, SessionUser, SimulatorMessageView, TicketNoteView, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, newPage, signIn } from "../browser.js";
import { CHROMIUM_ARGS } from "../chromium.js";

let browser: Browser;
beforeAll(async () => {
  // A fake microphone (a steady tone), granted without asking, for the voice recording.
  browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
  });
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente Compositor", number: "5511977003344" };

/** A noisy PNG drawn in the page, so that the browser's JPEG at quality 0.7 is clearly smaller. */
async function noisyPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 300;
    canvas.height = 200;
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(300, 200);
    for (let i = 0; i < pixels.data.length; i += 4) {
      pixels.data[i] = (i * 7) % 256;
      pixels.data[i + 1] = (i * 13) % 251;
      pixels.data[i + 2] = (i * 17) % 241;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

describe("conversation composer", () => {
  it("sends signed text, a compressed image and a voice note, edits tags, and adds and deletes a note", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const page = admin.page;
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);
    const me = (await api<SessionUser>("GET", "/auth/me")).data;

    const created = await api<WhatsAppView>("POST", "/whatsapp", { name: "Loja Compositor", provider: "simulator" });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const connection = created.data;
    expect((await api("POST", `/simulator/${connection.id}/scan`, { qrcode: connection.qrcode })).status).toBe(204);
    await expect.poll(async () => (await api<WhatsAppView>("GET", `/whatsapp/${connection.id}`)).data.status, { timeout: 10_000 }).toBe("CONNECTED");
    const tag = await api<{ id: number }>("POST", "/tags", { name: "Compositor VIP", color: "#6a1b9a" });
    expect(tag.status, JSON.stringify(tag.data)).toBe(201);

    expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
    expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`, { type: "text", body: "Oi, quero um orçamento" })).status).toBe(201);
    let ticket: TicketView | undefined;
    await expect
      .poll(async () => {
        const pending = await api<TicketPage>("GET", "/tickets?status=pending&showAll=true");
        ticket = pending.data.tickets.find((t) => t.contact.number === CUSTOMER.number);
        return Boolean(ticket);
      }, { timeout: 15_000 })
      .toBe(true);
    const ticketId = ticket!.id;
    const inbox = async () => (await api<SimulatorMessageView[]>("GET", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`)).data.filter((m) => m.direction === "out");

    // Pending: the panel offers accept instead of the composer.
    await page.goto(`/tickets/${ticket!.uuid}`);
    await page.getByTestId("composer-accept").click();
    await page.getByTestId("composer-input").waitFor({ timeout: 10_000 });

    // Whitespace is not sent; signed text is.
    await page.getByTestId("composer-input").fill("   ");
    await page.getByTestId("composer-input").press("Enter");
    await page.getByTestId("composer-input").fill("Claro! Já envio.");
    await page.getByTestId("composer-input").press("Enter");
    await expect.poll(async () => (await inbox()).map((m) => m.body), { timeout: 15_000 }).toContain(`*${me.name}*:\nClaro! Já envio.`);
    expect((await inbox()).filter((m) => m.body.trim() === "")).toEqual([]);

    // The customer opens the chat: the agent's message turns read (blue ticks).
    const sent = (await api<MessagePage>("GET", `/messages/${ticketId}`)).data.messages.find((m) => m.fromMe && m.body.endsWith("Claro! Já envio."))!;
    await expect.poll(async () => page.getByTestId(`message-${sent.id}`).getAttribute("data-ack"), { timeout: 15_000 }).toMatch(/^[1-3]$/);
    expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/read`, {})).status).toBeLessThan(300);
    await expect.poll(async () => page.getByTestId(`message-${sent.id}`).getAttribute("data-ack"), { timeout: 15_000 }).toBe("4");

    // A quoted reply to the customer's first message: the customer sees the quote.
    const first = (await api<MessagePage>("GET", `/messages/${ticketId}`)).data.messages.find((m) => !m.fromMe)!;
    await page.getByTestId(`message-${first.id}`).hover();
    await page.getByTestId(`message-menu-${first.id}`).click();
    await page.getByTestId("message-reply").click();
    await page.getByTestId("composer-reply").waitFor();
    await page.getByTestId("composer-input").fill("Sobre o orçamento: sai amanhã.");
    await page.getByTestId("composer-input").press("Enter");
    await page.getByTestId("composer-reply").waitFor({ state: "detached" });
    const firstOnPhone = (await api<SimulatorMessageView[]>("GET", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`)).data.find((m) => m.direction === "in")!;
    await expect
      .poll(async () => (await inbox()).find((m) => m.body.endsWith("Sobre o orçamento: sai amanhã."))?.content.quotedId, { timeout: 15_000 })
      .toBe(firstOnPhone.messageId);

    // An image goes compressed (JPEG) with its caption; turn signing off first.
    await page.getByTestId("composer-sign").uncheck();
    const png = await noisyPng(page);
    await page.getByTestId("composer-attach").setInputFiles({ name: "orcamento.png", mimeType: "image/png", buffer: png });
    await page.getByTestId("composer-attachments").locator("img").waitFor();
    await page.getByTestId("composer-input").fill("Segue a imagem");
    // A slow uplink (32 KB/s) so the upload's progress bar can be watched.
    const cdp = await admin.context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 32 * 1024 });
    await page.getByTestId("composer-send").click();
    const progress = page.getByTestId("composer-upload-progress");
    await progress.waitFor({ timeout: 10_000 });
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(0);
    await progress.waitFor({ state: "detached", timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(async () => (await inbox()).some((m) => m.type === "image"), { timeout: 15_000 }).toBe(true);
    const image = (await inbox()).find((m) => m.type === "image")!;
    expect(image.content.mimetype).toBe("image/jpeg");
    expect(Number(image.content.size)).toBeLessThan(png.length);
    expect(image.content.caption ?? image.body).toBe("Segue a imagem");
    await page.getByTestId("composer-attachments").waitFor({ state: "detached" });

    // Voice: a very short recording is discarded; a longer one reaches the customer as a voice note.
    await page.getByTestId("composer-record").click();
    await page.getByTestId("composer-record-send").click();
    await page.getByText("Áudio muito curto: a gravação foi descartada.").waitFor();
    await page.getByTestId("composer-record").click();
    await page.getByTestId("composer-recording").waitFor();
    await page.waitForTimeout(4_000);
    await page.getByTestId("composer-record-send").click();
    await expect.poll(async () => (await inbox()).some((m) => m.type === "audio" || m.type === "ptt"), { timeout: 20_000 }).toBe(true);
    const voice = (await inbox()).find((m) => m.type === "audio" || m.type === "ptt")!;
    expect(voice.content.voice).toBe(true);

    // Tags: choose one in the header; the ticket carries it.
    await page.getByTestId("ticket-tags").locator("input").click();
    await page.getByTestId(`ticket-tags-option-${tag.data.id}`).click();
    await expect.poll(async () => (await api<TicketView>("GET", `/tickets/${ticketId}`)).data.tags.map((t) => t.id), { timeout: 10_000 }).toEqual([tag.data.id]);
    await page.getByTestId(`ticket-tag-${tag.data.id}`).waitFor();

    // Notes: in the contact drawer, added then deleted.
    await page.getByTestId("contact-drawer-open").click();
    await page.getByTestId("contact-drawer").waitFor();
    await page.getByTestId("notes-input").fill("Retornar amanhã às 10h");
    await page.getByTestId("notes-add").click();
    await page.getByText("Observação adicionada com sucesso!").waitFor();
    const notes = (await api<TicketNoteView[]>("GET", `/ticket-notes/list?ticketId=${ticketId}`)).data;
    expect(notes.map((n) => n.note)).toEqual(["Retornar amanhã às 10h"]);
    await page.getByTestId(`note-delete-${notes[0]!.id}`).click();
    await page.getByTestId("confirm-ok").click();
    await page.getByText("Observação excluída com sucesso!").waitFor();
    await page.getByTestId(`note-${notes[0]!.id}`).waitFor({ state: "detached" });

    await admin.context.close();
  }, 120_000);
});
