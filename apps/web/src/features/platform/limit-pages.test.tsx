import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";

// The first render of the whole shell is slow on a cold worker.
configure({ asyncUtilTimeout: 5_000 });

function signInAdmin(extra: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: makeUser({ id: 1, profile: "admin" }) },
    "GET /users": { status: 200, data: { users: [], count: 0, hasMore: false } },
    "GET /queue": { status: 200, data: [] },
    "GET /whatsapp/": { status: 200, data: [] },
    ...extra,
  });
}

function render(path: string) {
  renderApp(
    <SocketContext.Provider value={fakeSocket().socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
}

const input = async (testId: string) => {
  const found = await screen.findByTestId(testId);
  const element = found.matches("input, textarea") ? found : found.querySelector("input, textarea");
  if (!element) throw new Error(`no input in ${testId}`);
  return element as HTMLInputElement;
};

const limit = (resource: string, value: number) => ({ status: 403, data: { error: "ERR_PLAN_LIMIT_REACHED", details: { resource, limit: value } } });

describe("a plan limit is shown in words where the create was refused", () => {
  it("users page", async () => {
    const api = signInAdmin({ "POST /users": limit("users", 5) });
    render("/users");
    fireEvent.click(await screen.findByTestId("users-add"));
    fireEvent.change(await input("user-name"), { target: { value: "Carla Souza" } });
    fireEvent.change(await input("user-email"), { target: { value: "carla@demo.test" } });
    fireEvent.change(await input("user-password"), { target: { value: "12345" } });
    fireEvent.click(screen.getByTestId("user-save"));
    await waitFor(() => expect(api.requests).toContain("POST /users"));
    expect(await screen.findByText("Seu plano permite no máximo 5 usuário(s). Para adicionar mais, mude de plano.")).toBeTruthy();
  });

  it("queues page", async () => {
    const api = signInAdmin({ "POST /queue": limit("queues", 3) });
    render("/queues");
    fireEvent.click(await screen.findByTestId("queues-add"));
    fireEvent.change(await input("queue-name"), { target: { value: "Suporte" } });
    fireEvent.change(await input("queue-color"), { target: { value: "#abcdef" } });
    fireEvent.click(screen.getByTestId("queue-save"));
    await waitFor(() => expect(api.requests).toContain("POST /queue"));
    expect(await screen.findByText("Seu plano permite no máximo 3 fila(s). Para adicionar mais, mude de plano.")).toBeTruthy();
  });

  it("connections page", async () => {
    const api = signInAdmin({ "POST /whatsapp": limit("connections", 1) });
    render("/connections");
    fireEvent.click(await screen.findByTestId("connections-add"));
    await screen.findByTestId("connection-dialog");
    fireEvent.change(await input("connection-name"), { target: { value: "Vendas" } });
    fireEvent.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(api.requests).toContain("POST /whatsapp"));
    expect(await screen.findByText("Seu plano permite no máximo 1 conexão(ões). Para adicionar mais, mude de plano.")).toBeTruthy();
  });
});
