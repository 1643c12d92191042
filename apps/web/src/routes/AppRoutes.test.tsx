import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";
import { AppRoutes } from "./AppRoutes.js";

function signIn(): void {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  localStorage.setItem(STORAGE_KEYS.companyId, "3");
  localStorage.setItem(STORAGE_KEYS.userId, "7");
}

const location = () => screen.getByTestId("location").textContent;

describe("route guards", () => {
  it.each(["/", "/tickets", "/tickets/0b5f1c8e-1111-4a4a-9999-123456789abc", "/settings", "/users", "/nowhere"])(
    "sends an unauthenticated visit of %s to /login",
    async (path) => {
      fakeApi({});
      renderApp(<AppRoutes />, path);
      await waitFor(() => expect(location()).toBe("/login"));
      expect(screen.getByTestId("login-email")).toBeTruthy();
    },
  );

  it("sends a stored but rejected session to /login and clears it", async () => {
    signIn();
    fakeApi({ "GET /auth/me": { status: 401, data: { error: "ERR_SESSION_EXPIRED" } } });
    renderApp(<AppRoutes />, "/tickets");
    await waitFor(() => expect(location()).toBe("/login"));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each(["/login", "/signup", "/forgetpsw"])("sends an authenticated visit of %s to /", async (path) => {
    signIn();
    const api = fakeApi({ "GET /auth/me": { status: 200, data: makeUser() } });
    renderApp(<AppRoutes />, path);
    await waitFor(() => expect(location()).toBe("/"));
    expect(await screen.findByTestId("greeting")).toBeTruthy();
    expect(api.requests).toContain("GET /auth/me");
  });

  it("lets an authenticated user into a private route", async () => {
    signIn();
    fakeApi({ "GET /auth/me": { status: 200, data: makeUser() } });
    renderApp(<AppRoutes />, "/tickets");
    expect(await screen.findByTestId("app-drawer")).toBeTruthy();
    expect(location()).toBe("/tickets");
    expect(await screen.findByTestId("tickets-manager")).toBeTruthy();
  });

  it("redirects /signup to /login when registration is disabled", async () => {
    fakeApi({ "GET /settings/allowregister": { status: 200, data: { key: "allowregister", value: "disabled" } } });
    renderApp(<AppRoutes />, "/signup");
    await waitFor(() => expect(location()).toBe("/login"));
  });

  it("keeps /signup when registration is enabled", async () => {
    fakeApi({ "GET /settings/allowregister": { status: 200, data: { key: "allowregister", value: "enabled" } } });
    renderApp(<AppRoutes />, "/signup");
    expect(await screen.findByTestId("signup-details")).toBeTruthy();
    expect(location()).toBe("/signup");
  });

  it("answers an address that is no area with the not-found page, even with the cshow flag", async () => {
    localStorage.setItem(STORAGE_KEYS.cshow, "1");
    signIn();
    fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }) } });
    renderApp(<AppRoutes />, "/campaigns-old");
    expect(await screen.findByText("Página não encontrada")).toBeTruthy();
  });
});

describe("refused pages", () => {
  it("toasts and returns an agent from an admin page to / after 1 s", async () => {
    signIn();
    fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "user" }) } });
    renderApp(<AppRoutes />, "/users");
    expect(await screen.findByText("Sem permissão para acessar!")).toBeTruthy();
    expect(location()).toBe("/users");
    expect(screen.queryByTestId("page-title")).toBeNull();
    await waitFor(() => expect(location()).toBe("/"), { timeout: 2_000 });
  });

  it("gates the campaign pages by useCampaigns, not by the cshow flag", async () => {
    signIn();
    fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }) } });
    const first = renderApp(<AppRoutes />, "/campaigns");
    expect(
      await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando."),
    ).toBeTruthy();
    first.unmount();

    fakeApi({
      "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }, { useCampaigns: true }) },
      "GET /campaigns/": { status: 200, data: { records: [], count: 0, hasMore: false } },
    });
    renderApp(<AppRoutes />, "/campaigns");
    expect((await screen.findByTestId("page-title")).textContent).toBe("Campanhas");
  });

  it("refuses a plan-gated page without the plan flag, and opens it with the flag", async () => {
    signIn();
    fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }) } });
    const first = renderApp(<AppRoutes />, "/messages-api");
    expect(
      await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando."),
    ).toBeTruthy();
    first.unmount();

    fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }, { useExternalApi: true }) } });
    renderApp(<AppRoutes />, "/messages-api");
    expect((await screen.findByTestId("page-title")).textContent).toBe("API");
  });
});
