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

describe("queues, tags and quick messages", () => {
  it("lets an admin create a queue with working hours, a tag and a quick message, and see them listed", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);

    // Queue: a palette colour, a greeting, and Saturday closing at 14:00 instead of 12:00.
    await page.getByTestId("menu-item-queues").click();
    await page.waitForURL("**/queues");
    await page.getByTestId("queues-add").click();
    await page.getByTestId("queue-name").locator("input").fill("Suporte E2E");
    await page.getByTestId("queue-color-palette").click();
    await page.getByTestId("color-option-bf360c").click();
    await page.getByTestId("queue-order").locator("input").fill("3");
    await page.getByTestId("queue-greeting").locator("textarea").first().fill("Olá! Você está no suporte.");
    await page.getByTestId("queue-tab-schedules").click();
    const saturdayEnd = page.getByTestId("working-hours-saturday-end").locator("input");
    expect(await saturdayEnd.inputValue()).toBe("12:00");
    await saturdayEnd.fill("");
    await saturdayEnd.pressSequentially("1400");
    expect(await saturdayEnd.inputValue()).toBe("14:00");
    await page.getByTestId("queue-save").click();
    await page.getByText("Fila salva com sucesso!").waitFor();
    const card = page.locator('[data-testid^="queue-card-"]', { hasText: "Suporte E2E" });
    await card.waitFor();
    expect(await card.getByTestId("queue-info-color").innerText()).toBe("#bf360c");
    expect(await card.getByTestId("queue-info-order").innerText()).toBe("3");
    expect(await card.getByTestId("queue-info-greeting").innerText()).toBe("Olá! Você está no suporte.");
    // The saved hours come back when the queue is opened again.
    await card.locator('[data-testid^="queue-edit-"]').click();
    await page.getByTestId("queue-tab-schedules").click();
    expect(await page.getByTestId("working-hours-saturday-end").locator("input").inputValue()).toBe("14:00");
    expect(await page.getByTestId("working-hours-monday-start").locator("input").inputValue()).toBe("08:00");
    await page.keyboard.press("Escape");

    // Tag: a typed colour and the kanban switch admins see.
    await page.getByTestId("menu-item-tags").click();
    await page.waitForURL("**/tags");
    await page.getByTestId("tags-add").click();
    await page.getByTestId("tag-name").locator("input").fill("Cliente E2E");
    await page.getByTestId("tag-color").locator("input").fill("#00897b");
    await page.getByTestId("tag-kanban").locator("input").check();
    await page.getByTestId("tag-save").click();
    await page.getByText("Tag salva com sucesso!").waitFor();
    const tagRow = page.locator('[data-testid^="tag-row-"]', { hasText: "Cliente E2E" });
    await tagRow.waitFor();
    expect(await tagRow.getByTestId("tag-tickets").innerText()).toBe("0");
    await page.getByTestId("tags-search").locator("input").fill("e2e");
    await expect.poll(() => page.locator('[data-testid^="tag-row-"]').count()).toBe(1);

    // Quick message: general, with an attachment whose spaces become underscores.
    await page.getByTestId("menu-item-quick-messages").click();
    await page.waitForURL("**/quick-messages");
    await page.getByTestId("quick-messages-add").click();
    await page.getByTestId("quick-message-shortcode").locator("input").fill("boasvindas");
    await page.getByTestId("quick-message-message").locator("textarea").first().fill("Seja bem-vindo!");
    await page.getByTestId("quick-message-media-input").setInputFiles({
      name: "tabela de preços.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%e2e\n"),
    });
    await page.getByTestId("quick-message-geral").locator('[role="combobox"]').click();
    await page.getByTestId("quick-message-geral-option-enabled").click();
    await page.getByTestId("quick-message-save").click();
    await page.getByText("Resposta rápida salva com sucesso!").waitFor();
    const messageRow = page.locator('[data-testid^="quick-message-row-"]', { hasText: "boasvindas" });
    await messageRow.getByTestId("quick-message-attachment-cell").getByText("tabela_de_preços.pdf").waitFor();
    expect(await messageRow.getByTestId("quick-message-geral-cell").innerText()).toBe("Ativo");

    // The agent sees the general message, without edit buttons.
    const agent = await newPage(browser);
    await signIn(agent.page, DEMO.agent);
    await agent.page.goto("/quick-messages");
    const agentRow = agent.page.locator('[data-testid^="quick-message-row-"]', { hasText: "boasvindas" });
    await agentRow.waitFor();
    expect(await agentRow.locator('[data-testid^="quick-message-edit-"]').count()).toBe(0);
    await agent.context.close();
    await context.close();
  });
});
