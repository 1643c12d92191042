import { Box } from "@mui/material";

/** The compact logo shown when the side menu is collapsed. */
export function AppMark({ label }: { label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        flex: "0 0 32px",
        width: 32,
        height: 32,
        borderRadius: 1.5,
        bgcolor: "primary.main",
        color: "primary.contrastText",
        display: "grid",
        placeItems: "center",
        fontWeight: 700,
      }}
    >
      {label.charAt(0)}
    </Box>
  );
}
