import type { ReactNode, UIEventHandler } from "react";
import { Button, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { TableCellProps } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";
import { PageHeader } from "./PageHeader.js";
import { SearchField } from "./SearchField.js";
import { EmptyState } from "./EmptyState.js";

/** One column of a {@link CrudTable}: its header and what each row shows in it. */
export interface CrudColumn<T> {
  /** Header cell content (none for an icon column). */
  header?: ReactNode;
  cell: (row: T) => ReactNode;
  align?: TableCellProps["align"];
  padding?: TableCellProps["padding"];
  /** data-testid of the body cell, the same on every row (tests look it up within a row). */
  testId?: string;
}

interface CrudTableProps<T extends { id: number }> {
  /** data-testid of the scrolling container (`tags-table`). */
  testId: string;
  /** Prefix of the per-row test ids: `<prefix>-row-<id>`, `<prefix>-edit-<id>`, `<prefix>-delete-<id>`. */
  rowTestId: string;
  columns: readonly CrudColumn<T>[];
  rows: readonly T[];
  /** The empty state shows only once the list has loaded, never while it loads. */
  loaded: boolean;
  emptyMessage: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** Rows the user may not change get no edit / delete button (default: every row gets both). */
  canEdit?: (row: T) => boolean;
  canDelete?: (row: T) => boolean;
  /** Infinite scroll (`useNearBottom`). */
  onScroll?: UIEventHandler<HTMLDivElement>;
  /** Keep the header in view and the table within the viewport (default); off for short lists under a banner. */
  sticky?: boolean;
}

/**
 * The administration list table (administration section 2): the columns, then an actions column with edit and delete
 * icon buttons, and the empty state under the header once loaded.
 */
export function CrudTable<T extends { id: number }>({
  testId,
  rowTestId,
  columns,
  rows,
  loaded,
  emptyMessage,
  onEdit,
  onDelete,
  canEdit,
  canDelete,
  onScroll,
  sticky = true,
}: CrudTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <TableContainer sx={sticky ? { maxHeight: "calc(100vh - 200px)" } : undefined} onScroll={onScroll} data-testid={testId}>
        <Table stickyHeader={sticky} size="small">
          <TableHead>
            <TableRow>
              {columns.map((column, index) => (
                <TableCell key={index} align={column.align} padding={column.padding}>
                  {column.header}
                </TableCell>
              ))}
              <TableCell align="right">{t("common.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover data-testid={`${rowTestId}-row-${row.id}`}>
                {columns.map((column, index) => (
                  <TableCell key={index} align={column.align} padding={column.padding} data-testid={column.testId}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {/* nowrap: the two buttons stay on one line in a narrow table. */}
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {(canEdit?.(row) ?? true) && (
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => onEdit(row)} data-testid={`${rowTestId}-edit-${row.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                  )}
                  {(canDelete?.(row) ?? true) && (
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => onDelete(row)} data-testid={`${rowTestId}-delete-${row.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {loaded && rows.length === 0 && <EmptyState message={emptyMessage} />}
      </TableContainer>
    </Paper>
  );
}

interface CrudHeaderProps {
  title: string;
  /** Prefix of the test ids: `<prefix>-search`, `<prefix>-add`. */
  testId: string;
  addLabel: string;
  onAdd: () => void;
  /** The search box, on pages that have one. */
  search?: { value: string; onChange: (value: string) => void; placeholder?: string };
  /** The add button's icon (default +); null for none. */
  addIcon?: ReactNode;
}

/** A list page's header: the title, then the search box and the add button. */
export function CrudHeader({ title, testId, addLabel, onAdd, search, addIcon = <Add /> }: CrudHeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={title}
      actions={
        <>
          {search && (
            <SearchField
              placeholder={search.placeholder ?? t("common.search")}
              value={search.value}
              onChange={search.onChange}
              data-testid={`${testId}-search`}
            />
          )}
          <Button variant="contained" startIcon={addIcon} onClick={onAdd} data-testid={`${testId}-add`}>
            {addLabel}
          </Button>
        </>
      }
    />
  );
}
