import { amber, blue, blueGrey, brown, cyan, deepOrange, deepPurple, green, indigo, lightBlue, lightGreen, lime, orange, pink, purple, red } from "@mui/material/colors";

const HUES = [red, pink, purple, deepPurple, indigo, blue, lightBlue, cyan, green, lightGreen, lime, amber, orange, deepOrange, brown, blueGrey];
const SHADES = [300, 600, 900] as const;

/** The 49 predefined colours of the queue and tag pickers (spec section 9): 16 hues in three shades, and black. */
export const COLOR_PALETTE: readonly string[] = [...HUES.flatMap((hue) => SHADES.map((shade) => hue[shade].toLowerCase())), "#000000"];
