// SVG text helpers the boards share: a text element, a rectangle, and words wrapped to a width in characters.
import { esc } from "./common.js";

export const t = (x, y, s, a = "") => `<text x="${x}" y="${y}" ${a}>${esc(s)}</text>`;
export const rect = (x, y, w, h, a = "") => `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${a}/>`;

// the words of `text` in lines of at most `width` characters (a word longer than that keeps its own line)
export function wrap(text, width) {
  const out = [];
  let line = "";
  for (const w of String(text).split(" ")) {
    if ((line + " " + w).trim().length > width) { if (line) out.push(line); line = w; } else line = (line + " " + w).trim();
  }
  if (line) out.push(line);
  return out;
}
