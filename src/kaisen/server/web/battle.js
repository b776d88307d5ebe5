// Counters and the battle band drawn under a map: each side's ships as counters with their printed values and
// damage, arrows from each firer to its target, the hits to allocate and the last dice as die faces. Every counter carries its
// unit id as data-key, so a ship an option names (a target, a hit) lights up and answers the option when clicked.
import { esc } from "./common.js";
import { diceRows } from "./dice.js";
import { rect, t, wrap } from "./svg.js";

export const CW = 140, CH = 46;

const clip = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

// one counter: {id, name, type, values (the printed factors), note, damage, hits, tip, face_down, sunk}
export function counter(c, x, y, color, fill) {
  const tip = c.tip || `${c.name} ${c.type || ""} ${c.values || ""}`.trim();
  let o = `<g class="counter-g${c.face_down ? " face-down" : ""}" data-key="${esc(c.id || "")}" data-testid="counter-${esc(c.id || c.name)}"><title>${esc(tip)}</title>`;
  o += rect(x, y, CW, CH, `rx="4" class="counter" fill="${c.face_down ? "#3b4252" : fill}" stroke="${color}" stroke-width="2"`);
  if (c.face_down) return o + t(x + CW / 2, y + 27, c.name || "face down", 'text-anchor="middle" class="tiny chip"') + "</g>";
  o += rect(x, y, 6, CH, `fill="${color}"`);
  o += t(x + 11, y + 14, clip(c.name, 18), `class="tiny bold${c.sunk ? " killed" : ""}"`);
  o += t(x + CW - 5, y + 14, c.type || "", `text-anchor="end" class="tiny bold" fill="${color}"`);
  if (c.values) o += t(x + 11, y + 27, clip(c.values, 24), 'class="tiny"');
  if (c.note) o += t(x + 11, y + 40, clip(c.note, 24), 'class="tiny warn"');
  const dmg = Math.min(c.damage || 0, 8);
  for (let i = 0; i < dmg; i++) o += rect(x + CW - 10 - i * 8, y + CH - 10, 6, 6, 'fill="#c0392b" class="dmg-pip"');
  if (c.hits) o += `<circle cx="${x + CW - 12}" cy="${y + 27}" r="9" fill="#c0392b"/>` + t(x + CW - 12, y + 31, `${c.hits}`, 'text-anchor="middle" class="tiny chip"');
  if (c.sunk) o += `<path d="M${x} ${y} L${x + CW} ${y + CH}" stroke="#000" stroke-width="2"/>`;
  return o + "</g>";
}

// a grid of counters from (x, y), `per` a row; returns [svg, height]
export function counterRows(list, x, y, per, color, fill) {
  let o = "";
  list.forEach((c, i) => { o += counter(c, x + (i % per) * (CW + 6), y + Math.floor(i / per) * (CH + 6), color, fill); });
  return [o, list.length ? Math.ceil(list.length / per) * (CH + 6) : 0];
}

// the band: {title, lines[], sides: [{label, color, fill, ships[]}, two], arrows: [[from id, to id, label]], dice[]}
export function battleBand(b, W, y0) {
  const per = Math.max(1, Math.floor((W / 2 - 40) / (CW + 6)));
  let o = "", y = y0 + 24;
  o += t(16, y, b.title, 'class="h2 warn" data-testid="battle-title"');
  for (const l of (b.lines || []).flatMap((x) => wrap(x, Math.floor((W - 40) / 6.6)))) { y += 16; o += t(16, y, l, 'class="small"'); }
  y += 12;
  const at = {};
  let tall = 0;
  b.sides.forEach((s, j) => {
    const x = 16 + j * (W / 2);
    o += t(x, y + 12, s.label, `class="small bold" fill="${s.color}"`);
    s.ships.forEach((c, i) => { at[c.id] = [x + (i % per) * (CW + 6), y + 34 + Math.floor(i / per) * (CH + 6), j]; });
    const [svg, h] = counterRows(s.ships, x, y + 34, per, s.color, s.fill);
    o += `<g class="battle-side" data-side="${j}">${svg}</g>`;
    if (!s.ships.length) o += t(x, y + 36, s.empty || "-", 'class="tiny muted"');
    tall = Math.max(tall, h, 30);
  });
  for (const [from, to, label] of b.arrows || []) {
    if (!at[from] || !at[to]) continue;
    const [x1, y1, j1] = at[from], [x2, y2, j2] = at[to];
    // an arc over the counters from the firer's top to its target's top
    const ax = x1 + CW / 2, bx = x2 + CW / 2, top = Math.min(y1, y2) - 26, mx = (ax + bx) / 2;
    o += `<g class="fire-line" data-testid="fire-${esc(from)}-${esc(to)}"><path d="M${ax} ${y1} Q${mx} ${top} ${bx} ${y2 - 2}" fill="none" ` +
      `stroke="#d35400" stroke-width="2.5" stroke-opacity="0.85" marker-end="url(#arrow)"/>${label ? t(mx, top + 10, label, 'text-anchor="middle" class="tiny bold warn"') : ""}</g>`;
  }
  y += 34 + tall + 6;
  const [dice, dh] = diceRows((b.dice || []).map((d) => (typeof d === "string" ? { text: d } : d)), 16, y - 4, W);
  o += dice;
  y += dh;
  const defs = '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#d35400"/></marker></defs>';
  const frame = rect(6, y0 + 4, W - 12, y - y0, 'rx="6" fill="#fff8ec" stroke="#d35400" stroke-width="2" class="battle-band"');
  return [defs + `<g data-testid="battle">` + frame + o + "</g>", y - y0 + 10];
}
