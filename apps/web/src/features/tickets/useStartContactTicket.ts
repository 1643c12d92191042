import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { ContactOption } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { toastError, toastErrorText } from "../errors/toast.js";
import { useCreateTicket } from "./api.js";
import { contactCanChat, otherOpenTicketText } from "./other-open-ticket.js";

/**
 * A click on a contact (contacts page): with exactly one queue the user starts the ticket there at once
 * (POST /tickets, status open) and goes to it; otherwise the new-ticket dialog opens with the contact chosen.
 * Another user's active ticket for the contact is named in the toast.
 */
export function useStartContactTicket() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const [dialogContact, setDialogContact] = useState<ContactOption | null>(null);

  const start = (contact: ContactOption) => {
    const only = user?.queues.length === 1 ? user.queues[0] : undefined;
    if (!only) {
      setDialogContact(contact);
      return;
    }
    if (!contactCanChat(contact)) {
      toastErrorText(t("tickets.newTicket.contactRefused"));
      return;
    }
    create.mutate(
      { contactId: contact.id, queueId: only.id, ...(user?.whatsappId ? { whatsappId: user.whatsappId } : {}) },
      {
        onSuccess: (ticket) => navigate(`/tickets/${ticket.uuid}`),
        onError: (error) => {
          const text = otherOpenTicketText(error, t);
          if (text) toastErrorText(text);
          else toastError(error);
        },
      },
    );
  };

  return { start, starting: create.isPending, dialogContact, closeDialog: () => setDialogContact(null) };
}
