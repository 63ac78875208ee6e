// The stopped event's words kept short: clients print them on one line (Vim's message line
// goes blank when the text is wider than the screen) or in a badge (VS Code's Call Stack,
// upper-cased), so the whole story goes to exceptionInfo and the output instead (issue 26,
// items 8 and 13).

/** The longest `text` or `description` a stopped event carries. */
export const MAX_STOP_TEXT = 80;

/** `s` if it fits in `max` characters, else cut at the last word boundary that fits, with "…". */
export function shortText(s: string, max = MAX_STOP_TEXT): string {
  const line = s.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const room = line.slice(0, max); // max - 1 characters of text and the ellipsis
  const cut = room.lastIndexOf(' ');
  const kept = (cut > max / 2 ? room.slice(0, cut) : room.slice(0, max - 1)).replace(/[\s,;:—-]+$/, '');
  return `${kept}…`;
}
