import { inject } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import { CHROMIUM_ARGS } from "./chromium.js";

/**
 * This worker's server and fakes (e2e/global-setup.ts starts one stack per worker): files running at once never share
 * a server, so what one changes in its demo company no other sees while it runs.
 */
export function stack() {
  const stacks = inject("stacks");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const own = stacks[worker - 1];
  // More workers than servers would put two files on one server at once: refuse rather than share.
  if (!own) throw new Error(`e2e worker ${worker} has no server of its own (${stacks.length} started): run with --maxWorkers=${stacks.length}`);
  return own;
}

export const baseUrl = () => stack().baseUrl;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, opts: { colorScheme?: "light" | "dark"; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), colorScheme: opts.colorScheme ?? "light", locale: opts.locale ?? "pt-BR" });
  const page = await context.newPage();
  return { context, page };
}

export const DEMO = {
  admin: { email: "admin@demo.test", password: "demo-pass-123" },
  agent: { email: "agent@demo.test", password: "demo-pass-123" },
};

export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  const isLogin = (url: string, method: string) => url.endsWith("/auth/login") && method === "POST";
  // The request and its answer are awaited apart, so that a stalled sign-in (seen under heavy load) says which side
  // stalled. A click that sent nothing is tried once more, after printing what the form showed: the page may still
  // have been settling when the fields were filled.
  let answer: Promise<Response> | undefined;
  for (let attempt = 1; attempt <= 2 && !answer; attempt++) {
    await page.getByTestId("login-email").locator("input").fill(who.email);
    await page.getByTestId("login-password").locator("input").fill(who.password);
    const sent = page.waitForRequest((r) => isLogin(r.url(), r.method()), { timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    const answered = page.waitForResponse((r) => isLogin(r.url(), r.request().method()), { timeout: 45_000 });
    answered.catch(() => undefined);
    await page.getByTestId("login-submit").click();
    if (await sent) {
      answer = answered;
      break;
    }
    const form = await page
      .evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>("form input")].map((i) => `${i.type}:${i.value.length} chars${i.getAttribute("aria-invalid") === "true" ? " (invalid)" : ""}`).join(", "),
      )
      .catch((err: Error) => err.message);
    const message = `signIn(${who.email}): the click sent no POST /auth/login within 15 s (attempt ${attempt}; form: ${form}; page at ${page.url()})`;
    if (attempt === 2) throw new Error(message);
    console.warn(`${message}: filled and clicked again`);
  }
  const res = await answer!.catch((err: Error) => {
    throw new Error(`signIn(${who.email}): POST /auth/login was sent but not answered within 45 s (${err.message})`);
  });
  if (!res.ok()) throw new Error(`signIn(${who.email}): POST /auth/login answered ${res.status()} ${await res.text().catch(() => "")}`);
  await page.waitForURL("**/tickets", { timeout: 20_000 });
}

/** Calls the API as the signed-in page does (its stored access token). */
export async function apiFromPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${localStorage.getItem("token")}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, data: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}
