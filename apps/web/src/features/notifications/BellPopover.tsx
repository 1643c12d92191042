import { useState, type ReactNode } from "react";
import { Badge, Box, IconButton, Popover, Tooltip, Typography } from "@mui/material";

interface Props {
  testId: string;
  label: string;
  icon: ReactNode;
  count: number;
  emptyText: string;
  children?: ReactNode;
}

/** A top-bar bell: a count badge and, on click, a list (or an empty text). */
export function BellPopover({ testId, label, icon, count, emptyText, children }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} data-testid={testId} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={count} color="error" showZero={false} data-testid={`${testId}-count`} data-count={count}>
            {icon}
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
        <Box sx={{ width: 340, maxWidth: "90vw", maxHeight: 400, overflowY: "auto" }} data-testid={`${testId}-list`}>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
            {label}
          </Typography>
          {count === 0 ? (
            <Typography variant="body2" sx={{ px: 2, pb: 2, color: "text.secondary" }}>
              {emptyText}
            </Typography>
          ) : (
            children
          )}
        </Box>
      </Popover>
    </>
  );
}
