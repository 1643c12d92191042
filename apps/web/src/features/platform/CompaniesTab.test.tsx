import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { fakeApi } from "../../test/fake-api.js";
import { renderApp } from "../../test/render.js";
import { formatDate } from "../../lib/dates.js";
import { CompaniesTab } from "./CompaniesTab.js";
import { daysFromToday, makeCompany, makePlanRecord } from "./test-data.js";
import { extendedDueDate } from "./company-due.js";

configure({ asyncUtilTimeout: 5_000 });

const soon = makeCompany({ id: 11, name: "Vence Logo", dueDate: daysFromToday(3) });
const late = makeCompany({ id: 12, name: "Atrasada", dueDate: daysFromToday(0), approved: false });
const fine = makeCompany({ id: 13, name: "Em Dia", dueDate: daysFromToday(40), recurrence: "TRIMESTRAL" });
const platform = makeCompany({ id: 1, name: "Atendo", isPlatform: true, dueDate: null });

function setup(extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    "GET /companies/list": { status: 200, data: [platform, soon, late, fine] },
    "GET /plans/all": { status: 200, data: [makePlanRecord(), makePlanRecord({ id: 2, name: "Completo" })] },
    ...extra,
  });
  renderApp(<CompaniesTab />);
  return api;
}
const bodyOf = (api: ReturnType<typeof fakeApi>, request: string) => api.bodies[api.requests.lastIndexOf(request)];

describe("CompaniesTab", { timeout: 20_000 }, () => {
  it("colours rows by due date: 1 to 5 days yellow, today or past red", async () => {
    setup();
    expect((await screen.findByTestId("company-row-11")).getAttribute("data-due")).toBe("soon");
    expect(screen.getByTestId("company-row-12").getAttribute("data-due")).toBe("overdue");
    expect(screen.getByTestId("company-row-13").getAttribute("data-due")).toBe("ok");
    expect(screen.getByTestId("company-row-1").getAttribute("data-due")).toBe("none");
    expect(screen.getByTestId("company-due-11").textContent).toContain("Vence em até 5 dias");
    expect(screen.getByTestId("company-due-12").textContent).toContain("Vencida");
    // The platform's company can be neither disabled nor deleted.
    expect(screen.queryByTestId("company-delete-1")).toBeNull();
    expect(screen.queryByTestId("company-toggle-1")).toBeNull();
  });

  it("disables, approves and extends by the recurrence's months from the row", async () => {
    const api = setup({
      "PUT /companies/11": { status: 200, data: { ...soon, status: false } },
      "PUT /companies/12": { status: 200, data: { ...late, approved: true } },
      "PUT /companies/13": { status: 200, data: fine },
    });
    fireEvent.click(await screen.findByTestId("company-toggle-11"));
    await waitFor(() => expect(bodyOf(api, "PUT /companies/11")).toEqual({ status: false }));
    fireEvent.click(screen.getByTestId("company-approve-12"));
    await waitFor(() => expect(bodyOf(api, "PUT /companies/12")).toEqual({ approved: true }));
    fireEvent.click(screen.getByTestId("company-extend-13"));
    const extended = extendedDueDate(fine.dueDate, "TRIMESTRAL");
    await waitFor(() => expect(bodyOf(api, "PUT /companies/13")).toEqual({ dueDate: extended }));
    expect(await screen.findByText(`Vencimento estendido até ${formatDate(extended)}.`)).toBeTruthy();
  });

  it("edits a company in the form: plan, due date; only MENSAL can be chosen as recurrence", async () => {
    const api = setup({ "PUT /companies/11": { status: 200, data: { ...soon, planId: 2, plan: { id: 2, name: "Completo" } } } });
    fireEvent.click(await screen.findByTestId("company-edit-11"));
    const name = within(screen.getByTestId("company-name")).getByRole("textbox") as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Vence Logo"));
    fireEvent.mouseDown(within(screen.getByTestId("company-plan")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("company-plan-option-2"));
    fireEvent.mouseDown(within(screen.getByTestId("company-recurrence")).getByRole("combobox"));
    expect((await screen.findByTestId("company-recurrence-option-ANUAL")).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByTestId("company-recurrence-option-MENSAL").getAttribute("aria-disabled")).not.toBe("true");
    fireEvent.click(screen.getByTestId("company-recurrence-option-MENSAL"));
    fireEvent.click(screen.getByTestId("company-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /companies/11"));
    expect(bodyOf(api, "PUT /companies/11")).toEqual({
      name: "Vence Logo",
      email: "contato@azul.test",
      phone: "11999990000",
      planId: 2,
      status: true,
      approved: true,
      campaignsEnabled: true,
      dueDate: soon.dueDate,
      recurrence: "MENSAL",
    });
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeTruthy();
  });

  it("shows a taken name on the field", async () => {
    setup({ "PUT /companies/13": { status: 409, data: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } } });
    fireEvent.click(await screen.findByTestId("company-edit-13"));
    await waitFor(() => expect((within(screen.getByTestId("company-name")).getByRole("textbox") as HTMLInputElement).value).toBe("Em Dia"));
    fireEvent.click(screen.getByTestId("company-save"));
    expect(await screen.findByText("Já existe uma empresa com este nome.")).toBeTruthy();
  });

  it("names what a delete removes before deleting", async () => {
    const api = setup({
      "GET /companies/12": { status: 200, data: { ...late, contents: { users: 3, connections: 1, queues: 2, contacts: 40, tickets: 7, messages: 120 } } },
      "DELETE /companies/12": { status: 204 },
    });
    fireEvent.click(await screen.findByTestId("company-delete-12"));
    const contents = await screen.findByTestId("company-delete-contents");
    await waitFor(() => expect(contents.textContent).toContain("3 usuário(s), 1 conexão(ões), 2 fila(s), 40 contato(s), 7 ticket(s) e 120 mensagem(ns)"));
    expect(screen.getByRole("heading", { name: "Excluir a empresa Atrasada?" })).toBeTruthy();
    fireEvent.click(screen.getByTestId("company-delete-confirm"));
    await waitFor(() => expect(api.requests).toContain("DELETE /companies/12"));
    expect(await screen.findByText("Empresa excluída.")).toBeTruthy();
  });
});
