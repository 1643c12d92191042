import { useState } from "react";
import { AppBar, Box, Drawer, IconButton, Toolbar, Tooltip, Typography, useMediaQuery } from "@mui/material";
import { useTheme, type CSSObject, type Theme } from "@mui/material/styles";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import MenuIcon from "@mui/icons-material/Menu";
import { Outlet } from "react-router";
import type { SessionUser } from "@atendo/shared";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/auth-context.js";
import { AnnouncementsBell } from "../announcements/AnnouncementsBell.js";
import { NotificationsBell } from "../notifications/NotificationsBell.js";
import { settingValue } from "../settings/api.js";
import { AccountMenu } from "./AccountMenu.js";
import { AppMark } from "./AppMark.js";
import { DRAWER_WIDTH, initialDrawerOpen } from "./drawer-state.js";
import { Greeting } from "./Greeting.js";
import { LanguageSelect } from "./LanguageSelect.js";
import { SideMenu } from "./SideMenu.js";
import { ThemeToggle } from "./ThemeToggle.js";
import { VolumeControl } from "./VolumeControl.js";

const collapsedWidth = (theme: Theme) => `calc(${theme.spacing(8)} + 1px)`;

function paperWidth(theme: Theme, open: boolean): CSSObject {
  return {
    width: open ? DRAWER_WIDTH : collapsedWidth(theme),
    overflowX: "hidden",
    transition: theme.transitions.create("width", {
      easing: theme.transitions.easing.sharp,
      duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
    }),
  };
}

/** The signed-in frame (spec section 2, Application shell): collapsible side menu, top bar, page. */
export function AppShell() {
  const { user } = useAuth();
  // The frame mounts with a user, so the menu's first state can read the company's setting.
  return user ? <Shell user={user} /> : null;
}

function Shell({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Temporary (overlay) drawer on phones, under the sm breakpoint (600 px).
  const temporary = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const [open, setOpen] = useState(() =>
    initialDrawerOpen(window.innerWidth, settingValue(user.company.settings, "sideMenuInitialState"), temporary),
  );

  const toggle = () => setOpen((current) => !current);
  const closeOnPhone = temporary ? () => setOpen(false) : undefined;
  const drawerHeader = (
    <Toolbar sx={{ justifyContent: open ? "space-between" : "center", px: open ? 2.5 : 1 }}>
      {open ? (
        <Typography variant="h6" noWrap sx={{ fontWeight: 700, color: "primary.main" }}>
          {t("common.appName")}
        </Typography>
      ) : (
        <AppMark label={t("common.appName")} />
      )}
      {open && (
        <IconButton onClick={toggle} aria-label={t("layout.toggleMenu")}>
          <ChevronLeft />
        </IconButton>
      )}
    </Toolbar>
  );

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      {temporary ? (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          slotProps={{
            // data-* keys are not part of the slot's prop type; the cast only admits them.
            paper: { "data-testid": "app-drawer", "data-open": String(open), sx: { width: DRAWER_WIDTH } } as object,
          }}
        >
          {drawerHeader}
          <SideMenu expanded onNavigate={closeOnPhone} />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          open={open}
          sx={(th) => ({ flexShrink: 0, whiteSpace: "nowrap", ...paperWidth(th, open) })}
          slotProps={{
            paper: {
              "data-testid": "app-drawer",
              "data-open": String(open),
              sx: (th: Theme) => ({ ...paperWidth(th, open), display: "flex", flexDirection: "column" }),
            } as object,
          }}
        >
          {drawerHeader}
          <SideMenu expanded={open} />
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <AppBar position="sticky" elevation={1}>
          <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
            <Tooltip title={t("layout.toggleMenu")}>
              <IconButton
                color="inherit"
                edge="start"
                onClick={toggle}
                aria-label={t("layout.toggleMenu")}
                aria-expanded={open}
                data-testid="menu-toggle"
                sx={{ mr: { xs: "auto", sm: 1 } }}
              >
                <MenuIcon />
              </IconButton>
            </Tooltip>
            <Greeting user={user} />
            <VolumeControl />
            <LanguageSelect />
            <ThemeToggle />
            <NotificationsBell />
            <AnnouncementsBell />
            <AccountMenu userId={user.id} />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
