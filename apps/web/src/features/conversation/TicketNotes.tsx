import { useState, type FormEvent } from "react";
import { Box, Button, CircularProgress, IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { TICKET_NOTE_MAX, TICKET_NOTE_MIN, type TicketNoteView, type TicketView } from "@atendo/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { formatShortDateTime } from "../../lib/dates.js";
import { useAuth } from "../auth/auth-context.js";
import { toastSuccess } from "../errors/toast.js";
import { useAddTicketNote, useDeleteTicketNote, useTicketNotes } from "./notes-api.js";

/** The ticket's internal notes (core-service section 3): list with author and date, add (2+ characters), delete. */
export function TicketNotes({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const notes = useTicketNotes(ticket.id, ticket.contactId);
  const add = useAddTicketNote(ticket.id, ticket.contactId);
  const remove = useDeleteTicketNote(ticket.id, ticket.contactId);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TicketNoteView | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text.length < TICKET_NOTE_MIN) {
      // The server's rule and words (createTicketNoteSchema): required, then at least 2 characters.
      setError(text ? t("validation.tooShort") : t("validation.required"));
      return;
    }
    setError(null);
    add.mutate(text, {
      onSuccess: () => {
        setNote("");
        toastSuccess(t("composer.notes.added"));
      },
    });
  };

  // The author or an admin may delete (the server decides; the button follows the same rule).
  const mayDelete = (n: TicketNoteView) => user?.profile === "admin" || n.user?.id === user?.id;

  return (
    <Box data-testid="ticket-notes">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t("composer.notes.title")}
      </Typography>
      <Stack component="form" onSubmit={submit} noValidate spacing={1}>
        <TextField
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            if (error) setError(null);
          }}
          placeholder={t("composer.notes.placeholder")}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { maxLength: TICKET_NOTE_MAX, "data-testid": "notes-input", "aria-label": t("composer.notes.placeholder") } }}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <Button type="submit" variant="contained" size="small" disabled={add.isPending} data-testid="notes-add">
            {t("composer.notes.add")}
          </Button>
        </Box>
      </Stack>
      {notes.isLoading && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress size={20} />
        </Box>
      )}
      {notes.isSuccess && notes.data.length === 0 && (
        <Typography variant="body2" sx={{ color: "text.secondary", py: 1 }}>
          {t("composer.notes.empty")}
        </Typography>
      )}
      <List dense disablePadding>
        {(notes.data ?? []).map((n) => (
          <ListItem
            key={n.id}
            disableGutters
            divider
            data-testid={`note-${n.id}`}
            secondaryAction={
              mayDelete(n) && (
                <Tooltip title={t("composer.notes.delete")}>
                  <IconButton edge="end" size="small" aria-label={t("composer.notes.delete")} onClick={() => setDeleting(n)} data-testid={`note-delete-${n.id}`}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            }
          >
            <ListItemText
              primary={n.note}
              secondary={`${n.user?.name ?? t("composer.notes.unknownAuthor")} · ${formatShortDateTime(n.createdAt)}`}
              slotProps={{ primary: { sx: { whiteSpace: "pre-wrap", wordBreak: "break-word" } } }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={t("composer.notes.deleteTitle")}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("composer.notes.deleted")) });
        }}
      />
    </Box>
  );
}
