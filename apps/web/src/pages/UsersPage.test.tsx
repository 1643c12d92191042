import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser, type UserView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const listed: UserView = {
  id: 31,
  name: "Bruno Atendente",
  email: "bruno@demo.test",
  profile: "user",
  super: false,
  allTicket: "desabled",
  companyId: 1,
  whatsappId: null,
  online: true,
  queues: [{ id: 5, name: "Vendas", color: "#ff0000" }],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /users": { status: 200, data: { users: [listed], count: 1, hasMore: false } },
    "GET /queue": { status: 200, data: [{ id: 5, name: "Vendas", color: "#ff0000" }] },
    "GET /whatsapp/": { status: 200, data: [{ id: 8, name: "WhatsApp Loja" }] },
    ...extra,
  });
}

const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("UsersPage", () => {
  it("lists users with their online state and queues", async () => {
    signInAs(makeUser({ id: 1, profile: "admin" }));
    renderApp(<AppRoutes />, "/users");
    expect(await screen.findByTestId("user-row-31")).toBeTruthy();
    expect(screen.getByTestId("user-online-true")).toBeTruthy();
    expect(screen.getByText("Vendas")).toBeTruthy();
  });

  const expected = {
    pt: { tooShort: "Muito curto!", invalidEmail: "E-mail inválido", passwordTooShort: "Senha muito curta!" },
    en: { tooShort: "Too Short!", invalidEmail: "Invalid email", passwordTooShort: "Password too short!" },
    es: { tooShort: "¡Muy corto!", invalidEmail: "Correo electrónico inválido", passwordTooShort: "¡Contraseña muy corta!" },
  } as const;

  for (const [language, texts] of Object.entries(expected)) {
    it(`shows the form's validation messages in ${language}`, async () => {
      await i18n.changeLanguage(language);
      const api = signInAs(makeUser({ id: 1, profile: "admin" }));
      renderApp(<AppRoutes />, "/users");
      fireEvent.click(await screen.findByTestId("users-add"));
      fireEvent.change(await input("user-name"), { target: { value: "A" } });
      fireEvent.change(await input("user-email"), { target: { value: "not-an-email" } });
      fireEvent.change(await input("user-password"), { target: { value: "123" } });
      fireEvent.click(screen.getByTestId("user-save"));
      await waitFor(() => expect(screen.getByText(texts.tooShort)).toBeTruthy());
      expect(screen.getByText(texts.invalidEmail)).toBeTruthy();
      expect(screen.getByText(texts.passwordTooShort)).toBeTruthy();
      expect(api.requests).not.toContain("POST /users");
    });
  }

  it("sends the chosen default connection", async () => {
    const api = signInAs(makeUser({ id: 1, profile: "admin" }), {
      "POST /users": { status: 201, data: { ...listed, id: 32 } },
    });
    renderApp(<AppRoutes />, "/users");
    fireEvent.click(await screen.findByTestId("users-add"));
    fireEvent.change(await input("user-name"), { target: { value: "Dora Lima" } });
    fireEvent.change(await input("user-email"), { target: { value: "dora@demo.test" } });
    fireEvent.change(await input("user-password"), { target: { value: "12345" } });
    fireEvent.mouseDown(within(await screen.findByTestId("user-connection")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("user-connection-option-8"));
    fireEvent.click(screen.getByTestId("user-save"));
    await waitFor(() => expect(api.requests).toContain("POST /users"));
    expect(api.bodies[api.requests.indexOf("POST /users")]).toMatchObject({ whatsappId: 8 });
  });

  it("sends a new user with queues and shows the server's field errors", async () => {
    const api = signInAs(makeUser({ id: 1, profile: "admin" }), {
      "POST /users": { status: 409, data: { error: "ERR_EMAIL_ALREADY_EXISTS" } },
    });
    renderApp(<AppRoutes />, "/users");
    fireEvent.click(await screen.findByTestId("users-add"));
    fireEvent.change(await input("user-name"), { target: { value: "Carla Souza" } });
    fireEvent.change(await input("user-email"), { target: { value: "carla@demo.test" } });
    fireEvent.change(await input("user-password"), { target: { value: "12345" } });
    fireEvent.click(screen.getByTestId("user-save"));
    await waitFor(() => expect(api.requests).toContain("POST /users"));
    expect(api.bodies[api.requests.indexOf("POST /users")]).toEqual({
      name: "Carla Souza",
      email: "carla@demo.test",
      password: "12345",
      profile: "user",
      allTicket: "desabled",
      queueIds: [],
      whatsappId: null,
    });
    expect(await screen.findByText("Já existe um usuário com este e-mail.", { exact: false })).toBeTruthy();
  });
});
