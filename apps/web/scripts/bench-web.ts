/**
 * Web delivery bench (`npm run bench:web`): builds the client into a temporary folder, starts the real server on it
 * (fresh embedded database, demo data), then measures in Chromium:
 *   - per route, the JavaScript a first visit downloads: compressed (bytes on the wire) and raw (decoded);
 *   - the time to a usable login page (the e-mail field and the submit button ready) at 1.6 Mbit/s with 150 ms latency,
 *     a cold cache and a warm one (a second visit).
 * BENCH_DIST=<folder> measures an existing build instead of building; BENCH_VERBOSE=1 lists every script.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PASSWORD = "demo-pass-123";
const THROTTLE = { downloadKbit: 1600, uploadKbit: 750, latencyMs: 150 };
const BUDGET_KB = { "/login": 250, "/tickets": 500 } as Record<string, number>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

async function startServer(webDist: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "src/main.ts"], {
    cwd: path.join(ROOT, "apps/server"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      WEB_DIST: webDist,
      DEMO_PASSWORD: PASSWORD,
      LOGIN_RATE_LIMIT_PER_IP: "10000",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is running at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

interface Transfer {
  url: string;
  /** Body bytes on the wire (compressed), without the response headers. */
  encoded: number;
  decoded: number;
  headerBytes: number;
}

/** Records every script the page downloads: compressed body bytes on the wire and decoded bytes. */
async function recordScripts(cdp: CDPSession): Promise<() => Transfer[]> {
  const scripts = new Map<string, Transfer>();
  await cdp.send("Network.enable");
  cdp.on("Network.responseReceived", (e) => {
    // At this point the bytes received are the status line and headers.
    if (e.type === "Script") scripts.set(e.requestId, { url: e.response.url, encoded: 0, decoded: 0, headerBytes: e.response.encodedDataLength });
  });
  cdp.on("Network.dataReceived", (e) => {
    const t = scripts.get(e.requestId);
    if (!t) return;
    t.decoded += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const t = scripts.get(e.requestId);
    if (t) t.encoded = e.encodedDataLength - t.headerBytes;
  });
  return () => [...scripts.values()];
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByTestId("login-email").locator("input").fill(email);
  await page.getByTestId("login-password").locator("input").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL("**/tickets");
}

async function routeSizes(browser: Browser, baseURL: string, route: string, as?: string) {
  // Signed in through another context, whose session (token and refresh cookie) the measured one starts with: its
  // cache is empty, as on a first visit of the page by a signed-in user.
  let storageState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
  if (as) {
    const login = await browser.newContext({ baseURL, locale: "pt-BR" });
    const loginPage = await login.newPage();
    await loginPage.goto("/login");
    await signIn(loginPage, as);
    storageState = await login.storageState();
    await login.close();
  }
  const context = await browser.newContext({ baseURL, locale: "pt-BR", storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scripts = await recordScripts(cdp);
  await page.goto(route, { waitUntil: "networkidle" });
  // The page's own chunk comes after the shell and the session check: wait until no page is still loading.
  await page.waitForFunction(
    (ready) => document.querySelector(`[data-testid="${ready}"]`) && !document.querySelector('[data-testid="page-loading"]'),
    as ? "app-drawer" : "login-submit",
    { timeout: 60_000 },
  );
  await page.waitForLoadState("networkidle");
  const list = scripts();
  const landed = new URL(page.url()).pathname;
  await context.close();
  if (landed !== route) throw new Error(`${route} as ${as ?? "visitor"} ended on ${landed}`);
  if (process.env.BENCH_VERBOSE) {
    console.log(`  ${route}:`);
    for (const t of list.sort((a, b) => b.encoded - a.encoded)) console.log(`    ${kb(t.encoded).padStart(10)} ${kb(t.decoded).padStart(10)}  ${t.url.replace(baseURL, "")}`);
  }
  return {
    files: list.length,
    encoded: list.reduce((s, t) => s + t.encoded, 0),
    decoded: list.reduce((s, t) => s + t.decoded, 0),
  };
}

async function timeToUsableLogin(browser: Browser, baseURL: string): Promise<{ cold: number; warm: number }> {
  const context = await browser.newContext({ baseURL, locale: "pt-BR" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: (THROTTLE.downloadKbit * 1000) / 8,
    uploadThroughput: (THROTTLE.uploadKbit * 1000) / 8,
  });
  const measure = async () => {
    const start = Date.now();
    await page.goto("/login", { waitUntil: "commit" });
    await page.getByTestId("login-email").locator("input").waitFor({ state: "visible", timeout: 120_000 });
    await page.getByTestId("login-submit").waitFor({ state: "visible", timeout: 120_000 });
    return Date.now() - start;
  };
  const cold = await measure();
  const warm = await measure();
  await context.close();
  return { cold, warm };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "atendo-bench-web-"));
  let webDist = path.resolve(process.env.BENCH_DIST ?? "");
  if (!process.env.BENCH_DIST) {
    webDist = path.join(work, "dist");
    console.log(`building the client into ${webDist} ...`);
    const build = spawnSync("npx", ["vite", "build", "--outDir", webDist, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: path.join(ROOT, "apps/web"),
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  const { url, child } = await startServer(webDist, path.join(work, "data"));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const routes: Array<[string, string | undefined, string]> = [
      ["/login", undefined, "visitor"],
      ["/tickets", "agent@demo.test", "agent"],
      ["/contacts", "admin@demo.test", "admin"],
      ["/settings", "admin@demo.test", "admin"],
      ["/connections", "admin@demo.test", "admin"],
    ];
    console.log("\nJavaScript per route (first visit, cold cache)");
    console.log("route          as        files  compressed     raw          budget");
    let overBudget = false;
    for (const [route, as, who] of routes) {
      const r = await routeSizes(browser, url, route, as);
      const budget = BUDGET_KB[route];
      const verdict = budget ? `${r.encoded / 1024 <= budget ? "ok" : "OVER"} (≤ ${budget} KB)` : "";
      if (budget && r.encoded / 1024 > budget) overBudget = true;
      console.log(`${route.padEnd(14)} ${who.padEnd(9)} ${String(r.files).padStart(5)}  ${kb(r.encoded).padStart(11)}  ${kb(r.decoded).padStart(11)}  ${verdict}`);
    }
    const t = await timeToUsableLogin(browser, url);
    console.log(`\nTime to a usable /login at ${THROTTLE.downloadKbit / 1000} Mbit/s, ${THROTTLE.latencyMs} ms latency:`);
    console.log(`  cold cache: ${(t.cold / 1000).toFixed(2)} s`);
    console.log(`  warm cache: ${(t.warm / 1000).toFixed(2)} s`);
    if (overBudget) process.exitCode = 1;
  } finally {
    await browser.close();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
