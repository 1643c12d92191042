import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type WhatsAppTemplateView } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { MessageInput } from "./MessageInput.js";
import { CustomerWindowLabel } from "./CustomerWindowLabel.js";

const agent = makeUser({ id: 7, name: "Ana Souza", profile: "user" });
const HOUR = 60 * 60 * 1000;
const TEMPLATES: WhatsAppTemplateView[] = [
  { name: "pedido_enviado", language: "pt_BR", category: "UTILITY", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu." }], variables: 2 },
  { name: "retomar", language: "pt_BR", category: "MARKETING", components: [{ type: "BODY", text: "Podemos continuar?" }], variables: 0 },
];

function setup(customerWindowExpiresAt: string | null, templates: WhatsAppTemplateView[] = TEMPLATES) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  const ticket = makeTicket({ id: 1, status: "open", userId: 7, user: { id: 7, name: "Ana Souza" }, whatsappId: 4, customerWindowExpiresAt });
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: agent },
    "GET /whatsapp/4/templates": { status: 200, data: templates },
    "POST /messages/1": { status: 201, data: { ids: [50] } },
  });
  renderApp(
    <>
      <CustomerWindowLabel ticket={ticket} />
      <MessageInput ticket={ticket} />
    </>,
  );
  return calls;
}

const choose = async (name: string) => {
  fireEvent.mouseDown(within(await screen.findByTestId("template-select")).getByRole("combobox"));
  fireEvent.click(await screen.findByTestId(`template-option-${name}`));
};

describe("the Cloud API's 24-hour window in the conversation", () => {
  it("inside the window: the usual composer and the closing time", async () => {
    const calls = setup(new Date(Date.now() + 2 * HOUR).toISOString());
    expect(await screen.findByTestId("composer")).toBeTruthy();
    expect(screen.queryByTestId("template-composer")).toBeNull();
    expect(screen.getByTestId("customer-window").textContent).toMatch(/^Janela de 24 h: fecha às \d\d:\d\d/);
    expect(calls.requests).not.toContain("GET /whatsapp/4/templates");
  });

  it("the composer becomes the template picker when the window closes while the conversation is open", async () => {
    setup(new Date(Date.now() + 400).toISOString());
    expect(await screen.findByTestId("composer")).toBeTruthy();
    expect(await screen.findByTestId("template-composer", {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId("customer-window").textContent).toBe("Janela de 24 h fechada");
  });

  it("providers without a window: no label, the usual composer", async () => {
    setup(null);
    expect(await screen.findByTestId("composer")).toBeTruthy();
    expect(screen.queryByTestId("customer-window")).toBeNull();
  });

  it("outside the window: pick a template, fill its variables with a live preview, send it", async () => {
    const calls = setup(new Date(Date.now() - HOUR).toISOString());
    expect(await screen.findByTestId("template-composer")).toBeTruthy();
    expect(screen.queryByTestId("composer")).toBeNull();
    expect(screen.getByTestId("customer-window").textContent).toBe("Janela de 24 h fechada");

    await choose("pedido_enviado");
    expect(screen.getByTestId("template-preview").textContent).toBe("Olá {{1}}, seu pedido {{2}} saiu.");
    const send = screen.getByTestId("template-send") as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("template-variable-1"), { target: { value: "Bruna" } });
    expect(screen.getByTestId("template-preview").textContent).toBe("Olá Bruna, seu pedido {{2}} saiu.");
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("template-variable-2"), { target: { value: " #77 " } });
    expect(screen.getByTestId("template-preview").textContent).toBe("Olá Bruna, seu pedido  #77  saiu.");
    fireEvent.click(send);
    await waitFor(() => expect(calls.requests).toContain("POST /messages/1"));
    expect(calls.bodies[calls.requests.indexOf("POST /messages/1")]).toEqual({ template: { name: "pedido_enviado", language: "pt_BR", parameters: ["Bruna", "#77"] } });
    // Sent: the picker starts over.
    await waitFor(() => expect(screen.queryByTestId("template-preview")).toBeNull());
  });

  it("a template without variables is sent as it is", async () => {
    const calls = setup(new Date(0).toISOString());
    await choose("retomar");
    expect(screen.queryByTestId("template-variable-1")).toBeNull();
    expect(screen.getByTestId("template-preview").textContent).toBe("Podemos continuar?");
    fireEvent.click(screen.getByTestId("template-send"));
    await waitFor(() => expect(calls.requests).toContain("POST /messages/1"));
    expect(calls.bodies[calls.requests.indexOf("POST /messages/1")]).toEqual({ template: { name: "retomar", language: "pt_BR", parameters: [] } });
  });

  it("says when the connection has no approved template", async () => {
    setup(new Date(0).toISOString(), []);
    expect((await screen.findByTestId("template-composer-empty")).textContent).toMatch(/Nenhum modelo aprovado/);
  });
});
