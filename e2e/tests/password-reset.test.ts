import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";
import { waitForCode } from "../mailbox.js";
import { field } from "../platform.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("password reset", () => {
  it("resets with the mailed code, signs the open tab out, and only the new password works", async () => {
    const tag = Date.now().toString(36);
    const user = { email: `esqueci-${tag}@demo.test`, password: "Antiga123" };
    const newPassword = "NovaSenha456";

    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    const created = await apiFromPage(admin.page, "POST", "/users", { name: "Esquecida", ...user, profile: "user" });
    expect(created.status).toBe(201);
    await admin.context.close();

    // The user is signed in in one tab …
    const tab = await newPage(browser);
    await signIn(tab.page, user);
    await tab.page.getByTestId("app-drawer").waitFor();

    // … and resets the password elsewhere.
    const other = await newPage(browser);
    await other.page.goto("/login");
    // Under a loaded CI machine one click on the link was once not followed within 30 s (the login page still
    // settling): a second click, as a user would, after 10 s.
    for (let attempt = 1; ; attempt++) {
      await other.page.getByTestId("forgot-password-link").click();
      const moved = await other.page.waitForURL("**/forgetpsw", { timeout: 10_000 }).then(() => true, () => false);
      if (moved) break;
      if (attempt === 2) throw new Error(`the forgot-password link did not lead to /forgetpsw (page at ${other.page.url()})`);
      console.warn("password reset: the link's first click was not followed within 10 s; clicking again");
    }
    await field(other.page, "forgot-email").fill(user.email);
    await other.page.getByTestId("forgot-send").click();
    await other.page.getByText("Email enviado com sucesso!").waitFor();
    const code = await waitForCode(user.email);
    await field(other.page, "forgot-code").fill(code);
    await field(other.page, "forgot-password").fill(newPassword);
    await field(other.page, "forgot-confirm").fill(newPassword);
    await other.page.getByTestId("forgot-reset").click();
    await other.page.getByText("Senha redefinida com sucesso.").waitFor();
    await other.page.waitForURL("**/login");

    // The open tab's session ended with the reset: it is signed out.
    await tab.page.waitForURL("**/login", { timeout: 15_000 });

    await field(other.page, "login-email").fill(user.email);
    await field(other.page, "login-password").fill(user.password);
    await other.page.getByTestId("login-submit").click();
    await other.page.getByText("Erro de autenticação. Verifique o e-mail e a senha.").waitFor();
    await signIn(other.page, { email: user.email, password: newPassword });
    await other.page.getByTestId("app-drawer").waitFor();

    await tab.context.close();
    await other.context.close();
  });
});
