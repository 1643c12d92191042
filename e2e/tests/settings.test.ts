import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("settings options", () => {
  it("saves an option on change and keeps it after a reload", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.goto("/settings");
    const field = page.getByTestId("setting-userRating");
    await field.waitFor();
    await field.locator('[role="combobox"]').click();
    await page.getByTestId("setting-userRating-option-enabled").click();
    await page.getByText("Operação atualizada com sucesso.").waitFor();
    await page.reload();
    await page.getByTestId("setting-userRating").waitFor();
    expect(await page.getByTestId("setting-userRating").innerText()).toMatch(/Habilitad/i);
    await context.close();
  });
});
