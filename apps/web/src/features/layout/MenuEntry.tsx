import { Badge, ListItemButton, ListItemIcon, ListItemText, Tooltip } from "@mui/material";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useCan } from "../auth/useCan.js";
import { menuTestId, type MenuItemDef } from "./menu-items.js";

interface Props {
  item: MenuItemDef;
  /** The menu is open (labels visible) or collapsed to icons. */
  expanded: boolean;
  alert?: boolean;
  /** Test id of the alert badge while it shows (the connections item's is connections-badge). */
  alertTestId?: string;
  onNavigate?: () => void;
}

function isActive(pathname: string, path: string, homeIsDashboard: boolean): boolean {
  // "/" is the connections page too (spec section 2), except for those whose home is the dashboard.
  if (path === "/connections" && pathname === "/") return !homeIsDashboard;
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function MenuEntry({ item, expanded, alert = false, alertTestId, onNavigate }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const homeIsDashboard = useCan("dashboard:view");
  const label = t(item.labelKey);
  const Icon = item.icon;

  return (
    <Tooltip title={expanded ? "" : label} placement="right">
      <ListItemButton
        component={Link}
        to={item.path}
        selected={isActive(pathname, item.path, homeIsDashboard)}
        onClick={onNavigate}
        data-testid={menuTestId(item.path)}
        aria-label={expanded ? undefined : label}
        sx={{ minHeight: 44, px: 2.5 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Badge
            color="error"
            variant="dot"
            invisible={!alert}
            slotProps={{ badge: alert && alertTestId ? ({ "data-testid": alertTestId } as object) : {} }}
          >
            <Icon />
          </Badge>
        </ListItemIcon>
        <ListItemText primary={label} sx={{ opacity: expanded ? 1 : 0, whiteSpace: "nowrap" }} />
      </ListItemButton>
    </Tooltip>
  );
}
