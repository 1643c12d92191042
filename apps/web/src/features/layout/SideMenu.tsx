import { Box, Divider, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Typography } from "@mui/material";
import LogoutIcon from "@mui/icons-material/Logout";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useCanCheck } from "../auth/useCan.js";
import { MenuEntry } from "./MenuEntry.js";
import { ADMIN_ITEMS, ADMIN_SECTION_PERMISSION, SERVICE_ITEMS, visibleMenuItems } from "./menu-items.js";
import { useConnectionsAlert } from "./useConnectionsAlert.js";
import { useChatAlerts } from "../chats/useChatAlerts.js";
import { useVersion } from "./useVersion.js";

interface Props {
  expanded: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ expanded, onNavigate }: Props) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const allowed = useCanCheck();
  const connectionsAlert = useConnectionsAlert();
  const chatsUnread = useChatAlerts();
  const version = useVersion();
  const cshow = localStorage.getItem(STORAGE_KEYS.cshow) !== null;

  const serviceItems = visibleMenuItems(SERVICE_ITEMS, allowed, cshow);
  const adminItems = allowed(ADMIN_SECTION_PERMISSION) ? visibleMenuItems(ADMIN_ITEMS, allowed, cshow) : [];

  const subheader = (text: string) =>
    expanded ? (
      <ListSubheader component="div" sx={{ lineHeight: "36px", bgcolor: "transparent" }}>
        {text}
      </ListSubheader>
    ) : undefined;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", flexGrow: 1, minHeight: 0, overflow: "hidden" }}>
      {/* The menu scrolls; the version and Logout stay at the bottom, visible on short screens (768 px). */}
      <Box sx={{ flex: "1 1 auto", minHeight: 0, overflowX: "hidden", overflowY: "auto" }} data-testid="menu-scroll">
        <List component="nav" data-testid="menu-section-service" subheader={subheader(t("menu.sections.service"))}>
          {serviceItems.map((item) => (
            <MenuEntry
              key={item.path}
              item={item}
              expanded={expanded}
              alert={item.path === "/chats" && chatsUnread}
              alertTestId={item.path === "/chats" ? "chats-badge" : undefined}
              onNavigate={onNavigate}
            />
          ))}
        </List>
        {adminItems.length > 0 && (
          <>
            <Divider />
            <List component="nav" data-testid="menu-section-admin" subheader={subheader(t("menu.sections.admin"))}>
              {adminItems.map((item) => (
                <MenuEntry
                  key={item.path}
                  item={item}
                  expanded={expanded}
                  alert={item.path === "/connections" && connectionsAlert}
                  alertTestId={item.path === "/connections" ? "connections-badge" : undefined}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </>
        )}
      </Box>
      <Divider />
      {version.data && (
        <Typography
          data-testid="version-text"
          variant="caption"
          sx={{ px: 2.5, pt: 1, color: "text.secondary", whiteSpace: "nowrap", display: expanded ? "block" : "none" }}
        >
          {t("layout.version", { version: version.data })}
        </Typography>
      )}
      <List>
        <ListItemButton data-testid="menu-logout" onClick={() => void logout()} sx={{ minHeight: 44, px: 2.5 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={t("layout.logout")} sx={{ opacity: expanded ? 1 : 0, whiteSpace: "nowrap" }} />
        </ListItemButton>
      </List>
    </Box>
  );
}
