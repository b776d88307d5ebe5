// The last rolls drawn as die faces. The payload's log events carry only their narration, so the faces are read
// from the roll as the event words it ("rolls 5, 3, 2", "roll (4)", Nights of Fury's "attack 3 -> 5", a D66
// "rolls 25"), and a die is marked as a hit only where the event says so: a printed hit range ("hits on 1-3",
// "needs 1-2") lights the faces in it; a hit count lights every die when it equals the dice rolled, none at 0.
// An event whose faces cannot be read this way is shown as its text alone: nothing is guessed.
import { esc } from "./common.js";

const ROLL = /\brolls?\s*\(?\s*(\d+(?:\s*,\s*\d+)*)/gi;          // "rolls 5, 3, 2" · "roll (4" · "rolls 25"
const ARROW = /(?:^|[\s:,(])(\d)\s*->\s*[-+]?\d+/g;              // Nights of Fury: "attack 3 -> -1"
const RANGE = /\b(?:hits on|needs|on target on)\s+(\d)(?:\s*-\s*(\d))?/i;

const d66 = (n) => (/^[1-6][1-6]$/.test(n) ? [Number(n[0]), Number(n[1])] : null);

// the faces a roll's narration names ([] when it names none) and where the last of them ends in the text;
// `arrows`: Nights of Fury's "attack 3 -> 5" form (elsewhere "x -> y" is no die: Fury at Midway's search values)
export function facesOf(text, arrows = false) {
  const out = [];
  let end = 0;
  for (const m of String(text).matchAll(ROLL)) {
    for (const n of m[1].split(/\s*,\s*/)) {
      if (/^[1-9]$/.test(n) || n === "10") out.push(Number(n));
      else if (d66(n)) out.push(...d66(n));
    }
    end = m.index + m[0].length;
  }
  if (!out.length && arrows) for (const m of String(text).matchAll(ARROW)) if (m[1] >= 1 && m[1] <= 6) { out.push(Number(m[1])); end = m.index + m[0].length; }
  return { faces: out, end };
}

// how many hits the event reports (null: it does not say)
export function hitsOf(text) {
  const s = String(text);
  const m = s.match(/(\d+)\s+(?:hit|damage level)/i);
  if (m) return Number(m[1]);
  if (/\bno (?:damage|hits?)\b|\bmiss(?:es)?\b/i.test(s)) return 0;
  if (/:\s*hit\b/i.test(s)) return 1;
  return null;
}

// one event's roll: {faces: [{face, hit}], hits, text}
export function rollOf(e, arrows = false) {
  const text = e.text || "", { faces, end } = facesOf(text, arrows), hits = faces.length ? hitsOf(text.slice(end)) : null;
  const range = text.match(RANGE);
  const lo = range ? Number(range[1]) : null, hi = range ? Number(range[2] || range[1]) : null;
  const hitAt = (f) => (range ? f >= lo && f <= hi : hits === 0 ? false : hits != null && hits === faces.length);
  return { faces: faces.map((f) => ({ face: f, hit: hitAt(f) })), hits, text };
}

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

// one die face: pips for 1-6, the number otherwise; a hit has a red face
export function die(x, y, face, hit, s = 20) {
  let o = `<g class="die${hit ? " die-hit" : ""}" data-testid="die-face" data-face="${face}" data-hit="${hit ? 1 : 0}">`;
  o += `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="4" fill="${hit ? "#c0392b" : "#fff"}" stroke="#333" stroke-width="1.2"/>`;
  const ink = hit ? "#fff" : "#1d2330";
  if (PIPS[face]) for (const [i, j] of PIPS[face]) o += `<circle cx="${x + (i * s) / 4}" cy="${y + (j * s) / 4}" r="${s / 11}" fill="${ink}"/>`;
  else o += `<text x="${x + s / 2}" y="${y + s * 0.7}" text-anchor="middle" class="tiny bold" fill="${ink}">${face}</text>`;
  return o + "</g>";
}

// the last rolls as rows of dice, each followed by its narration clipped to the width; returns [svg, height]
export function diceRows(events, x, y, W, arrows = false, max = 4) {
  const rows = (events || []).slice(-max).map((e) => rollOf(e, arrows));
  if (!rows.length) return ["", 0];
  let o = `<text x="${x}" y="${y + 14}" class="small bold">Last dice</text>`;
  rows.forEach((r, i) => {
    const ry = y + 22 + i * 26;
    o += `<g data-testid="battle-roll" data-faces="${r.faces.map((f) => f.face).join(",")}">`;
    r.faces.forEach((f, k) => { o += die(x + k * 24, ry, f.face, f.hit); });
    const tx = x + Math.max(1, r.faces.length) * 24 + 8, room = Math.floor((W - tx - 10) / 5.8);
    const s = r.text.length > room ? r.text.slice(0, room - 1) + "…" : r.text;
    const badge = r.hits == null ? "" : `${r.hits} hit${r.hits === 1 ? "" : "s"} · `;
    o += `<text x="${tx}" y="${ry + 14}" class="tiny" data-testid="battle-die"><title>${esc(r.text)}</title>${esc(badge + s)}</text></g>`;
  });
  return [o, 22 + rows.length * 26 + 4];
}
