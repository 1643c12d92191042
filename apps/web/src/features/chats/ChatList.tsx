import { Badge, Box, IconButton, List, ListItemButton, ListItemText, Typography } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";
import type { ChatView } from "@atendo/shared";
import { useNearBottom } from "../../hooks/useNearBottom.js";
import { unreadsOf, useChatsList } from "./api.js";

interface Props {
  userId: number | undefined;
  selectedId: number | undefined;
  onSelect: (chat: ChatView) => void;
  onEdit: (chat: ChatView) => void;
  onDelete: (chat: ChatView) => void;
}

/** The left column: my chats, my unread count on each, edit and delete for the ones I own. */
export function ChatList({ userId, selectedId, onSelect, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const list = useChatsList();
  const chats = list.data?.pages.flatMap((page) => page.records) ?? [];
  const onScroll = useNearBottom(list);

  return (
    <Box sx={{ overflowY: "auto", height: "100%" }} onScroll={onScroll} data-testid="chat-list">
      {list.isSuccess && chats.length === 0 && (
        <Typography sx={{ p: 2, color: "text.secondary" }} data-testid="chat-list-empty">
          {t("chats.empty")}
        </Typography>
      )}
      <List disablePadding>
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, userId);
          const owner = chat.ownerId === userId;
          return (
            <ListItemButton
              key={chat.id}
              selected={chat.id === selectedId}
              onClick={() => onSelect(chat)}
              data-testid={`chat-item-${chat.id}`}
              sx={{ borderBottom: 1, borderColor: "divider", pr: owner ? 11 : 2 }}
            >
              <ListItemText
                primary={chat.title}
                secondary={chat.lastMessage || t("chats.noMessages")}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
              {unreads > 0 && (
                <Badge badgeContent={unreads} color="error" sx={{ mr: 2 }} slotProps={{ badge: { "data-testid": `chat-unreads-${chat.id}` } as object }} />
              )}
              {owner && (
                <Box sx={{ position: "absolute", right: 4, display: "flex" }}>
                  <IconButton
                    size="small"
                    aria-label={t("common.edit")}
                    onClick={(e) => {
                      e.stopPropagation();
                      onEdit(chat);
                    }}
                    data-testid={`chat-edit-${chat.id}`}
                  >
                    <Edit fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t("common.delete")}
                    onClick={(e) => {
                      e.stopPropagation();
                      onDelete(chat);
                    }}
                    data-testid={`chat-delete-${chat.id}`}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}
