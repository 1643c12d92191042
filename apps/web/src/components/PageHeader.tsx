import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2, flexWrap: "wrap" }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="page-title">
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
