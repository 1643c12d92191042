import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type TagView } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { TagEditor } from "./TagEditor.js";

function tag(id: number, name: string, color: string): TagView {
  return { id, name, color, kanban: false, ticketsCount: 0, userId: null, createdAt: "2026-03-01T10:00:00.000Z", updatedAt: "2026-03-01T10:00:00.000Z" } as TagView;
}
const TAGS = [tag(1, "VIP", "#d32f2f"), tag(2, "Orçamento", "#1976d2"), tag(3, "Retorno", "#388e3c")];

describe("TagEditor", () => {
  it("offers the company's tags and syncs the whole set on every change", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "t");
    const ticket = makeTicket({ id: 1, status: "open", userId: 7, tags: [{ id: 1, name: "VIP", color: "#d32f2f" }] });
    const calls = fakeApi({
      "GET /auth/me": { status: 200, data: makeUser({ id: 7 }) },
      "GET /tags/list": { status: 200, data: TAGS },
      "POST /tags/sync": (config) => {
        const { tags } = JSON.parse(String(config.data)) as { tags: { id: number }[] };
        return { status: 200, data: { ...ticket, tags: TAGS.filter((t) => tags.some((x) => x.id === t.id)).map(({ id, name, color }) => ({ id, name, color })) } };
      },
    });
    renderApp(<TagEditor ticket={ticket} />);
    const editor = await screen.findByTestId("ticket-tags");
    expect(within(editor).getByTestId("ticket-tag-1").textContent).toBe("VIP");
    const input = within(editor).getByRole("combobox");
    fireEvent.mouseDown(input);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    // Already chosen tags are not offered again.
    await screen.findByTestId("ticket-tags-option-2");
    expect(screen.queryByTestId("ticket-tags-option-1")).toBeNull();
    fireEvent.click(screen.getByTestId("ticket-tags-option-2"));

    await waitFor(() => expect(calls.requests).toContain("POST /tags/sync"));
    expect(calls.bodies[calls.requests.indexOf("POST /tags/sync")]).toEqual({ ticketId: 1, tags: [{ id: 1 }, { id: 2 }] });
  });
});
