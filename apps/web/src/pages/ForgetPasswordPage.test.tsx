import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { renderApp } from "../test/render.js";

const input = (testId: string) => {
  const found = screen.getByTestId(testId).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

function openForgot(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    "POST /forgetpassword/ana%40demo.test": { status: 200, data: { ok: true } },
    "POST /resetpassword": { status: 200, data: { ok: true } },
    ...routes,
  });
  renderApp(<AppRoutes />, "/forgetpsw");
  return api;
}

async function toResetStep() {
  fireEvent.change(input("forgot-email"), { target: { value: "Ana@Demo.test" } });
  fireEvent.click(screen.getByTestId("forgot-send"));
  expect(await screen.findByText("Email enviado com sucesso!")).toBeTruthy();
  await screen.findByTestId("forgot-reset-step");
}

describe("ForgetPasswordPage", () => {
  it("sends the e-mail, then resets with the code and goes to /login", async () => {
    const api = openForgot();
    await toResetStep();
    expect(api.bodies[api.requests.indexOf("POST /forgetpassword/ana%40demo.test")]).toEqual({ lang: "pt" });
    fireEvent.change(input("forgot-code"), { target: { value: "042917" } });
    fireEvent.change(input("forgot-password"), { target: { value: "NovaSenha1" } });
    fireEvent.change(input("forgot-confirm"), { target: { value: "NovaSenha1" } });
    fireEvent.click(screen.getByTestId("forgot-reset"));
    expect(await screen.findByText("Senha redefinida com sucesso.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"));
    expect(api.bodies[api.requests.indexOf("POST /resetpassword")]).toEqual({
      email: "ana@demo.test",
      token: "042917",
      newPassword: "NovaSenha1",
    });
  });

  it("checks the address, the password rule and the confirmation before calling the server", async () => {
    const api = openForgot();
    fireEvent.change(input("forgot-email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByTestId("forgot-send"));
    expect(await screen.findByText("E-mail inválido")).toBeTruthy();
    await toResetStep();
    fireEvent.change(input("forgot-code"), { target: { value: "042917" } });
    fireEvent.change(input("forgot-password"), { target: { value: "fraca" } });
    fireEvent.change(input("forgot-confirm"), { target: { value: "outra" } });
    fireEvent.click(screen.getByTestId("forgot-reset"));
    expect(
      await screen.findByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número."),
    ).toBeTruthy();
    expect(screen.getByText("As senhas não correspondem")).toBeTruthy();
    expect(api.requests).not.toContain("POST /resetpassword");
  });

  it("shows and hides each password", async () => {
    openForgot();
    await toResetStep();
    expect(input("forgot-password").type).toBe("password");
    fireEvent.click(within(screen.getByTestId("forgot-password")).getByRole("button", { name: "Mostrar senha" }));
    expect(input("forgot-password").type).toBe("text");
    expect(input("forgot-confirm").type).toBe("password");
    fireEvent.click(within(screen.getByTestId("forgot-confirm")).getByRole("button", { name: "Mostrar senha" }));
    expect(input("forgot-confirm").type).toBe("text");
  });

  it("says how many tries a wrong code leaves, and toasts an expired one", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    openForgot({
      "POST /resetpassword": () =>
        ++calls === 1
          ? { status: 400, data: { error: "ERR_INVALID_CODE", details: { attemptsLeft: 1 } } }
          : { status: 400, data: { error: "ERR_CODE_EXPIRED" } },
    });
    await toResetStep();
    fireEvent.change(input("forgot-code"), { target: { value: "111111" } });
    fireEvent.change(input("forgot-password"), { target: { value: "NovaSenha1" } });
    fireEvent.change(input("forgot-confirm"), { target: { value: "NovaSenha1" } });
    fireEvent.click(screen.getByTestId("forgot-reset"));
    expect(await screen.findByText("Código incorreto. Resta 1 tentativa.")).toBeTruthy();
    fireEvent.click(screen.getByTestId("forgot-reset"));
    expect(await screen.findByText("Este código expirou ou já foi usado. Peça um novo código.")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/forgetpsw");
    logged.mockRestore();
  });

  it("links to the signup only when viewregister is enabled", async () => {
    openForgot({ "GET /settings/viewregister": { status: 200, data: { key: "viewregister", value: "enabled" } } });
    expect((await screen.findByTestId("forgot-signup-link")).getAttribute("href")).toBe("/signup");
  });

  it("hides the signup link while viewregister is disabled", async () => {
    const api = openForgot({ "GET /settings/viewregister": { status: 200, data: { key: "viewregister", value: "disabled" } } });
    await waitFor(() => expect(api.requests).toContain("GET /settings/viewregister"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("forgot-signup-link")).toBeNull();
  });
});
