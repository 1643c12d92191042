import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS, type AuthResponse } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

// The test ids sit on the fields; the inputs are inside (as the end-to-end tests use them).
const input = (testId: string) => {
  const found = screen.getByTestId(testId).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

function authResponse(): AuthResponse {
  return { token: "tok-1", sessionId: "sess-1", user: makeUser({ id: 9, companyId: 4 }) };
}

describe("LoginPage", () => {
  it("lower-cases the e-mail as typed", async () => {
    fakeApi({});
    renderApp(<AppRoutes />, "/login");
    fireEvent.change(input("login-email"), { target: { value: "Ana@Demo.TEST" } });
    expect(input("login-email").value).toBe("ana@demo.test");
  });

  it("shows the register link only when viewregister is enabled", async () => {
    const api = fakeApi({ "GET /settings/viewregister": { status: 200, data: { key: "viewregister", value: "disabled" } } });
    renderApp(<AppRoutes />, "/login");
    await waitFor(() => expect(api.requests).toContain("GET /settings/viewregister"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("register-link")).toBeNull();
  });

  it("links to /signup when viewregister is enabled", async () => {
    fakeApi({ "GET /settings/viewregister": { status: 200, data: { key: "viewregister", value: "enabled" } } });
    renderApp(<AppRoutes />, "/login");
    const link = await screen.findByTestId("register-link");
    expect(link.getAttribute("href")).toBe("/signup");
  });

  it("stores the session and goes to /tickets", async () => {
    const api = fakeApi({ "POST /auth/login": { status: 200, data: authResponse() } });
    renderApp(<AppRoutes />, "/login");
    fireEvent.change(input("login-email"), { target: { value: "ana@demo.test" } });
    fireEvent.change(input("login-password"), { target: { value: "secret123" } });
    fireEvent.click(screen.getByTestId("login-submit"));

    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/tickets"));
    expect(api.bodies[api.requests.indexOf("POST /auth/login")]).toEqual({ email: "ana@demo.test", password: "secret123" });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe("tok-1");
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe("sess-1");
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe("9");
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBe("4");
    expect(localStorage.getItem(STORAGE_KEYS.dueDate)).toBe("2099-12-31");
  });

  it("shows translated field messages without calling the server", async () => {
    const api = fakeApi({});
    renderApp(<AppRoutes />, "/login");
    fireEvent.change(input("login-email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(await screen.findByText("E-mail inválido")).toBeTruthy();
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(api.requests).not.toContain("POST /auth/login");
  });

  it("toasts the expired-subscription message with its date", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fakeApi({
      "POST /auth/login": { status: 403, data: { error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: "2024-02-01" } } },
    });
    renderApp(<AppRoutes />, "/login");
    fireEvent.change(input("login-email"), { target: { value: "ana@demo.test" } });
    fireEvent.change(input("login-password"), { target: { value: "secret123" } });
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(
      await screen.findByText(
        "Opss! Sua assinatura venceu em 01/02/2024. Entre em contato com o Suporte para mais informações!",
      ),
    ).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/login");
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
