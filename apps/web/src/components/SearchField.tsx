import { InputAdornment, TextField } from "@mui/material";
import { Search } from "@mui/icons-material";

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Fill the container (a narrow column such as the tickets list) instead of sizing to the placeholder. */
  fullWidth?: boolean;
  "data-testid"?: string;
}

/**
 * The search box of the list pages (the pages debounce the value). Wide enough for its whole placeholder (in `ch`,
 * plus the icon and padding), never wider than its container.
 */
export function SearchField({ value, onChange, placeholder, fullWidth = false, "data-testid": testId }: Props) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search /></InputAdornment> } }}
      sx={{
        // The toolbar's text size: a long placeholder fits a narrow column (the tickets list at 1024 px).
        "& input": { fontSize: "0.875rem" },
        ...(fullWidth ? { width: "100%" } : { width: { xs: "100%", sm: `calc(${placeholder.length}ch + 72px)` }, minWidth: { sm: 200 }, maxWidth: "100%" }),
      }}
      data-testid={testId}
    />
  );
}
