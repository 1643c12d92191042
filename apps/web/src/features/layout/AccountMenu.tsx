import { useState } from "react";
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from "@mui/material";
import AccountCircle from "@mui/icons-material/AccountCircle";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/auth-context.js";
import { ProfileDialog } from "../users/ProfileDialog.js";

export function AccountMenu({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <>
      <Tooltip title={t("layout.account")}>
        <IconButton
          color="inherit"
          aria-label={t("layout.account")}
          aria-haspopup="menu"
          data-testid="account-menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem
          data-testid="account-profile"
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t("layout.profile")}
        </MenuItem>
        <MenuItem
          data-testid="account-logout"
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t("layout.logout")}
        </MenuItem>
      </Menu>
      <ProfileDialog userId={userId} open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
