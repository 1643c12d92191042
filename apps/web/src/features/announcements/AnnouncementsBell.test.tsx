import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { ANNOUNCEMENT_EVENT, STORAGE_KEYS, type BellAnnouncement } from "@atendo/shared";
import { SocketContext } from "../realtime/socket-context.js";
import { AppShell } from "../layout/AppShell.js";
import { fakeApi } from "../../test/fake-api.js";
import { fakeSocket } from "../../test/fake-socket.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { bellItem, makeAnnouncement } from "../../test/announcement-fixtures.js";
import { applyAnnouncementEvent } from "./api.js";

function renderBell(records: BellAnnouncement[]) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: makeUser() },
    "GET /announcements/active": { status: 200, data: { records, unread: records.filter((r) => !r.read).length } },
    "POST /announcements/2/read": { status: 204 },
  });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/tickets" element={<p>page</p>} />
        </Route>
      </Routes>
    </SocketContext.Provider>,
    "/tickets",
  );
  return { api, io };
}

const count = async () => (await screen.findByTestId("announcements-bell-count")).getAttribute("data-count");

describe("the announcements bell", { timeout: 20_000 }, () => {
  it("lists active announcements newest first with priority markers and counts the unread ones", async () => {
    renderBell([
      bellItem({ id: 2, title: "Urgente", priority: 1, createdAt: "2026-03-02T10:00:00.000Z" }),
      bellItem({ id: 1, title: "Lido", priority: 3, read: true }),
    ]);
    await waitFor(async () => expect(await count()).toBe("1"));
    fireEvent.click(screen.getByTestId("announcements-bell"));
    const list = await screen.findByTestId("announcements-bell-list");
    const items = within(list).getAllByRole("button");
    expect(items.map((item) => item.getAttribute("data-testid"))).toEqual(["announcement-item-2", "announcement-item-1"]);
    expect(within(items[0]!).getByTestId("announcement-priority").getAttribute("data-priority")).toBe("1");
    expect(within(items[0]!).getByRole("img").getAttribute("aria-label")).toBe("Alta");
  });

  it("opens one with its text, marks it read on the server and lowers the count", async () => {
    const { api } = renderBell([bellItem({ id: 2, title: "Urgente", text: "Leia com atenção", priority: 1 })]);
    await waitFor(async () => expect(await count()).toBe("1"));
    fireEvent.click(screen.getByTestId("announcements-bell"));
    fireEvent.click(await screen.findByTestId("announcement-item-2"));
    expect((await screen.findByTestId("announcement-reader-text")).textContent).toBe("Leia com atenção");
    await waitFor(() => expect(api.requests).toContain("POST /announcements/2/read"));
    await waitFor(async () => expect(await count()).toBe("0"));
  });

  it("follows the live event: a new one on top and counted, an update in place, a delete gone", async () => {
    const { io } = renderBell([bellItem({ id: 1, title: "Antigo", read: true })]);
    await waitFor(async () => expect(await count()).toBe("0"));
    io.push(ANNOUNCEMENT_EVENT, { action: "create", record: makeAnnouncement({ id: 5, title: "Novo", priority: 2, createdAt: "2026-03-05T00:00:00.000Z" }) });
    await waitFor(async () => expect(await count()).toBe("1"));
    io.push(ANNOUNCEMENT_EVENT, { action: "update", record: makeAnnouncement({ id: 1, title: "Antigo editado" }) });
    fireEvent.click(screen.getByTestId("announcements-bell"));
    const list = await screen.findByTestId("announcements-bell-list");
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([
      expect.stringContaining("Novo"),
      expect.stringContaining("Antigo editado"),
    ]);
    // The edit kept it read.
    expect(await count()).toBe("1");
    io.push(ANNOUNCEMENT_EVENT, { action: "delete", id: 5 });
    await waitFor(async () => expect(await count()).toBe("0"));
    expect(screen.queryByTestId("announcement-item-5")).toBeNull();
  });
});

describe("applyAnnouncementEvent", () => {
  it("inserts by date, keeps read state on update, and recounts", () => {
    const start = { records: [bellItem({ id: 1, createdAt: "2026-03-03T00:00:00.000Z", read: true })], unread: 0 };
    const older = applyAnnouncementEvent(start, { action: "create", record: makeAnnouncement({ id: 2, createdAt: "2026-03-01T00:00:00.000Z" }) });
    expect(older.records.map((r) => r.id)).toEqual([1, 2]);
    expect(older.unread).toBe(1);
    const edited = applyAnnouncementEvent(older, { action: "update", record: makeAnnouncement({ id: 1, title: "x", createdAt: "2026-03-03T00:00:00.000Z" }) });
    expect(edited.records[0]).toMatchObject({ id: 1, title: "x", read: true });
    expect(applyAnnouncementEvent(edited, { action: "delete", id: 2 })).toMatchObject({ unread: 0, records: [{ id: 1 }] });
  });
});
