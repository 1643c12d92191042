import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";
import InboxOutlined from "@mui/icons-material/InboxOutlined";

interface Props {
  title?: string;
  message: string;
  action?: ReactNode;
}

export function EmptyState({ title, message, action }: Props) {
  return (
    <Box
      data-testid="empty-state"
      sx={{ py: 8, px: 2, display: "flex", flexDirection: "column", alignItems: "center", gap: 1.5, textAlign: "center" }}
    >
      <InboxOutlined sx={{ fontSize: 48, color: "text.disabled" }} />
      {title && <Typography variant="h6">{title}</Typography>}
      <Typography sx={{ color: "text.secondary" }}>{message}</Typography>
      {action}
    </Box>
  );
}
