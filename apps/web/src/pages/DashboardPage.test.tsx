import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { companyEvent, STORAGE_KEYS, type DashboardView, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const admin = makeUser({ id: 7, name: "Ana", profile: "admin" });

function view(closed: number): DashboardView {
  return {
    from: "2026-03-01T03:00:00.000Z",
    to: "2026-03-08T03:00:00.000Z",
    granularity: "day",
    cards: { pending: 2, open: 3, closed, newContacts: 4, avgWaitSeconds: 90, avgHandleSeconds: 3900 },
    perTime: [
      { bucket: "2026-03-01", count: 5 },
      { bucket: "2026-03-02", count: 0 },
    ],
    perQueue: [{ queueId: 1, name: "Vendas", color: "#111111", count: 5 }],
    agents: [
      { userId: 7, name: "Ana", online: true, tickets: 4, closed, avgWaitSeconds: 90, avgHandleSeconds: 3900, avgRating: 4.5, ratings: 2 },
      { userId: 8, name: "Bruno", online: false, tickets: 0, closed: 0, avgWaitSeconds: null, avgHandleSeconds: null, avgRating: null, ratings: 0 },
    ],
    ratings: [1, 2, 3, 4, 5].map((rate) => ({ rate, count: rate >= 4 ? 1 : 0 })),
  };
}

function signIn(user: SessionUser, dashboard: (config: InternalAxiosRequestConfig) => DashboardView) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const seen: Record<string, unknown>[] = [];
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /dashboard": (config) => {
      seen.push(config.params as Record<string, unknown>);
      return { status: 200, data: dashboard(config) };
    },
    "GET /queue": { status: 200, data: [{ id: 1, name: "Vendas", color: "#111111" }] },
    "GET /users/list": { status: 200, data: [{ id: 7, name: "Ana" }, { id: 8, name: "Bruno" }] },
    "GET /whatsapp": { status: 200, data: [] },
  });
  return { api, seen };
}

function renderHome() {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    "/",
  );
  return io;
}

const cardValue = (key: string) => screen.getByTestId(`dashboard-card-${key}-value`).textContent;

describe("DashboardPage", { timeout: 30_000 }, () => {
  it("shows an admin the period's cards, charts and agents at /, and refetches when a ticket changes", async () => {
    let closed = 6;
    const { seen } = signIn(admin, () => view(closed));
    const io = renderHome();
    await screen.findByTestId("dashboard-card-closed");
    expect([cardValue("pending"), cardValue("open"), cardValue("closed"), cardValue("newContacts")]).toEqual(["2", "3", "6", "4"]);
    expect(cardValue("avgWait")).toBe("1m 30s");
    expect(cardValue("avgHandle")).toBe("1h 05m");
    for (const chart of ["time", "status", "queue", "ratings"]) expect(screen.getByTestId(`dashboard-chart-${chart}`)).toBeTruthy();
    expect(within(screen.getByTestId("dashboard-agent-7")).getByText("4.5 (2)")).toBeTruthy();
    // The default period is 7 days ending today, in the viewer's days.
    const first = seen[0]!;
    expect(Date.parse(String(first.to)) - Date.parse(String(first.from))).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    expect(first.tzOffset).toBe(-new Date(String(first.from)).getTimezoneOffset());

    closed = 7;
    io.push(companyEvent.ticket(admin.companyId), { action: "update", ticket: { id: 1 } });
    await waitFor(() => expect(cardValue("closed")).toBe("7"));
  });

  it("asks again with the chosen period and queue", async () => {
    const { seen } = signIn(admin, () => view(1));
    renderHome();
    await screen.findByTestId("dashboard-card-closed");
    fireEvent.click(screen.getByTestId("dashboard-period-30d"));
    await waitFor(() => {
      const last = seen.at(-1)!;
      expect(Date.parse(String(last.to)) - Date.parse(String(last.from))).toBeGreaterThanOrEqual(30 * 86_400_000 - 3_600_000);
    });
    fireEvent.mouseDown(within(screen.getByTestId("dashboard-queue")).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "Vendas" }));
    await waitFor(() => expect(seen.at(-1)!.queueId).toBe(1));
  });

  it("keeps the connections page at / for a user without the dashboard", async () => {
    const { seen } = signIn(makeUser({ profile: "user" }), () => view(1));
    renderHome();
    await screen.findByTestId("page-title");
    expect(screen.queryByTestId("dashboard-page")).toBeNull();
    expect(seen).toHaveLength(0);
  });
});
