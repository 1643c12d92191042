import { useEffect } from "react";
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
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type ContactImportEventPayload, type ContactImportRejectedRow } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import { applyImportEvent, contactKeys, useContactImport } from "./api.js";

interface Props {
  /** The import to follow; the dialog is open while it is set. */
  importId: number | undefined;
  onClose: () => void;
}

/** A spreadsheet import's progress bar (socket events, polling as a fallback) and then its report. */
export function ContactImportDialog({ importId, onClose }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const query = useContactImport(importId);
  const view = query.data;
  const finished = view?.status === "done" || view?.status === "failed";

  useSocketEvent<ContactImportEventPayload>(user ? companyEvent.contactImport(user.companyId) : null, (payload) => {
    applyImportEvent(queryClient, payload.import);
    // Anyone's finished import changes the list this page shows.
    if (payload.import.status === "done") void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
  });

  // The imported contacts show up in the list once the import is over (also when only polling saw it end).
  useEffect(() => {
    if (view?.status === "done") void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
  }, [view?.status, queryClient]);

  const percent = view && view.total > 0 ? Math.round((view.processed / view.total) * 100) : 0;
  const reason = (r: ContactImportRejectedRow) => (r.reason.startsWith("ERR_") ? t(`errors.${r.reason}`) : t(r.reason));

  return (
    <Dialog open={importId !== undefined} onClose={onClose} fullWidth maxWidth="md" data-testid="contact-import-dialog">
      <DialogTitle>{t("contacts.importDialog.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {view && (
            <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="contact-import-file">
              {view.fileName}
            </Typography>
          )}
          <Box>
            <LinearProgress
              variant={view && (view.total > 0 || finished) ? "determinate" : "indeterminate"}
              value={finished ? 100 : percent}
              aria-label={t("contacts.importDialog.title")}
              data-testid="contact-import-progress"
            />
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="contact-import-status" data-status={view?.status ?? "queued"}>
              {!view || view.status === "queued"
                ? t("contacts.importDialog.queued")
                : view.status === "running"
                  ? t("contacts.importDialog.running", { processed: view.processed, total: view.total })
                  : view.status === "done"
                    ? t("contacts.importDialog.done")
                    : t("contacts.importDialog.failed")}
            </Typography>
          </Box>
          {view?.status === "failed" && view.error && (
            <Alert severity="error" data-testid="contact-import-error">
              {t(`contacts.importDialog.errors.${view.error}`)}
            </Alert>
          )}
          {view && finished && (
            <Stack direction="row" spacing={3} data-testid="contact-import-report">
              <Count label={t("contacts.importDialog.created")} value={view.created} testId="contact-import-created" />
              <Count label={t("contacts.importDialog.updated")} value={view.updated} testId="contact-import-updated" />
              <Count label={t("contacts.importDialog.rejected")} value={view.rejectedCount} testId="contact-import-rejected" />
            </Stack>
          )}
          {view && finished && view.rejected.length > 0 && (
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("contacts.importDialog.row")}</TableCell>
                    <TableCell>{t("contacts.importDialog.field")}</TableCell>
                    <TableCell>{t("contacts.importDialog.reason")}</TableCell>
                    <TableCell>{t("contacts.importDialog.value")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.rejected.map((r) => (
                    <TableRow key={r.row} data-testid={`contact-import-rejected-row-${r.row}`}>
                      <TableCell>{r.row}</TableCell>
                      <TableCell>{r.field ? t(`contacts.fields.${r.field}`) : ""}</TableCell>
                      <TableCell>{reason(r)}</TableCell>
                      <TableCell sx={{ wordBreak: "break-all" }}>{r.value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {view && finished && view.rejectedCount > view.rejected.length && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {t("contacts.importDialog.more", { count: view.rejectedCount - view.rejected.length })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="contact-import-close">
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
