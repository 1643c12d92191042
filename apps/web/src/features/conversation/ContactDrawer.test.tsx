import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type ContactDetailView, type TicketNoteView } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { ContactDrawer } from "./ContactDrawer.js";

const agent = makeUser({ id: 7, name: "Ana Souza", profile: "user" });
const ticket = makeTicket({ id: 1, status: "open", userId: 7, contactId: 101 });
const contact: ContactDetailView = {
  id: 101,
  name: "Cliente 1",
  number: "5511987654321",
  email: "cliente@exemplo.com",
  profilePicUrl: null,
  isGroup: false,
  active: true,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  extraInfo: [{ id: 1, name: "CPF", value: "123.456.789-00" }],
} as ContactDetailView;

function note(id: number, text: string, userId = 7): TicketNoteView {
  return { id, note: text, ticketId: 1, contactId: 101, user: { id: userId, name: userId === 7 ? "Ana Souza" : "Bruno" }, createdAt: "2026-03-01T10:00:00.000Z" };
}

function setup(initial: TicketNoteView[] = []) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  let notes = [...initial];
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: agent },
    "GET /contacts/101": { status: 200, data: contact },
    "GET /ticket-notes/list": (config) => {
      expect(config.params).toEqual({ ticketId: 1, contactId: 101 });
      return { status: 200, data: notes };
    },
    "POST /ticket-notes": (config) => {
      const body = JSON.parse(String(config.data)) as { note: string };
      const created = note(10 + notes.length, body.note);
      notes = [...notes, created];
      return { status: 201, data: created };
    },
    "DELETE /ticket-notes/5": () => {
      notes = notes.filter((n) => n.id !== 5);
      return { status: 204 };
    },
    "PUT /contacts/101": (config) => ({ status: 200, data: { ...contact, ...JSON.parse(String(config.data)) } }),
  });
  renderApp(<ContactDrawer ticket={ticket} open onClose={() => undefined} />);
  return calls;
}

const notesInput = () => screen.getByTestId("notes-input") as HTMLTextAreaElement;

describe("ContactDrawer", () => {
  it("shows the contact's details and extra info", async () => {
    setup();
    const drawer = await screen.findByTestId("contact-drawer");
    await waitFor(() => expect(within(drawer).getByTestId("contact-drawer-email").textContent).toBe("cliente@exemplo.com"));
    expect(within(drawer).getByTestId("contact-drawer-name").textContent).toBe("Cliente 1");
    expect(within(drawer).getByTestId("contact-drawer-number").textContent).toBe("+55 11 98765 4321");
    expect(within(drawer).getByTestId("contact-drawer-extra-0").textContent).toContain("123.456.789-00");
  });

  it("adds a note of 2 or more characters with the spec's toast, and refuses a shorter one", async () => {
    const calls = setup();
    await screen.findByText("Nenhuma observação.");
    fireEvent.change(notesInput(), { target: { value: " a " } });
    fireEvent.click(screen.getByTestId("notes-add"));
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    fireEvent.change(notesInput(), { target: { value: "   " } });
    fireEvent.click(screen.getByTestId("notes-add"));
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(calls.requests).not.toContain("POST /ticket-notes");

    fireEvent.change(notesInput(), { target: { value: "Ligar amanhã" } });
    fireEvent.click(screen.getByTestId("notes-add"));
    expect(await screen.findByText("Observação adicionada com sucesso!")).toBeTruthy();
    expect(calls.bodies[calls.requests.indexOf("POST /ticket-notes")]).toEqual({ note: "Ligar amanhã", ticketId: 1, contactId: 101 });
    const added = await screen.findByTestId("note-10");
    expect(added.textContent).toContain("Ligar amanhã");
    expect(added.textContent).toContain("Ana Souza");
    expect(notesInput().value).toBe("");
  });

  it("deletes a note after confirmation; only the author's notes offer delete to a user", async () => {
    const calls = setup([note(5, "Cliente VIP"), note(6, "Nota do colega", 9)]);
    await screen.findByTestId("note-5");
    expect(screen.queryByTestId("note-delete-6")).toBeNull();
    fireEvent.click(screen.getByTestId("note-delete-5"));
    expect(calls.requests).not.toContain("DELETE /ticket-notes/5");
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    expect(await screen.findByText("Observação excluída com sucesso!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("note-5")).toBeNull());
    expect(screen.getByTestId("note-6")).toBeTruthy();
  });

  it("edits the contact with the shared validation (PUT /contacts/{id})", async () => {
    const calls = setup();
    await screen.findByTestId("contact-drawer-email");
    fireEvent.click(screen.getByTestId("contact-edit"));
    const name = within(await screen.findByTestId("contact-name")).getByRole("textbox") as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Cliente 1"));
    fireEvent.change(name, { target: { value: "C" } });
    fireEvent.click(screen.getByTestId("contact-save"));
    expect(await within(screen.getByTestId("contact-dialog")).findByText("Muito curto!")).toBeTruthy();
    expect(calls.requests).not.toContain("PUT /contacts/101");

    fireEvent.change(name, { target: { value: "Cliente Um" } });
    fireEvent.click(screen.getByTestId("contact-save"));
    await waitFor(() => expect(calls.requests).toContain("PUT /contacts/101"));
    expect(calls.bodies[calls.requests.indexOf("PUT /contacts/101")]).toMatchObject({ name: "Cliente Um", email: "cliente@exemplo.com" });
    await waitFor(() => expect(screen.getByTestId("contact-drawer-name").textContent).toBe("Cliente Um"));
  });
});

describe("ContactDrawer: Agendar", () => {
  function setupScheduling(plan: { useSchedules: boolean }) {
    localStorage.setItem(STORAGE_KEYS.token, "t");
    const calls = fakeApi({
      "GET /auth/me": { status: 200, data: makeUser({ id: 7, profile: "user" }, plan) },
      "GET /contacts/101": { status: 200, data: contact },
      "GET /ticket-notes/list": { status: 200, data: [] },
      "GET /whatsapp/": { status: 200, data: [] },
      "POST /schedules": (config) => ({ status: 201, data: { id: 3, ...JSON.parse(String(config.data)), status: "PENDENTE", editable: true } }),
    });
    renderApp(<ContactDrawer ticket={ticket} open onClose={() => undefined} />);
    return calls;
  }

  it("is offered only with the plan's schedules", async () => {
    setupScheduling({ useSchedules: false });
    await screen.findByTestId("contact-drawer-name");
    expect(screen.queryByTestId("contact-schedule")).toBeNull();
  });

  it("schedules a message to the contact, then goes to the schedules page", async () => {
    const calls = setupScheduling({ useSchedules: true });
    fireEvent.click(await screen.findByTestId("contact-schedule"));
    const dialog = await screen.findByTestId("schedule-dialog");
    expect((within(dialog).getByTestId("schedule-contact").querySelector("input") as HTMLInputElement).value).toBe("Cliente 1");
    fireEvent.change(within(dialog).getByTestId("schedule-body"), { target: { value: "Retorno combinado" } });
    fireEvent.click(within(dialog).getByTestId("schedule-save"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/schedules"));
    expect(calls.bodies[calls.requests.indexOf("POST /schedules")]).toMatchObject({ body: "Retorno combinado", contactId: 101, whatsappId: null });
  });
});
