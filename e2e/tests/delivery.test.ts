import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Response } from "playwright-core";
import { baseUrl, DEMO, launchBrowser } from "../browser.js";

/** A non-loopback IPv4 address of this machine: the app must open there over plain HTTP, as on a LAN. */
function lanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  throw new Error("this machine has no non-loopback IPv4 address to test through");
}

let browser: Browser;
let lanUrl: string;
beforeAll(async () => {
  browser = await launchBrowser();
  lanUrl = `http://${lanAddress()}:${new URL(baseUrl()).port}`;
});
afterAll(async () => {
  await browser.close();
});

describe("web delivery", () => {
  it("opens and signs in over plain HTTP through a non-loopback address, with compressed and cached assets", async () => {
    const context = await browser.newContext({ baseURL: lanUrl, locale: "pt-BR" });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on("response", (r) => responses.push(r));
    await page.goto("/login");
    // A Content-Security-Policy with upgrade-insecure-requests would have sent every script to https:// (blank page).
    await page.getByTestId("login-email").locator("input").fill(DEMO.agent.email);
    await page.getByTestId("login-password").locator("input").fill(DEMO.agent.password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL("**/tickets");
    await page.getByTestId("app-drawer").waitFor();

    const document = responses.find((r) => new URL(r.url()).pathname === "/login")!;
    const documentHeaders = await document.allHeaders();
    expect(documentHeaders["cache-control"]).toBe("no-cache");
    expect(documentHeaders["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(documentHeaders["strict-transport-security"]).toBeUndefined();

    // API answers worth compressing are compressed (a signed-in page loads several).
    const apiAnswers = responses.filter((r) => (r.headers()["content-type"] ?? "").includes("application/json"));
    const encodings = await Promise.all(apiAnswers.map(async (r) => (await r.allHeaders())["content-encoding"]));
    expect(encodings.some((e) => e === "gzip" || e === "br"), "no compressed API answer").toBe(true);

    const scripts = responses.filter((r) => /\/assets\/.+\.js$/.test(new URL(r.url()).pathname));
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect(headers["cache-control"], script.url()).toBe("public, max-age=31536000, immutable");
      // Chromium asks for gzip over plain HTTP (Brotli only over HTTPS); small files may travel plain.
      if (Number(headers["content-length"] ?? 2000) > 1500) expect(headers["content-encoding"], script.url()).toMatch(/^(br|gzip)$/);
    }
    await context.close();
  });

  it("answers Brotli to a client that asks for it, through the same address", async () => {
    const html = await fetch(`${lanUrl}/login`, { headers: { accept: "text/html", "accept-encoding": "br" } });
    expect(html.status).toBe(200);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeTruthy();
    const res = await fetch(`${lanUrl}${script}`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
