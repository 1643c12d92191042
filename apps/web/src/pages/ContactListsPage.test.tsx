import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  STORAGE_KEYS,
  type ContactListImportView,
  type ContactListItemView,
  type ContactListView,
  type SessionUser,
} from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

const at = "2026-01-01T00:00:00.000Z";
const list = (id: number, name: string, contactsCount = 0): ContactListView => ({ id, name, companyId: 3, contactsCount, createdAt: at, updatedAt: at });
const item = (id: number, name: string, number: string, extra: Partial<ContactListItemView> = {}): ContactListItemView => ({
  id,
  name,
  number,
  email: "",
  isWhatsappValid: null,
  companyId: 3,
  contactListId: 5,
  createdAt: at,
  updatedAt: at,
  ...extra,
});
const importView = (extra: Partial<ContactListImportView> = {}): ContactListImportView => ({
  id: 40,
  contactListId: 5,
  fileName: "clientes.xlsx",
  status: "queued",
  total: 0,
  processed: 0,
  imported: 0,
  duplicates: 0,
  invalid: 0,
  rows: [],
  error: null,
  createdAt: at,
  finishedAt: null,
  ...extra,
});

const withCampaigns = () => makeUser({}, { useCampaigns: true });

function signInAs(user: SessionUser, routes: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({ "GET /auth/me": { status: 200, data: user }, ...routes });
}

function renderPage(path: string) {
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <AppRoutes />
    </SocketContext.Provider>,
    path,
  );
  return io;
}

describe("ContactListsPage", { timeout: 20_000 }, () => {
  it("lists the lists with their contacts count, adds one, and follows ContactList events", async () => {
    const lists = [list(5, "Clientes VIP", 3)];
    const api = signInAs(withCampaigns(), {
      "GET /contact-lists": () => ({ status: 200, data: { records: [...lists], count: lists.length, hasMore: false } }),
      "POST /contact-lists": (config) => {
        const created = list(6, (JSON.parse(config.data as string) as { name: string }).name);
        lists.push(created);
        return { status: 201, data: created };
      },
    });
    const io = renderPage("/contact-lists");
    const row = await screen.findByTestId("contact-list-row-5");
    expect(within(row).getByTestId("contact-list-count").textContent).toBe("3");
    expect(within(row).getByRole("link", { name: "Contatos da lista Clientes VIP" }).getAttribute("href")).toBe("/contact-lists/5/contacts");

    fireEvent.click(screen.getByRole("button", { name: "Nova lista" }));
    const dialog = await screen.findByRole("dialog", { name: "Nova lista" });
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "A" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    // The form's own rule: 2 to 50 characters.
    expect(await within(dialog).findByText(/curto|short/i)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Fornecedores" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByTestId("contact-list-row-6")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("POST /contact-lists")]).toEqual({ name: "Fornecedores" });

    // Someone else's change arrives by socket and the page reloads the lists.
    lists[0] = list(5, "Clientes Ouro", 4);
    io.push("company-3-ContactList", { action: "update", record: lists[0] });
    await waitFor(() => expect(within(screen.getByTestId("contact-list-row-5")).getByTestId("contact-list-count").textContent).toBe("4"));
  });

  it("downloads the example spreadsheet", async () => {
    const api = signInAs(withCampaigns(), {
      "GET /contact-lists": { status: 200, data: { records: [list(5, "Clientes VIP")], count: 1, hasMore: false } },
      "GET /contact-lists/example.xlsx": { status: 200, data: new Blob(["xlsx"]) },
    });
    const created: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (created.push(blob), "blob:example");
    URL.revokeObjectURL = () => undefined;
    try {
      renderPage("/contact-lists");
      await screen.findByTestId("contact-list-row-5");
      fireEvent.click(screen.getByRole("button", { name: "Baixar planilha de exemplo" }));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(api.requests).toContain("GET /contact-lists/example.xlsx");
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it("is not offered to a company whose plan has no campaigns", async () => {
    signInAs(makeUser({}, { useCampaigns: false }));
    renderPage("/contact-lists");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"), { timeout: 3000 });
    expect(screen.queryByTestId("contact-lists-table")).toBeNull();
  });
});

describe("ContactListItemsPage", { timeout: 20_000 }, () => {
  const routes = (items: ContactListItemView[], extra: Parameters<typeof fakeApi>[0] = {}) => ({
    "GET /contact-lists/5": { status: 200, data: list(5, "Clientes VIP", items.length) },
    "GET /contact-list-items": () => ({ status: 200, data: { contacts: [...items], count: items.length, hasMore: false } }),
    ...extra,
  });

  it("shows the items with the WhatsApp-valid icon, kept current by ContactListItem events", async () => {
    const items = [item(1, "Maria", "5511987654321", { isWhatsappValid: true }), item(2, "João", "5521998765432")];
    signInAs(withCampaigns(), routes(items));
    const io = renderPage("/contact-lists/5/contacts");
    const maria = await screen.findByTestId("contact-list-item-row-1");
    expect(within(maria).getByRole("img", { name: "Número com WhatsApp" })).toBeTruthy();
    const joao = screen.getByTestId("contact-list-item-row-2");
    expect(within(joao).getByRole("img", { name: "Número ainda não verificado" })).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Clientes VIP (2)");

    // The number check lands for João.
    io.push("company-3-ContactListItem", { action: "update", record: item(2, "João", "5521998765432", { isWhatsappValid: false }) });
    expect(await within(screen.getByTestId("contact-list-item-row-2")).findByRole("img", { name: "Número sem WhatsApp" })).toBeTruthy();
  });

  it("adds a contact, showing the server's duplicate refusal on the number", async () => {
    const items: ContactListItemView[] = [];
    const api = signInAs(
      withCampaigns(),
      routes(items, {
        "POST /contact-list-items": (config) => {
          const body = JSON.parse(config.data as string) as { name: string; number: string; contactListId: number };
          if (body.number === "5511987654321" && items.length) return { status: 409, data: { error: "ERR_DUPLICATED_CONTACT" } };
          const created = item(3, body.name, body.number);
          items.push(created);
          return { status: 201, data: created };
        },
      }),
    );
    renderPage("/contact-lists/5/contacts");
    await screen.findByTestId("contact-list-items-table");
    const add = async () => {
      fireEvent.click(screen.getByRole("button", { name: "Novo contato" }));
      const dialog = await screen.findByRole("dialog", { name: "Novo contato" });
      fireEvent.change(within(dialog).getByLabelText("Nome"), { target: { value: "Maria" } });
      fireEvent.change(within(dialog).getByLabelText("Número"), { target: { value: "5511987654321" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
      return dialog;
    };
    await add();
    expect(await screen.findByTestId("contact-list-item-row-3")).toBeTruthy();
    expect(api.bodies[api.requests.indexOf("POST /contact-list-items")]).toEqual({ name: "Maria", number: "5511987654321", email: "", contactListId: 5 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const dialog = await add();
    expect(await within(dialog).findByText("Este número já está na lista")).toBeTruthy();
  });

  it("imports a spreadsheet: progress bar, then the per-row report", async () => {
    let view = importView();
    const api = signInAs(
      withCampaigns(),
      routes([], {
        "POST /contact-lists/5/upload": { status: 202, data: { import: importView() } },
        "GET /contact-list-imports/40": () => ({ status: 200, data: view }),
      }),
    );
    const io = renderPage("/contact-lists/5/contacts");
    await screen.findByTestId("contact-list-items-table");
    const file = new File(["x"], "clientes.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    const fileInput = screen.getByLabelText("Planilha para importar") as HTMLInputElement;
    expect(fileInput.accept).toBe(".xls,.xlsx");
    expect(screen.getByRole("button", { name: "Importar planilha" })).toBeTruthy();
    fireEvent.change(fileInput, { target: { files: [file] } });

    const dialog = await screen.findByRole("dialog", { name: "Importação da planilha" });
    expect(api.requests).toContain("POST /contact-lists/5/upload");
    view = importView({ status: "running", total: 4, processed: 2 });
    io.push("company-3-ContactListItem", { action: "import", import: view });
    await waitFor(() => expect(within(dialog).getByRole("progressbar", { name: "Progresso da importação" }).getAttribute("aria-valuenow")).toBe("50"));

    view = importView({
      status: "done",
      total: 4,
      processed: 4,
      imported: 2,
      duplicates: 1,
      invalid: 1,
      rows: [
        { row: 2, status: "imported", name: "Maria", number: "5511987654321" },
        { row: 3, status: "invalid-number", name: "Ruim", number: "123" },
        { row: 4, status: "duplicate", name: "Maria", number: "5511987654321" },
        { row: 5, status: "imported", name: "João", number: "5521998765432" },
      ],
    });
    io.push("company-3-ContactListItem", { action: "import", import: view });
    expect(await within(dialog).findByText("Importação concluída")).toBeTruthy();
    expect(within(dialog).getByTestId("contact-list-import-imported").textContent).toBe("2");
    expect(within(dialog).getByTestId("contact-list-import-duplicates").textContent).toBe("1");
    expect(within(dialog).getByTestId("contact-list-import-invalid").textContent).toBe("1");
    const report = within(dialog).getByRole("table", { name: "Relatório por linha" });
    expect(within(within(report).getByTestId("contact-list-import-row-3")).getByText("Número inválido")).toBeTruthy();
    expect(within(within(report).getByTestId("contact-list-import-row-4")).getByText("Duplicado")).toBeTruthy();
  });
});
