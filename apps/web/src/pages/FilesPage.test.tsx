import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { STORAGE_KEYS, type FileListView } from "@atendo/shared";
import { FilesPage } from "./FilesPage.js";
import { SocketContext } from "../features/realtime/socket-context.js";
import { fakeApi } from "../test/fake-api.js";
import { fakeSocket } from "../test/fake-socket.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

configure({ asyncUtilTimeout: 5_000 });

const fileList = (id: number, name: string, extra: Partial<FileListView> = {}): FileListView => ({
  id,
  name,
  message: "Segue o catálogo",
  companyId: 3,
  options: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const paramsOf = (config: InternalAxiosRequestConfig) => config.params as { searchParam?: string; pageNumber: number };

function renderPage(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  const api = fakeApi({ "GET /auth/me": { status: 200, data: makeUser({ profile: "admin" }, { useCampaigns: true }) }, ...routes });
  const io = fakeSocket();
  renderApp(
    <SocketContext.Provider value={io.socket}>
      <FilesPage />
    </SocketContext.Provider>,
    "/files",
  );
  return { api, io };
}
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input, textarea");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

describe("FilesPage", { timeout: 20_000 }, () => {
  it("shows the count in the title, loads the next page near the bottom and searches lower-cased", async () => {
    const seen: { searchParam?: string; pageNumber: number }[] = [];
    renderPage({
      "GET /files/": (config) => {
        const params = paramsOf(config);
        seen.push(params);
        if (params.searchParam) return { status: 200, data: { files: [fileList(9, "Promoções")], count: 1, hasMore: false } };
        return params.pageNumber === 1
          ? { status: 200, data: { files: [fileList(1, "Catálogo")], count: 2, hasMore: true } }
          : { status: 200, data: { files: [fileList(2, "Tabela")], count: 2, hasMore: false } };
      },
    });
    await screen.findByTestId("file-list-row-1");
    expect(screen.getByTestId("page-title").textContent).toBe("Lista de arquivos (2)");
    fireEvent.scroll(screen.getByTestId("files-table"));
    expect(await screen.findByTestId("file-list-row-2")).toBeTruthy();
    fireEvent.change(await input("files-search"), { target: { value: "PROMO" } });
    expect(await screen.findByTestId("file-list-row-9", {}, { timeout: 2000 })).toBeTruthy();
    expect(seen.filter((p) => p.searchParam)).toEqual([{ searchParam: "promo", pageNumber: 1 }]);
  });

  it("saves a new list with its option rows, then uploads each picked file to its row", async () => {
    const saved = fileList(5, "Catálogo", {
      options: [
        { id: 50, fileId: 5, name: "Tabela", path: null, mediaType: null },
        { id: 51, fileId: 5, name: "Sem arquivo", path: null, mediaType: null },
      ],
    });
    let uploaded: FormData | undefined;
    const { api } = renderPage({
      "GET /files/": { status: 200, data: { files: [], count: 0, hasMore: false } },
      "POST /files": { status: 201, data: saved },
      "POST /files/uploadList/5": (config) => {
        uploaded = config.data as FormData;
        return { status: 200, data: saved };
      },
    });
    fireEvent.click(await screen.findByTestId("files-add"));
    const dialog = await screen.findByTestId("file-list-dialog");
    fireEvent.change(await input("file-list-name"), { target: { value: "Catálogo" } });
    fireEvent.change(await input("file-list-message"), { target: { value: "Segue o catálogo" } });
    fireEvent.click(within(dialog).getByTestId("file-list-add-option"));
    fireEvent.click(within(dialog).getByTestId("file-list-add-option"));
    fireEvent.change(screen.getByTestId("file-option-name-0"), { target: { value: "Tabela" } });
    fireEvent.change(screen.getByTestId("file-option-name-1"), { target: { value: "Sem arquivo" } });
    const pdf = new File(["%PDF-1.4"], "tabela.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("file-option-input-0"), { target: { files: [pdf] } });
    expect(screen.getByTestId("file-option-path-0").textContent).toBe("tabela.pdf");
    fireEvent.click(screen.getByTestId("file-list-save"));

    expect(await screen.findByText("Lista de arquivos salva com sucesso!")).toBeTruthy();
    const postIndex = api.requests.indexOf("POST /files");
    expect(api.bodies[postIndex]).toEqual({ name: "Catálogo", message: "Segue o catálogo", options: [{ name: "Tabela" }, { name: "Sem arquivo" }] });
    await waitFor(() => expect(uploaded).toBeDefined());
    expect(uploaded!.get("ids")).toBe("50");
    expect((uploaded!.getAll("files")[0] as File).name).toBe("tabela.pdf");
  });

  it("shows the dialog's validation: name at least 3, message required, each row named", async () => {
    const { api } = renderPage({ "GET /files/": { status: 200, data: { files: [], count: 0, hasMore: false } } });
    fireEvent.click(await screen.findByTestId("files-add"));
    fireEvent.change(await input("file-list-name"), { target: { value: "ab" } });
    fireEvent.click(screen.getByTestId("file-list-save"));
    expect(await screen.findByText("Nome muito curto!")).toBeTruthy();
    expect(screen.getByText("Obrigatório")).toBeTruthy();
    expect(api.requests).not.toContain("POST /files");
  });

  it("follows other users' changes live: create, update, delete", async () => {
    const { io } = renderPage({ "GET /files/": { status: 200, data: { files: [fileList(1, "Catálogo")], count: 1, hasMore: false } } });
    await screen.findByTestId("file-list-row-1");
    io.push("company-3-file", { action: "create", fileList: fileList(2, "Novidades") });
    expect(await screen.findByTestId("file-list-row-2")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Lista de arquivos (2)");
    io.push("company-3-file", { action: "update", fileList: fileList(1, "Catálogo 2026") });
    await waitFor(() => expect(within(screen.getByTestId("file-list-row-1")).getByTestId("file-list-name-cell").textContent).toBe("Catálogo 2026"));
    io.push("company-3-file", { action: "delete", fileId: 1 });
    await waitFor(() => expect(screen.queryByTestId("file-list-row-1")).toBeNull());
    expect(screen.getByTestId("page-title").textContent).toBe("Lista de arquivos (1)");
  });

  it("deletes a list after the confirmation", async () => {
    const { api } = renderPage({
      "GET /files/": { status: 200, data: { files: [fileList(1, "Catálogo")], count: 1, hasMore: false } },
      "DELETE /files/1": { status: 204 },
    });
    fireEvent.click(await screen.findByTestId("file-list-delete-1"));
    expect(screen.getByText("Deseja realmente excluir este registro?")).toBeTruthy();
    fireEvent.click(screen.getByTestId("confirm-ok"));
    expect(await screen.findByText("Lista de arquivos excluída com sucesso!")).toBeTruthy();
    expect(api.requests).toContain("DELETE /files/1");
  });
});
