import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});


describe("users page", () => {
  it("lets an admin add an agent in a queue; the agent signs in and stays out of admin pages", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const queue = await apiFromPage<{ id: number }>(admin.page, "POST", "/queue", { name: "Financeiro E2E", color: "#7b1fa2" });
    expect(queue.status).toBe(201);

    await admin.page.goto("/users");
    await admin.page.getByTestId("users-add").click();
    await admin.page.getByTestId("user-name").locator("input").fill("Gabi Financeiro");
    await admin.page.getByTestId("user-email").locator("input").fill("gabi@demo.test");
    await admin.page.getByTestId("user-password").locator("input").fill("gabi-123");
    await admin.page.getByTestId("user-queues").locator('[role="combobox"]').click();
    await admin.page.getByTestId(`user-queue-option-${queue.data.id}`).click();
    await admin.page.keyboard.press("Escape");
    await admin.page.getByTestId("user-save").click();
    await admin.page.getByText("Usuário salvo com sucesso!").waitFor();
    const row = admin.page.locator('[data-testid^="user-row-"]', { hasText: "Gabi Financeiro" });
    await row.waitFor();
    expect(await row.innerText()).toContain("Financeiro E2E");

    // Search narrows the table.
    await admin.page.getByTestId("users-search").locator("input").fill("gabi");
    await expect.poll(() => admin.page.locator('[data-testid^="user-row-"]').count()).toBe(1);

    const agent = await newPage(browser);
    await signIn(agent.page, { email: "gabi@demo.test", password: "gabi-123" });
    await agent.page.getByTestId("app-drawer").waitFor();
    expect(await agent.page.getByTestId("menu-section-admin").count()).toBe(0);
    await agent.page.goto("/users");
    await agent.page.getByText("Sem permissão para acessar!").waitFor();
    await agent.page.waitForURL((url) => url.pathname === "/");
    // The API refuses too, whatever the client shows.
    expect((await apiFromPage(agent.page, "GET", "/users")).status).toBe(403);

    // The new user shows online on the admin's page.
    await admin.page.getByTestId("users-search").locator("input").fill("");
    await expect.poll(() => row.locator('[data-testid="user-online-true"]').count(), { timeout: 10_000 }).toBe(1);
    await admin.context.close();
    await agent.context.close();
  });
});
