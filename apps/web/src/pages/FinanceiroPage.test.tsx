import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { companyEvent, STORAGE_KEYS, type InvoiceView, type PixCharge, type SessionUser, type SubscriptionView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";
import { SocketContext } from "../features/realtime/socket-context.js";

// A valid static BR Code (what POST /subscription answers with the static Pix provider).
const BR_CODE =
  "00020126490014br.gov.bcb.pix0114pix@atendo.dev0209Fatura 42520400005303986540599.905802BR5911ATENDO LTDA6009SAO PAULO62120508ATENDO426304B94B";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const invoice = (id: number, extra: Partial<InvoiceView> = {}): InvoiceView => ({
  id,
  detail: "Plano Ouro",
  value: "99.90",
  dueDate: day(10),
  status: "open",
  paidAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const subscription = (dueDate: string | null = day(10), openInvoice: InvoiceView | null = null): SubscriptionView => ({
  company: { id: 3, name: "Demo Ltda", email: "financeiro@demo.test", dueDate, recurrence: "MENSAL" },
  plan: { id: 1, name: "Plano Ouro", value: "99.90", users: 10, connections: 2, queues: 5 },
  openInvoice,
});
const charge = (invoiceId: number): PixCharge => ({ invoiceId, provider: "pix-static", qrcode: { qrcode: BR_CODE }, valor: { original: "99.90" }, dueDate: day(10) });

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /subscription": { status: 200, data: subscription() },
    "GET /invoices/all": {
      status: 200,
      data: { invoices: [invoice(3, { status: "paid", paidAt: "2026-01-02T00:00:00.000Z" }), invoice(2, { dueDate: day(-3) }), invoice(1)], count: 3, hasMore: false },
    },
    ...extra,
  });
}

function renderPage(path: string) {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

const admin = makeUser({ profile: "admin" });
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("FinanceiroPage", { timeout: 20_000 }, () => {
  it("shows Pago, Vencido (tinted) and Em Aberto, with Pay only on unpaid rows", async () => {
    signInAs(admin);
    renderPage("/financeiro");
    const paid = await screen.findByTestId("invoice-row-3");
    expect(within(paid).getByTestId("invoice-status").textContent).toBe("Pago");
    expect(within(paid).queryByTestId("invoice-pay-3")).toBeNull();
    const overdue = screen.getByTestId("invoice-row-2");
    expect(within(overdue).getByTestId("invoice-status").textContent).toBe("Vencido");
    expect(overdue.getAttribute("data-status")).toBe("overdue");
    expect(getComputedStyle(overdue).backgroundColor).not.toBe(getComputedStyle(screen.getByTestId("invoice-row-1")).backgroundColor);
    expect(within(overdue).getByTestId("invoice-pay-2")).toBeTruthy();
    const open = screen.getByTestId("invoice-row-1");
    expect(within(open).getByTestId("invoice-status").textContent).toBe("Em Aberto");
    expect(within(open).getByText(/R\$\s?99,90/)).toBeTruthy();
  });

  it("loads the next page near the bottom", async () => {
    const pages: number[] = [];
    signInAs(admin, {
      "GET /invoices/all": (config) => {
        const page = (config.params as { pageNumber: number }).pageNumber;
        pages.push(page);
        return page === 1
          ? { status: 200, data: { invoices: [invoice(1)], count: 2, hasMore: true } }
          : { status: 200, data: { invoices: [invoice(9)], count: 2, hasMore: false } };
      },
    });
    renderPage("/financeiro");
    await screen.findByTestId("invoice-row-1");
    fireEvent.scroll(screen.getByTestId("invoices-table"));
    expect(await screen.findByTestId("invoice-row-9")).toBeTruthy();
    expect(pages).toEqual([1, 2]);
  });

  it("pays a row: checkout opens at Customize, asks for the Data, reviews, and shows the Pix QR code and code", async () => {
    const api = signInAs(admin, { "POST /subscription": { status: 200, data: charge(2) } });
    const io = renderPage("/financeiro");
    fireEvent.click(await screen.findByTestId("invoice-pay-2"));
    const dialog = await screen.findByTestId("checkout-dialog");
    expect(within(dialog).getByTestId("checkout-stepper").getAttribute("data-step")).toBe("1");
    expect(within(dialog).getByTestId("checkout-step-customize").textContent).toContain("Plano Ouro");

    // Address not filled yet: Next goes to Data with the required messages.
    fireEvent.click(screen.getByTestId("checkout-next"));
    await screen.findByTestId("checkout-step-data");
    expect(await screen.findByText("Endereço é obrigatório")).toBeTruthy();
    expect(screen.getByText("CEP é obrigatório")).toBeTruthy();
    expect(field("checkout-firstName").value).toBe("Ana");
    fireEvent.change(field("checkout-address2"), { target: { value: "Rua A, 1" } });
    fireEvent.change(field("checkout-city"), { target: { value: "Recife" } });
    fireEvent.change(field("checkout-zipcode"), { target: { value: "50000-000" } });
    fireEvent.click(screen.getByTestId("checkout-next"));
    await screen.findByTestId("checkout-step-customize");
    fireEvent.click(screen.getByTestId("checkout-next"));
    expect((await screen.findByTestId("checkout-step-review")).textContent).toContain("Rua A, 1");
    fireEvent.click(screen.getByTestId("checkout-pay"));

    await screen.findByTestId("pix-payment");
    const svg = screen.getByTestId("pix-qrcode").querySelector("svg");
    expect(svg?.getAttribute("width")).toBe("256");
    expect(field("pix-code").value).toBe(BR_CODE);
    const body = api.bodies[api.requests.indexOf("POST /subscription")] as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: "Ana", lastName: "Souza", address2: "Rua A, 1", city: "Recife", zipcode: "50000-000", country: "BR", invoiceId: 2 });
    for (const card of ["cardNumber", "cvv", "expiryDate", "nameOnCard"]) expect(body).not.toHaveProperty(card);

    // The payment event: the renewal message, then home after 4 s.
    io.push(companyEvent.payment(3), { action: "CONCLUIDA", company: { dueDate: "2026-08-10" } });
    expect((await screen.findByTestId("payment-renewed")).textContent).toContain("10/08/2026");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"), { timeout: 6_000 });
  });
});
