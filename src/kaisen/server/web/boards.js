// SVG boards drawn from a seat's view (only what that side may know) or, for a spectator, from the public view
// (what neither side's view hides; view.side is "public"). Elements that can be clicked carry data-key (a zone,
// hex, area or base id); the page matches it against the pending options' ids.
import { esc, sideName } from "./common.js";
import { pacificFury } from "./pf-board.js";
import { furyAtMidway } from "./fam-board.js";
import { vitp } from "./vitp-board.js";
import { diceRows } from "./dice.js";
import { rect, t, wrap } from "./svg.js";

const COLOR = { japan: "#c0392b", usa: "#2e5fa8", allies: "#2e5fa8" };
const FILL = { japan: "#f6d5d0", usa: "#d4e0f4", allies: "#d4e0f4" };

const svg = (w, h, body, game) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" class="board board-${game}" data-game="${game}" role="img">${body}</svg>`;

export function renderBoard(container, view, data = {}, extra = {}) {
  if (!view) {
    container.replaceChildren();
    return;
  }
  const fn = { "pacific-fury": pacificFury, "fury-at-midway": furyAtMidway, "victory-in-the-pacific": vitp,
    "nights-of-fury": nightsOfFury, "fighters-of-the-pacific": fightersOfThePacific }[view.game];
  container.innerHTML = fn ? fn(view, data, extra) : `<pre>${esc(JSON.stringify(view, null, 1))}</pre>`;
}

// ---------------------------------------------------------------- Pacific Fury

function lines(x, y, arr, cls = "small", dy = 13) {
  return arr.map((s, i) => t(x, y + i * dy, s, `class="${cls}"`)).join("");
}

// pacificFury: pf-board.js

// furyAtMidway: fam-board.js

// vitp: vitp-board.js

// ---------------------------------------------------------------- Nights of Fury
// The battle map: ten range band columns; each side's division markers stacked in their band (USN above, IJN
// below, land markers between). Own stacks show every ship with damage pips; enemy stacks are card backs until
// spotted (ships by position, with the damage markers on their cards), classes once identified (D.4).
// Clickable: band-N (a band), a division id, "<division>#<position>" (a ship in a seen enemy stack), own ship ids.
const NOF_COLOR = { usn: "#2e5fa8", ijn: "#c0392b" };
const NOF_FILL = { usn: "#d4e0f4", ijn: "#f6d5d0" };
const NOF_SIDE = { usn: "USN", ijn: "IJN" };
const NOF_PHASE = { event: "D.1 Event", initiative: "D.2 Initiative", movement: "D.3 Movement", detection: "D.4 Detection",
  gunnery: "D.5 Gunnery", torpedo: "D.6 Torpedo", "damage-control": "D.7 Damage Control", disengage: "D.8 Disengage" };

function nofLabels(v) {            // "D1", and "D1a", "D1b"... for ships detached from it (never from the id)
  const out = {}, count = {};
  for (const d of v.divisions) {
    const base = d.name.split(" (")[0];
    let short = base.startsWith("Division ") ? "D" + base.split(" ").pop() : base.slice(0, 4);
    if (d.detached) { const k = d.side + short; const n = count[k] || 0; count[k] = n + 1; short += "abcdefghijklmnopqrstuvwxyz"[n % 26]; }
    out[d.id] = short;
  }
  return out;
}

function nofPips(x, y, taken, capacity, color) {     // capacity boxes (own ships) or taken markers (enemy cards)
  let o = "";
  const n = capacity == null ? taken : capacity;
  for (let i = 0; i < n; i++)
    o += rect(x + i * 6, y, 5, 5, `class="pip" fill="${i < taken ? color : "#fff"}" stroke="${color}"`);
  return o;
}

const NOF_ROW = 24;
function nofShips(v, d) {
  const own = v.side == null || v.side === d.side;
  return Array.isArray(d.ships) ? (own ? d.ships.filter((q) => q.status === "afloat") : d.ships) : [];
}

function nofCardHeight(v, d) {
  const n = nofShips(v, d).length;
  return n ? 18 + n * NOF_ROW : 40;
}

function nofCard(v, d, label, x, y, w) {
  const own = v.side == null || v.side === d.side;
  const sd = d.side;
  const ships = nofShips(v, d);
  const h = nofCardHeight(v, d);
  const flags = [d.evasive && "evasive", d.smoke && "smoke", d.searchlight && "lights",
    (d.disengaging || d.detached === "disengage") && "disengaging"].filter(Boolean);
  const seen = own ? "" : ` nof-${d.detected}`;
  let o = `<g class="nof-div${seen}" data-key="${esc(d.id)}" data-testid="div-${esc(d.id)}"><title>${esc(`${NOF_SIDE[sd]} ${d.name}: band ${d.band}` +
    (own ? `, ${d.formation}, speed ${d.speed}` : `, ${d.detected}`) + (flags.length ? ` (${flags.join(", ")})` : ""))}</title>`;
  const flagText = flags.map((f) => ({ evasive: "e", smoke: "m", lights: "l", disengaging: "<" }[f])).join("");
  if (!own && !ships.length) {                       // face down: a card back
    o += rect(x + 4, y + 4, w, h - 4, `rx="4" class="card-back" stroke="${NOF_COLOR[sd]}"`);
    o += rect(x, y, w, h - 4, `rx="4" class="card-back" stroke="${NOF_COLOR[sd]}"`);
    o += t(x + 6, y + 15, label, 'class="small bold chip"');
    if (flagText) o += t(x + w - 5, y + 15, flagText, 'text-anchor="end" class="tiny chip"');
    const cards = d.count == null ? "?" : `${d.count} card${d.count === 1 ? "" : "s"}`;  // H: a count the intelligence tells
    o += t(x + w / 2, y + 30, `face down ${cards}`, 'text-anchor="middle" class="tiny chip"');
  } else {
    o += rect(x, y, w, h - 4, `rx="4" class="card" fill="${NOF_FILL[sd]}" stroke="${NOF_COLOR[sd]}"`);
    const what = own ? `sp ${d.speed}` : { spotted: "spot.", identified: "ident." }[d.detected] || d.detected;
    o += t(x + 5, y + 12, `${label} · ${what}`, `class="tiny bold" fill="${NOF_COLOR[sd]}"`);
    if (flagText) o += t(x + w - 4, y + 12, flagText, 'text-anchor="end" class="tiny bold muted"');
    ships.forEach((q, i) => {
      const yy = y + 15 + i * NOF_ROW;
      const key = own ? q.id : `${d.id}#${q.position}`;
      const name = own ? `${q.name.length > 13 ? q.name.slice(0, 12) + "." : q.name} ${q.type}` :
        `#${q.position}${q.class ? ` ${q.class.length > 11 ? q.class.slice(0, 10) + "." : q.class} ${q.type}` : ""}`;
      const tip = own ? `${q.name} (${q.class} ${q.type}): structure ${q.structure}/${q.boxes[0]}, flotation ${q.flotation}/${q.boxes[1]}` +
        `${q.fire ? ", on fire" : ""}, speed ${q.speed}, torpedoes ${q.torpedoes.join("/") || "-"}` :
        `ship #${q.position}${q.class ? `: ${q.class} ${q.type}` : ""}: ${q.structure} structure, ${q.flotation} flotation${q.fire ? ", on fire" : ""}`;
      o += `<g class="nof-ship" data-key="${esc(key)}" data-testid="ship-${esc(key)}"><title>${esc(tip)}</title>`;
      o += rect(x + 2, yy, w - 4, NOF_ROW - 2, 'class="ship-row" rx="2"');
      o += t(x + 5, yy + 10, name, 'class="tiny"');
      const py = yy + 14;
      if (own) {
        const sc = Math.min(q.boxes[0], 7), fc = Math.min(q.boxes[1], 7);
        o += nofPips(x + 5, py, q.structure, sc, "#c0392b") + nofPips(x + 9 + sc * 6, py, q.flotation, fc, "#2e5fa8");
        if (q.torpedoes.length) o += t(x + w - 5, py + 6, `T${q.torpedoes.reduce((a, b) => a + b, 0)}`, 'text-anchor="end" class="tiny muted"');
      } else {
        o += nofPips(x + 5, py, Math.min(q.structure, 7), null, "#c0392b");
        o += nofPips(x + 9 + Math.min(q.structure, 7) * 6, py, Math.min(q.flotation, 7), null, "#2e5fa8");
        if (!q.structure && !q.flotation) o += t(x + 5, py + 6, "no damage seen", 'class="tiny muted" font-size="8"');
      }
      if (q.fire) o += `<circle cx="${x + w - 28}" cy="${py + 3}" r="4" class="fire"><title>on fire</title></circle>`;
      o += "</g>";
    });
  }
  return o + "</g>";
}

function nofCommander(v, sd) {
  const s = v.sides[sd], c = s.commander;
  const f = s.force || {};
  const force = f.ships == null ? "force unknown" : `${f.ships} ships` +
    (f.types ? ` (${Object.entries(f.types).map(([k, n]) => `${n} ${k}`).join(" ")})` : f.capital != null ? `, ${f.capital} capital` : "");
  const who = c ? `${c.name} C${c.combat >= 0 ? "+" : ""}${c.combat} Co${c.cohesion >= 0 ? "+" : ""}${c.cohesion} D${c.detection >= 0 ? "+" : ""}${c.detection}` : "no commander";
  return { who, killed: c && !c.alive, rest: `intelligence ${s.intelligence} · mission ${s.mission || "standard"} · home edge band ${s.home_edge} · ${force} · sunk ${s.sunk} · out ${s.disengaged}` };
}

function nofSetup(v) {             // a generated battle or campaign mission being rolled up (A, G)
  const W = 1180, H = 220;
  let b = rect(0, 0, W, H, 'class="sea night"');
  b += t(20, 30, `Setting up the battle (${v.scenario})`, 'class="h1" data-testid="turn"');
  const env = Object.entries(v.environment || {}).map(([k, x]) => `${k} ${x}`).join(" · ");
  b += t(20, 56, env || "environment to be rolled", 'class="small" data-testid="environment"');
  ["usn", "ijn"].forEach((sd, i) => {
    const s = (v.sides || {})[sd] || {};
    const known = ["intelligence", "mission", "band"].filter((k) => s[k]).map((k) => `${k} ${s[k]}`);
    if (s.ships && s.ships.length) known.push(`${s.ships.length} ships`);
    b += t(20, 86 + i * 22, `${NOF_SIDE[sd]}: ${known.join(" · ") || "to be rolled"}`, `class="small bold" fill="${NOF_COLOR[sd]}"`);
  });
  if (v.campaign) b += t(20, 150, nofCampaign(v.campaign), 'class="h2" data-testid="campaign"');
  return svg(W, H, b, "nights-of-fury");
}

function nofCampaign(c) {
  return `Campaign mission ${c.mission} of ${c.missions} · month ${c.month} · totals USN ${c.totals.usn ?? 0}, IJN ${c.totals.ijn ?? 0}` +
    (c.verdict ? ` · verdict: ${c.verdict}` : "");
}

function nightsOfFury(v, data = {}, extra = {}) {
  if (v.phase === "setup" || v.title == null) return nofSetup(v);
  const W = 1180, X0 = 40, BW = 113;
  const labels = nofLabels(v);
  const inBattle = v.divisions.filter((d) => d.in_battle);
  const stacks = { usn: {}, ijn: {} };
  for (const d of inBattle) (stacks[d.side][d.band] ||= []).push(d);
  const need = (sd) => Math.max(60, ...Object.values(stacks[sd]).map((ds) => ds.reduce((a, d) => a + nofCardHeight(v, d) + 4, 0)));
  const top = 150, hU = need("usn"), landY = top + 24 + hU + 6, hI = need("ijn"), ijnY = landY + 34;
  const H0 = ijnY + hI + 60;                  // the bands and the foot; the last dice below them
  const [dice, dh] = diceRows(extra.dice, 20, H0 - 4, W, true);
  const H = H0 + dh;
  let b = rect(0, 0, W, H, 'class="sea night"') + dice;
  const who = v.side == null ? "omniscient" : v.side === "public" ? "public view" : `you see as ${NOF_SIDE[v.side]}`;
  b += t(20, 28, `Turn ${v.turn} of ${v.turns}`, 'class="h1" data-testid="turn"');
  b += t(150, 28, `${v.title} (${v.date}) · ${NOF_PHASE[v.phase] || v.phase} Phase · initiative ${NOF_SIDE[v.initiative] || "-"} · ${who}`, 'class="h2"');
  const env = v.environment;
  const rules = Object.entries(v.options).filter(([, on]) => on).map(([k]) => k);
  b += t(20, 50, `${env.light.toUpperCase()} · weather ${env.weather} · visibility ${env.visibility} · sea ${env.sea}` +
    (rules.length ? ` · optional rules: ${rules.join(", ")}` : ""), 'class="small" data-testid="environment"');
  ["usn", "ijn"].forEach((sd, i) => {
    const c = nofCommander(v, sd), y = 72 + i * 36;
    b += `<g data-testid="commander-${sd}">` + t(20, y, NOF_SIDE[sd], `class="h2" fill="${NOF_COLOR[sd]}"`);
    b += t(70, y, c.who, `class="small bold${c.killed ? " killed" : ""}"`);
    if (c.killed) b += t(70 + c.who.length * 6.6 + 8, y, "KILLED", 'class="small bold warn"');
    b += t(70, y + 15, c.rest, 'class="tiny"') + "</g>";
  });
  // the ten bands
  for (let band = 1; band <= 10; band++) {
    const x = X0 + (band - 1) * BW;
    b += `<g class="nof-band" data-key="band-${band}" data-testid="band-${band}">`;
    b += rect(x, top, BW - 8, H0 - top - 40, 'class="band-col" rx="3"');
    b += t(x + (BW - 8) / 2, top + 16, `band ${band}`, 'text-anchor="middle" class="small bold"');
    b += "</g>";
  }
  b += t(X0 - 30, top + 40, "USN", `class="small bold" fill="${NOF_COLOR.usn}" transform="rotate(-90 ${X0 - 24} ${top + 40})"`);
  b += t(X0 - 30, ijnY + 20, "IJN", `class="small bold" fill="${NOF_COLOR.ijn}" transform="rotate(-90 ${X0 - 24} ${ijnY + 20})"`);
  for (const m of v.land) {
    const x = X0 + (m.band - 1) * BW;
    b += `<g data-testid="land-${m.band}"><title>${esc(m.name)}</title>` + rect(x + 4, landY, BW - 16, 24, 'rx="10" class="land"') +
      t(x + (BW - 8) / 2, landY + 16, m.name.length > 15 ? m.name.slice(0, 14) + "." : m.name, 'text-anchor="middle" class="tiny bold"') + "</g>";
  }
  for (const [sd, y0] of [["usn", top + 24], ["ijn", ijnY]])
    for (const [band, ds] of Object.entries(stacks[sd])) {
      let y = y0;
      const x = X0 + (Number(band) - 1) * BW + 4;
      for (const d of ds) { b += nofCard(v, d, labels[d.id], x, y, BW - 18); y += nofCardHeight(v, d) + 4; }
    }
  // the end: victory points
  let foot = "Own stacks: ship, type, structure (red) and flotation (blue) boxes. Enemy stacks: card backs until spotted, by position, class once identified.";
  if (v.campaign) foot = nofCampaign(v.campaign) + " · " + foot.split(".")[0];
  if (v.vp) foot = `Victory points: USN ${v.vp.usn ?? 0}, IJN ${v.vp.ijn ?? 0} · ${v.result?.winner ? NOF_SIDE[v.result.winner] + " wins" : "draw"}`;
  b += t(20, H0 - 16, foot, `class="${v.vp ? "h2" : "tiny muted"}" data-testid="nof-foot"`);
  return svg(W, H, b, "nights-of-fury");
}

// ---------------------------------------------------------------- Fighters of the Pacific
// Flat-topped hexes in odd-q columns (odd columns half a hex lower), "C7" = column letter, row number. Each hex is
// a <g data-key="C7">; the counters in it (airplanes: data-key = the plane id; ship segments: the ship id) sit
// inside it, so a click on a counter no option names falls through to its hex. An airplane counter is white
// (cloud) at high altitude and sea blue at low, its nose pointing to its facing (0 = north, clockwise).
const FOTP_COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const FOTP_LETTER = { wildcat: "W", dauntless: "D", devastator: "T", zero: "Z", val: "V", kate: "K" };
const FOTP_FACING = ["N", "NE", "SE", "S", "SW", "NW"];
const FOTP_SIDE = { japan: "Japan", usa: "USA" };
const FOTP_STYLE = `<style>
.board-fighters-of-the-pacific .hexcell.cloud { fill: #f3f4f6; }
.board-fighters-of-the-pacific .hexcell.island { fill: #cdb98a; }
.board-fighters-of-the-pacific .hexcell.sea-hex { fill: #cfe2f1; }
.board-fighters-of-the-pacific .target:hover > .hexcell { fill: #fff3cf; }
.board-fighters-of-the-pacific .fotp-plane.target > .counter, .board-fighters-of-the-pacific .fotp-ship.target > .hull { stroke: #d18b00; stroke-width: 4; }
.board-fighters-of-the-pacific .fotp-plane.target, .board-fighters-of-the-pacific .fotp-ship.target { cursor: pointer; }
.board-fighters-of-the-pacific .moving > .counter { stroke-dasharray: 4 2; }
</style>`;

function fotpCell(name) {            // "C7" -> [column, row], both from 0
  return [FOTP_COLS.indexOf(name[0]), Number(name.slice(1)) - 1];
}

function fotpPlane(p, cx, cy, s, moving) {
  const hi = p.alt === "high", u = s / 2, col = COLOR[p.side] || "#333";
  const letter = (FOTP_LETTER[p.type] || p.type[0].toUpperCase());
  const tip = `${p.name} ${p.id.split("-").pop()} (${FOTP_SIDE[p.side] || p.side}) at ${p.hex}, facing ${FOTP_FACING[p.facing]}, ` +
    `${p.alt} altitude, damage ${p.damage}/${p.armor}, speed ${p.speed}${p.ordnance ? `, carries ${p.ordnance.replace("_", " ")}` : ""}` +
    `${p.activated ? ", activated" : ""}`;
  let o = `<g class="fotp-plane ${hi ? "high" : "low"}${moving ? " moving" : ""}" data-key="${esc(p.id)}" data-testid="plane-${esc(p.id)}" ` +
    `data-alt="${p.alt}" data-facing="${p.facing}"><title>${esc(tip)}</title>`;
  o += rect(cx - u, cy - u, s, s, `rx="${(s * 0.18).toFixed(1)}" class="counter" fill="${hi ? "#ffffff" : "#6fa0cf"}" stroke="${col}" stroke-width="2.5"`);
  if (hi) o += `<circle cx="${cx - u * 0.45}" cy="${cy + u * 0.55}" r="${u * 0.3}" fill="#e3e7ed"/><circle cx="${cx - u * 0.1}" cy="${cy + u * 0.5}" r="${u * 0.35}" fill="#e3e7ed"/>`;
  else o += `<path d="M${cx - u * 0.9} ${cy + u * 0.6} q${u * 0.22} -${u * 0.2} ${u * 0.45} 0 t${u * 0.45} 0 t${u * 0.45} 0" fill="none" stroke="#e8f2fb" stroke-width="1.5"/>`;
  // the airplane, nose up, turned to its facing
  o += `<g class="nose" transform="rotate(${p.facing * 60} ${cx} ${cy})" stroke="${col}" stroke-linecap="round">` +
    `<line x1="${cx}" y1="${cy - u * 0.62}" x2="${cx}" y2="${cy + u * 0.6}" stroke-width="${(u * 0.22).toFixed(1)}"/>` +
    `<line x1="${cx - u * 0.72}" y1="${cy - u * 0.12}" x2="${cx + u * 0.72}" y2="${cy - u * 0.12}" stroke-width="${(u * 0.2).toFixed(1)}"/>` +
    `<line x1="${cx - u * 0.3}" y1="${cy + u * 0.55}" x2="${cx + u * 0.3}" y2="${cy + u * 0.55}" stroke-width="${(u * 0.14).toFixed(1)}"/>` +
    `<polygon points="${cx},${cy - u * 0.98} ${cx - u * 0.2},${cy - u * 0.6} ${cx + u * 0.2},${cy - u * 0.6}" fill="${col}" stroke-width="1"/></g>`;
  o += t(cx + u - 2, cy + u - 3, hi ? letter : letter.toLowerCase(), `text-anchor="end" class="tiny bold" fill="${hi ? col : "#fff"}"`);
  if (p.damage) o += `<circle cx="${cx + u - 1}" cy="${cy - u + 1}" r="${u * 0.28}" fill="#e67e22" stroke="#fff"><title>damaged</title></circle>`;
  if (p.activated) o += rect(cx - u + 1, cy - u + 1, u * 0.5, u * 0.5, 'fill="#222" class="activated"') +
    t(cx - u + 1 + u * 0.25, cy - u + 1 + u * 0.42, "A", 'text-anchor="middle" fill="#fff" font-size="8" font-weight="700"');
  return o + "</g>";
}

function fightersOfThePacific(v) {
  const cols = v.board.cols, rows = v.board.rows;
  const R = cols > 16 ? 27 : 32, HX = 1.5 * R, HY = Math.sqrt(3) * R;
  const ox = 34, oy = 92;
  const W = Math.max(760, ox + R * 2 + HX * (cols - 1) + 30);
  let H = 0;
  const center = (name) => { const [c, r] = fotpCell(name); return [ox + R + c * HX, oy + HY / 2 + r * HY + (c % 2 ? HY / 2 : 0)]; };
  const pts = (cx, cy, k = 1) => [0, 60, 120, 180, 240, 300].map((a) => {
    const q = (a * Math.PI) / 180; return `${(cx + k * R * Math.cos(q)).toFixed(1)},${(cy + k * R * Math.sin(q)).toFixed(1)}`;
  }).join(" ");
  let b = "";
  const who = v.side == null ? "omniscient" : v.side === "public" ? "public view" : `you are ${FOTP_SIDE[v.side] || v.side}`;
  b += t(16, 26, `Turn ${v.turn} of ${v.end_turn}`, 'class="h1" data-testid="turn"');
  b += t(150, 26, `${v.number}. ${v.title} (${v.setting}) · ${who}`, 'class="h2"');
  b += t(16, 48, `${v.phase_name} · initiative ${FOTP_SIDE[v.initiative] || "-"} · ` +
    `VP Japan ${v.vp.japan ?? 0}, USA ${v.vp.usa ?? 0}`, 'class="small bold" data-testid="vp"');
  const pd = v.pending || {};
  let line = pd.kind === "end" ? `Game over: ${pd.summary || ""}` : pd.kind === "decision" ? (String(pd.prompt).startsWith(pd.side) ? `${FOTP_SIDE[pd.side] || pd.side} to decide` : `${FOTP_SIDE[pd.side] || pd.side}: ${pd.prompt}`) : "";
  if (v.move) line = `${v.move.mode === "dodge" ? "Dodging" : "Moving"}: ${v.move.plane}, ${v.move.mp} MP left` +
    (v.move.path.length ? ` (so far ${v.move.path.join(", ")})` : "") + " · " + line;
  b += t(16, 68, line.length > 150 ? line.slice(0, 149) + "…" : line, 'class="small" data-testid="fotp-status"');
  const clouds = new Set(v.board.clouds), islands = new Set(v.board.islands);
  const barrages = {}, torps = {}, sites = {}, segs = {}, planes = {};
  for (const x of v.barrages || []) (barrages[x.hex] ||= []).push(x);
  for (const x of v.torpedoes || []) (torps[x.hex] ||= []).push(x);
  for (const x of v.sites || []) (sites[x.hex] ||= []).push(x);
  for (const sh of v.ships || []) {
    const [fx, fy] = center(sh.hexes[0]), [sx, sy] = sh.hexes.length > 1 ? center(sh.hexes[1]) : [fx, fy + 1];
    const angle = (Math.atan2(fx - sx, sy - fy) * 180) / Math.PI;     // from north, clockwise: the bow's heading
    sh.segments.forEach((sg, i) => { segs[sg.hex] = { ship: sh, seg: sg, i, angle }; });
  }
  for (const p of v.planes) (planes[p.hex] ||= []).push(p);
  const moving = v.move ? v.move.plane : null;
  for (let c = 0; c < cols; c++) {
    const [x] = center(`${FOTP_COLS[c]}1`);
    b += t(x, oy - 6, FOTP_COLS[c], 'text-anchor="middle" class="small bold"');
    b += t(x, oy + HY * (rows + 0.5) + 16, FOTP_COLS[c], 'text-anchor="middle" class="small bold"');
  }
  for (let r = 1; r <= rows; r++) b += t(ox - 8, center(`A${r}`)[1] + 4, String(r), 'text-anchor="end" class="small bold"');
  for (let c = 0; c < cols; c++) for (let r = 1; r <= rows; r++) {
    const id = `${FOTP_COLS[c]}${r}`, [cx, cy] = center(id);
    const kind = islands.has(id) ? "island" : clouds.has(id) ? "cloud" : "sea-hex";
    b += `<g class="hex" data-key="${id}" data-testid="hex-${id}"><polygon points="${pts(cx, cy)}" class="hexcell ${kind}"/>`;
    if (kind === "cloud") b += `<circle cx="${cx - R * 0.3}" cy="${cy + R * 0.1}" r="${R * 0.32}" fill="#fff"/><circle cx="${cx + R * 0.15}" cy="${cy - R * 0.05}" r="${R * 0.4}" fill="#fff"/>`;
    b += t(cx, cy - R * 0.62, id, 'text-anchor="middle" class="muted" font-size="8"');
    for (const st of sites[id] || []) {
      const col = COLOR[st.side] || "#555";
      const name = { aa: "AA", objective: "OBJ", ruin: "ruin" }[st.kind] || st.kind;
      b += `<g class="fotp-site" data-testid="site-${esc(st.id)}"><title>${esc(`${name} ${FOTP_SIDE[st.side] || ""}${st.destroyed ? " (destroyed)" : ""}`)}</title>`;
      if (st.kind === "ruin") b += `<path d="M${cx - R * 0.5} ${cy + R * 0.55} l${R * 0.25} -${R * 0.25} M${cx - R * 0.5} ${cy + R * 0.3} l${R * 0.25} ${R * 0.25}" stroke="#333" stroke-width="2"/>`;
      else b += rect(cx - R * 0.75, cy + R * 0.18, R * 0.62, R * 0.4, `rx="2" fill="${st.destroyed ? "#888" : col}"`) +
        t(cx - R * 0.44, cy + R * 0.48, name, 'text-anchor="middle" class="chip" font-size="8"');
      b += "</g>";
    }
    const sg = segs[id];
    if (sg) {
      const { ship, seg, i, angle } = sg;
      const col = COLOR[ship.side] || "#555";
      const bow = i === 0;
      const w = R * 0.62, h = HY * 0.5;
      const hull = bow ? `<path class="hull" d="M${cx} ${cy - h - R * 0.12} L${cx + w / 2} ${cy - h + R * 0.3} L${cx + w / 2} ${cy + h} L${cx - w / 2} ${cy + h} L${cx - w / 2} ${cy - h + R * 0.3} Z" fill="${seg.hit ? "#555" : "#9aa3ad"}" stroke="${col}" stroke-width="2"/>` :
        rect(cx - w / 2, cy - h, w, 2 * h, `class="hull" rx="3" fill="${seg.hit ? "#555" : "#9aa3ad"}" stroke="${col}" stroke-width="2"`);
      b += `<g class="fotp-ship" data-key="${esc(ship.id)}" data-testid="ship-${esc(ship.id)}-${esc(seg.name)}" transform="rotate(${angle.toFixed(1)} ${cx} ${cy})">` +
        `<title>${esc(`${ship.name} (${FOTP_SIDE[ship.side]} ${ship.class}), ${seg.name} segment${seg.hit ? ": destroyed" : ""}${seg.aa ? ", AA ready" : ""}`)}</title>` + hull;
      if (seg.hit) b += `<path d="M${cx - w / 2} ${cy - w / 2} L${cx + w / 2} ${cy + w / 2} M${cx + w / 2} ${cy - w / 2} L${cx - w / 2} ${cy + w / 2}" stroke="#e74c3c" stroke-width="3"/>`;
      b += "</g>";
    }
    for (const x of barrages[id] || []) b += `<polygon points="${pts(cx, cy, 0.86)}" fill="none" stroke="#e67e22" stroke-width="3" stroke-dasharray="5 3" class="fotp-barrage" data-testid="barrage-${id}"><title>${esc(`barrage (${x.source})`)}</title></polygon>`;
    for (const x of torps[id] || []) {
      const col = COLOR[x.side] || "#333";
      b += `<g class="fotp-torpedo" data-testid="torpedo-${id}" transform="rotate(${x.facing * 60} ${cx} ${cy})"><title>${esc(`${FOTP_SIDE[x.side]} torpedo heading ${FOTP_FACING[x.facing]}`)}</title>` +
        `<line x1="${cx + R * 0.55}" y1="${cy + R * 0.45}" x2="${cx + R * 0.55}" y2="${cy - R * 0.45}" stroke="${col}" stroke-width="4" stroke-linecap="round"/>` +
        `<polygon points="${cx + R * 0.55},${cy - R * 0.65} ${cx + R * 0.42},${cy - R * 0.4} ${cx + R * 0.68},${cy - R * 0.4}" fill="${col}"/></g>`;
    }
    const here = (planes[id] || []).slice().sort((p, q) => (p.alt === q.alt ? 0 : p.alt === "high" ? -1 : 1));
    const s = here.length > 1 ? R * 0.78 : R * 1.02;
    here.forEach((p, k) => {
      const dx = here.length > 1 ? (k === 0 ? -R * 0.3 : R * 0.3) : 0, dy = here.length > 1 ? (k === 0 ? -R * 0.22 : R * 0.28) : R * 0.05;
      b += fotpPlane(p, cx + dx, cy + dy, s, p.id === moving);
    });
    b += "</g>";
  }
  const fy = oy + HY * (rows + 0.5) + 38;
  const ships = (v.ships || []).map((s) => `${s.name} ${s.hexes.join("-")}${s.segments.some((g) => g.hit) ? ` (hit: ${s.segments.filter((g) => g.hit).map((g) => g.name).join(", ")})` : ""}`);
  const coming = (v.reinforcements || []).filter((r) => r.turn > 0 && r.turn >= v.turn);
  const foot = ["White counter: high altitude · blue: low · nose = facing · A activated · orange dot damaged · dashed hex: barrage · arrow: torpedo"];
  if (ships.length) foot.push("Ships (bow first): " + ships.join("; "));
  const groups = {};
  for (const r of coming) { const k = `${FOTP_SIDE[r.side]} ${r.type} at the end of turn ${r.turn} (${r.zone})`; groups[k] = (groups[k] || 0) + 1; }
  if (coming.length) foot.push(`Reinforcements: ${Object.entries(groups).map(([k, n]) => `${n} ${k}`).join(", ")}`);
  if ((v.exits || []).length) foot.push(`Exits: ${v.exits.map((e) => `${FOTP_SIDE[e.side]} by the ${e.edge} edge`).join(", ")}`);
  const footLines = foot.flatMap((x) => wrap(x, Math.floor((W - 32) / 5.6)));
  b += lines(16, fy, footLines, "tiny", 14);
  H = fy + footLines.length * 14 + 6;
  b = FOTP_STYLE + rect(0, 0, W, H, 'class="sea"') + b;
  return svg(W, H, b, "fighters-of-the-pacific");
}
