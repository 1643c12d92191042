import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import * as XLSX from "@e965/xlsx";
import type { CampaignView, ContactListPage, SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";
import { freePort } from "../../apps/server/src/test/free-port.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const ANA = { name: "Ana Campanha", number: "5511977120001" };
const BETO = { name: "Beto Campanha", number: "5511977120002" };

/** Four rows: two customers, a number that is no phone number, and the first customer again. */
function spreadsheet(): Buffer {
  const rows = [["Nome", "Numero", "Email"], [ANA.name, ANA.number, "ana@e2e.test"], [BETO.name, BETO.number, ""], ["Sem Número", "12345", ""], ["Ana de novo", ANA.number, ""]];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

/** A datetime-local value for now, in the browser's clock and zone. */
const nowLocal = () => {
  const at = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
};

describe("campaigns", () => {
  it("imports a list, sends a two-variant campaign to each customer once, personalised, and the report reaches 100% live", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.admin);
    const api = <T>(method: string, url: string, body?: unknown) => apiFromPage<T>(page, method, url, body);
    const connection = (await api<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    expect(connection?.status).toBe("CONNECTED");
    for (const customer of [ANA, BETO]) expect((await api("POST", `/simulator/${connection.id}/contacts`, customer)).status).toBe(201);

    // The contact list, filled from a spreadsheet on the lists page.
    await page.goto("/contact-lists");
    await page.getByTestId("contact-lists-add").click();
    await page.getByTestId("contact-list-name").locator("input").fill("Lista da campanha E2E");
    await page.getByTestId("contact-list-save").click();
    await expect.poll(async () => (await api<ContactListPage>("GET", "/contact-lists?searchParam=campanha%20e2e")).data.records.length, { timeout: 10_000 }).toBe(1);
    const list = (await api<ContactListPage>("GET", "/contact-lists?searchParam=campanha%20e2e")).data.records[0]!;
    await page.getByTestId(`contact-list-open-${list.id}`).click();
    await page.waitForURL(`**/contact-lists/${list.id}/contacts`);
    await page.getByTestId("contact-list-items-import-input").setInputFiles({
      name: "lista.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: spreadsheet(),
    });
    const report = page.getByTestId("contact-list-import-dialog");
    await expect.poll(async () => report.getByTestId("contact-list-import-status").getAttribute("data-status"), { timeout: 30_000 }).toBe("done");
    expect(await report.getByTestId("contact-list-import-imported").innerText()).toBe("2");
    expect(await report.getByTestId("contact-list-import-duplicates").innerText()).toBe("1");
    expect(await report.getByTestId("contact-list-import-invalid").innerText()).toBe("1");
    expect(await report.getByTestId("contact-list-import-row-4").getAttribute("data-status")).toBe("invalid-number");
    expect(await report.getByTestId("contact-list-import-row-5").getAttribute("data-status")).toBe("duplicate");
    await report.getByTestId("contact-list-import-close").click();

    // Interval 0 on the settings page.
    await page.goto("/campaigns-config");
    for (const key of ["messageInterval", "longerIntervalAfter", "greaterInterval"]) {
      await page.getByTestId(`campaigns-config-${key}`).getByRole("combobox").click();
      await page.getByTestId(`campaigns-config-${key}-0`).click();
    }
    await page.getByTestId("campaigns-config-save").click();
    await page.getByText("Configurações salvas").first().waitFor();

    // The campaign: two variants with {nome}, the list, the demo connection; saved as a draft first.
    await page.goto("/campaigns");
    await page.getByTestId("campaigns-add").click();
    const dialog = page.getByTestId("campaign-dialog");
    await dialog.getByTestId("campaign-name").fill("Campanha E2E");
    await dialog.getByTestId("campaign-message1").fill("Olá {nome}, temos uma oferta!");
    await dialog.getByTestId("campaign-tab-2").click();
    await dialog.getByTestId("campaign-message2").fill("Oi {nome}, chegou a promoção!");
    await dialog.getByTestId("campaign-contactListId").getByRole("combobox").click();
    await page.getByTestId(`campaign-contactListId-option-${list.id}`).click();
    await dialog.getByTestId("campaign-whatsappId").getByRole("combobox").click();
    await page.getByTestId(`campaign-whatsappId-option-${connection.id}`).click();
    await dialog.getByTestId("campaign-save").click();
    await dialog.waitFor({ state: "hidden" });
    const campaign = (await api<{ records: CampaignView[] }>("GET", "/campaigns?searchParam=campanha%20e2e")).data.records[0]!;
    expect(campaign).toMatchObject({ status: "INATIVA", contactListId: list.id, whatsappId: connection.id });

    // The report is open in another tab while the campaign starts.
    const reportTab = await context.newPage();
    await reportTab.goto(`/campaign/${campaign.id}/report`);
    expect(await reportTab.getByTestId("campaign-report-percent").innerText()).toBe("0%");

    await page.getByTestId(`campaign-edit-${campaign.id}`).click();
    await dialog.getByTestId("campaign-scheduledAt").fill(nowLocal());
    await dialog.getByTestId("campaign-save").click();
    await dialog.waitFor({ state: "hidden" });

    await expect.poll(async () => reportTab.getByTestId("campaign-report-percent").innerText(), { timeout: 30_000 }).toBe("100%");
    expect(await reportTab.getByTestId("campaign-card-validContacts-value").innerText()).toBe("2");
    expect(await reportTab.getByTestId("campaign-card-delivered-value").innerText()).toBe("2");
    await expect.poll(async () => reportTab.getByTestId("campaign-report-status").innerText(), { timeout: 15_000 }).toBe("Finalizada");

    const inbox = async (number: string) =>
      (await api<SimulatorMessageView[]>("GET", `/simulator/${connection.id}/chats/${number}/messages`)).data.filter((m) => m.direction === "out");
    for (const customer of [ANA, BETO]) {
      await expect.poll(async () => (await inbox(customer.number)).length, { timeout: 15_000 }).toBe(1);
      expect([`Olá ${customer.name}, temos uma oferta!`, `Oi ${customer.name}, chegou a promoção!`]).toContain((await inbox(customer.number))[0]!.body);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const customer of [ANA, BETO]) expect(await inbox(customer.number)).toHaveLength(1);
    await context.close();
  });
});

// --- A server of its own, killed mid-campaign (the shared e2e server must keep running for the other files) ---

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** `npm start`'s entry on a data folder of its own: one process, so SIGKILL kills the server itself. */
function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: path.join(ROOT, "apps/server"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      ADMIN_PASSWORD: "campaign-kill-admin-pass",
      DEMO_PASSWORD: DEMO.admin.password,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      SESSION_LEASE_SECONDS: "5",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is running at")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function http<T>(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json().catch(() => null)) as T };
}

describe("a campaign across a server crash", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-e2e-campaign-"));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) await new Promise((r) => (child.once("exit", r), child.kill("SIGTERM")));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves every contact exactly once when the server is killed mid-campaign and started again", { timeout: 300_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    children.push(await startServer(dataDir, port));
    const login = async () => (await http<{ token: string }>(base, null, "POST", "/auth/login", DEMO.admin)).data.token;
    let token = await login();
    const call = <T>(method: string, url: string, body?: unknown) => http<T>(base, token, method, url, body);

    const connection = (await call<WhatsAppView[]>("GET", "/whatsapp")).data.find((c) => c.name === "WhatsApp Demo")!;
    await expect.poll(async () => (await call<WhatsAppView>("GET", `/whatsapp/${connection.id}`)).data.status, { timeout: 30_000 }).toBe("CONNECTED");
    const customers = [1, 2, 3, 4].map((n) => ({ name: `Pessoa ${n}`, number: `55119771300${String(n).padStart(2, "0")}` }));
    const list = (await call<{ id: number }>("POST", "/contact-lists", { name: "Lista do crash" })).data;
    for (const customer of customers) {
      expect((await call("POST", `/simulator/${connection.id}/contacts`, customer)).status).toBe(201);
      expect((await call("POST", "/contact-list-items", { ...customer, contactListId: list.id })).status).toBe(201);
    }
    // 5 s between contacts: the kill lands between two sends.
    await call("POST", "/campaign-settings", { settings: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 } });
    const created = await call<CampaignView>("POST", "/campaigns", {
      name: "Campanha do crash",
      message1: "Oi {nome}, mensagem única",
      contactListId: list.id,
      whatsappId: connection.id,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    await expect.poll(async () => (await call<CampaignView>("GET", `/campaigns/${created.data.id}`)).data.stats.delivered, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const first = children[0]!;
    const deliveredAtKill = (await call<CampaignView>("GET", `/campaigns/${created.data.id}`)).data.stats.delivered;
    first.kill("SIGKILL");
    // Mid-campaign: contacts were still to be served when the process died.
    expect(deliveredAtKill).toBeLessThan(customers.length);
    await new Promise((r) => first.once("exit", r));
    // Started again at once: the dead process's data-folder lock is taken over (its pid is gone, db/lock.ts).
    children.push(await startServer(dataDir, port));
    token = await login();
    await expect.poll(async () => (await call<CampaignView>("GET", `/campaigns/${created.data.id}`)).data.status, { timeout: 90_000 }).toBe("FINALIZADA");
    const done = (await call<CampaignView>("GET", `/campaigns/${created.data.id}`)).data;
    expect(done.stats).toMatchObject({ validContacts: 4, delivered: 4, failed: 0 });
    const inbox = async (number: string) =>
      (await call<SimulatorMessageView[]>("GET", `/simulator/${connection.id}/chats/${number}/messages`)).data.filter((m) => m.direction === "out");
    for (const customer of customers) await expect.poll(async () => (await inbox(customer.number)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const customer of customers) expect((await inbox(customer.number)).map((m) => m.body), customer.number).toEqual([`Oi ${customer.name}, mensagem única`]);
  });
});
