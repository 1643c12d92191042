import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeConnection } from "../../test/connection-fixtures.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import type { Connection } from "./types.js";

function show(connections: Connection[]) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  fakeApi({
    "GET /auth/me": { status: 200, data: makeUser({ id: 1, profile: "admin" }) },
    "GET /whatsapp/": { status: 200, data: connections },
    "GET /queue": { status: 200, data: [] },
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    "/connections",
  );
}

describe("A connection's card", { timeout: 30_000 }, () => {
  it("shows why a start failed, in the provider's words, while the connection is down", async () => {
    const reason = "the Baileys provider is not available in this build";
    show([
      makeConnection({ id: 1, name: "Falhou", status: "DISCONNECTED", statusReason: reason, number: "" }),
      makeConnection({ id: 2, name: "Conectada", status: "CONNECTED", statusReason: reason, isDefault: false }),
    ]);
    const failed = await screen.findByTestId("connection-card-1");
    expect(within(failed).getByTestId("connection-failure-1").textContent).toContain(`Não foi possível iniciar: ${reason}`);
    // A connection that is up again shows no old failure.
    expect(within(screen.getByTestId("connection-card-2")).queryByTestId("connection-failure-2")).toBeNull();
  });

  it("shows the number in the one international form", async () => {
    show([makeConnection({ id: 3, number: "5511988887777" })]);
    const card = await screen.findByTestId("connection-card-3");
    expect(within(card).getByTestId("connection-number-3").textContent).toContain("+55 11 98888 7777");
  });
});
