import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { LogoSettingsTab } from "./LogoSettingsTab.js";

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /settings/": { status: 200, data: [] },
    ...extra,
  });
}

const superUser = () => makeUser({ profile: "admin", super: true });

async function openLogoTab() {
  renderApp(<AppRoutes />, "/settings");
  fireEvent.click(await screen.findByTestId("settings-tab-logo"));
  return screen.findByTestId("logo-destination");
}

async function chooseDestination(ref: string) {
  fireEvent.mouseDown(within(await screen.findByTestId("logo-destination")).getByRole("combobox"));
  fireEvent.click(await screen.findByTestId(`logo-destination-${ref}`));
}

function chooseFile(name: string, type: string) {
  const file = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], name, { type });
  fireEvent.change(screen.getByTestId("logo-file"), { target: { files: [file] } });
  return file;
}

describe("Settings > Logo", () => {
  it("uploads a file for the chosen destination and toasts", async () => {
    const api = signInAs(superUser(), {
      "POST /settings/media-upload?ref=favicon-256x256": { status: 200, data: { mensagem: "Arquivo Anexado" } },
    });
    await openLogoTab();
    // The current logo of each destination is shown from the public route.
    const previews = within(screen.getByTestId("logo-previews")).getAllByRole("img") as HTMLImageElement[];
    expect(previews.map((img) => new URL(img.src).pathname)).toContain("/public/logos/apple-touch-icon");

    await chooseDestination("favicon-256x256");
    const file = chooseFile("marca.svg", "image/svg+xml");
    fireEvent.click(screen.getByTestId("logo-submit"));

    expect(await screen.findByText("Arquivo enviado com sucesso!")).toBeTruthy();
    const index = api.requests.indexOf("POST /settings/media-upload?ref=favicon-256x256");
    expect(index).toBeGreaterThan(-1);
    expect((api.bodies[index] as FormData).get("file")).toBe(file);
    // The previews ask again for the new file.
    await waitFor(() => {
      const imgs = within(screen.getByTestId("logo-previews")).getAllByRole("img") as HTMLImageElement[];
      expect(imgs[0]!.src).toContain("?v=1");
    });
  });

  it("warns when the file or the destination is missing, and refuses other types", async () => {
    const api = signInAs(superUser());
    await openLogoTab();
    fireEvent.click(screen.getByTestId("logo-submit"));
    expect(await screen.findByText("Escolha um arquivo")).toBeTruthy();

    chooseFile("foto.jpg", "image/jpeg");
    expect(await screen.findByText("Use somente arquivos PNG, ICO ou SVG")).toBeTruthy();

    chooseFile("logo.png", "image/png");
    fireEvent.click(screen.getByTestId("logo-submit"));
    expect(await screen.findByText("Escolha um destino")).toBeTruthy();
    expect(api.requests.some((r) => r.startsWith("POST"))).toBe(false);
  });

  it("shows the server's refusal of a file", async () => {
    signInAs(superUser(), {
      "POST /settings/media-upload?ref=login": { status: 400, data: { error: "ERR_INVALID_FILE_TYPE" } },
    });
    await openLogoTab();
    await chooseDestination("login");
    chooseFile("logo.svg", "image/svg+xml");
    fireEvent.click(screen.getByTestId("logo-submit"));
    expect(await screen.findByText("Use somente arquivos PNG, ICO ou SVG")).toBeTruthy();
    expect(screen.queryByText("Arquivo enviado com sucesso!")).toBeNull();
  });

  it("has no Logo tab for admins", async () => {
    signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/settings");
    expect(await screen.findByTestId("settings-tab-options")).toBeTruthy();
    expect(screen.queryByTestId("settings-tab-logo")).toBeNull();
  });

  it("tells anyone but a super user 'Sem permissão para acessar!' and goes home", async () => {
    signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/settings");
    await screen.findByTestId("settings-tab-options");
    // The tab itself guards, should it ever be reached (a super flag removed mid-session).
    renderApp(<LogoSettingsTab />, "/settings");
    expect(await screen.findByText("Sem permissão para acessar!")).toBeTruthy();
    expect(screen.queryByTestId("logo-destination")).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("location").some((el) => el.textContent === "/")).toBe(true), { timeout: 3000 });
  });
});
