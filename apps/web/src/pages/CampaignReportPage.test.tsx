import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { companyEvent, STORAGE_KEYS, type CampaignView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const me = makeUser({ profile: "admin" }, { useCampaigns: true });

const campaign = (extra: Partial<CampaignView> = {}, stats: Partial<CampaignView["stats"]> = {}): CampaignView => ({
  id: 4,
  name: "Black Friday",
  message1: "Olá {nome}",
  message2: null,
  message3: null,
  message4: null,
  message5: null,
  confirmationMessage1: null,
  confirmationMessage2: null,
  confirmationMessage3: null,
  confirmationMessage4: null,
  confirmationMessage5: null,
  status: "EM_ANDAMENTO",
  confirmation: false,
  scheduledAt: "2026-01-01T10:00:00.000Z",
  completedAt: null,
  whatsappId: 1,
  whatsapp: { id: 1, name: "Loja" },
  contactListId: 2,
  contactList: { id: 2, name: "Clientes" },
  tagListId: null,
  fileListId: null,
  mediaPath: null,
  mediaName: null,
  templateName: null,
  templateLanguage: null,
  templateVariables: [],
  companyId: me.companyId,
  stats: { validContacts: 4, confirmationRequested: 0, confirmed: 0, delivered: 1, failed: 0, optedOut: 0, invalid: 0, failures: [], ...stats },
  createdAt: "2026-01-01T09:00:00.000Z",
  updatedAt: "2026-01-01T09:00:00.000Z",
  ...extra,
});

function renderPage(path: string, routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({ "GET /auth/me": { status: 200, data: me }, ...routes });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return { io, api };
}

describe("CampaignReportPage", { timeout: 30_000 }, () => {
  it("shows the progress (delivered / valid × 100) and the cards, and moves with the campaign events", async () => {
    const { io } = renderPage("/campaign/4/report", { "GET /campaigns/4": { status: 200, data: campaign() } });
    expect((await screen.findByTestId("campaign-report-percent")).textContent).toBe("25%");
    expect(screen.getByTestId("campaign-card-validContacts-value").textContent).toBe("4");
    expect(screen.getByTestId("campaign-card-delivered-value").textContent).toBe("1");
    io.push(companyEvent.campaign(me.companyId), { action: "update", record: campaign({}, { delivered: 3, failed: 1, failures: [{ number: "5511999990001", name: "Ana", reason: "ERR_WAPP_INVALID_CONTACT" }] }) });
    await waitFor(() => expect(screen.getByTestId("campaign-report-percent").textContent).toBe("75%"));
    expect(screen.getByTestId("campaign-card-failed-value").textContent).toBe("1");
    expect(screen.getByTestId("campaign-report-failures").textContent).toContain("+55 11 99999 0001");
    io.push(companyEvent.campaign(me.companyId), { action: "update", record: campaign({ status: "FINALIZADA" }, { delivered: 4 }) });
    await waitFor(() => expect(screen.getByTestId("campaign-report-percent").textContent).toBe("100%"));
    expect(screen.getByTestId("campaign-report-status").textContent).toBe("Finalizada");
  });
});

describe("CampaignsPage", { timeout: 30_000 }, () => {
  it("lists campaigns with their status and opens the read-only dialog of a running one with its cancel button", async () => {
    const { api } = renderPage("/campaigns", {
      "GET /campaigns/": { status: 200, data: { records: [campaign()], count: 1, hasMore: false } },
      "GET /whatsapp/": { status: 200, data: [] },
      "GET /contact-lists/list": { status: 200, data: [{ id: 2, name: "Clientes" }] },
      "GET /tags/list": { status: 200, data: [] },
      "GET /files/": { status: 200, data: { files: [], count: 0, hasMore: false } },
      "POST /campaigns/4/cancel": { status: 200, data: campaign({ status: "CANCELADA" }) },
    });
    expect((await screen.findByTestId("campaign-status-4")).textContent).toBe("Em andamento");
    fireEvent.click(screen.getByTestId("campaign-edit-4"));
    const name = (await screen.findByTestId("campaign-name")) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(screen.queryByTestId("campaign-save")).toBeNull();
    fireEvent.click(screen.getByTestId("campaign-cancel"));
    await waitFor(() => expect(api.requests).toContain("POST /campaigns/4/cancel"));
  });
});
