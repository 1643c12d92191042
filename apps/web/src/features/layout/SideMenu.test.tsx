import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { STORAGE_KEYS, type PlanView, type SessionUser } from "@atendo/shared";
import { AuthContext, type AuthContextValue } from "../auth/auth-context.js";
import { Can } from "../../components/Can.js";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { testQueryClient } from "../../test/render.js";
import { SideMenu } from "./SideMenu.js";

function authValue(user: SessionUser): AuthContextValue {
  return {
    status: "authenticated",
    user,
    justSignedIn: false,
    login: async () => Promise.reject(new Error("not in this test")),
    logout: async () => undefined,
    refreshUser: async () => undefined,
  };
}

function renderAs(user: SessionUser, ui = <SideMenu expanded />) {
  fakeApi({ "GET /version": { status: 200, data: { version: "1.2.3" } } });
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={authValue(user)}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const agent = (plan: Partial<PlanView> = {}) => makeUser({ profile: "user" }, plan);
const admin = (plan: Partial<PlanView> = {}) => makeUser({ profile: "admin" }, plan);
const has = (testId: string) => screen.queryByTestId(testId) !== null;

describe("side menu", () => {
  it("shows agents the service section and no management section", () => {
    renderAs(agent());
    expect(has("menu-item-tickets")).toBe(true);
    expect(has("menu-item-contacts")).toBe(true);
    expect(has("menu-section-admin")).toBe(false);
    expect(has("menu-item-connections")).toBe(false);
    expect(has("menu-item-users")).toBe(false);
    expect(has("menu-item-settings")).toBe(false);
  });

  it("shows admins the management section", () => {
    renderAs(admin());
    expect(has("menu-section-admin")).toBe(true);
    for (const id of ["connections", "queues", "users", "settings", "financeiro"]) {
      expect(has(`menu-item-${id}`)).toBe(true);
    }
    expect(screen.getByTestId("menu-item-users").getAttribute("href")).toBe("/users");
  });

  it("hides plan-gated entries without their flag", () => {
    renderAs(admin());
    for (const id of ["messages-api", "chats"]) {
      expect(has(`menu-item-${id}`)).toBe(false);
    }
  });

  it("shows plan-gated entries with their flag", () => {
    renderAs(
      admin({
        useIntegrations: true,
        useExternalApi: true,
        useOpenAi: true,
        useKanban: true,
        useSchedules: true,
        useInternalChat: true,
      }),
    );
    for (const id of ["messages-api", "chats"]) {
      expect(has(`menu-item-${id}`)).toBe(true);
    }
  });

  it("keeps admin-only plan entries from agents even with the flag", () => {
    renderAs(agent({ useExternalApi: true, useInternalChat: true }));
    expect(has("menu-item-chats")).toBe(true);
    expect(has("menu-item-messages-api")).toBe(false);
  });

  it("shows announcements to super users only", () => {
    renderAs(admin());
    expect(has("menu-item-announcements")).toBe(false);
  });

  it("shows announcements to a super user", () => {
    renderAs(makeUser({ profile: "admin", super: true }));
    expect(has("menu-item-announcements")).toBe(true);
  });

  it("lists no entry whose page is not built (no placeholder pages)", () => {
    localStorage.setItem(STORAGE_KEYS.cshow, "1");
    renderAs(admin({ useCampaigns: true, useKanban: true, useSchedules: true, useOpenAi: true, useIntegrations: true }));
    for (const id of ["campaigns", "kanban", "schedules", "prompts", "queue-integration", "transcribe", "files"]) {
      expect(has(`menu-item-${id}`)).toBe(false);
    }
  });

  it("shows the server version", async () => {
    renderAs(agent());
    expect((await screen.findByTestId("version-text")).textContent).toBe("Versão 1.2.3");
  });
});

describe("Can", () => {
  const ui = (
    <Can perform="settings:update" otherwise={<span data-testid="denied" />}>
      <span data-testid="allowed" />
    </Can>
  );

  it("renders its children when allowed", () => {
    renderAs(admin(), ui);
    expect(has("allowed")).toBe(true);
    expect(has("denied")).toBe(false);
  });

  it("renders the fallback when not allowed", () => {
    renderAs(agent(), ui);
    expect(has("allowed")).toBe(false);
    expect(has("denied")).toBe(true);
  });
});
