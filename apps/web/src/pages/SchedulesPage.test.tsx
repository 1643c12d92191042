import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { STORAGE_KEYS, type ScheduleView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const agent = makeUser({ profile: "user" }, { useSchedules: true });
const soon = new Date(Date.now() + 60_000);

function makeSchedule(overrides: Partial<ScheduleView> = {}): ScheduleView {
  return {
    id: 1,
    body: "Lembrete da consulta",
    contactId: 5,
    contact: { id: 5, name: "Maria Cliente", number: "5511999990001" },
    whatsappId: null,
    whatsapp: null,
    ticketId: null,
    userId: 7,
    user: { id: 7, name: "Ana Souza" },
    sendAt: soon.toISOString(),
    sentAt: null,
    status: "PENDENTE",
    error: null,
    mediaName: null,
    mediaUrl: null,
    templateName: null,
    templateLanguage: null,
    templateVariables: [],
    editable: true,
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

function signIn(schedules: ScheduleView[], extra: Record<string, Reply | ((config: InternalAxiosRequestConfig) => Reply)> = {}, user = agent) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /schedules/": { status: 200, data: { schedules, count: schedules.length, hasMore: false } },
    "GET /whatsapp/": { status: 200, data: [{ id: 2, name: "WhatsApp Demo", status: "CONNECTED", isDefault: true }] },
    "GET /contacts/5": { status: 200, data: { id: 5, name: "Maria Cliente", number: "5511999990001", email: "", extraInfo: [] } },
    ...(extra as Record<string, Reply>),
  });
}

function renderPage(path: string) {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

const field = async (testId: string) => {
  const el = await screen.findByTestId(testId);
  return (el.matches("input, textarea") ? el : el.querySelector("input, textarea")) as HTMLInputElement;
};

describe("SchedulesPage", { timeout: 30_000 }, () => {
  it("shows the month calendar in Portuguese with the schedules, and the searchable list", async () => {
    signIn([makeSchedule()]);
    renderPage("/schedules");
    const calendar = await screen.findByTestId("schedules-calendar");
    for (const label of ["Hoje", "Mês", "Semana", "Dia"]) expect(within(calendar).getByText(label)).toBeTruthy();
    expect(await within(calendar).findByTestId("schedule-event-1")).toBeTruthy();
    const row = await screen.findByTestId("schedule-row-1");
    expect(within(row).getByText("Maria Cliente")).toBeTruthy();
    expect(within(row).getByTestId("schedule-status-1").textContent).toBe("Pendente");
  });

  it("opens the new-schedule dialog for ?contactId=, one hour ahead by default, and validates before saving", async () => {
    const api = signIn([], {
      "POST /schedules": (config) => ({ status: 201, data: makeSchedule({ id: 9, ...JSON.parse(String(config.data)) }) }),
    });
    renderPage("/schedules?contactId=5");
    const dialog = await screen.findByTestId("schedule-dialog");
    expect((within(dialog).getByTestId("schedule-contact").querySelector("input") as HTMLInputElement).value).toBe("Maria Cliente");
    const sendAt = new Date((await field("schedule-send-at")).value);
    expect(Math.abs(sendAt.getTime() - (Date.now() + 3_600_000))).toBeLessThan(2 * 60_000);

    fireEvent.change(await field("schedule-body"), { target: { value: "Oi" } });
    fireEvent.click(screen.getByTestId("schedule-save"));
    expect(await screen.findByText("Mensagem muito curta")).toBeTruthy();
    expect(api.requests).not.toContain("POST /schedules");

    fireEvent.change(await field("schedule-body"), { target: { value: "Olá {nome}, tudo certo?" } });
    fireEvent.click(screen.getByTestId("schedule-save"));
    await waitFor(() => expect(api.requests).toContain("POST /schedules"));
    expect(api.bodies[api.requests.indexOf("POST /schedules")]).toEqual({ body: "Olá {nome}, tudo certo?", contactId: 5, sendAt: sendAt.toISOString(), whatsappId: null });
    expect(await screen.findByText("Agendamento salvo com sucesso!")).toBeTruthy();
  });

  it("offers a Cloud API connection's templates with {nome}/{numero}/{email} for its variables and saves the choice", async () => {
    const api = signIn([], {
      "GET /whatsapp/": {
        status: 200,
        data: [
          { id: 2, name: "WhatsApp Demo", status: "CONNECTED", isDefault: true, provider: "simulator" },
          { id: 4, name: "Oficial", status: "CONNECTED", isDefault: false, provider: "cloudapi" },
        ],
      },
      "GET /whatsapp/4/templates": {
        status: 200,
        data: [{ name: "lembrete", language: "pt_BR", category: "UTILITY", components: [{ type: "BODY", text: "Oi {{1}}, sua consulta é amanhã." }], variables: 1 }],
      },
      "POST /schedules": (config) => ({ status: 201, data: makeSchedule({ id: 9, ...JSON.parse(String(config.data)) }) }),
    });
    renderPage("/schedules?contactId=5");
    await screen.findByTestId("schedule-dialog");
    expect(screen.queryByTestId("schedule-template")).toBeNull();
    fireEvent.mouseDown(within(screen.getByTestId("schedule-connection")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("schedule-connection-4"));
    fireEvent.mouseDown(within(await screen.findByTestId("schedule-template-select")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("schedule-template-option-lembrete"));
    fireEvent.click(await screen.findByTestId("schedule-template-insert-1"));
    fireEvent.click(await screen.findByTestId("schedule-template-token-nome"));
    await waitFor(() => expect(screen.getByTestId("schedule-template-preview").textContent).toBe("Oi {nome}, sua consulta é amanhã."));
    fireEvent.change(await field("schedule-body"), { target: { value: "Lembrete da consulta, {nome}" } });
    fireEvent.click(screen.getByTestId("schedule-save"));
    await waitFor(() => expect(api.requests).toContain("POST /schedules"));
    expect(api.bodies[api.requests.indexOf("POST /schedules")]).toMatchObject({
      whatsappId: 4,
      templateName: "lembrete",
      templateLanguage: "pt_BR",
      templateVariables: ["{nome}"],
    });
  });

  it("opens a sent schedule read-only with its status", async () => {
    signIn([makeSchedule({ status: "ENVIADA", sentAt: soon.toISOString(), editable: false })]);
    renderPage("/schedules");
    fireEvent.click(await screen.findByTestId("schedule-edit-1"));
    const dialog = await screen.findByTestId("schedule-dialog");
    expect(within(dialog).getByTestId("schedule-dialog-status").textContent).toBe("Enviada");
    expect(within(dialog).getByTestId("schedule-dialog-readonly")).toBeTruthy();
    expect(within(dialog).queryByTestId("schedule-save")).toBeNull();
    expect((await field("schedule-body")).disabled).toBe(true);
  });

  it("refetches when another user's schedule event arrives", async () => {
    const api = signIn([makeSchedule()]);
    const io = renderPage("/schedules");
    await screen.findByTestId("schedule-row-1");
    const before = api.requests.filter((r) => r === "GET /schedules/").length;
    io.push(`company-${agent.companyId}-schedule`, { action: "delete", scheduleId: 1 });
    await waitFor(() => expect(api.requests.filter((r) => r === "GET /schedules/").length).toBeGreaterThan(before));
  });

  it("refuses a company whose plan has no schedules", async () => {
    const api = signIn([], {}, makeUser({ profile: "admin" }));
    renderPage("/schedules");
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).toBeTruthy();
    expect(api.requests).not.toContain("GET /schedules/");
  });
});
