import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { ChatView } from "@atendo/shared";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn } from "../browser.js";
import { E2E_PASSWORDS } from "../global-setup.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// The platform's super admin: a user of another company than the demo one (its plan has internal chat too).
const SUPER = { email: "admin@atendo.local", password: E2E_PASSWORDS.admin };

describe("internal chat", () => {
  it("lets the admin start a chat with the agent, who sees the badge and the messages live; others get 404", async () => {
    const admin = await newPage(browser);
    const agent = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    await signIn(agent.page, DEMO.agent);
    await agent.page.getByTestId("app-drawer").waitFor();
    const title = `Plantão ${Date.now()}`;

    // The admin creates the chat with the agent from the dialog and writes.
    await admin.page.getByTestId("menu-item-chats").first().click();
    await admin.page.waitForURL("**/chats");
    await admin.page.getByTestId("chats-add").click();
    await admin.page.getByTestId("chat-title-input").fill(title);
    await admin.page.getByTestId("chat-users").getByRole("combobox").click();
    await admin.page.getByRole("option", { name: "Bruno Atendente" }).click();
    await admin.page.getByTestId("chat-save").click();
    await admin.page.waitForURL("**/chats/*-*");
    await admin.page.getByTestId("chat-input").fill("Bruno, pode cobrir o plantão?");
    await admin.page.getByTestId("chat-send").click();
    await admin.page.getByTestId("chat-message-text").filter({ hasText: "Bruno, pode cobrir o plantão?" }).waitFor();

    // The agent, on another page, gets the unread badge without reloading.
    await agent.page.locator("[data-testid=chats-badge]:visible").waitFor({ timeout: 15_000 });
    await agent.page.getByTestId("menu-item-chats").first().click();
    const chats = await apiFromPage<{ records: ChatView[] }>(agent.page, "GET", "/chats");
    const chat = chats.data.records.find((c) => c.title === title)!;
    expect(chat).toBeDefined();
    expect(await agent.page.getByTestId(`chat-unreads-${chat.id}`).innerText()).toBe("1");
    await agent.page.getByTestId(`chat-item-${chat.id}`).click();
    await agent.page.getByTestId("chat-message-text").filter({ hasText: "Bruno, pode cobrir o plantão?" }).waitFor();
    // Opening it cleared the count and the badge.
    await agent.page.locator("[data-testid=chats-badge]:visible").waitFor({ state: "detached", timeout: 15_000 });

    // A further message arrives live in the open chat.
    await admin.page.getByTestId("chat-input").fill("Obrigada!");
    await admin.page.getByTestId("chat-input").press("Enter");
    await agent.page.getByTestId("chat-message-text").filter({ hasText: "Obrigada!" }).waitFor({ timeout: 15_000 });
    await agent.page.getByTestId("chat-input").fill("Posso sim.");
    await agent.page.getByTestId("chat-send").click();
    await admin.page.getByTestId("chat-message-text").filter({ hasText: "Posso sim." }).waitFor({ timeout: 15_000 });

    // A user of another company cannot open it by its uuid, nor reach its messages by id.
    const other = await newPage(browser);
    await signIn(other.page, SUPER);
    expect((await apiFromPage(other.page, "GET", `/chats/${chat.id}/messages`)).status).toBe(404);
    expect((await apiFromPage(other.page, "POST", `/chats/${chat.id}/messages`, { message: "intruso" })).status).toBe(404);
    await other.page.goto(`/chats/${chat.uuid}`);
    await other.page.getByTestId("chat-none-selected").waitFor();
    expect(await other.page.getByText("Bruno, pode cobrir o plantão?").count()).toBe(0);

    for (const { context } of [admin, agent, other]) await context.close();
  });
});
