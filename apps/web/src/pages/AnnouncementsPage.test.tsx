import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";
import { makeAnnouncement } from "../test/announcement-fixtures.js";

const superUser = makeUser({ profile: "admin", super: true });

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /announcements/": {
      status: 200,
      data: {
        records: [
          makeAnnouncement({ id: 1, title: "Manutenção", priority: 1, status: true, mediaName: "aviso.png", mediaType: "image/png", mediaUrl: "/announcements/1/media" }),
          makeAnnouncement({ id: 2, title: "Antigo", priority: 3, status: false }),
        ],
        count: 2,
        hasMore: false,
      },
    },
    ...extra,
  });
}
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input, textarea");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

describe("AnnouncementsPage", { timeout: 20_000 }, () => {
  it("shows title, priority, attachment and status for super users", async () => {
    signInAs(superUser);
    renderApp(<AppRoutes />, "/announcements");
    const first = await screen.findByTestId("announcement-row-1");
    expect(within(first).getByTestId("announcement-title-cell").textContent).toBe("Manutenção");
    expect(within(first).getByText("Alta")).toBeTruthy();
    expect(within(first).getByTestId("announcement-attachment-cell").textContent).toBe("aviso.png");
    expect(within(first).getByTestId("announcement-status-cell").textContent).toBe("Ativo");
    const second = screen.getByTestId("announcement-row-2");
    expect(within(second).getByTestId("announcement-attachment-cell").textContent).toBe("Sem anexo");
    expect(within(second).getByTestId("announcement-status-cell").textContent).toBe("Inativo");
  });

  it("creates one with priority low and active by default, and shows required fields", async () => {
    const api = signInAs(superUser, {
      "POST /announcements": (config) => ({ status: 201, data: makeAnnouncement({ id: 9, ...JSON.parse(String(config.data)) }) }),
    });
    renderApp(<AppRoutes />, "/announcements");
    fireEvent.click(await screen.findByTestId("announcements-add"));
    fireEvent.click(await screen.findByTestId("announcement-save"));
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(2);

    fireEvent.change(await input("announcement-title"), { target: { value: "Novidade" } });
    fireEvent.change(await input("announcement-text"), { target: { value: "Chegou o kanban" } });
    fireEvent.click(screen.getByTestId("announcement-save"));
    await waitFor(() => expect(api.requests).toContain("POST /announcements"));
    expect(api.bodies[api.requests.indexOf("POST /announcements")]).toEqual({ title: "Novidade", text: "Chegou o kanban", priority: 3, status: true });
    expect(await screen.findByText("Informativo salvo com sucesso!")).toBeTruthy();
  });

  it("sends non-super users home with the access-denied toast", async () => {
    const api = signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/announcements");
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"), { timeout: 3_000 });
    expect(api.requests).not.toContain("GET /announcements/");
  });
});
