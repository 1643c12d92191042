import { List, ListItemButton, ListItemText } from "@mui/material";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { previewText } from "@atendo/shared";
import { BellPopover } from "./BellPopover.js";
import { useUnreadTickets } from "./unread-tickets.js";

/** Tickets with unread messages for this user (spec section 4); opens the ticket on click. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickets = useUnreadTickets();
  return (
    <BellPopover
      testId="notifications-bell"
      label={t("layout.notifications.title")}
      icon={<NotificationsOutlined />}
      count={tickets.length}
      emptyText={t("layout.notifications.empty")}
    >
      <List dense>
        {tickets.map((ticket) => (
          <ListItemButton key={ticket.id} onClick={() => navigate(`/tickets/${ticket.uuid}`)}>
            <ListItemText primary={ticket.contactName} secondary={previewText(ticket.lastMessage)} />
          </ListItemButton>
        ))}
      </List>
    </BellPopover>
  );
}
