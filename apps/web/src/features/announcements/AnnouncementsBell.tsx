import { useState } from "react";
import { Badge, Box, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography } from "@mui/material";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import { useTranslation } from "react-i18next";
import type { AnnouncementView } from "@atendo/shared";
import { formatShortDateTime } from "../../lib/dates.js";
import { useActiveAnnouncements, useMarkAnnouncementRead } from "./api.js";
import { AnnouncementReader } from "./AnnouncementReader.js";
import { PriorityMarker } from "./PriorityMarker.js";

/**
 * The top bar's announcements bell (administration section 2): the active announcements newest first with priority
 * markers, the count of those this user has not opened, live. Opening one shows it and marks it read.
 */
export function AnnouncementsBell() {
  const { t } = useTranslation();
  const { records, unread } = useActiveAnnouncements();
  const markRead = useMarkAnnouncementRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<AnnouncementView | null>(null);
  const label = t("announcements.bell.title");

  const open = (item: (typeof records)[number]) => {
    setAnchor(null);
    setOpened(item);
    if (!item.read) markRead.mutate(item.id);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} data-testid="announcements-bell" onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={unread} color="error" showZero={false} data-testid="announcements-bell-count" data-count={unread}>
            <AnnouncementOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ width: 360, maxWidth: "90vw", maxHeight: 420, overflowY: "auto" }} data-testid="announcements-bell-list">
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
            {label}
          </Typography>
          {records.length === 0 ? (
            <Typography variant="body2" sx={{ px: 2, pb: 2, color: "text.secondary" }}>
              {t("announcements.bell.empty")}
            </Typography>
          ) : (
            <List dense disablePadding>
              {records.map((item) => (
                <ListItemButton
                  key={item.id}
                  onClick={() => open(item)}
                  sx={{ gap: 1.5, alignItems: "flex-start" }}
                  data-testid={`announcement-item-${item.id}`}
                  data-read={String(item.read)}
                >
                  <Box sx={{ pt: 0.75 }}>
                    <PriorityMarker priority={item.priority} />
                  </Box>
                  <ListItemText
                    primary={item.title}
                    secondary={formatShortDateTime(item.createdAt)}
                    slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 }, noWrap: true } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </Popover>
      <AnnouncementReader announcement={opened} onClose={() => setOpened(null)} />
    </>
  );
}
