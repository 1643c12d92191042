import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type GroupContactView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

function makeGroup(overrides: Partial<GroupContactView> = {}): GroupContactView {
  return {
    id: 5,
    name: "Equipe Loja",
    number: "120363012345678",
    isGroup: true,
    profilePicUrl: null,
    activetranscribe: false,
    resumegroup: false,
    timeresume: null,
    resumeprovider: null,
    resumemodel: null,
    hasResumeKey: false,
    resumekeyMasked: "",
    resumemaxtokens: 2000,
    resumetemperature: 0.7,
    resumeprompt: null,
    ...overrides,
  };
}

function render(groups: GroupContactView[] = [makeGroup()], plan = { useOpenAi: true }) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: makeUser({}, plan) },
    "GET /contacts/groups": { status: 200, data: { contacts: groups, count: groups.length, hasMore: false } },
    "PUT /contacts/5": (config) => ({ status: 200, data: makeGroup({ ...JSON.parse(String(config.data)), hasResumeKey: true, resumekeyMasked: "••••cdef" }) }),
    "POST /contacts/upload": { status: 202, data: { import: { id: 1 } } },
  });
  renderApp(<AppRoutes />, "/transcribe");
  return api;
}

const bodyOf = (api: ReturnType<typeof fakeApi>, request: string) => api.bodies[api.requests.lastIndexOf(request)] as Record<string, unknown>;

describe("TranscribePage", { timeout: 60_000 }, () => {
  beforeEach(() => {
    // Only the clock: 14:30 local, so "5 minutes ahead" is 14:35 whatever the time the suite runs.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 10, 24, 14, 30, 0) });
  });
  afterEach(() => vi.useRealTimers());

  it("shows group cards with their code and switches the transcription", async () => {
    const api = render();
    const card = await screen.findByTestId("group-card-5");
    expect(within(card).getByText("Equipe Loja")).toBeTruthy();
    expect(within(card).getByText("Código do grupo: 120363012345678")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Transcrição e resumo de grupos (1)");
    fireEvent.click(screen.getByTestId("group-transcribe-5"));
    await waitFor(() => expect(api.requests).toContain("PUT /contacts/5"));
    expect(bodyOf(api, "PUT /contacts/5")).toEqual({ activetranscribe: true });
  });

  it("configures the summary: provider clears the model, 'other' takes a typed model, the time must be 5 minutes ahead", async () => {
    const api = render();
    // Turning the summary on without a configuration opens the panel.
    fireEvent.click(await screen.findByTestId("group-summary-5"));
    const panel = await screen.findByTestId("summary-panel");
    expect((within(panel).getByTestId("summary-max-tokens") as HTMLInputElement).value).toBe("2000");
    expect((within(panel).getByTestId("summary-temperature") as HTMLInputElement).value).toBe("0.7");
    expect((within(panel).getByTestId("summary-prompt") as HTMLTextAreaElement).value).toContain("{messages}");

    fireEvent.mouseDown(within(screen.getByTestId("summary-model")).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "gpt-4o-mini" }));
    fireEvent.mouseDown(within(screen.getByTestId("summary-provider")).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "gemini" }));
    // The model was cleared by the provider change: saving now is an invalid state.
    fireEvent.change(within(panel).getByTestId("summary-key"), { target: { value: "AIza-secret-abcdef" } });
    fireEvent.change(within(panel).getByTestId("summary-time"), { target: { value: "18:00" } });
    fireEvent.click(within(panel).getByTestId("summary-save"));
    expect((await within(panel).findByTestId("summary-error")).textContent).toBe("Estado inválido");

    fireEvent.mouseDown(within(screen.getByTestId("summary-model")).getByRole("combobox"));
    expect(screen.getByRole("option", { name: "gemini-2.0-flash-exp" })).toBeTruthy();
    fireEvent.click(screen.getByRole("option", { name: "Outro" }));
    fireEvent.change(await within(panel).findByTestId("summary-custom-model"), { target: { value: "gemini-2.5-flash" } });
    fireEvent.change(within(panel).getByTestId("summary-time"), { target: { value: "14:32" } });
    fireEvent.click(within(panel).getByTestId("summary-save"));
    expect((await within(panel).findByTestId("summary-error")).textContent).toBe(
      "Selecione um horário com pelo menos 5 minutos de antecedência (após 14:35)",
    );
    expect(api.requests).not.toContain("PUT /contacts/5");

    fireEvent.change(within(panel).getByTestId("summary-time"), { target: { value: "14:40" } });
    fireEvent.click(within(panel).getByTestId("summary-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /contacts/5"));
    expect(bodyOf(api, "PUT /contacts/5")).toEqual({
      resumeprovider: "gemini",
      resumemodel: "gemini-2.5-flash",
      resumemaxtokens: 2000,
      resumetemperature: 0.7,
      timeresume: "14:40:00",
      resumeprompt: expect.stringContaining("{messages}"),
      resumekey: "AIza-secret-abcdef",
      resumegroup: true,
    });
    expect(await screen.findByText("Configurações de resumo salvas!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("summary-panel")).toBeNull());
  });

  it("never shows a saved key, only its mask, and keeps it when left blank", async () => {
    const api = render([makeGroup({ resumeprovider: "openai", resumemodel: "gpt-4o", hasResumeKey: true, resumekeyMasked: "••••9876", timeresume: "18:00:00" })]);
    fireEvent.click(await screen.findByTestId("group-configure-5"));
    const panel = await screen.findByTestId("summary-panel");
    expect((within(panel).getByTestId("summary-key") as HTMLInputElement).value).toBe("");
    expect(within(panel).getByText("Chave salva: ••••9876 (deixe em branco para manter)")).toBeTruthy();
    fireEvent.click(within(panel).getByTestId("summary-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /contacts/5"));
    const body = bodyOf(api, "PUT /contacts/5");
    expect(body).not.toHaveProperty("resumekey");
    expect(body).toMatchObject({ resumeprovider: "openai", resumemodel: "gpt-4o", timeresume: "18:00:00" });
  });

  it("imports only .xls and .xlsx spreadsheets", async () => {
    const api = render();
    await screen.findByTestId("group-card-5");
    const input = screen.getByTestId("transcribe-import-input") as HTMLInputElement;
    expect(input.accept).toBe(".xls,.xlsx");
    fireEvent.change(input, { target: { files: [new File(["a,b"], "contatos.csv", { type: "text/csv" })] } });
    expect(await screen.findByText("Envie apenas arquivos .xls ou .xlsx.")).toBeTruthy();
    expect(api.requests).not.toContain("POST /contacts/upload");
    fireEvent.change(input, { target: { files: [new File(["x"], "grupos.xlsx")] } });
    await waitFor(() => expect(api.requests).toContain("POST /contacts/upload"));
    expect(await screen.findByText("Arquivo enviado com sucesso!")).toBeTruthy();
  });

  it("is refused to a company whose plan has no AI", async () => {
    const api = render([makeGroup()], { useOpenAi: false });
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).toBeTruthy();
    expect(api.requests).not.toContain("GET /contacts/groups");
  });
});
