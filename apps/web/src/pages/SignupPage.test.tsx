import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { PlanRecord } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { renderApp } from "../test/render.js";

const input = (testId: string) => {
  const found = screen.getByTestId(testId).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

const plan: PlanRecord = {
  id: 4,
  name: "Básico",
  users: 5,
  connections: 1,
  queues: 3,
  value: "49.90",
  isPublic: true,
  useCampaigns: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
  useSchedules: false,
  useInternalChat: false,
  useExternalApi: false,
  useInternal: false,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
};

function openSignup(routes: Record<string, Reply> = {}) {
  const api = fakeApi({
    "GET /settings/allowregister": { status: 200, data: { key: "allowregister", value: "enabled" } },
    "GET /plans/register": { status: 200, data: [plan] },
    "POST /verify-email": { status: 200, data: { ok: true } },
    "POST /verify-code": { status: 200, data: { valid: true } },
    "POST /companies/cadastro": { status: 201, data: { id: 9, name: "Loja da Ana", approved: false, dueDate: "2099-01-03" } },
    ...routes,
  });
  renderApp(<AppRoutes />, "/signup");
  return api;
}

async function fillDetails(opts: { plan?: boolean } = {}) {
  await screen.findByTestId("signup-details");
  fireEvent.change(input("signup-name"), { target: { value: "Loja da Ana" } });
  fireEvent.change(input("signup-email"), { target: { value: "Ana@Loja.TEST" } });
  fireEvent.change(input("signup-phone"), { target: { value: "11987654321" } });
  fireEvent.change(input("signup-password"), { target: { value: "Segura123" } });
  if (opts.plan !== false) {
    fireEvent.mouseDown(within(screen.getByTestId("signup-plan")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("signup-plan-4"));
  }
}

const bodyOf = (api: { requests: string[]; bodies: unknown[] }, request: string) => api.bodies[api.requests.indexOf(request)];

describe("SignupPage", () => {
  it("goes to /login when registration is closed", async () => {
    fakeApi({ "GET /settings/allowregister": { status: 200, data: { key: "allowregister", value: "disabled" } } });
    renderApp(<AppRoutes />, "/signup");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"));
  });

  it("sends the code, verifies it, registers the company and goes to /login", async () => {
    const api = openSignup();
    await fillDetails();
    expect(input("signup-phone").value).toBe("(11) 98765-4321");
    expect(screen.getByTestId("signup-plan").textContent).toMatch(/Básico · R\$\s49,90 · 5 usuários/);
    fireEvent.click(screen.getByTestId("signup-next"));

    expect(await screen.findByText("Código de verificação enviado para seu email")).toBeTruthy();
    expect(bodyOf(api, "POST /verify-email")).toEqual({ email: "ana@loja.test", name: "Loja da Ana", lang: "pt" });
    fireEvent.change(await screen.findByTestId("signup-code").then(() => input("signup-code")), { target: { value: "042917" } });
    fireEvent.click(screen.getByTestId("signup-verify"));

    expect(await screen.findByText("Cadastro realizado com sucesso! Aguarde a aprovação do administrador.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"));
    expect(bodyOf(api, "POST /verify-code")).toEqual({ email: "ana@loja.test", code: "042917" });
    expect(bodyOf(api, "POST /companies/cadastro")).toEqual({
      name: "Loja da Ana",
      email: "ana@loja.test",
      phone: "11987654321",
      password: "Segura123",
      planId: 4,
    });
  });

  it("asks for a plan before sending a code", async () => {
    const api = openSignup();
    await fillDetails({ plan: false });
    fireEvent.click(screen.getByTestId("signup-next"));
    expect(await screen.findByText("Por favor, selecione um plano antes de prosseguir")).toBeTruthy();
    expect(screen.getByText("Selecione um plano")).toBeTruthy();
    expect(api.requests).not.toContain("POST /verify-email");
  });

  it("shows the spec's messages for a short name and a weak password", async () => {
    const api = openSignup();
    await fillDetails();
    fireEvent.change(input("signup-name"), { target: { value: "A" } });
    fireEvent.change(input("signup-password"), { target: { value: "fraca" } });
    fireEvent.click(screen.getByTestId("signup-next"));
    expect(await screen.findByText("Nome muito curto!")).toBeTruthy();
    expect(
      screen.getByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número."),
    ).toBeTruthy();
    expect(api.requests).not.toContain("POST /verify-email");
  });

  it("says how many tries a wrong code leaves", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = openSignup({ "POST /verify-code": { status: 400, data: { error: "ERR_INVALID_CODE", details: { attemptsLeft: 3 } } } });
    await fillDetails();
    fireEvent.click(screen.getByTestId("signup-next"));
    await screen.findByTestId("signup-code-step");
    fireEvent.change(input("signup-code"), { target: { value: "111111" } });
    fireEvent.click(screen.getByTestId("signup-verify"));
    expect(await screen.findByText("Código incorreto. Restam 3 tentativas.")).toBeTruthy();
    expect(api.requests).not.toContain("POST /companies/cadastro");
    logged.mockRestore();
  });

  it("returns to the details when the name is taken, and registers without a new code once fixed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let attempts = 0;
    const api = fakeApi({
      "GET /settings/allowregister": { status: 200, data: { key: "allowregister", value: "enabled" } },
      "GET /plans/register": { status: 200, data: [plan] },
      "POST /verify-email": { status: 200, data: { ok: true } },
      "POST /verify-code": { status: 200, data: { valid: true } },
      "POST /companies/cadastro": () =>
        ++attempts === 1
          ? { status: 409, data: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } }
          : { status: 201, data: { id: 9, name: "Loja da Ana 2", approved: true, dueDate: "2099-01-03" } },
    });
    renderApp(<AppRoutes />, "/signup");
    await fillDetails();
    fireEvent.click(screen.getByTestId("signup-next"));
    await screen.findByTestId("signup-code-step");
    fireEvent.change(input("signup-code"), { target: { value: "042917" } });
    fireEvent.click(screen.getByTestId("signup-verify"));
    await screen.findByTestId("signup-details");
    fireEvent.change(input("signup-name"), { target: { value: "Loja da Ana 2" } });
    fireEvent.click(screen.getByTestId("signup-next"));
    expect(await screen.findByText("Cadastro realizado com sucesso!")).toBeTruthy();
    expect(api.requests.filter((r) => r === "POST /verify-email")).toHaveLength(1);
    logged.mockRestore();
  });
});
