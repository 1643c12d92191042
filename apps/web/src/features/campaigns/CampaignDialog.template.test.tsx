import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type CampaignView, type WhatsAppTemplateView } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { makeConnection } from "../../test/connection-fixtures.js";
import { renderApp } from "../../test/render.js";

const me = makeUser({ profile: "admin" }, { useCampaigns: true });

const TEMPLATES: WhatsAppTemplateView[] = [
  { name: "pedido_enviado", language: "pt_BR", category: "UTILITY", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu." }], variables: 2 },
  { name: "aviso", language: "pt_BR", category: "UTILITY", components: [{ type: "BODY", text: "Aviso." }], variables: 0 },
];

function renderCampaigns() {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: me },
    "GET /campaigns/": { status: 200, data: { records: [], count: 0, hasMore: false } },
    "GET /whatsapp/": {
      status: 200,
      data: [makeConnection({ id: 1, name: "Simulado", isDefault: true }), makeConnection({ id: 3, name: "Oficial", provider: "cloudapi", isDefault: false })],
    },
    "GET /whatsapp/3/templates": { status: 200, data: TEMPLATES },
    "GET /campaign-settings": { status: 200, data: [{ key: "variables", value: [{ key: "loja", value: "Loja Centro" }] }] },
    "GET /contact-lists/list": { status: 200, data: [{ id: 2, name: "Clientes" }] },
    "GET /tags/list": { status: 200, data: [] },
    "GET /files/": { status: 200, data: { files: [], count: 0, hasMore: false } },
    "POST /campaigns": { status: 201, data: { id: 9 } as Partial<CampaignView> },
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    "/campaigns",
  );
  return api;
}

async function choose(testId: string, optionTestId: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole("combobox"));
  fireEvent.click(await screen.findByTestId(optionTestId));
}

describe("CampaignDialog on a Cloud API connection", { timeout: 30_000 }, () => {
  it("picks a template, maps {nome} and other variables to its {{n}}, previews it and saves the mapping", async () => {
    const api = renderCampaigns();
    fireEvent.click(await screen.findByTestId("campaigns-add"));
    fireEvent.change(await screen.findByTestId("campaign-name"), { target: { value: "Pedidos" } });
    // The default connection is the simulator: no template to pick.
    expect(screen.queryByTestId("campaign-template")).toBeNull();

    await choose("campaign-whatsappId", "campaign-whatsappId-option-3");
    expect(await screen.findByTestId("campaign-template-hint")).toBeTruthy();
    await choose("campaign-template-select", "campaign-template-option-pedido_enviado");
    // One field per {{n}}; the menu inserts the contact's variables and the company's own.
    fireEvent.click(await screen.findByTestId("campaign-template-insert-1"));
    expect(await screen.findByTestId("campaign-template-token-loja")).toBeTruthy();
    fireEvent.click(screen.getByTestId("campaign-template-token-nome"));
    fireEvent.change(screen.getByTestId("campaign-template-variable-2"), { target: { value: "nº {numero}" } });
    await waitFor(() => expect(screen.getByTestId("campaign-template-preview").textContent).toBe("Olá {nome}, seu pedido nº {numero} saiu."));

    fireEvent.change(screen.getByTestId("campaign-message1"), { target: { value: "Seu pedido saiu, {nome}!" } });
    fireEvent.click(screen.getByTestId("campaign-save"));
    await waitFor(() => expect(api.requests).toContain("POST /campaigns"));
    const body = api.bodies[api.requests.indexOf("POST /campaigns")] as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "Pedidos",
      whatsappId: 3,
      message1: "Seu pedido saiu, {nome}!",
      templateName: "pedido_enviado",
      templateLanguage: "pt_BR",
      templateVariables: ["{nome}", "nº {numero}"],
    });
  });

  it("sends no template for another provider, even one picked before switching connections", async () => {
    const api = renderCampaigns();
    fireEvent.click(await screen.findByTestId("campaigns-add"));
    fireEvent.change(await screen.findByTestId("campaign-name"), { target: { value: "Simples" } });
    await choose("campaign-whatsappId", "campaign-whatsappId-option-3");
    await choose("campaign-template-select", "campaign-template-option-aviso");
    await choose("campaign-whatsappId", "campaign-whatsappId-option-1");
    await waitFor(() => expect(screen.queryByTestId("campaign-template")).toBeNull());
    fireEvent.click(screen.getByTestId("campaign-save"));
    await waitFor(() => expect(api.requests).toContain("POST /campaigns"));
    expect(api.bodies[api.requests.indexOf("POST /campaigns")]).toMatchObject({ whatsappId: 1, templateName: null, templateLanguage: null, templateVariables: [] });
  });
});
