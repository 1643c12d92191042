import { describe, expect, it } from "vitest";
import { configure, screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { SocketContext } from "../realtime/socket-context.js";
import type { Connection } from "../connections/types.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeConnection } from "../../test/connection-fixtures.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";

configure({ asyncUtilTimeout: 5_000 });

function render(user: SessionUser, connections: Connection[]) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /whatsapp/": { status: 200, data: connections },
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    "/settings",
  );
  return { api, io };
}

const admin = makeUser({ profile: "admin" });

describe("connections badge in the side menu", { timeout: 20_000 }, () => {
  it("appears 2 s after load when a connection is not connected", async () => {
    const started = Date.now();
    const { api } = render(admin, [makeConnection({ id: 1 }), makeConnection({ id: 2, status: "qrcode", isDefault: false })]);
    await screen.findByTestId("menu-item-connections");
    expect(screen.queryByTestId("connections-badge")).toBeNull();
    expect(await screen.findByTestId("connections-badge")).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(api.requests).toContain("GET /whatsapp/");
  });

  it("follows the connection events: gone when all connect, back when one drops", async () => {
    const { io } = render(admin, [makeConnection({ id: 1, status: "OPENING" })]);
    expect(await screen.findByTestId("connections-badge")).toBeTruthy();
    io.push("company-3-whatsappSession", { action: "update", session: makeConnection({ id: 1, status: "CONNECTED" }) });
    await waitFor(() => expect(screen.queryByTestId("connections-badge")).toBeNull());
    io.push("company-3-whatsapp", { action: "update", whatsapp: makeConnection({ id: 1, status: "TIMEOUT" }) });
    expect(await screen.findByTestId("connections-badge")).toBeTruthy();
  });

  it("stays away while every connection is connected", async () => {
    const { api } = render(admin, [makeConnection({ id: 1 })]);
    await waitFor(() => expect(api.requests).toContain("GET /whatsapp/"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId("connections-badge")).toBeNull();
  });

  it("is not asked for by agents (no management section)", async () => {
    const { api } = render(makeUser({ profile: "user" }), [makeConnection({ id: 1, status: "DISCONNECTED" })]);
    await screen.findByTestId("menu-item-tickets");
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(api.requests).not.toContain("GET /whatsapp/");
    expect(screen.queryByTestId("connections-badge")).toBeNull();
  });
});
