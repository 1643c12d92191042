import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";
import { externalApi } from "../features/public-api/api.js";

const realAdapter = externalApi.defaults.adapter;
afterEach(() => {
  externalApi.defaults.adapter = realAdapter;
});

/** The external endpoint, answered here: what the form sent, with which Authorization header. */
function fakeExternal(reply: { status: number; data: unknown }) {
  const calls: { url?: string; authorization: string; data: unknown }[] = [];
  externalApi.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    calls.push({ url: config.url, authorization: String(config.headers.Authorization), data: config.data });
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: "", headers: {}, config };
    if (reply.status >= 400) throw new AxiosError("failed", AxiosError.ERR_BAD_RESPONSE, config, null, response);
    return response;
  };
  return calls;
}

function render() {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }, { useExternalApi: true }) } });
  renderApp(<AppRoutes />, "/messages-api");
  return api;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const SENT = { messages: [{ id: 9, ticketId: 3, contactId: 2, status: "queued", mediaType: "chat" }] };

describe("MessagesApiPage", { timeout: 20_000 }, () => {
  it("documents text and media sending with curl examples for this server", async () => {
    render();
    const text = await screen.findByTestId("curl-text");
    expect(text.textContent).toContain(`curl -X POST '${window.location.origin}/api/messages/send'`);
    expect(text.textContent).toContain("Authorization: Bearer");
    expect(text.textContent).toContain('"number": "5511987654321"');
    expect(screen.getByTestId("curl-media").textContent).toContain("-F 'medias=@");
    // Cloud API connections: the template for a closed 24-hour window, as the API takes it.
    expect(screen.getByTestId("curl-template").textContent).toContain('"template": {"name": "pedido_enviado", "language": "pt_BR", "parameters": ["Maria"]}');
    expect(screen.getByTestId("messages-api-reference").getAttribute("href")).toBe("/docs");
  });

  it("requires token, number and body, then sends the text with the token typed in", async () => {
    render();
    const calls = fakeExternal({ status: 201, data: SENT });
    fireEvent.click(await screen.findByTestId("api-test-text-send"));
    expect((await screen.findAllByText("Obrigatório")).length).toBe(3);
    expect(calls).toHaveLength(0);
    fireEvent.change(input("api-test-text-token"), { target: { value: "atd_secret" } });
    fireEvent.change(input("api-test-text-number"), { target: { value: "5511990001111" } });
    fireEvent.change(input("api-test-text-body"), { target: { value: "Olá do teste" } });
    fireEvent.click(screen.getByTestId("api-test-text-send"));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: "/api/messages/send", authorization: "Bearer atd_secret" });
    expect(JSON.parse(String(calls[0]!.data))).toEqual({ number: "5511990001111", body: "Olá do teste" });
    expect(await screen.findByText("Mensagem enviada com sucesso")).toBeTruthy();
  });

  it("sends a file through the media form and shows the server's error in words", async () => {
    render();
    const calls = fakeExternal({ status: 401, data: { error: "ERR_API_TOKEN_INVALID" } });
    fireEvent.click(await screen.findByTestId("api-test-media-send"));
    expect((await screen.findAllByText("Obrigatório")).length).toBe(3);
    fireEvent.change(input("api-test-media-token"), { target: { value: "atd_old" } });
    fireEvent.change(input("api-test-media-number"), { target: { value: "5511990001111" } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "foto.png", { type: "image/png" });
    fireEvent.change(input("api-test-media-file"), { target: { files: [file] } });
    expect(screen.getByTestId("api-test-media-file-name").textContent).toBe("foto.png");
    fireEvent.click(screen.getByTestId("api-test-media-send"));
    await waitFor(() => expect(calls).toHaveLength(1));
    const form = calls[0]!.data as FormData;
    expect(form.get("number")).toBe("5511990001111");
    expect((form.get("medias") as File).name).toBe("foto.png");
    expect(calls[0]!.authorization).toBe("Bearer atd_old");
    expect(await screen.findByText("Token da API inválido ou revogado.")).toBeTruthy();
  });
});
