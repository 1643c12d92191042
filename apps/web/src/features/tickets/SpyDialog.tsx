import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TicketView } from "@atendo/shared";
import { MessagesList } from "./MessagesList.js";

/** Admins look into a conversation without opening (and so without reading) the ticket (core-service section 6). */
export function SpyDialog({ ticket, onClose }: { ticket: TicketView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={ticket !== null} onClose={onClose} fullWidth maxWidth="md" data-testid="spy-dialog">
      <DialogTitle>{t("tickets.spy.title", { name: ticket?.contact.name ?? "" })}</DialogTitle>
      <DialogContent sx={{ height: "65vh", display: "flex", flexDirection: "column", p: 0 }}>
        {ticket && <MessagesList ticketId={ticket.id} ticket={ticket} testId="spy-messages" readOnly />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="spy-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
