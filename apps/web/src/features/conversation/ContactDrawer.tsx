import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Avatar, Box, Button, CircularProgress, Divider, Drawer, IconButton, Stack, Typography, useMediaQuery, useTheme } from "@mui/material";
import Close from "@mui/icons-material/Close";
import Edit from "@mui/icons-material/Edit";
import EventOutlined from "@mui/icons-material/EventOutlined";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { displayNumber, type ContactDetailView, type TicketView } from "@atendo/shared";
import { ContactDialog } from "../contacts/ContactDialog.js";
import { useContact } from "../contacts/api.js";
import { ticketKeys } from "../tickets/keys.js";
import { TicketNotes } from "./TicketNotes.js";
import { useCan } from "../auth/useCan.js";
import { ScheduleDialog } from "../schedules/ScheduleDialog.js";

/** The contact drawer's width (core-service section 2). */
export const CONTACT_DRAWER_WIDTH = 320;

interface Props {
  ticket: TicketView;
  open: boolean;
  onClose: () => void;
}

/**
 * The right-hand drawer of the conversation: the contact (avatar, name, number, e-mail, extra info), its edit form
 * (the contacts page's dialog) and the ticket's notes. Beside the conversation on wide screens, over it on narrow ones.
 */
export function ContactDrawer({ ticket, open, onClose }: Props) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("sm"));
  if (narrow) {
    return (
      <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: CONTACT_DRAWER_WIDTH, maxWidth: "100%" } } }}>
        {open && <DrawerContent ticket={ticket} onClose={onClose} />}
      </Drawer>
    );
  }
  if (!open) return null;
  return (
    <Box sx={{ width: CONTACT_DRAWER_WIDTH, flexShrink: 0, borderLeft: 1, borderColor: "divider", overflowY: "auto", minHeight: 0 }}>
      <DrawerContent ticket={ticket} onClose={onClose} />
    </Box>
  );
}

function DrawerContent({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useContact(ticket.contactId);
  const [editing, setEditing] = useState(false);
  // "Agendar" (administration section 2): a schedule for this contact, then the schedules page.
  const canSchedule = useCan("schedules:use");
  const [scheduling, setScheduling] = useState(false);
  const navigate = useNavigate();
  useSyncTicketContact(contact.data);
  const shown = contact.data ?? { ...ticket.contact, extraInfo: [] };
  // Stable while the dialog is open: a new object would reset what the user typed.
  const scheduleContact = useMemo(
    () => ({ id: ticket.contactId, name: shown.name, number: shown.number, email: shown.email }),
    [ticket.contactId, shown.name, shown.number, shown.email],
  );

  return (
    <Box sx={{ p: 2 }} data-testid="contact-drawer">
      <Stack direction="row" sx={{ alignItems: "center", mb: 2 }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t("composer.drawer.title")}
        </Typography>
        <IconButton size="small" aria-label={t("composer.drawer.close")} onClick={onClose} data-testid="contact-drawer-close">
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      <Stack spacing={1} sx={{ alignItems: "center", textAlign: "center" }}>
        <Avatar src={shown.profilePicUrl ?? undefined} alt={shown.name} sx={{ width: 96, height: 96, fontSize: 40 }}>
          {shown.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography variant="h6" sx={{ wordBreak: "break-word" }} data-testid="contact-drawer-name">
          {shown.name}
        </Typography>
        <Typography variant="body2" data-testid="contact-drawer-number">
          {shown.number ? displayNumber(shown.number) : "—"}
        </Typography>
        {shown.email && (
          <Typography variant="body2" sx={{ color: "text.secondary", wordBreak: "break-all" }} data-testid="contact-drawer-email">
            {shown.email}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" startIcon={<Edit />} onClick={() => setEditing(true)} data-testid="contact-edit">
            {t("composer.drawer.edit")}
          </Button>
          {canSchedule && (
            <Button size="small" variant="outlined" startIcon={<EventOutlined />} onClick={() => setScheduling(true)} data-testid="contact-schedule">
              {t("schedules.schedule")}
            </Button>
          )}
        </Stack>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <TicketNotes key={ticket.id} ticket={ticket} />
      <Divider sx={{ my: 2 }} />
      <Section title={t("composer.drawer.extraInfo")}>
        {contact.isLoading ? (
          <CircularProgress size={20} />
        ) : shown.extraInfo.length === 0 ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {t("composer.drawer.noExtraInfo")}
          </Typography>
        ) : (
          shown.extraInfo.map((info, index) => (
            <Box key={`${info.name}-${index}`} sx={{ mb: 1 }} data-testid={`contact-drawer-extra-${index}`}>
              <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }}>
                {info.name}
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
                {info.value}
              </Typography>
            </Box>
          ))
        )}
      </Section>
      <ContactDialog open={editing} contactId={ticket.contactId} onClose={() => setEditing(false)} />
      {canSchedule && (
        <ScheduleDialog
          open={scheduling}
          contact={scheduleContact}
          onClose={() => setScheduling(false)}
          onSaved={() => navigate("/schedules")}
        />
      )}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** An edited contact shows at once in the open ticket's header (its ticket carries a copy of the contact). */
function useSyncTicketContact(contact: ContactDetailView | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!contact) return;
    for (const [key, ticket] of queryClient.getQueriesData<TicketView>({ queryKey: ticketKeys.details() })) {
      if (!ticket || ticket.contactId !== contact.id) continue;
      const { name, number, email, profilePicUrl } = contact;
      if (ticket.contact.name === name && ticket.contact.number === number && ticket.contact.email === email && ticket.contact.profilePicUrl === profilePicUrl) continue;
      queryClient.setQueryData<TicketView>(key, { ...ticket, contact: { ...ticket.contact, name, number, email, profilePicUrl } });
    }
  }, [contact, queryClient]);
}
