import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { makeMessage, makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { MessageItem } from "./MessageItem.js";
import { TicketCard } from "./TicketCard.js";

const noop = () => undefined;
const handlers = { onOpen: noop, onAccept: noop, onClose: noop, onReopen: noop, onTransfer: noop, onSpy: noop };

function signIn() {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ id: 7, name: "Ana Souza", profile: "user" }) } });
}

describe("How a message's text is shown", { timeout: 20_000 }, () => {
  it("previews a ticket's last message as plain text, without markup or the agent's signature", async () => {
    signIn();
    const ticket = makeTicket({ id: 3, status: "open", userId: 7, user: { id: 7, name: "Ana Souza" }, lastMessage: "*Ana Souza*:\n*Pedido* _confirmado_ ~ontem~" });
    renderApp(<TicketCard ticket={ticket} selected={false} {...handlers} />);
    const preview = await screen.findByTestId("ticket-last-message");
    expect(preview.textContent).toBe("Pedido confirmado ontem");
    expect(screen.getAllByText(/Ana Souza/)).toHaveLength(1);
  });

  it("shows a signed message's agent once: the author line, not the signature again in the text", async () => {
    signIn();
    const message = makeMessage({ id: 9, fromMe: true, sendStatus: "sent", ack: 2, user: { id: 7, name: "Ana Souza" }, body: "*Ana Souza*:\nSeu pedido saiu" });
    renderApp(<MessageItem message={message} />);
    const row = await screen.findByTestId("message-9");
    expect(within(row).getByTestId("message-author").textContent).toBe("Ana Souza");
    expect(within(row).getAllByText(/Ana Souza/)).toHaveLength(1);
    expect(within(row).getByText("Seu pedido saiu")).toBeTruthy();
  });
});
