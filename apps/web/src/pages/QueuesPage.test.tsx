import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, defaultWorkingHours, type QueueView, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const vendas: QueueView = {
  id: 5,
  name: "Vendas",
  color: "#e57373",
  greetingMessage: "Bem-vindo às vendas",
  outOfHoursMessage: "",
  complationMessage: "",
  ratingMessage: "",
  token: "",
  orderQueue: 1,
  integrationId: null,
  promptId: null,
  schedules: defaultWorkingHours(),
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /queue": { status: 200, data: [vendas] },
    ...extra,
  });
}
const admin = () => makeUser({ id: 1, profile: "admin" });
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input, textarea");
  if (!found) throw new Error(`no input in ${testId}`);
  return found as HTMLInputElement;
};

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("QueuesPage", { timeout: 20_000 }, () => {
  it("shows a card per queue with name, colour, order, greeting and no integration", async () => {
    signInAs(admin());
    renderApp(<AppRoutes />, "/queues");
    const card = await screen.findByTestId("queue-card-5");
    expect(within(card).getByTestId("queue-info-name").textContent).toBe("Vendas");
    expect(within(card).getByTestId("queue-info-color").textContent).toBe("#e57373");
    expect(within(card).getByTestId("queue-info-order").textContent).toBe("1");
    expect(within(card).getByTestId("queue-info-greeting").textContent).toBe("Bem-vindo às vendas");
    expect(within(card).getByTestId("queue-info-integration").textContent).toBe("—");
  });

  const expected = {
    pt: { required: "Obrigatório", tooShort: "Muito curto!", invalidTime: "Horário inválido (use HH:MM)" },
    en: { required: "Required", tooShort: "Too Short!", invalidTime: "Invalid time (use HH:MM)" },
    es: { required: "Obligatorio", tooShort: "¡Muy corto!", invalidTime: "Hora inválida (use HH:MM)" },
  } as const;

  for (const [language, texts] of Object.entries(expected)) {
    it(`shows the dialog's validation messages in ${language}`, async () => {
      await i18n.changeLanguage(language);
      const api = signInAs(admin());
      renderApp(<AppRoutes />, "/queues");
      fireEvent.click(await screen.findByTestId("queues-add"));
      // A new queue starts with a colour; cleared, both required fields say so.
      fireEvent.change(await input("queue-color"), { target: { value: "" } });
      fireEvent.click(screen.getByTestId("queue-save"));
      await waitFor(() => expect(screen.getAllByText(texts.required)).toHaveLength(2));

      fireEvent.change(await input("queue-name"), { target: { value: "V" } });
      fireEvent.change(await input("queue-color"), { target: { value: "#a" } });
      fireEvent.click(screen.getByTestId("queue-save"));
      await waitFor(() => expect(screen.getAllByText(texts.tooShort)).toHaveLength(2));

      // A bad time alone sends the dialog to the schedules tab, with the message on the field.
      fireEvent.change(await input("queue-name"), { target: { value: "Vendas 2" } });
      fireEvent.change(await input("queue-color"), { target: { value: "#abcdef" } });
      fireEvent.change(await input("working-hours-monday-start"), { target: { value: "2500" } });
      expect((await input("working-hours-monday-start")).value).toBe("25:00");
      fireEvent.click(screen.getByTestId("queue-save"));
      expect(await within(screen.getByTestId("working-hours-monday-start")).findByText(texts.invalidTime)).toBeTruthy();
      // The message shows as soon as the field is re-validated; the tab switches once the submit is refused.
      await waitFor(() => expect(screen.getByTestId("queue-tab-schedules").getAttribute("aria-selected")).toBe("true"));
      expect(api.requests).not.toContain("POST /queue");
    });
  }

  it("creates a queue with its working hours and a palette colour, then toasts", async () => {
    const api = signInAs(admin(), { "POST /queue": { status: 201, data: { ...vendas, id: 6, name: "Suporte" } } });
    renderApp(<AppRoutes />, "/queues");
    fireEvent.click(await screen.findByTestId("queues-add"));
    fireEvent.change(await input("queue-name"), { target: { value: "Suporte" } });
    fireEvent.click(screen.getByTestId("queue-color-palette"));
    fireEvent.click(await screen.findByTestId("color-option-000000"));
    fireEvent.change(await input("queue-order"), { target: { value: "2" } });
    fireEvent.change(await input("queue-greeting"), { target: { value: "Olá" } });
    fireEvent.click(screen.getByTestId("queue-tab-schedules"));
    fireEvent.change(await input("working-hours-saturday-end"), { target: { value: "1400" } });
    fireEvent.click(screen.getByTestId("queue-save"));

    expect(await screen.findByText("Fila salva com sucesso!")).toBeTruthy();
    const body = api.bodies[api.requests.indexOf("POST /queue")] as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Suporte", color: "#000000", orderQueue: 2, greetingMessage: "Olá", outOfHoursMessage: "" });
    expect((body.schedules as { weekdayEn: string; endTime: string }[])[5]).toEqual({
      weekday: "Sábado",
      weekdayEn: "saturday",
      startTime: "08:00",
      endTime: "14:00",
    });
  });

  it("starts a new queue with the first palette colour no queue uses, so a name is enough to save", async () => {
    const api = signInAs(admin(), { "POST /queue": { status: 201, data: { ...vendas, id: 6, name: "Suporte", color: "#e53935" } } });
    renderApp(<AppRoutes />, "/queues");
    await screen.findByTestId("queue-card-5");
    fireEvent.click(screen.getByTestId("queues-add"));
    // Vendas has the palette's first colour (#e57373), so the next one is chosen.
    await waitFor(async () => expect((await input("queue-color")).value).toBe("#e53935"));
    fireEvent.change(await input("queue-name"), { target: { value: "Suporte" } });
    fireEvent.click(screen.getByTestId("queue-save"));
    expect(await screen.findByText("Fila salva com sucesso!")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("POST /queue")]).toMatchObject({ name: "Suporte", color: "#e53935" });
  });

  it("puts a taken name on the name field", async () => {
    signInAs(admin(), { "PUT /queue/5": { status: 409, data: { error: "ERR_QUEUE_NAME_ALREADY_EXISTS" } } });
    renderApp(<AppRoutes />, "/queues");
    fireEvent.click(await screen.findByTestId("queue-edit-5"));
    expect((await input("queue-name")).value).toBe("Vendas");
    fireEvent.click(screen.getByTestId("queue-save"));
    expect(await within(screen.getByTestId("queue-name")).findByText("Já existe uma fila com este nome; escolha outro.")).toBeTruthy();
  });

  it("asks before deleting and toasts", async () => {
    const api = signInAs(admin(), { "DELETE /queue/5": { status: 204 } });
    renderApp(<AppRoutes />, "/queues");
    fireEvent.click(await screen.findByTestId("queue-delete-5"));
    expect(await screen.findByText("Deseja realmente excluir este registro?")).toBeTruthy();
    fireEvent.click(screen.getByTestId("confirm-ok"));
    expect(await screen.findByText("Fila excluída com sucesso!")).toBeTruthy();
    expect(api.requests).toContain("DELETE /queue/5");
  });

  it("refuses agents", async () => {
    const api = signInAs(makeUser({ profile: "user" }));
    renderApp(<AppRoutes />, "/queues");
    expect(await screen.findByText("Sem permissão para acessar!")).toBeTruthy();
    expect(api.requests).not.toContain("GET /queue");
  });
});
