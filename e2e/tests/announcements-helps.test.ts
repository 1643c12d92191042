import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO, launchBrowser, newPage, signIn } from "../browser.js";
import { bellCount, loadedBellCount, SUPER } from "../platform.js";

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("announcements and help videos", () => {
  it("a super user's announcement reaches the demo admin's bell live, and a help video plays for them", async () => {
    const superSide = await newPage(browser);
    const adminSide = await newPage(browser);
    const sup = superSide.page;
    const admin = adminSide.page;
    // No test reaches the internet: YouTube's player is answered here.
    await admin.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" }),
    );
    await signIn(sup, SUPER);
    await signIn(admin, DEMO.admin);
    const before = await loadedBellCount(admin);

    // The super user writes a high-priority announcement with an image.
    await sup.goto("/announcements");
    await sup.getByTestId("announcements-add").click();
    await sup.getByTestId("announcement-title").locator("input").fill("Manutenção E2E");
    await sup.getByTestId("announcement-text").locator("textarea").first().fill("O sistema para sábado às 22h.");
    await sup.getByTestId("announcement-priority-select").locator('[role="combobox"]').click();
    await sup.getByTestId("announcement-priority-1").click();
    await sup.getByTestId("announcement-media-input").setInputFiles({ name: "aviso.png", mimeType: "image/png", buffer: PNG });
    await sup.getByTestId("announcement-save").click();
    await sup.getByText("Informativo salvo com sucesso!").waitFor();
    const row = sup.locator('[data-testid^="announcement-row-"]', { hasText: "Manutenção E2E" });
    await row.getByTestId("announcement-attachment-cell").getByText("aviso.png").waitFor();

    // Live in the demo admin's bell (another company, another browser context), counted as unread.
    await expect.poll(() => bellCount(admin), { timeout: 10_000 }).toBe(before + 1);
    await admin.getByTestId("announcements-bell").click();
    const item = admin.locator('[data-testid^="announcement-item-"]', { hasText: "Manutenção E2E" });
    expect(await item.getByTestId("announcement-priority").getAttribute("data-priority")).toBe("1");
    expect(await item.getAttribute("data-read")).toBe("false");
    await item.click();
    expect(await admin.getByTestId("announcement-reader-text").innerText()).toBe("O sistema para sábado às 22h.");
    await admin.getByTestId("announcement-image").waitFor();
    await expect.poll(() => bellCount(admin)).toBe(before);
    await admin.keyboard.press("Escape");
    // Read state lives on the server: a reload keeps it.
    await admin.reload();
    // The badge reads 0 until its list loads (slow on a busy machine): wait for the loaded count, then compare.
    expect(await loadedBellCount(admin)).toBe(before);

    // The super user adds a help video on the settings page's Help tab (a full link; the id is kept).
    await sup.goto("/settings");
    await sup.getByTestId("settings-tab-helps").click();
    await sup.getByTestId("help-title").locator("input").fill("Vídeo E2E");
    await sup.getByTestId("help-description").locator("input").fill("Como atender um ticket");
    await sup.getByTestId("help-video").locator("input").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await sup.getByTestId("help-save").click();
    await sup.locator('[data-testid^="help-row-"]', { hasText: "Vídeo E2E" }).getByText("dQw4w9WgXcQ").waitFor();

    // The demo admin sees the card and opens the player; Escape closes it.
    await admin.goto("/helps");
    const card = admin.locator('[data-testid^="help-card-"]', { hasText: "Vídeo E2E" });
    await card.waitFor();
    expect(await admin.getByTestId("page-title").innerText()).toMatch(/^Ajuda \(\d+\)$/);
    await card.click();
    const frame = admin.getByTestId("help-player-frame");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    await admin.keyboard.press("Escape");
    await frame.waitFor({ state: "detached" });

    // A company's admin is refused the announcements page.
    await admin.goto("/announcements");
    await admin.getByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.").waitFor();

    await superSide.context.close();
    await adminSide.context.close();
  });
});
