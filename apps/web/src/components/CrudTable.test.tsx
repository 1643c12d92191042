import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { i18n } from "../i18n/index.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";
import { CrudHeader, CrudTable, type CrudColumn } from "./CrudTable.js";

interface Row {
  id: number;
  name: string;
  locked: boolean;
}

const rows: Row[] = [
  { id: 1, name: "Alfa", locked: false },
  { id: 2, name: "Beta", locked: true },
];
const columns: CrudColumn<Row>[] = [
  { header: "Nome", testId: "row-name", cell: (row) => row.name },
  { header: "Estado", align: "center", cell: (row) => (row.locked ? "fechado" : "aberto") },
];

/** A list page in miniature: the table, its edit dialog state and the delete confirmation. */
function Harness({ onDeleted, list = rows, loaded = true }: { onDeleted: (row: Row) => void; list?: Row[]; loaded?: boolean }) {
  const editor = useEditDialog<Row>();
  const confirmDelete = useConfirmDelete<Row>({ title: (row) => `Excluir ${row.name}?`, onConfirm: onDeleted });
  return (
    <>
      <CrudHeader title="Coisas" testId="things" addLabel="Adicionar" onAdd={() => editor.show()} />
      <CrudTable
        testId="things-table"
        rowTestId="thing"
        columns={columns}
        rows={list}
        loaded={loaded}
        emptyMessage="Nada aqui"
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        canDelete={(row) => !row.locked}
      />
      <output data-testid="editor">{editor.open ? `open:${editor.item?.name ?? "new"}` : "closed"}</output>
      {confirmDelete.dialog}
    </>
  );
}

describe("CrudTable", () => {
  it("renders the header, one row a record with its cells' test ids, and the actions the row allows", () => {
    render(<Harness onDeleted={() => undefined} />);
    const table = screen.getByTestId("things-table");
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Nome",
      "Estado",
      i18n.t("common.actions"),
    ]);
    const first = screen.getByTestId("thing-row-1");
    expect(within(first).getByTestId("row-name").textContent).toBe("Alfa");
    expect(within(first).getByText("aberto").getAttribute("class")).toContain("alignCenter");
    expect(screen.getByTestId("thing-edit-1").getAttribute("aria-label")).toBe(i18n.t("common.edit"));
    expect(screen.getByTestId("thing-delete-1").getAttribute("aria-label")).toBe(i18n.t("common.delete"));
    // The locked row may be edited but not deleted.
    expect(screen.getByTestId("thing-edit-2")).toBeTruthy();
    expect(screen.queryByTestId("thing-delete-2")).toBeNull();
    expect(screen.queryByTestId("empty-state")).toBeNull();
  });

  it("shows the empty state only once loaded", () => {
    const { rerender } = render(<Harness onDeleted={() => undefined} list={[]} loaded={false} />);
    expect(screen.queryByTestId("empty-state")).toBeNull();
    rerender(<Harness onDeleted={() => undefined} list={[]} loaded />);
    expect(screen.getByTestId("empty-state").textContent).toContain("Nada aqui");
  });

  it("opens the dialog to create and to edit a row", () => {
    render(<Harness onDeleted={() => undefined} />);
    expect(screen.getByTestId("editor").textContent).toBe("closed");
    fireEvent.click(screen.getByTestId("things-add"));
    expect(screen.getByTestId("editor").textContent).toBe("open:new");
    fireEvent.click(screen.getByTestId("thing-edit-2"));
    expect(screen.getByTestId("editor").textContent).toBe("open:Beta");
  });

  it("deletes a row only after the confirmation, titled for that row", async () => {
    const onDeleted = vi.fn();
    render(<Harness onDeleted={onDeleted} />);
    fireEvent.click(screen.getByTestId("thing-delete-1"));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(within(dialog).getByText("Excluir Alfa?")).toBeTruthy();
    fireEvent.click(within(dialog).getByText(i18n.t("common.cancel")));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    expect(onDeleted).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId("thing-delete-1"));
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    expect(onDeleted).toHaveBeenCalledExactlyOnceWith(rows[0]);
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
  });
});

describe("CrudHeader", () => {
  it("shows the search box only when given, with the common placeholder unless one is set", () => {
    const onChange = vi.fn();
    const { rerender } = render(<CrudHeader title="Coisas" testId="things" addLabel="Adicionar" onAdd={() => undefined} />);
    expect(screen.getByTestId("page-title").textContent).toBe("Coisas");
    expect(screen.queryByTestId("things-search")).toBeNull();
    expect(screen.getByTestId("things-add").textContent).toBe("Adicionar");

    rerender(<CrudHeader title="Coisas" testId="things" addLabel="Adicionar" onAdd={() => undefined} search={{ value: "", onChange }} />);
    const input = screen.getByTestId("things-search").querySelector("input")!;
    expect(input.getAttribute("placeholder")).toBe(i18n.t("common.search"));
    fireEvent.change(input, { target: { value: "x" } });
    expect(onChange).toHaveBeenCalledWith("x");

    rerender(
      <CrudHeader
        title="Coisas"
        testId="things"
        addLabel="Adicionar"
        onAdd={() => undefined}
        search={{ value: "", onChange, placeholder: "Buscar coisas" }}
        addIcon={null}
      />,
    );
    expect(screen.getByTestId("things-search").querySelector("input")!.getAttribute("placeholder")).toBe("Buscar coisas");
    expect(screen.getByTestId("things-add").querySelector("svg")).toBeNull();
  });
});
