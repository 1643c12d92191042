import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { CompanyPage } from "@atendo/shared";
import { apiFromPage, launchBrowser, newPage, signIn } from "../browser.js";
import { waitForCode } from "../mailbox.js";
import { changePlatformSettings, field, SUPER } from "../platform.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("public signup", () => {
  it("a visitor signs up with the code from the mail; after a super user approves, the new admin signs in", async () => {
    const tag = Date.now().toString(36);
    const companyName = `Loja Cadastro ${tag}`;
    const email = `dona-${tag}@cadastro.test`;
    const password = "Cadastro123";

    // Open registration with its link on the login page, and approval required (another test may have changed them).
    const restore = await changePlatformSettings({ allowregister: "enabled", viewregister: "enabled", requireapproval: "enabled" });
    const root = await newPage(browser);
    try {
      await signIn(root.page, SUPER);
      const visitor = await newPage(browser);
      await visitor.page.goto("/login");
      await visitor.page.getByTestId("register-link").click();
      await visitor.page.waitForURL("**/signup");

      await field(visitor.page, "signup-name").fill(companyName);
      await field(visitor.page, "signup-email").fill(email);
      await field(visitor.page, "signup-phone").fill("11987654321");
      expect(await field(visitor.page, "signup-phone").inputValue()).toBe("(11) 98765-4321");
      await field(visitor.page, "signup-password").fill(password);
      await visitor.page.getByTestId("signup-plan").locator('[role="combobox"]').click();
      await visitor.page.getByRole("option", { name: /^Básico/ }).click();
      await visitor.page.getByTestId("signup-next").click();
      await visitor.page.getByText("Código de verificação enviado para seu email").waitFor();

      const code = await waitForCode(email);
      await field(visitor.page, "signup-code").fill(code);
      await visitor.page.getByTestId("signup-verify").click();
      await visitor.page.getByText("Cadastro realizado com sucesso! Aguarde a aprovação do administrador.").waitFor();
      await visitor.page.waitForURL("**/login");

      // Waiting for approval: the login is refused with the spec's message.
      await field(visitor.page, "login-email").fill(email);
      await field(visitor.page, "login-password").fill(password);
      await visitor.page.getByTestId("login-submit").click();
      await visitor.page.getByText("Sua empresa ainda não foi aprovada. Aguarde a aprovação do administrador.").waitFor();

      // A super user approves it (the Companies tab calls the same API).
      const found = await apiFromPage<CompanyPage>(root.page, "GET", `/companies?searchParam=${encodeURIComponent(companyName)}`);
      const company = found.data.companies.find((c) => c.name === companyName);
      expect(company).toMatchObject({ approved: false, status: true, recurrence: "MENSAL", email });
      expect((await apiFromPage(root.page, "PUT", `/companies/${company!.id}`, { approved: true })).status).toBe(200);

      await signIn(visitor.page, { email, password });
      await visitor.page.getByTestId("app-drawer").waitFor();
      await visitor.context.close();
    } finally {
      await root.context.close();
      await restore();
    }
  });
});
