import { Autocomplete, Box, Chip, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TicketView } from "@atendo/shared";
import { useAllTags } from "../tickets/api.js";
import { useSyncTicketTags } from "./composer-api.js";

type TagOption = TicketView["tags"][number];

/** Readable text on the tag's colour; a colour MUI cannot parse keeps the default text colour. */
function contrastText(getContrastText: (color: string) => string, color: string): string | undefined {
  try {
    return getContrastText(color);
  } catch {
    return undefined;
  }
}

/**
 * The ticket's tags in the conversation header: any of the company's tags (GET /tags/list); every change sends the
 * whole set (POST /tags/sync) and the answer updates the ticket everywhere.
 */
export function TagEditor({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const tags = useAllTags();
  const sync = useSyncTicketTags();
  const options: TagOption[] = (tags.data ?? []).map(({ id, name, color }) => ({ id, name, color }));

  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={ticket.tags}
      loading={tags.isLoading}
      disabled={sync.isPending}
      filterSelectedOptions
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.name}
      onChange={(_event, value) => sync.mutate({ ticketId: ticket.id, tagIds: value.map((tag) => tag.id) })}
      noOptionsText={t("composer.tags.none")}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} data-testid={`ticket-tags-option-${option.id}`}>
          <Box component="span" sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: option.color, mr: 1, flexShrink: 0 }} />
          {option.name}
        </Box>
      )}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={option.name}
              sx={{ bgcolor: option.color, color: (theme) => contrastText(theme.palette.getContrastText, option.color) }}
              data-testid={`ticket-tag-${option.id}`}
            />
          );
        })
      }
      renderInput={(params) => <TextField {...params} placeholder={ticket.tags.length ? undefined : t("composer.tags.placeholder")} />}
      sx={{ minWidth: 200, flex: 1, maxWidth: 420 }}
      data-testid="ticket-tags"
    />
  );
}
