import { COLOR_PALETTE } from "@atendo/shared";
import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { STORAGE_KEYS, type SessionUser, type TagView } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const tag = (id: number, name: string, extra: Partial<TagView> = {}): TagView => ({
  id,
  name,
  color: "#1e88e5",
  kanban: false,
  ticketsCount: 0,
  userId: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /tags/": { status: 200, data: { tags: [tag(1, "Cliente VIP", { ticketsCount: 0 })], count: 1, hasMore: false } },
    ...extra,
  });
}
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};
const paramsOf = (config: InternalAxiosRequestConfig) => config.params as { searchParam?: string; pageNumber: number };

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("TagsPage", { timeout: 20_000 }, () => {
  it("lists tags with the name chip in the tag's colour and the tickets count", async () => {
    signInAs(makeUser());
    renderApp(<AppRoutes />, "/tags");
    const row = await screen.findByTestId("tag-row-1");
    expect(within(row).getByTestId("tag-chip").textContent).toBe("Cliente VIP");
    expect(within(row).getByTestId("tag-tickets").textContent).toBe("0");
  });

  it("loads the next page near the bottom and searches lower-cased after a pause", async () => {
    const seen: { searchParam?: string; pageNumber: number }[] = [];
    signInAs(makeUser(), {
      "GET /tags/": (config) => {
        const params = paramsOf(config);
        seen.push(params);
        if (params.searchParam) return { status: 200, data: { tags: [tag(9, "Urgente")], count: 1, hasMore: false } };
        return params.pageNumber === 1
          ? { status: 200, data: { tags: [tag(1, "Alfa")], count: 2, hasMore: true } }
          : { status: 200, data: { tags: [tag(2, "Beta")], count: 2, hasMore: false } };
      },
    });
    renderApp(<AppRoutes />, "/tags");
    await screen.findByTestId("tag-row-1");
    // jsdom has no layout: every scroll position is "at the bottom".
    fireEvent.scroll(screen.getByTestId("tags-table"));
    expect(await screen.findByTestId("tag-row-2")).toBeTruthy();

    fireEvent.change(await input("tags-search"), { target: { value: "URG" } });
    expect(await screen.findByTestId("tag-row-9", {}, { timeout: 2000 })).toBeTruthy();
    expect(seen.filter((p) => p.searchParam)).toEqual([{ searchParam: "urg", pageNumber: 1 }]);
  });

  const expected = {
    pt: { required: "Obrigatório", short: "Mensagem muito curta" },
    en: { required: "Required", short: "Message too short" },
    es: { required: "Obligatorio", short: "Mensaje muy corto" },
  } as const;

  for (const [language, texts] of Object.entries(expected)) {
    it(`shows the dialog's validation messages in ${language}`, async () => {
      await i18n.changeLanguage(language);
      const api = signInAs(makeUser());
      renderApp(<AppRoutes />, "/tags");
      fireEvent.click(await screen.findByTestId("tags-add"));
      // The dialog starts with a colour chosen; cleared, it is required like the name.
      fireEvent.change(await input("tag-color"), { target: { value: "" } });
      fireEvent.click(screen.getByTestId("tag-save"));
      await waitFor(() => expect(screen.getAllByText(texts.required)).toHaveLength(2));
      fireEvent.change(await input("tag-name"), { target: { value: "ab" } });
      fireEvent.click(screen.getByTestId("tag-save"));
      expect(await within(screen.getByTestId("tag-name")).findByText(texts.short)).toBeTruthy();
      expect(api.requests).not.toContain("POST /tags");
    });
  }

  it("starts a new tag with a palette colour chosen, so a name is all it needs", async () => {
    const api = signInAs(makeUser({ profile: "user" }), { "POST /tags": { status: 201, data: tag(3, "Nova") } });
    renderApp(<AppRoutes />, "/tags");
    fireEvent.click(await screen.findByTestId("tags-add"));
    fireEvent.change(await input("tag-name"), { target: { value: "Nova" } });
    fireEvent.click(screen.getByTestId("tag-save"));
    expect(await screen.findByText("Tag salva com sucesso!")).toBeTruthy();
    const body = api.bodies[api.requests.indexOf("POST /tags")] as { color: string };
    expect(COLOR_PALETTE).toContain(body.color);
  });

  it("hides the kanban switch from agents and leaves the flag out of what they send", async () => {
    const api = signInAs(makeUser({ profile: "user" }), { "POST /tags": { status: 201, data: tag(3, "Nova") } });
    renderApp(<AppRoutes />, "/tags");
    fireEvent.click(await screen.findByTestId("tags-add"));
    expect(screen.queryByTestId("tag-kanban")).toBeNull();
    fireEvent.change(await input("tag-name"), { target: { value: "Nova" } });
    fireEvent.change(await input("tag-color"), { target: { value: "#00ff00" } });
    fireEvent.click(screen.getByTestId("tag-save"));
    expect(await screen.findByText("Tag salva com sucesso!")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("POST /tags")]).toEqual({ name: "Nova", color: "#00ff00" });
  });

  it("shows supervisors the kanban switch and sends it", async () => {
    const api = signInAs(makeUser({ profile: "supervisor" }), { "PUT /tags/1": { status: 200, data: tag(1, "Cliente VIP", { kanban: true }) } });
    renderApp(<AppRoutes />, "/tags");
    fireEvent.click(await screen.findByTestId("tag-edit-1"));
    fireEvent.click(await input("tag-kanban"));
    fireEvent.click(screen.getByTestId("tag-save"));
    await waitFor(() => expect(api.requests).toContain("PUT /tags/1"));
    expect(api.bodies[api.requests.indexOf("PUT /tags/1")]).toEqual({ name: "Cliente VIP", color: "#1e88e5", kanban: true });
  });

  it("puts a taken name on the name field", async () => {
    signInAs(makeUser(), { "POST /tags": { status: 409, data: { error: "ERR_TAG_NAME_ALREADY_EXISTS" } } });
    renderApp(<AppRoutes />, "/tags");
    fireEvent.click(await screen.findByTestId("tags-add"));
    fireEvent.change(await input("tag-name"), { target: { value: "Cliente VIP" } });
    fireEvent.change(await input("tag-color"), { target: { value: "#00ff00" } });
    fireEvent.click(screen.getByTestId("tag-save"));
    expect(await within(screen.getByTestId("tag-name")).findByText("Já existe uma tag com este nome.")).toBeTruthy();
  });
});
