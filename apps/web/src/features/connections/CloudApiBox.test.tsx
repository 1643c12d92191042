import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS, type WhatsAppTemplateView } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeConnection } from "../../test/connection-fixtures.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { CloudApiBox } from "./CloudApiBox.js";

const template = (name: string): WhatsAppTemplateView => ({ name, language: "pt_BR", category: "UTILITY", components: [{ type: "BODY", text: "Oi" }], variables: 0 });

describe("CloudApiBox", () => {
  it("refreshes the templates from Meta and shows how many are approved", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t");
    const calls = fakeApi({
      "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }) },
      "GET /whatsapp/9/templates": (config) =>
        config.params?.refresh === true ? { status: 200, data: [template("a"), template("b"), template("c")] } : { status: 500, data: { error: "ERR_INTERNAL" } },
    });
    renderApp(<CloudApiBox connection={makeConnection({ id: 9, provider: "cloudapi" })} />);
    const button = await screen.findByTestId("connection-cloud-templates-refresh-9");
    // The card does not ask by itself (that may call Meta for every card).
    expect(calls.requests).not.toContain("GET /whatsapp/9/templates");
    expect(screen.queryByTestId("connection-cloud-templates-count-9")).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId("connection-cloud-templates-count-9").textContent).toBe("3 modelos aprovados"));
    expect(calls.requests.filter((r) => r === "GET /whatsapp/9/templates")).toHaveLength(1);
  });
});
