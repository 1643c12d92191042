import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type QuickMessageView, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const message = (id: number, extra: Partial<QuickMessageView>): QuickMessageView => ({
  id,
  shortcode: `atalho${id}`,
  message: "texto",
  geral: false,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  companyId: 3,
  userId: 7,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const own = message(1, { shortcode: "oi" });
const general = message(2, { shortcode: "horario", geral: true, userId: 99, mediaPath: "3/quick-messages/x.pdf", mediaName: "tabela.pdf", isMedia: true });

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /quick-messages/list": { status: 200, data: [general, own] },
    ...extra,
  });
}
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input, textarea");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("QuickMessagesPage", { timeout: 20_000 }, () => {
  it("lists shortcode, attachment or 'Sem anexo', and the general flag; agents edit only their own", async () => {
    signInAs(makeUser({ id: 7, profile: "user" }));
    renderApp(<AppRoutes />, "/quick-messages");
    const ownRow = await screen.findByTestId("quick-message-row-1");
    expect(within(ownRow).getByTestId("quick-message-attachment-cell").textContent).toBe("Sem anexo");
    expect(within(ownRow).getByTestId("quick-message-geral-cell").textContent).toBe("Inativo");
    expect(within(ownRow).getByTestId("quick-message-edit-1")).toBeTruthy();
    const generalRow = screen.getByTestId("quick-message-row-2");
    expect(within(generalRow).getByTestId("quick-message-attachment-cell").textContent).toBe("tabela.pdf");
    expect(within(generalRow).getByTestId("quick-message-geral-cell").textContent).toBe("Ativo");
    expect(within(generalRow).queryByTestId("quick-message-edit-2")).toBeNull();
  });

  it("lets supervisors edit general messages", async () => {
    signInAs(makeUser({ id: 7, profile: "supervisor" }));
    renderApp(<AppRoutes />, "/quick-messages");
    expect(await screen.findByTestId("quick-message-edit-2")).toBeTruthy();
  });

  const expected = { pt: "Obrigatório", en: "Required", es: "Obligatorio" } as const;
  for (const [language, required] of Object.entries(expected)) {
    it(`requires the shortcode, in ${language}`, async () => {
      await i18n.changeLanguage(language);
      const api = signInAs(makeUser({ profile: "user" }));
      renderApp(<AppRoutes />, "/quick-messages");
      fireEvent.click(await screen.findByTestId("quick-messages-add"));
      fireEvent.click(screen.getByTestId("quick-message-save"));
      expect(await within(screen.getByTestId("quick-message-shortcode")).findByText(required)).toBeTruthy();
      expect(api.requests).not.toContain("POST /quick-messages");
    });
  }

  it("shows the general selector only to admins, and sends it", async () => {
    const agentApi = signInAs(makeUser({ profile: "user" }), { "POST /quick-messages": { status: 201, data: own } });
    const { unmount } = renderApp(<AppRoutes />, "/quick-messages");
    fireEvent.click(await screen.findByTestId("quick-messages-add"));
    expect(screen.queryByTestId("quick-message-geral")).toBeNull();
    fireEvent.change(await input("quick-message-shortcode"), { target: { value: "oi" } });
    fireEvent.change(await input("quick-message-message"), { target: { value: "Olá!" } });
    fireEvent.click(screen.getByTestId("quick-message-save"));
    expect(await screen.findByText("Resposta rápida salva com sucesso!")).toBeTruthy();
    expect(agentApi.bodies[agentApi.requests.indexOf("POST /quick-messages")]).toEqual({ shortcode: "oi", message: "Olá!" });
    unmount();

    const adminApi = signInAs(makeUser({ profile: "admin" }), { "POST /quick-messages": { status: 201, data: general } });
    renderApp(<AppRoutes />, "/quick-messages");
    fireEvent.click(await screen.findByTestId("quick-messages-add"));
    fireEvent.change(await input("quick-message-shortcode"), { target: { value: "horario" } });
    fireEvent.mouseDown(within(screen.getByTestId("quick-message-geral")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("quick-message-geral-option-enabled"));
    fireEvent.click(screen.getByTestId("quick-message-save"));
    await waitFor(() => expect(adminApi.requests).toContain("POST /quick-messages"));
    expect(adminApi.bodies[adminApi.requests.indexOf("POST /quick-messages")]).toEqual({ shortcode: "horario", message: "", geral: true });
  });

  it("uploads the chosen attachment after saving", async () => {
    const api = signInAs(makeUser({ id: 7, profile: "user" }), {
      "PUT /quick-messages/1": { status: 200, data: own },
      "POST /quick-messages/1/media-upload": { status: 200, data: { ...own, mediaName: "foto.png", mediaPath: "3/q/x.png" } },
    });
    renderApp(<AppRoutes />, "/quick-messages");
    fireEvent.click(await screen.findByTestId("quick-message-edit-1"));
    const file = new File(["png"], "foto.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("quick-message-media-input"), { target: { files: [file] } });
    expect(screen.getByTestId("quick-message-media-name").textContent).toBe("foto.png");
    fireEvent.click(screen.getByTestId("quick-message-save"));
    await waitFor(() => expect(api.requests).toContain("POST /quick-messages/1/media-upload"));
    const form = api.bodies[api.requests.indexOf("POST /quick-messages/1/media-upload")] as FormData;
    expect((form.get("file") as File).name).toBe("foto.png");
    expect(form.get("typeArch")).toBe("quickMessage");
  });
});
