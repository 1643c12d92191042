import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type QueueIntegrationView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

function makeIntegration(overrides: Partial<QueueIntegrationView> = {}): QueueIntegrationView {
  return {
    id: 3,
    type: "typebot",
    name: "Typebot Vendas",
    projectName: "Typebot Vendas",
    language: "pt-BR",
    jsonContent: "",
    urlN8N: "https://typebot.example.com",
    urlflowise: "",
    urldify: "",
    apidify: "",
    openaiid: "",
    openaikey: "",
    transcribes: false,
    typebotSlug: "vendas",
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotUnknownMessage: "",
    typebotRestartMessage: "",
    hasWebhookSecret: false,
    webhookSecret: "",
    companyId: 1,
    createdAt: "2026-11-24T10:00:00.000Z",
    updatedAt: "2026-11-24T10:00:00.000Z",
    ...overrides,
  };
}

function render(items: QueueIntegrationView[] = [makeIntegration()]) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }, { useIntegrations: true }) },
    "GET /queueIntegration": { status: 200, data: { queueIntegrations: items, count: items.length, hasMore: false } },
    "POST /queueIntegration": (config) => ({
      status: 201,
      data: { ...makeIntegration({ id: 9, ...JSON.parse(String(config.data)), hasWebhookSecret: true, webhookSecret: "••••beef" }), newWebhookSecret: "whsec_" + "a".repeat(60) + "beef" },
    }),
    "POST /queueIntegration/testSession": { status: 200, data: { ok: true } },
  });
  renderApp(<AppRoutes />, "/queue-integration");
  return api;
}

describe("QueueIntegrationsPage", { timeout: 20_000 }, () => {
  it("shows cards with the type icon and the name", async () => {
    render([makeIntegration(), makeIntegration({ id: 4, type: "webhook", name: "Meu Webhook", urlN8N: "https://hook.example.com" })]);
    const card = await screen.findByTestId("queue-integration-card-4");
    expect(within(card).getByText("Meu Webhook")).toBeTruthy();
    expect(within(card).getByTestId("integration-icon-webhook")).toBeTruthy();
    expect(within(screen.getByTestId("queue-integration-card-3")).getByTestId("integration-icon-typebot")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Integrações (2)");
  });

  it("validates the type's fields, then adds a webhook and shows its signing secret once", async () => {
    const api = render([]);
    fireEvent.click(await screen.findByTestId("queue-integrations-add"));
    const dialog = await screen.findByTestId("queue-integration-dialog");
    fireEvent.mouseDown(within(within(dialog).getByTestId("queue-integration-type")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("queue-integration-type-webhook"));
    fireEvent.click(within(dialog).getByTestId("queue-integration-save"));
    await waitFor(() => expect(within(dialog).getAllByText("Obrigatório").length).toBeGreaterThanOrEqual(2));
    expect(api.requests).not.toContain("POST /queueIntegration");

    fireEvent.change(within(dialog).getByTestId("queue-integration-name").querySelector("input")!, { target: { value: "Meu Webhook" } });
    fireEvent.change(within(dialog).getByTestId("queue-integration-urlN8N").querySelector("input")!, { target: { value: "https://hook.example.com/in" } });
    fireEvent.click(within(dialog).getByTestId("queue-integration-save"));
    await waitFor(() => expect(api.requests).toContain("POST /queueIntegration"));
    expect(api.bodies[api.requests.indexOf("POST /queueIntegration")]).toEqual({ type: "webhook", name: "Meu Webhook", urlN8N: "https://hook.example.com/in" });
    const secret = await screen.findByTestId("queue-integration-secret");
    expect((secret.querySelector("input") as HTMLInputElement).value).toMatch(/^whsec_a+beef$/);
  });
});
