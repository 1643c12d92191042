import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";
import { makeHelp } from "../test/announcement-fixtures.js";

function render() {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: makeUser() },
    "GET /helps/list": {
      status: 200,
      data: [makeHelp({ id: 1, title: "Primeiros passos" }), makeHelp({ id: 2, title: "Filas", description: "", video: "aBcDeFgHiJ0" })],
    },
  });
  renderApp(<AppRoutes />, "/helps");
  return api;
}

describe("HelpsPage", { timeout: 20_000 }, () => {
  it("shows the video cards with the count in the title", async () => {
    render();
    const card = await screen.findByTestId("help-card-1");
    expect(within(card).getByTestId("help-video-title").textContent).toBe("Primeiros passos");
    expect(within(card).getByText("Conecte seu WhatsApp")).toBeTruthy();
    expect(screen.getByTestId("help-card-2")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Ajuda (2)");
  });

  it("opens the privacy-enhanced player and closes it with Escape", async () => {
    render();
    fireEvent.click(within(await screen.findByTestId("help-card-2")).getByRole("button"));
    const frame = await screen.findByTestId("help-player-frame");
    expect(frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/aBcDeFgHiJ0\?/);
    fireEvent.keyDown(screen.getByTestId("help-player"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("help-player-frame")).toBeNull());
  });
});
