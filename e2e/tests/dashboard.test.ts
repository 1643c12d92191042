import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { TicketPage } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const card = (page: Page, key: string) => page.getByTestId(`dashboard-card-${key}-value`);
const cardNumber = async (page: Page, key: string) => Number(await card(page, key).innerText());

describe("dashboard", () => {
  it("shows the demo admin the period's figures at /, follows a resolve live and exports the period's tickets", { timeout: 120_000 }, async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const api = <T>(method: string, path: string, body?: unknown) => apiFromPage<T>(admin.page, method, path, body);
    // A resolve must close at once (another test may have turned the rating question on).
    const settings = await api<{ key: string; value: string }[]>("GET", "/settings");
    const rating = Array.isArray(settings.data) ? settings.data.find((s) => s.key === "userRating")?.value : undefined;
    expect((await api("PUT", "/settings/userRating", { value: "disabled" })).status).toBe(200);

    try {
      await admin.page.goto("/");
      await admin.page.getByTestId("dashboard-page").waitFor();
      // The demo seed's tickets (7 days by default): some waiting or open, some closed, their contacts new.
      await card(admin.page, "closed").waitFor();
      const before = {
        pending: await cardNumber(admin.page, "pending"),
        open: await cardNumber(admin.page, "open"),
        closed: await cardNumber(admin.page, "closed"),
        newContacts: await cardNumber(admin.page, "newContacts"),
      };
      expect(before.pending + before.open).toBeGreaterThan(0);
      expect(before.closed).toBeGreaterThan(0);
      expect(before.newContacts).toBeGreaterThan(0);
      for (const chart of ["time", "status", "queue", "ratings"]) {
        expect(await admin.page.getByTestId(`dashboard-chart-${chart}`).locator("svg").count()).toBeGreaterThan(0);
      }
      expect(await admin.page.locator('[data-testid^="dashboard-agent-"]').count()).toBeGreaterThan(0);

      // The API resolves an active ticket of the period (a fetch in the page, no navigation; a second sign-in of the
      // same admin would end this session): the closed card follows without a reload.
      const active = await api<TicketPage>("GET", "/tickets?status=open&showAll=true");
      const pending = await api<TicketPage>("GET", "/tickets?status=pending&showAll=true");
      const ticket = [...active.data.tickets, ...pending.data.tickets].find((t) => Date.now() - Date.parse(t.createdAt) < 6 * 86_400_000);
      expect(ticket, "an active ticket of the period").toBeDefined();
      const resolved = await api<{ status: string }>("PUT", `/tickets/${ticket!.id}`, { status: "closed", sendFarewell: false });
      expect(resolved.data.status).toBe("closed");
      await expect.poll(() => cardNumber(admin.page, "closed"), { timeout: 15_000 }).toBe(before.closed + 1);

      // The export of the period: an XLSX with the figures and the period's tickets.
      const download = admin.page.waitForEvent("download");
      await admin.page.getByTestId("dashboard-export-xlsx").click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^dashboard_.*\.xlsx$/);
      const book = XLSX.read(readFileSync((await file.path())!), { type: "buffer" });
      expect(book.SheetNames).toEqual(["Resumo", "Tickets"]);
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Tickets!, { header: 1 });
      const closedNow = await cardNumber(admin.page, "closed");
      const total = (await cardNumber(admin.page, "pending")) + (await cardNumber(admin.page, "open")) + closedNow;
      expect(rows.length - 1).toBe(total);
      expect(rows.some((row) => row[0] === ticket!.id && row[5] === "closed")).toBe(true);
      const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Resumo!, { header: 1 });
      expect(summary).toContainEqual(["Fechados", closedNow]);
    } finally {
      if (rating) await api("PUT", "/settings/userRating", { value: rating });
      await admin.context.close();
    }
  });
});
