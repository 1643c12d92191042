import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser, type SubscriptionView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const subscription = (dueDate: string | null): SubscriptionView => ({
  company: { id: 3, name: "Demo Ltda", email: "financeiro@demo.test", dueDate, recurrence: "MENSAL" },
  plan: { id: 1, name: "Plano Ouro", value: "149.00", users: 10, connections: 2, queues: 5 },
  openInvoice: null,
});

function signInAs(user: SessionUser, sub: SubscriptionView, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({ "GET /auth/me": { status: 200, data: user }, "GET /subscription": { status: 200, data: sub }, ...extra });
}

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("SubscriptionPage", { timeout: 20_000 }, () => {
  it("shows the licence days left rounded up, the billing e-mail read-only and the plan", async () => {
    // Due in 3 days (counted from now: 2.x days, rounded up to 3).
    signInAs(makeUser({ profile: "admin" }), subscription(day(3)));
    renderApp(<AppRoutes />, "/subscription");
    expect((await screen.findByTestId("subscription-days")).textContent).toBe("Sua licença vence em 3 dias!");
    const email = screen.getByTestId("subscription-email") as HTMLInputElement;
    expect(email.value).toBe("financeiro@demo.test");
    expect(email.readOnly).toBe(true);
    expect(screen.getByTestId("subscription-plan").textContent).toMatch(/Plano Ouro · R\$\s?149,00/);
    fireEvent.click(screen.getByTestId("subscribe-now"));
    const dialog = await screen.findByTestId("checkout-dialog");
    expect(within(dialog).getByTestId("checkout-stepper").getAttribute("data-step")).toBe("1");
  });

  it("shows a server refusal (card data is never sent, but a refused charge is toasted)", async () => {
    signInAs(makeUser({ profile: "admin" }), subscription(day(3)), {
      "POST /subscription": { status: 503, data: { error: "ERR_PAYMENT_NOT_CONFIGURED" } },
    });
    renderApp(<AppRoutes />, "/subscription");
    await screen.findByTestId("subscription-days");
    fireEvent.click(screen.getByTestId("subscribe-now"));
    fireEvent.click(await screen.findByTestId("checkout-next"));
    for (const [id, value] of [["checkout-address2", "Rua B"], ["checkout-city", "Natal"], ["checkout-zipcode", "59000-000"]]) {
      fireEvent.change(await screen.findByTestId(id!), { target: { value } });
    }
    fireEvent.click(screen.getByTestId("checkout-next"));
    fireEvent.click(await screen.findByTestId("checkout-next"));
    fireEvent.click(await screen.findByTestId("checkout-pay"));
    expect(await screen.findByText("O recebimento por Pix não está configurado. Contate o suporte.")).toBeTruthy();
    expect(screen.queryByTestId("pix-payment")).toBeNull();
  });

  it("an expired company's admin gets only Assinatura and Faturas, whatever the address", async () => {
    const expired = makeUser({ profile: "admin", company: { ...makeUser().company, dueDate: day(-2) } });
    const api = signInAs(expired, subscription(day(-2)), { "GET /invoices/all": { status: 200, data: { invoices: [], count: 0, hasMore: false } } });
    renderApp(<AppRoutes />, "/tickets");
    await screen.findByTestId("billing-only-shell");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/subscription"));
    expect((await screen.findByTestId("subscription-days")).textContent).toContain("Sua licença venceu em");
    expect(screen.queryByTestId("app-drawer")).toBeNull();
    expect(api.requests.filter((r) => !["GET /auth/me", "GET /subscription"].includes(r))).toEqual([]);
  });
});
