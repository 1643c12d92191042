import { useEffect, useState } from "react";
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatNumber, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type ContactOption } from "@atendo/shared";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { contactCanChat } from "../tickets/other-open-ticket.js";
import { forwardMessages, useForwardContacts } from "./message-actions-api.js";
import { readSignMessage, useSignMessage } from "./sign-message.js";

interface Props {
  open: boolean;
  /** The selected messages, in the conversation's order. */
  messageIds: number[];
  onClose: () => void;
  /** After every message went: the selection ends. */
  onDone: () => void;
}

/**
 * Forward the selection to a contact (core-service sections 4 and 5): a contact found by search from 3 characters
 * (500 ms debounce), only contacts with a number; the sign toggle (the same local choice as the composer's); the
 * messages go one at a time, FORWARD_DELAY_MS apart, with progress.
 */
export function ForwardDialog({ open, messageIds, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [sign, changeSign] = useSignMessage();
  const [sent, setSent] = useState<number | null>(null);
  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const searching = open && term.length >= SEARCH_MIN_CHARS;
  const options = useForwardContacts(term, searching);
  const sending = sent !== null;

  useEffect(() => {
    if (!open) return;
    setInput("");
    setContact(null);
    setSent(null);
    // On opening only: the composer may have changed the stored choice since this dialog was mounted.
    if (readSignMessage() !== sign) changeSign(readSignMessage());
  }, [open]);

  const send = async () => {
    if (!contact || !contactCanChat(contact) || sending) return;
    setSent(0);
    try {
      await forwardMessages(messageIds, contact.id, sign, setSent);
      toastSuccess(t("conversation.forward.done", { count: messageIds.length }));
      onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setSent(null);
    }
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullWidth maxWidth="xs" data-testid="forward-dialog">
      <DialogTitle>{t("conversation.forward.title", { count: messageIds.length })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={options.data ?? []}
            value={contact}
            inputValue={input}
            onInputChange={(_, value) => setInput(value)}
            onChange={(_, value) => setContact(value)}
            filterOptions={(all) => all}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(option) => option.name}
            getOptionDisabled={(option) => !contactCanChat(option)}
            loading={options.isFetching}
            disabled={sending}
            noOptionsText={term.length < SEARCH_MIN_CHARS ? t("conversation.forward.searchHint", { count: SEARCH_MIN_CHARS }) : t("conversation.forward.noContacts")}
            renderOption={({ key, ...props }, option) => (
              <Box component="li" key={key} {...props} data-testid={`forward-contact-option-${option.id}`}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2">{option.name}</Typography>
                  <Typography variant="caption" sx={{ color: "text.secondary" }}>
                    {option.number ? formatNumber(option.number) : "—"}
                  </Typography>
                </Box>
                {!contactCanChat(option) && <Chip size="small" color="warning" label={t("conversation.forward.noNumber")} />}
              </Box>
            )}
            renderInput={(params) => <TextField {...params} label={t("conversation.forward.contact")} autoFocus />}
            data-testid="forward-contact"
          />
          <FormControlLabel
            control={<Switch checked={sign} onChange={(event) => changeSign(event.target.checked)} disabled={sending} slotProps={{ input: { "data-testid": "forward-sign" } as object }} />}
            label={t("conversation.forward.sign")}
          />
          {sending && (
            <Box data-testid="forward-progress">
              <LinearProgress variant="determinate" value={(sent / Math.max(messageIds.length, 1)) * 100} />
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                {t("conversation.forward.progress", { sent, total: messageIds.length })}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t("common.cancel")}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!contact || !contactCanChat(contact) || sending || messageIds.length === 0} data-testid="forward-send">
          {t("conversation.forward.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
