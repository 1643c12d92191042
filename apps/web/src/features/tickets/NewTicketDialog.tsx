import { useEffect, useState } from "react";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { formatNumber, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type ContactOption } from "@atendo/shared";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { useAuth } from "../auth/auth-context.js";
import { useCan } from "../auth/useCan.js";
import { useConnections } from "../connections/api.js";
import { toastError } from "../errors/toast.js";
import { useQueueOptions } from "../users/api.js";
import { useContactOptions, useCreateTicket } from "./api.js";
import { contactCanChat, otherOpenTicketText } from "./other-open-ticket.js";

interface Props {
  open: boolean;
  onClose: () => void;
  /** The contacts page opens the dialog with the clicked contact chosen. */
  contact?: ContactOption | null;
}

const NO_QUEUE = "";

/**
 * New ticket (core-service section 5): a contact found by search from 3 characters (500 ms debounce), a queue (required
 * unless the user may create without one: admins), an optional connection. Contacts without a valid WhatsApp number
 * are marked and cannot be chosen. Another user's active ticket for the contact is named in a notice.
 */
export function NewTicketDialog({ open, onClose, contact: preset = null }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const withoutQueue = useCan("tickets:createWithoutQueue");
  const create = useCreateTicket();
  const [input, setInput] = useState("");
  const [contact, setContact] = useState<ContactOption | null>(preset);
  const [queueId, setQueueId] = useState<number | "">(NO_QUEUE);
  const [whatsappId, setWhatsappId] = useState<number | "">(user?.whatsappId ?? "");
  const [queueError, setQueueError] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const searching = open && term.length >= SEARCH_MIN_CHARS;
  const options = useContactOptions(term, searching);
  const companyQueues = useQueueOptions(open && withoutQueue);
  const connections = useConnections(open);
  const queues = withoutQueue ? (companyQueues.data ?? user?.queues ?? []) : (user?.queues ?? []);

  useEffect(() => {
    if (!open) return;
    setContact(preset);
    setInput("");
    setQueueId(user && user.queues.length === 1 && user.queues[0] ? user.queues[0].id : NO_QUEUE);
    setWhatsappId(user?.whatsappId ?? "");
    setQueueError(false);
    setNotice(null);
  }, [open, preset, user]);

  const contactRefused = contact !== null && !contactCanChat(contact);

  const submit = () => {
    if (!contact || contactRefused) return;
    if (queueId === NO_QUEUE && !withoutQueue) {
      setQueueError(true);
      return;
    }
    setNotice(null);
    create.mutate(
      { contactId: contact.id, queueId: queueId === NO_QUEUE ? null : queueId, ...(whatsappId === "" ? {} : { whatsappId }) },
      {
        onSuccess: (ticket) => {
          onClose();
          navigate(`/tickets/${ticket.uuid}`);
        },
        onError: (error) => {
          const text = otherOpenTicketText(error, t);
          if (text) setNotice(text);
          else toastError(error);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="new-ticket-dialog">
      <DialogTitle>{t("tickets.newTicket.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={options.data ?? []}
            value={contact}
            inputValue={input}
            onInputChange={(_, value) => setInput(value)}
            onChange={(_, value) => {
              setContact(value);
              setNotice(null);
            }}
            filterOptions={(all) => all}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(option) => option.name}
            getOptionDisabled={(option) => !contactCanChat(option)}
            loading={options.isFetching}
            noOptionsText={term.length < SEARCH_MIN_CHARS ? t("tickets.newTicket.searchHint", { count: SEARCH_MIN_CHARS }) : t("tickets.newTicket.noContacts")}
            renderOption={({ key, ...props }, option) => (
              <Box component="li" key={key} {...props} data-testid={`new-ticket-contact-option-${option.id}`}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2">{option.name}</Typography>
                  <Typography variant="caption" sx={{ color: "text.secondary" }}>
                    {option.number ? formatNumber(option.number) : "—"}
                  </Typography>
                </Box>
                {!contactCanChat(option) && <Chip size="small" color="warning" label={t("tickets.newTicket.notOnWhatsapp")} data-testid="new-ticket-contact-invalid" />}
              </Box>
            )}
            renderInput={(params) => <TextField {...params} label={t("tickets.newTicket.contact")} autoFocus />}
            data-testid="new-ticket-contact"
          />
          {contactRefused && (
            <Alert severity="warning" data-testid="new-ticket-contact-refused">
              {t("tickets.newTicket.contactRefused")}
            </Alert>
          )}
          <FormControl error={queueError} fullWidth>
            <InputLabel id="new-ticket-queue-label" shrink>
              {t("tickets.newTicket.queue")}
            </InputLabel>
            <Select
              labelId="new-ticket-queue-label"
              label={t("tickets.newTicket.queue")}
              notched
              displayEmpty
              value={queueId}
              onChange={(e) => {
                setQueueId(String(e.target.value) === NO_QUEUE ? NO_QUEUE : Number(e.target.value));
                setQueueError(false);
              }}
              data-testid="new-ticket-queue"
            >
              <MenuItem value={NO_QUEUE} data-testid="new-ticket-queue-option-none">
                {withoutQueue ? t("tickets.noQueue") : t("tickets.newTicket.chooseQueue")}
              </MenuItem>
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={queue.id} data-testid={`new-ticket-queue-option-${queue.id}`}>
                  {queue.name}
                </MenuItem>
              ))}
            </Select>
            {queueError && <FormHelperText data-testid="new-ticket-queue-error">{t("tickets.newTicket.queueRequired")}</FormHelperText>}
          </FormControl>
          <FormControl fullWidth>
            <InputLabel id="new-ticket-connection-label" shrink>
              {t("tickets.newTicket.connection")}
            </InputLabel>
            <Select
              labelId="new-ticket-connection-label"
              label={t("tickets.newTicket.connection")}
              notched
              displayEmpty
              value={whatsappId}
              onChange={(e) => setWhatsappId(String(e.target.value) === "" ? "" : Number(e.target.value))}
              data-testid="new-ticket-connection"
            >
              <MenuItem value="">{t("tickets.newTicket.defaultConnection")}</MenuItem>
              {(connections.data ?? []).map((connection) => (
                <MenuItem key={connection.id} value={connection.id} data-testid={`new-ticket-connection-option-${connection.id}`}>
                  {connection.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {notice && (
            <Alert severity="error" data-testid="new-ticket-other-open">
              {notice}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={!contact || contactRefused || create.isPending} data-testid="new-ticket-save">
          {t("tickets.newTicket.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
