import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeApi } from "../../test/fake-api.js";
import { renderApp } from "../../test/render.js";
import { RegisterCompanyTab } from "./RegisterCompanyTab.js";
import { daysFromToday, makeCompany, makePlanRecord } from "./test-data.js";

configure({ asyncUtilTimeout: 5_000 });

const text = (testId: string) => {
  const element = screen.getByTestId(testId).querySelector("input");
  if (!element) throw new Error(`no input in ${testId}`);
  return element;
};
const type = (testId: string, value: string) => fireEvent.change(text(testId), { target: { value } });

function setup(reply: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ "GET /plans/all": { status: 200, data: [makePlanRecord({ id: 4, name: "Conexão Única" })] }, "POST /companies": reply });
  renderApp(<RegisterCompanyTab />);
  return api;
}

async function fill() {
  await screen.findByTestId("register-company-form");
  type("register-name", "Loja Nova");
  type("register-email", "contato@nova.test");
  type("register-adminName", "Rita Dona");
  type("register-password", "segredo1");
  fireEvent.mouseDown(within(screen.getByTestId("register-plan")).getByRole("combobox"));
  fireEvent.click(await screen.findByTestId("register-plan-option-4"));
}

describe("RegisterCompanyTab", { timeout: 20_000 }, () => {
  it("requires e-mail, plan and password before sending", async () => {
    const api = setup({ status: 201, data: makeCompany() });
    await screen.findByTestId("register-company-form");
    type("register-name", "Loja Nova");
    fireEvent.click(screen.getByTestId("register-submit"));
    expect((await screen.findAllByText("Obrigatório")).length).toBeGreaterThanOrEqual(2);
    expect(api.requests).not.toContain("POST /companies");
  });

  it("sends the company and its first admin, due in 3 days on MENSAL, and clears the form", async () => {
    const api = setup({ status: 201, data: makeCompany({ name: "Loja Nova" }) });
    await fill();
    expect(text("register-dueDate").value).toBe(daysFromToday(3));
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(api.requests).toContain("POST /companies"));
    expect(api.bodies[api.requests.indexOf("POST /companies")]).toEqual({
      name: "Loja Nova",
      email: "contato@nova.test",
      phone: "",
      planId: 4,
      dueDate: daysFromToday(3),
      recurrence: "MENSAL",
      password: "segredo1",
      status: true,
      approved: true,
      campaignsEnabled: true,
      adminName: "Rita Dona",
    });
    expect(await screen.findByText("Empresa Loja Nova cadastrada.")).toBeTruthy();
    await waitFor(() => expect(text("register-name").value).toBe(""));
  });

  it("puts a taken company name on its field", async () => {
    setup({ status: 409, data: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } });
    await fill();
    fireEvent.click(screen.getByTestId("register-submit"));
    expect(await screen.findByText("Já existe uma empresa com este nome.")).toBeTruthy();
  });
});
