import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { SchedulePage, SimulatorMessageView, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const CUSTOMER = { name: "Cliente Agenda", number: "5511977006655" };

describe("schedules", () => {
  it("a schedule made from the contact drawer shows on the calendar, is sent at its time into the conversation and becomes read-only", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(page, method, path, body);

    // The demo company's connected simulator connection (e2e files share one server and the plan's connection limit).
    const connection = (await api<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection?.status).toBe("CONNECTED");
    expect((await api("POST", `/simulator/${connection.id}/contacts`, CUSTOMER)).status).toBe(201);
    expect((await api("POST", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`, { type: "text", body: "Quero marcar um horário" })).status).toBe(201);
    let ticket: TicketView | undefined;
    await expect
      .poll(async () => {
        ticket = (await api<TicketPage>("GET", "/tickets?status=pending&showAll=true")).data.tickets.find((t) => t.contact.number === CUSTOMER.number);
        return Boolean(ticket);
      }, { timeout: 15_000 })
      .toBe(true);
    const inbox = async () => (await api<SimulatorMessageView[]>("GET", `/simulator/${connection.id}/chats/${CUSTOMER.number}/messages`)).data.filter((m) => m.direction === "out");

    await page.goto(`/tickets/${ticket!.uuid}`);
    await page.getByTestId("composer-accept").click();
    await page.getByTestId("composer-input").waitFor({ timeout: 10_000 });

    // "Agendar" in the contact drawer: the dialog has the contact, the time one hour ahead by default.
    await page.getByTestId("contact-drawer-open").click();
    await page.getByTestId("contact-schedule").click();
    const dialog = page.getByTestId("schedule-dialog");
    expect(await dialog.getByTestId("schedule-contact").locator("input").inputValue()).toBe(CUSTOMER.name);
    const defaultAt = await dialog.getByTestId("schedule-send-at").inputValue();
    const hoursAhead = await page.evaluate((value) => (new Date(value).getTime() - Date.now()) / 3_600_000, defaultAt);
    expect(hoursAhead).toBeGreaterThan(0.95);
    expect(hoursAhead).toBeLessThan(1.01);

    // A few seconds ahead, in the browser's own clock and zone (datetime-local is local time).
    const sendAt = await page.evaluate(() => {
      const at = new Date(Date.now() + 15_000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    });
    await dialog.getByTestId("schedule-body").fill("Olá {nome}, seu horário está confirmado!");
    await dialog.getByTestId("schedule-send-at").fill(sendAt);
    await dialog.getByTestId("schedule-save").click();
    await page.waitForURL("**/schedules");
    await page.getByText("Agendamento salvo com sucesso!").first().waitFor();

    const schedules = (await api<SchedulePage>("GET", `/schedules/?contactId=${ticket!.contactId}`)).data.schedules;
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]!;
    expect(schedule).toMatchObject({ status: "PENDENTE", body: "Olá {nome}, seu horário está confirmado!", userId: expect.any(Number) });
    const event = page.getByTestId("schedules-calendar").getByTestId(`schedule-event-${schedule.id}`);
    await event.waitFor();
    expect(await event.getAttribute("data-status")).toBe("PENDENTE");

    // At its time: sent, and the open calendar and list follow live.
    await expect.poll(async () => event.getAttribute("data-status"), { timeout: 45_000 }).toBe("ENVIADA");
    expect(await page.getByTestId(`schedule-status-${schedule.id}`).textContent()).toBe("Enviada");
    await expect.poll(async () => (await inbox()).map((m) => m.body), { timeout: 15_000 }).toContain(`Olá ${CUSTOMER.name}, seu horário está confirmado!`);
    expect((await inbox()).filter((m) => m.body.includes("seu horário está confirmado"))).toHaveLength(1);

    // Read-only now.
    await page.getByTestId(`schedule-edit-${schedule.id}`).click();
    await dialog.getByTestId("schedule-dialog-readonly").waitFor();
    expect(await dialog.getByTestId("schedule-dialog-status").textContent()).toBe("Enviada");
    expect(await dialog.getByTestId("schedule-save").count()).toBe(0);
    expect(await dialog.getByTestId("schedule-body").isDisabled()).toBe(true);
    expect((await api("PUT", `/schedules/${schedule.id}`, { body: "Outro texto qualquer", contactId: ticket!.contactId, sendAt: new Date(Date.now() + 60_000).toISOString() })).status).toBe(409);
    await dialog.getByTestId("schedule-cancel").click();

    // In the conversation, as the admin's message.
    await page.goto(`/tickets/${ticket!.uuid}`);
    await page.getByText(`Olá ${CUSTOMER.name}, seu horário está confirmado!`).first().waitFor({ timeout: 10_000 });

    await context.close();
  }, 150_000);
});
