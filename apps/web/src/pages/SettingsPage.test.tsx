import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /settings/": {
      status: 200,
      data: [
        { key: "userRating", value: "disabled" },
        { key: "chatBotType", value: "list" },
      ],
    },
    "PUT /settings/userRating": { status: 200, data: { key: "userRating", value: "enabled" } },
    ...extra,
  });
}

const field = (key: string) => screen.findByTestId(`setting-${key}`);

describe("SettingsPage options", () => {
  it("shows stored values and defaults", async () => {
    signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/settings");
    expect((await field("chatBotType")).textContent).toContain("Lista");
    // Not in the answer: the shared default (call: enabled).
    expect((await field("call")).textContent).toContain("Habilitado");
  });

  it("saves a select on change and toasts", async () => {
    const api = signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/settings");
    fireEvent.mouseDown(within(await field("userRating")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("setting-userRating-option-enabled"));

    expect(await screen.findByText("Operação atualizada com sucesso.")).toBeTruthy();
    const index = api.requests.indexOf("PUT /settings/userRating");
    expect(index).toBeGreaterThan(-1);
    expect(api.bodies[index]).toEqual({ value: "enabled" });
    await waitFor(async () => expect((await field("userRating")).textContent).toContain("Habilitado"));
  });

  it("toasts the translated error when the save is refused", async () => {
    signInAs(makeUser({ profile: "admin" }), {
      "PUT /settings/userRating": { status: 403, data: { error: "ERR_NO_PERMISSION" } },
    });
    renderApp(<AppRoutes />, "/settings");
    fireEvent.mouseDown(within(await field("userRating")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("setting-userRating-option-enabled"));
    expect(await screen.findByText("Você não tem permissão para acessar este recurso.")).toBeTruthy();
    await waitFor(async () => expect((await field("userRating")).textContent).toContain("Desabilitado"));
  });

  it("is read-only for agents and hides integrations and global settings", async () => {
    signInAs(makeUser({ profile: "user" }));
    renderApp(<AppRoutes />, "/settings");
    const combobox = within(await field("userRating")).getByRole("combobox");
    expect(combobox.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText("Somente administradores podem alterar estas opções.")).toBeTruthy();
    expect(screen.queryByTestId("settings-integrations")).toBeNull();
    expect(screen.queryByTestId("settings-global")).toBeNull();
  });

  it("shows admins neither the integration keys nor the global settings (super-user sections)", async () => {
    signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/settings");
    expect(await field("userRating")).toBeTruthy();
    expect(screen.queryByTestId("settings-integrations")).toBeNull();
    expect(screen.queryByTestId("settings-global")).toBeNull();
    expect(screen.queryByTestId("setting-allowregister")).toBeNull();
  });

  it("shows super users the integration keys write-only: masked, replaced and removed", async () => {
    const api = signInAs(makeUser({ profile: "admin", super: true }), {
      "GET /settings/": {
        status: 200,
        data: [
          { key: "userRating", value: "disabled" },
          { key: "asaas", value: "••••1234", set: true },
          { key: "tokenixc", value: "", set: false },
        ],
      },
      "PUT /settings/tokenixc": { status: 200, data: { key: "tokenixc", value: "••••9876", set: true } },
      "PUT /settings/asaas": { status: 200, data: { key: "asaas", value: "", set: false } },
    });
    renderApp(<AppRoutes />, "/settings");
    const section = await screen.findByTestId("settings-integrations");
    // The mask says a value is set; the field itself stays empty (the value never reaches the browser).
    expect(within(section).getByText("Configurado (••••1234). Digite um novo valor para substituir.")).toBeTruthy();
    expect((screen.getByTestId("setting-asaas-input") as HTMLInputElement).value).toBe("");
    expect((screen.getByTestId("setting-asaas-input") as HTMLInputElement).type).toBe("password");
    expect(within(await field("tokenixc")).getByText("Não configurado")).toBeTruthy();

    fireEvent.change(screen.getByTestId("setting-tokenixc-input"), { target: { value: "new-ixc-token-9876" } });
    fireEvent.click(screen.getByTestId("setting-tokenixc-save"));
    expect(await screen.findByText("Operação atualizada com sucesso.")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("PUT /settings/tokenixc")]).toEqual({ value: "new-ixc-token-9876" });
    await waitFor(() => expect((screen.getByTestId("setting-tokenixc-input") as HTMLInputElement).value).toBe(""));
    expect(within(await field("tokenixc")).getByText("Configurado (••••9876). Digite um novo valor para substituir.")).toBeTruthy();

    fireEvent.click(screen.getByTestId("setting-asaas-clear"));
    await waitFor(() => expect(api.requests).toContain("PUT /settings/asaas"));
    expect(api.bodies[api.requests.indexOf("PUT /settings/asaas")]).toEqual({ value: "" });
    await waitFor(async () => expect(within(await field("asaas")).getByText("Não configurado")).toBeTruthy());
    expect(screen.queryByTestId("setting-asaas-clear")).toBeNull();
  });

  it("shows super users the approval switch among the global settings", async () => {
    const api = signInAs(makeUser({ profile: "admin", super: true }), {
      "GET /settings/": { status: 200, data: [{ key: "requireapproval", value: "enabled" }] },
      "PUT /settings/requireapproval": { status: 200, data: { key: "requireapproval", value: "disabled" } },
    });
    renderApp(<AppRoutes />, "/settings");
    const approval = await field("requireapproval");
    expect(approval.textContent).toContain("Habilitado");
    fireEvent.mouseDown(within(approval).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("setting-requireapproval-option-disabled"));
    await waitFor(() => expect(api.requests).toContain("PUT /settings/requireapproval"));
    expect(api.bodies[api.requests.indexOf("PUT /settings/requireapproval")]).toEqual({ value: "disabled" });
    await waitFor(async () => expect((await field("requireapproval")).textContent).toContain("Desabilitado"));
  });

  it("shows super users the global settings from the public endpoints", async () => {
    signInAs(makeUser({ profile: "admin", super: true }), {
      "GET /settings/allowregister": { status: 200, data: { key: "allowregister", value: "enabled" } },
      "GET /settings/viewregister": { status: 200, data: { key: "viewregister", value: "disabled" } },
      "GET /settings/trial": { status: 200, data: { key: "trial", value: "7" } },
    });
    renderApp(<AppRoutes />, "/settings");
    expect(await screen.findByTestId("settings-global")).toBeTruthy();
    await waitFor(async () => expect((await field("allowregister")).textContent).toContain("Habilitado"));
    expect((await field("trial")).textContent).toContain("7 dias");
  });
});
