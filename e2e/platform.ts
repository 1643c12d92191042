import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { SettingEntry } from "@atendo/shared";
import { apiFromPage, baseUrl, stack } from "./browser.js";
import { E2E_PASSWORDS } from "./global-setup.js";

/** The platform's super user (seeded with ADMIN_PASSWORD). */
export const SUPER = { email: "admin@atendo.local", password: E2E_PASSWORDS.admin };

/** The input inside a MUI TextField carrying a test id. */
export const field = (page: Page, testId: string) => page.getByTestId(testId).locator("input");

/**
 * Signs the super user in outside any browser and answers an API caller with that session. A login ends the user's
 * other sessions (spec: a second login signs the first one out), so a page signed in as the super user before this
 * is signed out by it.
 */
async function superApi(): Promise<<T>(method: string, path: string, body?: unknown) => Promise<{ status: number; data: T }>> {
  const login = await fetch(`${baseUrl()}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(SUPER),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json().catch(() => null)) as T };
  };
}

/**
 * Sets platform-wide settings (global keys such as allowregister, or the Integrations secrets such as asaas) as the
 * super user and answers how to put back what was there: the tests share one server, so each one restores what it
 * changes. A secret is write-only: one already set is left as is (here it can only be the fake Asaas key).
 * Both the change and the restore sign the super user in (superApi): call them while no page is signed in as the
 * super user (before signing one in, and after closing it).
 */
export async function changePlatformSettings(values: Record<string, string>): Promise<() => Promise<void>> {
  const api = await superApi();
  const { data: current } = await api<SettingEntry[]>("GET", "/settings");
  const previous = new Map<string, string>();
  for (const [key, value] of Object.entries(values)) {
    const entry = current.find((e) => e.key === key);
    if (!entry) throw new Error(`no platform setting ${key}`);
    if (entry.set === true) {
      if (key !== "asaas" || value !== stack().asaasKey) throw new Error(`the secret ${key} is already set: it cannot be restored`);
      continue;
    }
    previous.set(key, entry.value);
    expect((await api("PUT", `/settings/${key}`, { value })).status).toBe(200);
  }
  return async () => {
    if (previous.size === 0) return;
    const again = await superApi();
    for (const [key, value] of previous) expect((await again("PUT", `/settings/${key}`, { value })).status).toBe(200);
  };
}

/** Adds a simulator connection on the Connections page (the caller waits for the outcome). */
export async function addConnection(page: Page, name: string): Promise<void> {
  await page.getByTestId("connections-add").click();
  await page.getByTestId("connection-dialog").waitFor();
  await page.getByTestId("connection-name").locator("input").fill(name);
  await page.getByTestId("connection-provider").locator('[role="combobox"]').click();
  await page.getByTestId("connection-provider-option-simulator").click();
  await page.getByTestId("connection-save").click();
}

/**
 * On the Subscription page: Subscribe now, the payer's data, Review, Pay; answers the Pix code shown. The dialog opens
 * at Customize and goes through Data first when the data is missing.
 */
export async function checkoutPix(page: Page, payer = { cpfCnpj: "123.456.789-09", address2: "Rua das Flores, 10", city: "São Paulo", zipcode: "01000-000" }): Promise<string> {
  await page.getByTestId("subscribe-now").click();
  await page.getByTestId("checkout-step-customize").waitFor();
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("checkout-step-data").waitFor();
  await page.getByTestId("checkout-cpfCnpj").fill(payer.cpfCnpj);
  await page.getByTestId("checkout-address2").fill(payer.address2);
  await page.getByTestId("checkout-city").fill(payer.city);
  await page.getByTestId("checkout-zipcode").fill(payer.zipcode);
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("checkout-step-customize").waitFor();
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("checkout-step-review").waitFor();
  await page.getByTestId("checkout-pay").click();
  await page.getByTestId("pix-payment").waitFor();
  return page.getByTestId("pix-code").inputValue();
}

interface AsaasPayment {
  id: string;
  customer: string;
  status: string;
  value: number;
}

/** The fake Asaas payment behind a Pix code it issued: its location URL (EMV field 26.25, length-prefixed) ends in the id. */
export async function asaasPaymentOf(pixCode: string): Promise<AsaasPayment> {
  const found = /25(\d{2})(pix\.asaas\.test\/qr\/cobv\/)/.exec(pixCode);
  const location = found ? pixCode.substr(found.index + 4, Number(found[1])) : "";
  const id = location.slice("pix.asaas.test/qr/cobv/".length);
  if (!id) throw new Error(`not a fake Asaas Pix code: ${pixCode}`);
  const { data } = (await (await fetch(`${stack().asaasControlUrl}/__control/payments`)).json()) as { data: AsaasPayment[] };
  const payment = data.find((p) => p.id === id);
  if (!payment) throw new Error(`no fake Asaas payment ${id}`);
  return payment;
}

/** Every payment the fake Asaas holds for one of its customers. */
export async function asaasPaymentsOf(customer: string): Promise<AsaasPayment[]> {
  const { data } = (await (await fetch(`${stack().asaasControlUrl}/__control/payments`)).json()) as { data: AsaasPayment[] };
  return data.filter((p) => p.customer === customer);
}

/** The payer pays at Asaas: the fake marks the payment received and posts its webhook to the server. */
export async function payAsaas(paymentId: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack().asaasControlUrl}/__control/payments/${paymentId}/receive`, { method: "POST" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { webhook: { status: number; body: unknown } }).webhook;
}

/** The same day next month (clamped to the month's last day), as a renewal moves the due date. */
export function addMonth(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

export const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");

/** The unread count on the announcements bell. */
export const bellCount = async (page: Page) => Number(await page.getByTestId("announcements-bell-count").getAttribute("data-count"));

/**
 * The bell's unread count once its list has loaded: the badge reads 0 until then, so a count read too early would be
 * off by the announcements already there. Waits until the bell agrees with the server.
 */
export async function loadedBellCount(page: Page): Promise<number> {
  await page.getByTestId("announcements-bell").waitFor();
  const { status, data } = await apiFromPage<{ unread: number }>(page, "GET", "/announcements/active");
  expect(status).toBe(200);
  await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(data.unread);
  return data.unread;
}
