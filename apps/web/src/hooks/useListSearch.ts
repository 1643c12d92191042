import { useState } from "react";
import { useDebouncedValue } from "./useDebouncedValue.js";

/**
 * A list page's search box: `value`/`onChange` for the field, and `param`, the text lower-cased and trimmed, sent
 * 500 ms after typing stops (administration section 9).
 */
export function useListSearch() {
  const [value, onChange] = useState("");
  const param = useDebouncedValue(value.trim().toLowerCase());
  return { value, onChange, param };
}
