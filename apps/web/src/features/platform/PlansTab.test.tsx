import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeApi } from "../../test/fake-api.js";
import { renderApp } from "../../test/render.js";
import { PlansTab } from "./PlansTab.js";
import { makePlanRecord } from "./test-data.js";

configure({ asyncUtilTimeout: 5_000 });

const basic = makePlanRecord({ id: 1, name: "Básico" });
const input = (testId: string) => {
  const element = screen.getByTestId(testId).querySelector("input");
  if (!element) throw new Error(`no input in ${testId}`);
  return element;
};

function setup(extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ "GET /plans/all": { status: 200, data: [basic] }, ...extra });
  renderApp(<PlansTab />);
  return api;
}

describe("PlansTab", { timeout: 20_000 }, () => {
  it("lists plans with their limits, value and flags", async () => {
    setup();
    expect((await screen.findByTestId("plan-1-users")).textContent).toBe("5");
    expect(screen.getByTestId("plan-1-connections").textContent).toBe("1");
    expect(screen.getByTestId("plan-1-queues").textContent).toBe("3");
    expect(screen.getByTestId("plan-1-useKanban").getAttribute("data-on")).toBe("true");
    expect(screen.getByTestId("plan-1-useCampaigns").getAttribute("data-on")).toBe("false");
    expect(screen.getByTestId("plan-row-1").textContent).toContain("R$");
  });

  it("creates a plan with limits and flags", async () => {
    const api = setup({ "POST /plans": { status: 201, data: makePlanRecord({ id: 2, name: "Uma conexão" }) } });
    await screen.findByTestId("plan-row-1");
    fireEvent.change(input("plan-name"), { target: { value: "Uma conexão" } });
    fireEvent.change(input("plan-users"), { target: { value: "3" } });
    fireEvent.change(input("plan-connections"), { target: { value: "1" } });
    fireEvent.change(input("plan-queues"), { target: { value: "2" } });
    fireEvent.change(input("plan-value"), { target: { value: "29,90" } });
    fireEvent.click(input("plan-useKanban"));
    fireEvent.click(screen.getByTestId("plan-save"));
    await waitFor(() => expect(api.requests).toContain("POST /plans"));
    expect(api.bodies[api.requests.indexOf("POST /plans")]).toEqual({
      name: "Uma conexão",
      users: 3,
      connections: 1,
      queues: 2,
      value: "29.90",
      isPublic: true,
      useCampaigns: false,
      useKanban: true,
      useOpenAi: false,
      useIntegrations: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useInternal: false,
    });
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeTruthy();
  });

  it("edits a plan and refuses to delete one in use, saying why", async () => {
    const api = setup({
      "PUT /plans/1": { status: 200, data: { ...basic, users: 8 } },
      "DELETE /plans/1": { status: 409, data: { error: "ERR_PLAN_IN_USE", details: { companies: 2 } } },
    });
    fireEvent.click(await screen.findByTestId("plan-edit-1"));
    await waitFor(() => expect(input("plan-name").value).toBe("Básico"));
    fireEvent.change(input("plan-users"), { target: { value: "8" } });
    fireEvent.click(screen.getByTestId("plan-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /plans/1"));
    expect(api.bodies[api.requests.indexOf("PUT /plans/1")]).toMatchObject({ name: "Básico", users: 8, useKanban: true, useSchedules: true });

    fireEvent.click(screen.getByTestId("plan-delete-1"));
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    expect(await screen.findByText("Este plano está em uso por empresas e não pode ser excluído.")).toBeTruthy();
  });
});
