import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, type ContactDetailView, type ContactImportView, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { i18n } from "../i18n/index.js";
import type { AxiosAdapter } from "axios";
import { api } from "../features/auth/api.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const maria: ContactDetailView = {
  id: 9,
  name: "Maria Souza",
  number: "5511987654321",
  email: "maria@loja.test",
  profilePicUrl: null,
  isGroup: false,
  active: true,
  canChat: true,
  whatsappId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  extraInfo: [{ id: 1, name: "CPF", value: "123" }],
};
const { extraInfo: _extra, ...listed } = maria;

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /contacts": { status: 200, data: { contacts: [listed], count: 1, hasMore: false } },
    "GET /contacts/9": { status: 200, data: maria },
    ...extra,
  });
}

const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};
// The first render of the app is slow when the whole suite runs in parallel.
const SLOW = { timeout: 5_000 };
const admin = makeUser({ id: 1, profile: "admin" });
const agent = makeUser({ id: 2, profile: "user" });

afterEach(async () => {
  await i18n.changeLanguage("pt");
});

describe("ContactsPage", () => {
  it("lists contacts with the number formatted; only who may delete sees the delete button", async () => {
    signInAs(admin);
    const first = renderApp(<AppRoutes />, "/contacts");
    const row = await screen.findByTestId("contact-row-9", {}, SLOW);
    expect(within(row).getByText("+55 11 98765 4321")).toBeTruthy();
    expect(screen.getByTestId("contact-delete-9")).toBeTruthy();
    first.unmount();

    signInAs(agent);
    renderApp(<AppRoutes />, "/contacts");
    await screen.findByTestId("contact-row-9", {}, SLOW);
    expect(screen.getByTestId("contact-edit-9")).toBeTruthy();
    expect(screen.queryByTestId("contact-delete-9")).toBeNull();
  });

  it("says a contact without a number cannot start a WhatsApp chat, and opens nothing for it", async () => {
    const semNumero = { ...listed, id: 10, name: "Sem Número", number: "", canChat: false };
    const api = signInAs(admin, { "GET /contacts": { status: 200, data: { contacts: [semNumero], count: 1, hasMore: false } } });
    renderApp(<AppRoutes />, "/contacts");
    const row = await screen.findByTestId("contact-row-10", {}, SLOW);
    expect(within(row).getByTestId("contact-no-number-10").textContent).toBe("Sem número: não pode iniciar conversa no WhatsApp");
    fireEvent.click(within(row).getByTestId("contact-cell-name"));
    expect(api.requests).not.toContain("POST /tickets");
    expect(screen.queryByTestId("new-ticket-dialog")).toBeNull();
  });

  const expected = {
    pt: { required: "Obrigatório", tooShort: "Muito curto!", tooLong: "Muito longo!", invalidEmail: "E-mail inválido", invalidNumber: "Número de telefone inválido" },
    en: { required: "Required", tooShort: "Too Short!", tooLong: "Too Long!", invalidEmail: "Invalid email", invalidNumber: "Invalid phone number" },
    es: { required: "Obligatorio", tooShort: "¡Muy corto!", tooLong: "¡Muy largo!", invalidEmail: "Correo electrónico inválido", invalidNumber: "Número de teléfono inválido" },
  } as const;

  for (const [language, texts] of Object.entries(expected)) {
    it(`shows the contact form's validation messages in ${language}`, async () => {
      await i18n.changeLanguage(language);
      const api = signInAs(agent);
      renderApp(<AppRoutes />, "/contacts");
      fireEvent.click(await screen.findByTestId("contacts-add", {}, SLOW));
      const save = await screen.findByTestId("contact-save");

      fireEvent.click(save);
      // Only the name: the core spec's contact form makes the number optional.
      await waitFor(() => expect(screen.getAllByText(texts.required)).toHaveLength(1));
      expect(api.requests).not.toContain("POST /contacts");

      fireEvent.change(await input("contact-name"), { target: { value: "A" } });
      fireEvent.change(await input("contact-number"), { target: { value: "1234" } });
      fireEvent.change(await input("contact-email"), { target: { value: "not-an-email" } });
      fireEvent.click(save);
      // Validation is asynchronous: wait for all the messages together.
      await waitFor(() => {
        expect(screen.getAllByText(texts.tooShort)).toHaveLength(2);
        expect(screen.getByText(texts.invalidEmail)).toBeTruthy();
      });

      fireEvent.change(await input("contact-name"), { target: { value: "x".repeat(51) } });
      fireEvent.change(await input("contact-number"), { target: { value: "12345678" } });
      fireEvent.click(save);
      await waitFor(() => {
        expect(screen.getByText(texts.tooLong)).toBeTruthy();
        expect(screen.getByText(texts.invalidNumber)).toBeTruthy();
      });
      expect(api.requests).not.toContain("POST /contacts");
    });
  }

  it("sends a new contact with extra info rows added and removed", async () => {
    const api = signInAs(agent, {
      "POST /contacts": { status: 201, data: { ...maria, id: 10, alreadyExists: false, invalido: false, whatsappCheck: "unchecked" } },
    });
    renderApp(<AppRoutes />, "/contacts");
    fireEvent.click(await screen.findByTestId("contacts-add", {}, SLOW));
    fireEvent.change(await input("contact-name"), { target: { value: "Maria Souza" } });
    fireEvent.change(await input("contact-number"), { target: { value: "(11) 98765-4321" } });
    fireEvent.click(screen.getByTestId("contact-extra-add"));
    fireEvent.click(screen.getByTestId("contact-extra-add"));
    fireEvent.change(await input("contact-extra-name-0"), { target: { value: "CPF" } });
    fireEvent.change(await input("contact-extra-value-0"), { target: { value: "123" } });
    fireEvent.click(screen.getByTestId("contact-extra-remove-1"));
    fireEvent.click(screen.getByTestId("contact-save"));
    await waitFor(() => expect(api.requests).toContain("POST /contacts"));
    expect(api.bodies[api.requests.indexOf("POST /contacts")]).toEqual({
      name: "Maria Souza",
      number: "(11) 98765-4321",
      email: "",
      extraInfo: [{ name: "CPF", value: "123" }],
    });
    expect(await screen.findByText("Contato salvo com sucesso!")).toBeTruthy();
  });

  it("shows the contact that already has the number and opens it", async () => {
    const api = signInAs(agent, {
      "POST /contacts": { status: 200, data: { alreadyExists: true, existingContact: maria } },
    });
    renderApp(<AppRoutes />, "/contacts");
    fireEvent.click(await screen.findByTestId("contacts-add", {}, SLOW));
    fireEvent.change(await input("contact-name"), { target: { value: "Outra Maria" } });
    fireEvent.change(await input("contact-number"), { target: { value: "11 8765-4321" } });
    fireEvent.click(screen.getByTestId("contact-save"));
    expect((await screen.findByTestId("contact-exists")).textContent).toContain("Maria Souza");
    fireEvent.click(screen.getByTestId("contact-open-existing"));
    await waitFor(async () => expect((await input("contact-name")).value).toBe("Maria Souza"));
    expect((await input("contact-extra-value-0")).value).toBe("123");
    expect(api.requests).toContain("GET /contacts/9");
    expect(screen.getByText("Editar contato")).toBeTruthy();
  });

  it("imports the phone's contacts showing progress, then says how many came in; a missing default connection is explained", async () => {
    const calls = signInAs(admin, { "POST /contacts/import": { status: 200, data: { total: 4, created: 2, updated: 1, skipped: 1 } } });
    // The phone answers when the test says so: the progress is visible meanwhile.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fake = api.defaults.adapter as AxiosAdapter;
    api.defaults.adapter = async (config) => {
      if (config.url === "/contacts/import") await answered;
      return fake(config);
    };
    renderApp(<AppRoutes />, "/contacts");
    fireEvent.click(await screen.findByTestId("contacts-import-phone", undefined, SLOW));
    expect((await screen.findByTestId("contacts-import-phone-running")).textContent).toContain("Importando os contatos do celular");
    expect(screen.getByTestId("contacts-import-phone").textContent).toContain("Importando...");
    answer();
    const result = await screen.findByTestId("contacts-import-phone-result");
    expect(result.textContent).toContain("3 contatos vieram do celular: 2 novos, 1 atualizados.");
    expect(result.textContent).toContain("1 sem número válido foi ignorado.");
    expect(screen.queryByTestId("contacts-import-phone-running")).toBeNull();
    expect(calls.requests).toContain("POST /contacts/import");

    signInAs(admin, { "POST /contacts/import": { status: 400, data: { error: "ERR_NO_DEF_WAPP_FOUND" } } });
    await waitFor(() => expect((screen.getByTestId("contacts-import-phone") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId("contacts-import-phone"));
    await waitFor(() => expect(document.body.textContent).toContain("Nenhuma conexão de WhatsApp padrão encontrada"), SLOW);
  });

  it("uploads a spreadsheet and shows the import's report with translated reasons", async () => {
    const report: ContactImportView = {
      id: 4,
      fileName: "clientes.xlsx",
      status: "done",
      total: 3,
      processed: 3,
      created: 1,
      updated: 0,
      rejectedCount: 2,
      rejected: [
        { row: 3, field: "name", reason: "validation.tooShort", value: "A" },
        { row: 4, field: "number", reason: "validation.invalidNumber", value: "123" },
      ],
      error: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      finishedAt: "2026-01-01T00:00:01.000Z",
    };
    const api = signInAs(admin, {
      "POST /contacts/upload": { status: 202, data: { import: { ...report, status: "queued", processed: 0, created: 0, rejectedCount: 0, rejected: [] } } },
      "GET /contacts/imports/4": { status: 200, data: report },
    });
    renderApp(<AppRoutes />, "/contacts");
    const fileInput = (await screen.findByTestId("contacts-import-input", {}, SLOW)) as HTMLInputElement;
    expect(fileInput.accept).toBe(".xls,.xlsx,.csv");
    fireEvent.change(fileInput, { target: { files: [new File(["x"], "clientes.xlsx")] } });

    expect(await screen.findByTestId("contact-import-progress")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("contact-import-created").textContent).toBe("1"));
    expect(screen.getByTestId("contact-import-rejected").textContent).toBe("2");
    const row = screen.getByTestId("contact-import-rejected-row-3");
    expect(within(row).getByText("Muito curto!")).toBeTruthy();
    expect(within(row).getByText("Nome")).toBeTruthy();
    expect(within(screen.getByTestId("contact-import-rejected-row-4")).getByText("Número de telefone inválido")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("POST /contacts/upload")]).toBeInstanceOf(FormData);
  });

  describe("a click on a contact opens its ticket", () => {
    const vendas = { id: 1, name: "Vendas", color: "#1976d2" };
    const ticket = {
      id: 31,
      uuid: "0b5f1c8e-2222-4a4a-9999-123456789abc",
      status: "open",
      userId: 2,
      user: { id: 2, name: "Ana" },
      queueId: 1,
      queue: vendas,
      whatsappId: null,
      whatsapp: null,
      contactId: 9,
      contact: { id: 9, name: "Maria Souza", number: "5511987654321", profilePicUrl: null, isGroup: false, email: "" },
      lastMessage: "",
      lastMessageAt: null,
      unreadMessages: 0,
      isGroup: false,
      chatbot: false,
      tags: [],
      useIntegration: false,
      integrationId: null,
      promptId: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      closedAt: null,
      rating: null,
    };

    it("starts it in the user's only queue and goes to it", async () => {
      const api = signInAs(makeUser({ id: 2, profile: "user", queues: [vendas] }), {
        "POST /tickets": { status: 200, data: ticket },
        [`GET /tickets/u/${ticket.uuid}`]: { status: 200, data: ticket },
        "GET /messages/31": { status: 200, data: { messages: [], ticket, count: 0, hasMore: false } },
      });
      renderApp(<AppRoutes />, "/contacts");
      fireEvent.click(await screen.findByTestId("contact-row-9", {}, SLOW));
      await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${ticket.uuid}`));
      expect(api.bodies[api.requests.indexOf("POST /tickets")]).toEqual({ contactId: 9, queueId: 1, status: "open" });
    });

    it("names who holds the contact's open ticket and stays", async () => {
      signInAs(makeUser({ id: 2, profile: "user", queues: [vendas] }), {
        "POST /tickets": {
          status: 409,
          data: { error: "ERR_OTHER_OPEN_TICKET", details: { user: { id: 5, name: "Bruno" }, queue: { id: 2, name: "Suporte" } } },
        },
      });
      renderApp(<AppRoutes />, "/contacts");
      fireEvent.click(await screen.findByTestId("contact-row-9", {}, SLOW));
      expect(await screen.findByText("Este contato já está em atendimento com Bruno na fila Suporte.")).toBeTruthy();
      expect(screen.getByTestId("location").textContent).toBe("/contacts");
    });

    it("opens the new-ticket dialog with the contact chosen when the user has several queues", async () => {
      const api = signInAs(makeUser({ id: 2, profile: "user", queues: [vendas, { id: 2, name: "Suporte", color: "#d32f2f" }] }), {
        "GET /whatsapp/": { status: 200, data: [] },
      });
      renderApp(<AppRoutes />, "/contacts");
      fireEvent.click(await screen.findByTestId("contact-row-9", {}, SLOW));
      const dialog = await screen.findByTestId("new-ticket-dialog");
      expect(within(dialog).getByTestId("new-ticket-contact").querySelector("input")?.value).toBe("Maria Souza");
      expect(api.requests).not.toContain("POST /tickets");
    });
  });
});
