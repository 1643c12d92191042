import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { ApiTokenBox } from "./ApiTokenBox.js";

const TOKEN = `atd_${"a".repeat(43)}`;

function render(hasToken: boolean) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({
    "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }) },
    "POST /whatsapp/7/api-token": { status: 201, data: { token: TOKEN } },
  });
  renderApp(<ApiTokenBox whatsappId={7} hasToken={hasToken} />);
  return api;
}

describe("ApiTokenBox", { timeout: 20_000 }, () => {
  it("generates a token and shows it once, with a warning", async () => {
    const api = render(false);
    expect((await screen.findByTestId("api-token-state")).textContent).toContain("Nenhum token");
    fireEvent.click(screen.getByTestId("api-token-generate"));
    await waitFor(() => expect((screen.getByTestId("api-token-value") as HTMLInputElement).value).toBe(TOKEN));
    expect(api.requests).toContain("POST /whatsapp/7/api-token");
    expect(screen.getByText("Copie agora: este token não será mostrado novamente.")).toBeTruthy();
  });

  it("asks before replacing a token that is set, which revokes it", async () => {
    const api = render(true);
    expect((await screen.findByTestId("api-token-state")).textContent).toContain("Um token está definido");
    fireEvent.click(screen.getByTestId("api-token-generate"));
    expect(await screen.findByText("O token atual deixará de funcionar. Continuar?")).toBeTruthy();
    expect(api.requests).not.toContain("POST /whatsapp/7/api-token");
    fireEvent.click(screen.getByTestId("confirm-ok"));
    await waitFor(() => expect((screen.getByTestId("api-token-value") as HTMLInputElement).value).toBe(TOKEN));
  });
});
