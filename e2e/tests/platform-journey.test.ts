import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiFromPage, launchBrowser, newPage, signIn, stack } from "../browser.js";
import { waitForCode } from "../mailbox.js";
import {
  addConnection,
  addMonth,
  asaasPaymentOf,
  bellCount,
  changePlatformSettings,
  checkoutPix,
  ddmmyyyy,
  field,
  loadedBellCount,
  payAsaas,
  SUPER,
} from "../platform.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("the SaaS platform, end to end", () => {
  it("a visitor signs up on a small plan, is approved, hits its connection limit, pays the invoice and gets the super user's announcement", async () => {
    const tag = Date.now().toString(36);
    const planName = `Jornada ${tag}`;
    const companyName = `Loja Jornada ${tag}`;
    const email = `jornada-${tag}@jornada.test`;
    const password = "Jornada123";
    const title = `Novidade ${tag}`;

    // Open registration, approval required, payments through (the fake) Asaas; put back afterwards.
    const restore = await changePlatformSettings({ allowregister: "enabled", requireapproval: "enabled", asaas: stack().asaasKey });
    const root = await newPage(browser);
    const visitor = await newPage(browser);
    try {
      const sup = root.page;
      const owner = visitor.page;
      await signIn(sup, SUPER);

      // The super user offers a public plan with one connection (Settings → Plans).
      await sup.goto("/settings");
      await sup.getByTestId("settings-tab-plans").click();
      await field(sup, "plan-name").fill(planName);
      await field(sup, "plan-users").fill("2");
      await field(sup, "plan-connections").fill("1");
      await field(sup, "plan-queues").fill("1");
      await field(sup, "plan-value").fill("29,90");
      await sup.getByTestId("plan-save").click();
      await sup.locator('[data-testid^="plan-row-"]', { hasText: planName }).waitFor();

      // A visitor signs up on it, under the platform's logo, with the code mailed to the address.
      await owner.goto("/signup");
      await owner.getByTestId("platform-logo-signup").waitFor();
      await field(owner, "signup-name").fill(companyName);
      await field(owner, "signup-email").fill(email);
      await field(owner, "signup-phone").fill("11912345678");
      await field(owner, "signup-password").fill(password);
      await owner.getByTestId("signup-plan").locator('[role="combobox"]').click();
      await owner.getByRole("option", { name: `${planName} · R$ 29,90 · 2 usuários · 1 conexões · 1 filas` }).click();
      await owner.getByTestId("signup-next").click();
      await owner.getByText("Código de verificação enviado para seu email").waitFor();
      await field(owner, "signup-code").fill(await waitForCode(email));
      await owner.getByTestId("signup-verify").click();
      await owner.getByText("Cadastro realizado com sucesso! Aguarde a aprovação do administrador.").waitFor();
      await owner.waitForURL("**/login");

      // The super user approves the company on the Companies tab.
      await sup.getByTestId("settings-tab-companies").click();
      await sup.getByTestId("companies-search").locator("input").fill(companyName);
      const row = sup.locator('[data-testid^="company-row-"]', { hasText: companyName });
      await row.waitFor();
      expect(await row.innerText()).toContain(planName);
      await row.getByText("Pendente").waitFor();
      await row.locator('[data-testid^="company-approve-"]').click();
      await row.locator('[data-testid^="company-approve-"]').waitFor({ state: "detached" });
      await row.getByText("Pendente").waitFor({ state: "detached" });

      // Its admin signs in and reaches the plan's connection limit.
      await signIn(owner, { email, password });
      await owner.getByTestId("menu-item-connections").click();
      await owner.waitForURL("**/connections");
      await addConnection(owner, "Principal");
      await owner.getByTestId("connection-dialog").waitFor({ state: "hidden" });
      await owner.locator('[data-testid^="connection-card-"]', { hasText: "Principal" }).waitFor();
      await addConnection(owner, "Segunda");
      await owner.getByText("Seu plano permite no máximo 1 conexão(ões). Para adicionar mais, mude de plano.").waitFor();
      expect(await owner.locator('[data-testid^="connection-card-"]', { hasText: "Segunda" }).count()).toBe(0);

      // Assinatura: the invoice is the plan's; paid by Pix at Asaas, the licence runs a month longer.
      const before = await apiFromPage<{ company: { dueDate: string } }>(owner, "GET", "/subscription");
      const renewedUntil = addMonth(before.data.company.dueDate);
      await owner.goto("/subscription");
      expect(await owner.getByTestId("page-title").innerText()).toBe("Assinatura");
      expect(await owner.getByTestId("subscription-email").inputValue()).toBe(email);
      const code = await checkoutPix(owner);
      const payment = await asaasPaymentOf(code);
      expect(payment).toMatchObject({ status: "PENDING", value: 29.9 });
      expect(await payAsaas(payment.id)).toEqual({ status: 200, body: { outcome: "applied" } });
      const renewed = owner.getByTestId("payment-renewed");
      await renewed.waitFor();
      expect(await renewed.innerText()).toContain(ddmmyyyy(renewedUntil));
      await owner.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });

      // The super user publishes an announcement; it reaches the new admin's bell live.
      const unread = await loadedBellCount(owner);
      await sup.goto("/announcements");
      await sup.getByTestId("announcements-add").click();
      await sup.getByTestId("announcement-title").locator("input").fill(title);
      await sup.getByTestId("announcement-text").locator("textarea").first().fill("Bem-vinda à plataforma.");
      await sup.getByTestId("announcement-save").click();
      await sup.getByText("Informativo salvo com sucesso!").waitFor();
      await expect.poll(() => bellCount(owner), { timeout: 10_000 }).toBe(unread + 1);
      await owner.getByTestId("announcements-bell").click();
      const item = owner.locator('[data-testid^="announcement-item-"]', { hasText: title });
      await item.waitFor();
      expect(await item.getAttribute("data-read")).toBe("false");
    } finally {
      await visitor.context.close();
      await root.context.close();
      await restore();
    }
    // A long journey through three roles: more than the project's 60 s on a loaded machine.
  }, 180_000);
});
