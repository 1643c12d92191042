import { useEffect, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EDIT_DIALOG_ROWS, type MessageView } from "@atendo/shared";
import { useEditMessage } from "./message-actions-api.js";

/** Edit one's own sent text (core-service section 2): a multiline field up to EDIT_DIALOG_ROWS rows. */
export function EditMessageDialog({ message, onClose }: { message: MessageView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditMessage();
  const [body, setBody] = useState("");
  useEffect(() => {
    if (message) setBody(message.body);
  }, [message]);
  const unchanged = body.trim() === "" || body === message?.body;
  const save = () => {
    if (!message || unchanged) return;
    edit.mutate({ id: message.id, body }, { onSuccess: onClose });
  };
  return (
    <Dialog open={message !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="edit-dialog">
      <DialogTitle>{t("conversation.edit.title")}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          maxRows={EDIT_DIALOG_ROWS}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              save();
            }
          }}
          slotProps={{ htmlInput: { "data-testid": "edit-body", "aria-label": t("conversation.edit.title") } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={save} disabled={unchanged || edit.isPending} data-testid="edit-save">
          {t("common.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
