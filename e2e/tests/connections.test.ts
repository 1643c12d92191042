import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});


const statusOf = (page: Page, id: string) => page.getByTestId(`connection-status-${id}`).getAttribute("data-status");
const badges = (page: Page) => page.getByTestId("connections-badge").count();

/** Opens the card's QR dialog, reads the QR's token and scans it with the simulated phone; the dialog closes by itself. */
async function scanFromCard(page: Page, id: string): Promise<string> {
  await page.getByTestId(`connection-qr-button-${id}`).click();
  const image = page.getByTestId("qr-image");
  await image.waitFor();
  expect(await image.locator("svg").count()).toBe(1);
  const token = await image.getAttribute("data-qr");
  expect(token).toMatch(/^atendo-simulator:/);
  const scanned = await apiFromPage(page, "POST", `/simulator/${id}/scan`, { qrcode: token });
  expect(scanned.status).toBe(204);
  await page.getByTestId("qr-dialog").waitFor({ state: "hidden", timeout: 10_000 });
  await expect.poll(() => statusOf(page, id), { timeout: 10_000 }).toBe("CONNECTED");
  return token!;
}

describe("connections page", () => {
  it("adds a simulator connection, scans its QR, disconnects and reconnects it; the menu badge shows while it is not connected", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.goto("/connections");
    // The demo connection came up connected at start: no alert.
    await page.locator('[data-testid^="connection-card-"]', { hasText: "WhatsApp Demo" }).waitFor();
    await page.waitForTimeout(2_500);
    expect(await badges(page)).toBe(0);

    await page.getByTestId("connections-add").click();
    await page.getByTestId("connection-dialog").waitFor();
    await page.getByTestId("connection-name").locator("input").fill("Loja E2E");
    await page.getByTestId("connection-provider").locator('[role="combobox"]').click();
    await page.getByTestId("connection-provider-option-simulator").click();
    await page.getByTestId("connection-save").click();
    await page.getByTestId("connection-dialog").waitFor({ state: "hidden" });

    const card = page.locator('[data-testid^="connection-card-"]', { hasText: "Loja E2E" });
    await card.waitFor();
    const id = (await card.getAttribute("data-testid"))!.replace("connection-card-", "");
    await expect.poll(() => statusOf(page, id), { timeout: 10_000 }).toBe("qrcode");
    await expect.poll(() => badges(page), { timeout: 10_000 }).toBe(1);

    const firstQr = await scanFromCard(page, id);
    await expect.poll(() => badges(page), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId(`connection-number-${id}`).innerText()).toMatch(/\d/);

    // Disconnect (after confirmation): the login is gone and the alert is back.
    await page.getByTestId(`connection-disconnect-${id}`).click();
    await page.getByTestId("confirm-ok").click();
    await expect.poll(() => statusOf(page, id), { timeout: 10_000 }).toBe("DISCONNECTED");
    await expect.poll(() => badges(page), { timeout: 10_000 }).toBe(1);

    // Try again: a new QR, scanned again.
    await page.getByTestId(`connection-start-${id}`).click();
    await expect.poll(() => statusOf(page, id), { timeout: 10_000 }).toBe("qrcode");
    const secondQr = await scanFromCard(page, id);
    expect(secondQr).not.toBe(firstQr);
    await expect.poll(() => badges(page), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});
