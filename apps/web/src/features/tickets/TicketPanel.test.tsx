import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";

const agent = makeUser({ id: 7, profile: "user", queues: [{ id: 1, name: "Vendas", color: "#1976d2" }] });

describe("A ticket address the user may not see", { timeout: 30_000 }, () => {
  it("says 'Acesso não permitido' in the pane and goes back to /tickets, also when effects run twice (strict mode)", async () => {
    const uuid = "0b5f1c8e-2222-4a4a-9999-123456789abc";
    localStorage.setItem(STORAGE_KEYS.token, "t");
    fakeApi({
      "GET /auth/me": { status: 200, data: agent },
      "GET /tickets": { status: 200, data: { tickets: [], count: 0, hasMore: false } },
      "GET /whatsapp/": { status: 200, data: [] },
      "GET /queue": { status: 200, data: [] },
      [`GET /tickets/u/${uuid}`]: { status: 403, data: { error: "ERR_NO_PERMISSION" } },
    });
    const io = fakeSocket();
    renderApp(
      <StrictMode>
        <SocketContext.Provider value={io.socket}>
          <AppRoutes />
        </SocketContext.Provider>
      </StrictMode>,
      `/tickets/${uuid}`,
    );
    const pane = await screen.findByTestId("ticket-panel-denied");
    expect(within(pane).getByText("Acesso não permitido")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/tickets"), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId("ticket-panel-denied")).toBeNull());
  });
});
