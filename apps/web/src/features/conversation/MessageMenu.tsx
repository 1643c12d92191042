import { useRef, useState } from "react";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Reply from "@mui/icons-material/Reply";
import AddReaction from "@mui/icons-material/AddReactionOutlined";
import Forward from "@mui/icons-material/Forward";
import Edit from "@mui/icons-material/EditOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import type { MessageView, WhatsAppCapabilities } from "@atendo/shared";
import { conversation } from "./conversation-store.js";
import { messageKind } from "./message-content.js";
import { ReactionPicker } from "./ReactionPicker.js";

/** What the ticket's connection can do, as far as the menu cares (WhatsAppView.capabilities). */
export type MessageActionCapabilities = Pick<WhatsAppCapabilities, "edit" | "delete" | "forward">;

export interface MessageActionHandlers {
  /** The signed-in user's id: edit and delete only on their own messages (core-service section 6). */
  meId: number | null;
  /** The ticket's connection's capabilities; null while unknown (everything is offered, the server refuses). */
  capabilities?: MessageActionCapabilities | null;
  onReact: (message: MessageView, emoji: string) => void;
  onEdit: (message: MessageView) => void;
  onDelete: (message: MessageView) => void;
}

/**
 * Which actions a message offers. A provider that cannot edit or delete for everyone (the Cloud API) offers neither;
 * a message still in the outbox can always be deleted, since that only keeps it from being sent.
 */
export function messageActions(message: MessageView, meId: number | null, capabilities: MessageActionCapabilities | null = null) {
  const live = !message.isDeleted;
  const delivered = message.sendStatus === "sent" || message.sendStatus === "received";
  const own = live && message.fromMe && meId !== null && message.user?.id === meId;
  const can = { edit: capabilities?.edit ?? true, delete: capabilities?.delete ?? true, forward: capabilities?.forward ?? true };
  return {
    reply: live,
    react: live && delivered,
    forward: live && can.forward,
    edit: own && can.edit && delivered && messageKind(message) === "text",
    delete: own && (can.delete || message.sendStatus === "queued"),
  };
}

/** The message's menu: reply, react, forward, and for the sender's own messages edit and delete. */
export function MessageMenu({ message, ownReaction, handlers }: { message: MessageView; ownReaction: string | null; handlers: MessageActionHandlers }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [reacting, setReacting] = useState(false);
  const can = messageActions(message, handlers.meId, handlers.capabilities);
  const run = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };
  return (
    <>
      <IconButton
        ref={button}
        size="small"
        className="message-menu-button"
        aria-label={t("conversation.menu.open")}
        aria-haspopup="menu"
        onClick={() => setMenuOpen(true)}
        data-testid={`message-menu-${message.id}`}
        sx={{ p: 0.25 }}
      >
        <ExpandMore fontSize="small" />
      </IconButton>
      <Menu anchorEl={button.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        {can.reply && (
          <MenuItem onClick={run(() => conversation.replyTo(message))} data-testid="message-reply">
            <ListItemIcon>
              <Reply fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("conversation.menu.reply")}</ListItemText>
          </MenuItem>
        )}
        {can.react && (
          <MenuItem onClick={run(() => setReacting(true))} data-testid="message-react">
            <ListItemIcon>
              <AddReaction fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("conversation.menu.react")}</ListItemText>
          </MenuItem>
        )}
        {can.forward && (
          <MenuItem onClick={run(() => conversation.startSelecting(message.id))} data-testid="message-forward">
            <ListItemIcon>
              <Forward fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("conversation.menu.forward")}</ListItemText>
          </MenuItem>
        )}
        {can.edit && (
          <MenuItem onClick={run(() => handlers.onEdit(message))} data-testid="message-edit">
            <ListItemIcon>
              <Edit fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("conversation.menu.edit")}</ListItemText>
          </MenuItem>
        )}
        {can.delete && (
          <MenuItem onClick={run(() => handlers.onDelete(message))} data-testid="message-delete">
            <ListItemIcon>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("conversation.menu.delete")}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ReactionPicker
        anchorEl={reacting ? button.current : null}
        current={ownReaction}
        onPick={(emoji) => handlers.onReact(message, emoji)}
        onClose={() => setReacting(false)}
      />
    </>
  );
}
