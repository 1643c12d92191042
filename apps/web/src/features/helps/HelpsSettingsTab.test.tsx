import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { makeHelp } from "../../test/announcement-fixtures.js";

function render(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /settings": { status: 200, data: [] },
    "GET /helps/list": { status: 200, data: [makeHelp({ id: 1 })] },
    ...extra,
  });
  renderApp(<AppRoutes />, "/settings");
  return api;
}
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

describe("Settings Help tab", { timeout: 20_000 }, () => {
  it("is for super users only", async () => {
    render(makeUser({ profile: "admin" }));
    await screen.findByTestId("settings-tab-options");
    expect(screen.queryByTestId("settings-tab-helps")).toBeNull();
  });

  it("lists help videos and adds one from a YouTube link (sent as typed; the server keeps the id)", async () => {
    const api = render(makeUser({ profile: "admin", super: true }), {
      "POST /helps": { status: 201, data: makeHelp({ id: 2, title: "Filas", video: "aBcDeFgHiJ0" }) },
    });
    fireEvent.click(await screen.findByTestId("settings-tab-helps"));
    const row = await screen.findByTestId("help-row-1");
    expect(within(row).getByText("dQw4w9WgXcQ")).toBeTruthy();

    fireEvent.change(await input("help-title"), { target: { value: "Filas" } });
    fireEvent.change(await input("help-video"), { target: { value: "not a video" } });
    fireEvent.click(screen.getByTestId("help-save"));
    expect(await screen.findByText("Informe um código de vídeo do YouTube ou o link do vídeo.")).toBeTruthy();

    fireEvent.change(await input("help-video"), { target: { value: "https://youtu.be/aBcDeFgHiJ0" } });
    fireEvent.click(screen.getByTestId("help-save"));
    await waitFor(() => expect(api.requests).toContain("POST /helps"));
    expect(api.bodies[api.requests.indexOf("POST /helps")]).toEqual({ title: "Filas", description: "", video: "aBcDeFgHiJ0" });
  });
});
