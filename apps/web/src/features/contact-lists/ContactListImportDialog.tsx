import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@atendo/shared";
import { useContactListImport } from "./api.js";

interface Props {
  /** The import to follow; the dialog is open while it is set. */
  importId: number | undefined;
  onClose: () => void;
}

/**
 * A list import's progress bar and then its per-row report: each row of the sheet with what became of it (imported,
 * duplicate, invalid number). Progress comes from the page's `ContactListItem` socket events, with polling as a
 * fallback.
 */
export function ContactListImportDialog({ importId, onClose }: Props) {
  const { t } = useTranslation();
  const view = useContactListImport(importId).data;
  const finished = view?.status === "done" || view?.status === "failed";
  const percent = view && view.total > 0 ? Math.round((view.processed / view.total) * 100) : 0;
  const reported = view ? view.imported + view.duplicates + view.invalid : 0;

  return (
    <Dialog open={importId !== undefined} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="contact-list-import-title" data-testid="contact-list-import-dialog">
      <DialogTitle id="contact-list-import-title">{t("contactLists.import.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {view && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {view.fileName}
            </Typography>
          )}
          <Box>
            <LinearProgress
              variant={view && (view.total > 0 || finished) ? "determinate" : "indeterminate"}
              value={finished ? 100 : percent}
              aria-label={t("contactLists.import.progress")}
              data-testid="contact-list-import-progress"
            />
            <Typography variant="body2" sx={{ mt: 1 }} role="status" data-testid="contact-list-import-status" data-status={view?.status ?? "queued"}>
              {!view || view.status === "queued"
                ? t("contactLists.import.queued")
                : view.status === "running"
                  ? t("contactLists.import.running", { processed: view.processed, total: view.total })
                  : view.status === "done"
                    ? t("contactLists.import.done")
                    : t("contactLists.import.failed")}
            </Typography>
          </Box>
          {view?.status === "failed" && view.error && (
            <Alert severity="error" data-testid="contact-list-import-error">
              {t(`contactLists.import.errors.${view.error}`)}
            </Alert>
          )}
          {view && finished && (
            <Stack direction="row" spacing={3} data-testid="contact-list-import-report">
              <Count label={t("contactLists.import.imported")} value={view.imported} testId="contact-list-import-imported" />
              <Count label={t("contactLists.import.duplicates")} value={view.duplicates} testId="contact-list-import-duplicates" />
              <Count label={t("contactLists.import.invalid")} value={view.invalid} testId="contact-list-import-invalid" />
            </Stack>
          )}
          {view && finished && view.rows.length > 0 && (
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-label={t("contactLists.import.report")} data-testid="contact-list-import-rows">
                <TableHead>
                  <TableRow>
                    <TableCell>{t("contactLists.import.row")}</TableCell>
                    <TableCell>{t("contactLists.items.name")}</TableCell>
                    <TableCell>{t("contactLists.items.number")}</TableCell>
                    <TableCell>{t("contactLists.import.result")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.rows.map((r) => (
                    <TableRow key={r.row} data-testid={`contact-list-import-row-${r.row}`} data-status={r.status}>
                      <TableCell>{r.row}</TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell sx={{ wordBreak: "break-all" }}>{r.status === "invalid-number" ? r.number : formatNumber(r.number ?? "")}</TableCell>
                      <TableCell>{t(`contactLists.import.status.${r.status}`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {view && finished && reported > view.rows.length && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {t("contactLists.import.more", { count: reported - view.rows.length })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="contact-list-import-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
