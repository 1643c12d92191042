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

describe("application shell", () => {
  it("sends an unauthenticated visit of /tickets to /login", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/tickets");
    await page.waitForURL("**/login");
    expect(await page.getByTestId("login-submit").isVisible()).toBe(true);
    await context.close();
  });

  it("lets the demo admin in to the shell with the admin menu; theme and language stick; logout", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, { ...DEMO.admin, email: "Admin@Demo.TEST" });
    await page.getByTestId("app-drawer").waitFor();
    expect(await page.getByTestId("menu-section-admin").isVisible()).toBe(true);
    expect(await page.getByTestId("menu-item-connections").isVisible()).toBe(true);
    expect(await page.getByTestId("greeting").innerText()).toContain("Ana Admin");
    expect(await page.getByTestId("version-text").innerText()).toMatch(/\d+\.\d+\.\d+/);

    // Theme: follows the system (light here) until toggled, then is remembered across a reload.
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? document.body.dataset.theme);
    expect(await theme()).toBe("light");
    await page.getByTestId("theme-toggle").click();
    expect(await theme()).toBe("dark");
    await page.reload();
    await page.getByTestId("app-drawer").waitFor();
    expect(await theme()).toBe("dark");

    // Language: Portuguese by default, English when chosen, and still English after a reload.
    const connections = page.getByTestId("menu-item-connections");
    expect(await connections.innerText()).toContain("Conexões");
    await page.getByTestId("language-select").click();
    await page.getByTestId("language-option-en").click();
    await expect.poll(() => connections.innerText()).toContain("Connections");
    await page.reload();
    await page.getByTestId("app-drawer").waitFor();
    expect(await page.getByTestId("menu-item-connections").innerText()).toContain("Connections");

    await page.getByTestId("account-menu").click();
    await page.getByTestId("account-logout").click();
    await page.waitForURL("**/login");
    // The session is gone on the server too: a private page sends us back to login.
    await page.goto("/tickets");
    await page.waitForURL("**/login");
    await context.close();
  });

  it("shows the agent no admin section", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.agent);
    await page.getByTestId("app-drawer").waitFor();
    expect(await page.getByTestId("menu-item-tickets").isVisible()).toBe(true);
    expect(await page.getByTestId("menu-section-admin").count()).toBe(0);
    expect(await page.getByTestId("menu-item-connections").count()).toBe(0);
    expect(await page.getByTestId("menu-item-settings").count()).toBe(0);
    // An authenticated visit of /login goes home.
    await page.goto("/login");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await context.close();
  });

  it("signs out the first browser when the same user logs in elsewhere", async () => {
    const first = await newPage(browser);
    await signIn(first.page, DEMO.agent);
    await first.page.getByTestId("app-drawer").waitFor();
    const second = await newPage(browser);
    await signIn(second.page, DEMO.agent);
    await first.page.getByText("Sua conta foi acessada em outro computador.").waitFor({ timeout: 10_000 });
    await first.page.waitForURL("**/login", { timeout: 10_000 });
    // Closed before the second page reloads: the signed-out page still reloads itself once, and nothing else should
    // compete with the second browser for a loaded machine (CI once saw this test stall to its 60 s limit).
    await first.context.close();
    // The second browser keeps working.
    await second.page.reload();
    await second.page.getByTestId("app-drawer").waitFor({ timeout: 20_000 });
    await second.context.close();
  });
});
