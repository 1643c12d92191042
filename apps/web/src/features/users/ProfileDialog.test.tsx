import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { STORAGE_KEYS, type UserView } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { AppShell } from "../layout/AppShell.js";

const me = makeUser({ id: 7, name: "Ana Souza", email: "ana@demo.test" });
const view: UserView = {
  id: 7,
  name: me.name,
  email: me.email,
  profile: "user",
  super: false,
  allTicket: "desabled",
  companyId: 3,
  whatsappId: null,
  online: true,
  queues: [],
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
};

function renderShell(putReply: Parameters<typeof fakeApi>[0][string]) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: me },
    "GET /users/7": { status: 200, data: view },
    "PUT /users/7": putReply,
  });
  renderApp(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/tickets" element={<p>page</p>} />
      </Route>
    </Routes>,
    "/tickets",
  );
  return api;
}

const field = (testId: string) => {
  const input = within(screen.getByTestId(testId)).getByRole("textbox", { hidden: true });
  return input as HTMLInputElement;
};
const password = () => screen.getByTestId("profile-password").querySelector("input") as HTMLInputElement;

async function openProfile() {
  fireEvent.click(await screen.findByTestId("account-menu"));
  fireEvent.click(await screen.findByTestId("account-profile"));
  await waitFor(() => expect(field("profile-name").value).toBe("Ana Souza"));
}

describe("ProfileDialog", () => {
  it("saves name and e-mail without a password when it is left blank", async () => {
    const api = renderShell({ status: 200, data: { ...view, name: "Ana Maria" } });
    await openProfile();
    fireEvent.change(field("profile-name"), { target: { value: "Ana Maria" } });
    fireEvent.click(screen.getByTestId("profile-save"));

    expect(await screen.findByText("Usuário salvo com sucesso!")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("PUT /users/7")]).toEqual({ name: "Ana Maria", email: "ana@demo.test" });
  });

  it("sends a new password when one is typed", async () => {
    const api = renderShell({ status: 200, data: view });
    await openProfile();
    fireEvent.change(password(), { target: { value: "novaSenha1" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /users/7"));
    expect(api.bodies[api.requests.indexOf("PUT /users/7")]).toEqual({
      name: "Ana Souza",
      email: "ana@demo.test",
      password: "novaSenha1",
    });
  });

  it("checks the form before sending", async () => {
    const api = renderShell({ status: 200, data: view });
    await openProfile();
    fireEvent.change(field("profile-name"), { target: { value: "A" } });
    fireEvent.change(password(), { target: { value: "123" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    expect(screen.getByText("Senha muito curta!")).toBeTruthy();
    expect(api.requests).not.toContain("PUT /users/7");
  });

  it("shows the server's field errors on their fields", async () => {
    renderShell({
      status: 400,
      data: { error: "ERR_VALIDATION", fields: [{ path: "body.email", message: "validation.invalidEmail" }] },
    });
    await openProfile();
    fireEvent.click(screen.getByTestId("profile-save"));
    expect(await within(screen.getByTestId("profile-email")).findByText("E-mail inválido")).toBeTruthy();
  });
});
