import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type PromptView, type QueueView, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const INSTRUCTIONS = "Você é a assistente virtual da Loja Exemplo. Responda com cordialidade e no máximo duas frases.";

const queue = (id: number, name: string): QueueView => ({
  id,
  name,
  color: "#1e88e5",
  greetingMessage: "",
  complationMessage: "",
  ratingMessage: "",
  token: "",
  outOfHoursMessage: "",
  orderQueue: null,
  integrationId: null,
  promptId: null,
  schedules: [],
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const prompt = (id: number, extra: Partial<PromptView> = {}): PromptView => ({
  id,
  name: "Assistente de vendas",
  prompt: INSTRUCTIONS,
  voice: "texto",
  voiceRegion: "",
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId: 5,
  queue: { id: 5, name: "Vendas", color: "#1e88e5" },
  apiKeyMasked: "••••cdef",
  voiceKeyMasked: "",
  companyId: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

const admin = (flags = { useOpenAi: true }) => makeUser({ profile: "admin" }, flags);

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /prompt": { status: 200, data: { prompts: [prompt(1)] } },
    "GET /queue": { status: 200, data: [queue(5, "Vendas"), queue(6, "Suporte")] },
    ...extra,
  });
}
const input = async (testId: string, selector = "input") => {
  const found = (await screen.findByTestId(testId)).querySelector<HTMLInputElement>(selector);
  if (!found) throw new Error(`no ${selector} in ${testId}`);
  return found;
};
const choose = async (testId: string, optionTestId: string) => {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole("combobox"));
  fireEvent.click(await screen.findByTestId(optionTestId));
};

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("PromptsPage", { timeout: 20_000 }, () => {
  it("shows the credit banner with OpenAI's links and the table of prompts", async () => {
    signInAs(admin());
    renderApp(<AppRoutes />, "/prompts");
    const row = await screen.findByTestId("prompt-row-1");
    expect(within(row).getByTestId("prompt-row-name").textContent).toBe("Assistente de vendas");
    expect(within(row).getByTestId("prompt-row-queue").textContent).toBe("Vendas");
    expect(within(row).getByTestId("prompt-row-max-tokens").textContent).toBe("100");
    const banner = screen.getByTestId("prompts-banner");
    expect(within(banner).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
      "https://platform.openai.com/usage",
      "https://platform.openai.com/settings/organization/billing/overview",
      "https://platform.openai.com/api-keys",
    ]);
  });

  it("refuses the page to a company without useOpenAi", async () => {
    const api = signInAs(admin({ useOpenAi: false }));
    renderApp(<AppRoutes />, "/prompts");
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).toBeTruthy();
    expect(api.requests).not.toContain("GET /prompt");
  });

  it("says 'Informe o setor' and saves nothing without a queue", async () => {
    const api = signInAs(admin());
    renderApp(<AppRoutes />, "/prompts");
    fireEvent.click(await screen.findByTestId("prompts-add"));
    fireEvent.change(await input("prompt-name"), { target: { value: "Assistente" } });
    fireEvent.change(await input("prompt-text", "textarea"), { target: { value: INSTRUCTIONS } });
    fireEvent.change(await input("prompt-api-key"), { target: { value: "sk-new-key" } });
    fireEvent.click(screen.getByTestId("prompt-save"));
    await waitFor(() => expect(screen.getAllByText("Informe o setor").length).toBeGreaterThan(0));
    expect(api.requests).not.toContain("POST /prompt");
  });

  it("adds a prompt with the spec's defaults and the chosen voice", async () => {
    const api = signInAs(admin(), { "POST /prompt": { status: 201, data: prompt(2) } });
    renderApp(<AppRoutes />, "/prompts");
    fireEvent.click(await screen.findByTestId("prompts-add"));
    expect((await input("prompt-max-tokens")).value).toBe("100");
    expect((await input("prompt-max-messages")).value).toBe("10");
    expect((await input("prompt-temperature")).value).toBe("1");
    fireEvent.change(await input("prompt-name"), { target: { value: "Assistente" } });
    fireEvent.change(await input("prompt-text", "textarea"), { target: { value: INSTRUCTIONS } });
    fireEvent.change(await input("prompt-api-key"), { target: { value: "sk-new-key" } });
    await choose("prompt-queue", "prompt-queue-option-6");
    await choose("prompt-voice", "prompt-voice-option-pt-BR-FranciscaNeural");
    fireEvent.change(await input("prompt-voice-key"), { target: { value: "azure-key" } });
    fireEvent.change(await input("prompt-voice-region"), { target: { value: "brazilsouth" } });
    fireEvent.click(screen.getByTestId("prompt-save"));
    expect(await screen.findByText("Prompt salvo com sucesso!")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("POST /prompt")]).toEqual({
      name: "Assistente",
      prompt: INSTRUCTIONS,
      apiKey: "sk-new-key",
      queueId: 6,
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: "pt-BR-FranciscaNeural",
      voiceKey: "azure-key",
      voiceRegion: "brazilsouth",
    });
  });

  it("offers the 15 Brazilian Portuguese voices besides text", async () => {
    signInAs(admin());
    renderApp(<AppRoutes />, "/prompts");
    fireEvent.click(await screen.findByTestId("prompts-add"));
    fireEvent.mouseDown(within(await screen.findByTestId("prompt-voice")).getByRole("combobox"));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Texto",
      ...["Francisca", "Antonio", "Brenda", "Donato", "Elza", "Fabio", "Giovanna", "Humberto", "Julio", "Leila", "Leticia", "Manuela", "Nicolau", "Valerio", "Yara"],
    ]);
  });

  it("edits without sending the key when it is left empty", async () => {
    const api = signInAs(admin(), { "PUT /prompt/1": { status: 200, data: prompt(1, { maxTokens: 250 }) } });
    renderApp(<AppRoutes />, "/prompts");
    fireEvent.click(await screen.findByTestId("prompt-edit-1"));
    expect((await input("prompt-api-key")).value).toBe("");
    expect((await input("prompt-api-key")).getAttribute("placeholder")).toBe("••••cdef");
    fireEvent.change(await input("prompt-max-tokens"), { target: { value: "250" } });
    fireEvent.click(screen.getByTestId("prompt-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /prompt/1"));
    const body = api.bodies[api.requests.indexOf("PUT /prompt/1")] as Record<string, unknown>;
    expect(body).toMatchObject({ maxTokens: 250, queueId: 5 });
    expect(body).not.toHaveProperty("apiKey");
    expect(body).not.toHaveProperty("voiceKey");
  });

  it("deletes after confirmation and shows the server's message as info", async () => {
    const api = signInAs(admin(), { "DELETE /prompt/1": { status: 200, data: { message: "prompts.deleted" } } });
    renderApp(<AppRoutes />, "/prompts");
    fireEvent.click(await screen.findByTestId("prompt-delete-1"));
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    expect(await screen.findByText("Prompt excluído com sucesso!")).toBeTruthy();
    expect(api.requests).toContain("DELETE /prompt/1");
  });
});
