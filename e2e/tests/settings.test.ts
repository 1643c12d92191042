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
    // "call": no other e2e file touches it (userRating is shared with the tickets and dashboard files, which run beside).
    const choose = async (value: "enabled" | "disabled") => {
      const field = page.getByTestId("setting-call");
      await field.waitFor();
      await field.locator('[role="combobox"]').click();
      await page.getByTestId(`setting-call-option-${value}`).click();
      await page.getByText("Operação atualizada com sucesso.").first().waitFor();
    };
    await choose("disabled");
    await page.reload();
    await page.getByTestId("setting-call").waitFor();
    expect(await page.getByTestId("setting-call").innerText()).toMatch(/Desabilitad/i);
    await choose("enabled");
    await context.close();
  });
});
