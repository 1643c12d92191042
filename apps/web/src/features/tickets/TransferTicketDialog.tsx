import { useEffect, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TicketView } from "@atendo/shared";
import { useConnections } from "../connections/api.js";
import { useQueueOptions } from "../users/api.js";
import { useUpdateTicket, useUserNames } from "./api.js";

interface Props {
  ticket: TicketView | null;
  onClose: () => void;
}

type Choice = number | "";

/**
 * Transfer (core-service sections 4 and 5): a user and/or a queue and a connection; submitting needs a queue. A queue
 * without a user leaves the ticket pending for that queue.
 */
export function TransferTicketDialog({ ticket, onClose }: Props) {
  const { t } = useTranslation();
  const open = ticket !== null;
  const users = useUserNames(open);
  const queues = useQueueOptions(open);
  const connections = useConnections(open);
  const update = useUpdateTicket();
  const [userId, setUserId] = useState<Choice>("");
  const [queueId, setQueueId] = useState<Choice>("");
  const [whatsappId, setWhatsappId] = useState<Choice>("");

  useEffect(() => {
    if (!ticket) return;
    setUserId("");
    setQueueId(ticket.queueId ?? "");
    setWhatsappId(ticket.whatsappId ?? "");
  }, [ticket]);

  const submit = () => {
    if (!ticket || queueId === "") return;
    update.mutate(
      {
        id: ticket.id,
        input: {
          userId: userId === "" ? null : userId,
          queueId,
          status: userId === "" ? "pending" : "open",
          ...(whatsappId === "" ? {} : { whatsappId }),
        },
      },
      { onSuccess: onClose },
    );
  };

  const select = (testId: string, label: string, value: Choice, onChange: (value: Choice) => void, options: { id: number; name: string }[], empty?: string) => (
    <FormControl fullWidth>
      <InputLabel id={`${testId}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${testId}-label`}
        label={label}
        notched
        displayEmpty
        value={value}
        onChange={(e) => onChange(String(e.target.value) === "" ? "" : Number(e.target.value))}
        data-testid={testId}
      >
        {empty !== undefined && <MenuItem value="">{empty}</MenuItem>}
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
            {option.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="transfer-dialog">
      <DialogTitle>{t("tickets.transfer.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {select("transfer-user", t("tickets.transfer.user"), userId, setUserId, users.data ?? [], t("tickets.transfer.noUser"))}
          <div>
            {select("transfer-queue", t("tickets.transfer.queue"), queueId, setQueueId, queues.data ?? [], t("tickets.newTicket.chooseQueue"))}
            {queueId === "" && <FormHelperText>{t("tickets.transfer.queueRequired")}</FormHelperText>}
          </div>
          {select("transfer-connection", t("tickets.transfer.connection"), whatsappId, setWhatsappId, connections.data ?? [], t("tickets.transfer.sameConnection"))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={queueId === "" || update.isPending} data-testid="transfer-submit">
          {t("tickets.transfer.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
