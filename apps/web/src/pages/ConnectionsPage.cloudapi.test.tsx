import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import type { Connection } from "../features/connections/types.js";
import { fakeApi, type Reply } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeConnection } from "../test/connection-fixtures.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

configure({ asyncUtilTimeout: 5_000 });

const admin = makeUser({ id: 1, profile: "admin" });
const CLOUD_CAPABILITIES = { qr: false, pairingCode: false, edit: false, delete: false, forward: true, presence: false, groups: false, numberCheck: false, templates: true, readReceipts: true };

function signIn(connections: Connection[], extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: admin },
    "GET /whatsapp/": { status: 200, data: connections },
    "GET /queue": { status: 200, data: [] },
    ...Object.fromEntries(connections.map((c) => [`GET /whatsapp/${c.id}`, { status: 200, data: c } as Reply])),
    ...extra,
  });
}

function renderPage() {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    "/connections",
  );
}

const inputOf = (testId: string) => {
  const found = screen.getByTestId(testId);
  return (found.matches("input") ? found : found.querySelector("input")) as HTMLInputElement;
};

describe("connections page: WhatsApp Cloud API", () => {
  it("shows the number's name, Meta's error, and the webhook URL and verify token to paste; no QR actions", async () => {
    signIn([
      makeConnection({
        id: 7,
        name: "Oficial",
        provider: "cloudapi",
        status: "DISCONNECTED",
        capabilities: CLOUD_CAPABILITIES,
        cloudWebhookUrl: "/webhooks/whatsapp-cloud/abcdefghijklmnop",
        cloudVerifyToken: "verify-123",
        cloudDisplayName: "Loja Oficial",
        cloudQualityRating: "GREEN",
        statusReason: "190: Error validating access token",
      }),
    ]);
    renderPage();
    expect((await screen.findByTestId("connection-cloud-name-7")).textContent).toContain("Loja Oficial");
    expect(screen.getByTestId("connection-cloud-error-7").textContent).toContain("190: Error validating access token");
    expect(inputOf("connection-cloud-webhook-7").value).toBe(`${window.location.origin}/webhooks/whatsapp-cloud/abcdefghijklmnop`);
    expect(inputOf("connection-cloud-verify-7").value).toBe("verify-123");
    expect(screen.getByTestId("connection-cloud-steps-7")).toBeTruthy();
    expect(screen.getByTestId("connection-start-7")).toBeTruthy();
    expect(screen.queryByTestId("connection-newqr-7")).toBeNull();
  });

  it("asks for the ids, token and app secret and sends them when adding a Cloud API connection", async () => {
    const api = signIn([], {
      "GET /whatsapp-providers": {
        status: 200,
        data: [
          { name: "beta", isDefault: true, capabilities: makeConnection().capabilities },
          { name: "cloudapi", isDefault: false, capabilities: CLOUD_CAPABILITIES },
        ],
      },
      "POST /whatsapp": () => ({ status: 201, data: makeConnection({ id: 8, provider: "cloudapi", capabilities: CLOUD_CAPABILITIES }) }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId("connections-add"));
    await screen.findByTestId("connection-dialog");
    fireEvent.change(inputOf("connection-name"), { target: { value: "Oficial" } });
    fireEvent.mouseDown(within(screen.getByTestId("connection-provider")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("connection-provider-option-cloudapi"));
    await screen.findByTestId("connection-cloud-fields");
    fireEvent.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(screen.getAllByText(/obrigatório|required/i).length).toBeGreaterThanOrEqual(4));
    expect(api.requests).not.toContain("POST /whatsapp");

    fireEvent.change(inputOf("connection-cloudPhoneNumberId"), { target: { value: "106540352242922" } });
    fireEvent.change(inputOf("connection-cloudBusinessAccountId"), { target: { value: "102290129340398" } });
    fireEvent.change(inputOf("connection-cloudAccessToken"), { target: { value: "EAAGtoken" } });
    fireEvent.change(inputOf("connection-cloudAppSecret"), { target: { value: "appsecret" } });
    fireEvent.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(api.requests).toContain("POST /whatsapp"));
    expect(api.bodies[api.requests.indexOf("POST /whatsapp")]).toMatchObject({
      name: "Oficial",
      provider: "cloudapi",
      cloudPhoneNumberId: "106540352242922",
      cloudBusinessAccountId: "102290129340398",
      cloudAccessToken: "EAAGtoken",
      cloudAppSecret: "appsecret",
    });
    // The whole shell plus a dialog with two rounds of validation: slow on a loaded worker.
  }, 60_000);
});
