import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiFromPage, DEMO, launchBrowser, newPage, signIn, stack } from "../browser.js";
import { addMonth, asaasPaymentOf, asaasPaymentsOf, changePlatformSettings, checkoutPix, ddmmyyyy, payAsaas } from "../platform.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("subscription and Pix", () => {
  it("an admin subscribes, sees the Pix QR code and code, and the confirmed payment renews the licence", async () => {
    // The super admin saves the Asaas key in the Integrations settings: from then on checkouts go through Asaas.
    const restore = await changePlatformSettings({ asaas: stack().asaasKey });
    try {
      const { context, page } = await newPage(browser);
      await signIn(page, DEMO.admin);
      const before = await apiFromPage<{ company: { dueDate: string } }>(page, "GET", "/subscription");
      const renewedUntil = addMonth(before.data.company.dueDate);

      await page.goto("/subscription");
      await page.getByTestId("subscription-email").waitFor();
      expect(await page.getByTestId("subscription-email").inputValue()).toBe("admin@demo.test");
      // The dialog opens at Customize; the Data step comes first when the address is missing.
      const code = await checkoutPix(page);
      const qr = page.getByTestId("pix-qrcode").locator("svg");
      expect(await qr.getAttribute("width")).toBe("256");
      expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);

      // One charge at Asaas for this checkout; the payer pays it there and Asaas posts its webhook to the server.
      const payment = await asaasPaymentOf(code);
      expect(payment.status).toBe("PENDING");
      expect((await asaasPaymentsOf(payment.customer)).filter((p) => p.status === "PENDING")).toHaveLength(1);
      expect(await payAsaas(payment.id)).toEqual({ status: 200, body: { outcome: "applied" } });

      const message = page.getByTestId("payment-renewed");
      await message.waitFor();
      expect(await message.innerText()).toContain(ddmmyyyy(renewedUntil));
      // Home after 4 s.
      await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
      const after = await apiFromPage<{ company: { dueDate: string } }>(page, "GET", "/subscription");
      expect(after.data.company.dueDate).toBe(renewedUntil);
      await context.close();
    } finally {
      await restore();
    }
  });
});
