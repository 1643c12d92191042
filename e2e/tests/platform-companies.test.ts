import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiFromPage, launchBrowser, newPage, signIn } from "../browser.js";
import { addConnection, field, SUPER } from "../platform.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("companies and plans", () => {
  it("a super user makes a one-connection plan and a company on it; its admin cannot add a second connection", async () => {
    const tag = Date.now().toString(36);
    const planName = `Uma conexão ${tag}`;
    const companyName = `Loja Plano ${tag}`;
    const adminEmail = `dona-${tag}@loja.test`;

    const root = await newPage(browser);
    await signIn(root.page, SUPER);
    await root.page.goto("/settings");

    // Plans tab: a plan with one connection.
    await root.page.getByTestId("settings-tab-plans").click();
    await field(root.page, "plan-name").fill(planName);
    await field(root.page, "plan-users").fill("3");
    await field(root.page, "plan-connections").fill("1");
    await field(root.page, "plan-queues").fill("2");
    await field(root.page, "plan-value").fill("19,90");
    await root.page.getByTestId("plan-save").click();
    await root.page.getByText("Operação realizada com sucesso!").first().waitFor();
    await root.page.locator('[data-testid^="plan-row-"]', { hasText: planName }).waitFor();

    // Register Company tab: the company and its first admin on that plan.
    await root.page.getByTestId("settings-tab-registerCompany").click();
    await field(root.page, "register-name").fill(companyName);
    await field(root.page, "register-email").fill(adminEmail);
    await root.page.getByTestId("register-plan").locator('[role="combobox"]').click();
    await root.page.getByRole("option", { name: planName }).click();
    await field(root.page, "register-adminName").fill("Dona da Loja");
    await field(root.page, "register-password").fill("loja-123");
    await root.page.getByTestId("register-submit").click();
    await root.page.getByText(`Empresa ${companyName} cadastrada.`).waitFor();

    // Companies tab: it is listed with its plan.
    await root.page.getByTestId("settings-tab-companies").click();
    const row = root.page.locator('[data-testid^="company-row-"]', { hasText: companyName });
    await row.waitFor();
    expect(await row.innerText()).toContain(planName);

    // The new admin signs in and reaches the plan's connection limit.
    const owner = await newPage(browser);
    await signIn(owner.page, { email: adminEmail, password: "loja-123" });
    await owner.page.goto("/connections");
    await addConnection(owner.page, "Primeira");
    await owner.page.getByTestId("connection-dialog").waitFor({ state: "hidden" });
    await owner.page.locator('[data-testid^="connection-card-"]', { hasText: "Primeira" }).waitFor();
    await addConnection(owner.page, "Segunda");
    await owner.page.getByText("Seu plano permite no máximo 1 conexão(ões). Para adicionar mais, mude de plano.").waitFor();
    // Nothing was added: one card (its testid; the card's save button shares the prefix).
    const cards = owner.page.locator('[data-testid^="connection-card-"]:not([data-testid^="connection-card-save"])');
    expect(await cards.count()).toBe(1);
    expect(await owner.page.locator('[data-testid^="connection-card-"]', { hasText: "Segunda" }).count()).toBe(0);

    // Plans and companies stay the super user's business.
    expect((await apiFromPage(owner.page, "GET", "/companies/list")).status).toBe(403);
    expect((await apiFromPage(owner.page, "GET", "/plans/all")).status).toBe(403);

    await owner.context.close();
    await root.context.close();
  });
});
