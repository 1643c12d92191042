import { Box, List, ListItem, ListItemText } from "@mui/material";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import { useTranslation } from "react-i18next";
import { BellPopover } from "./BellPopover.js";
import { useAnnouncements } from "./announcements.js";

// Priority markers (spec section 9): 1 red, 2 orange, 3 grey.
const PRIORITY_COLOR = { 1: "error.main", 2: "warning.main", 3: "grey.500" } as const;

export function AnnouncementsBell() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  return (
    <BellPopover
      testId="announcements-bell"
      label={t("layout.announcements.title")}
      icon={<AnnouncementOutlined />}
      count={announcements.length}
      emptyText={t("layout.announcements.empty")}
    >
      <List dense>
        {announcements.map((item) => (
          <ListItem key={item.id} sx={{ gap: 1.5 }}>
            <Box sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: PRIORITY_COLOR[item.priority] }} />
            <ListItemText primary={item.title} secondary={item.text} />
          </ListItem>
        ))}
      </List>
    </BellPopover>
  );
}
