import { InputAdornment, TextField } from "@mui/material";
import { Search } from "@mui/icons-material";

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  "data-testid"?: string;
}

/** The search box of the list pages (the pages debounce the value). */
export function SearchField({ value, onChange, placeholder, "data-testid": testId }: Props) {
  return (
    <TextField
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search /></InputAdornment> } }}
      data-testid={testId}
    />
  );
}
