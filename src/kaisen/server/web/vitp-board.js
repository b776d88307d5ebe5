// Victory in the Pacific's map: the thirteen sea areas placed like the printed map with POC values, control flags,
// the units at sea and in each port and base as counters (name, type, factors; hover or tap for details), many of
// them collapsed to a stack per type with a count, the units off the map by what the rules call their place, and
// while a battle is fought, the battle band:
// both sides' units as counters (gunnery, air strike, armor, speed, damage), who fires at whom, the hits being
// rolled, the damage not yet in effect and the last dice.
import { esc, sideName } from "./common.js";
import { battleBand } from "./battle.js";
import { rect, t } from "./svg.js";

const COLOR = { japan: "#c0392b", allies: "#2e5fa8" };
const FILL = { japan: "#f6d5d0", allies: "#d4e0f4" };
const STAGE = { choose: "day or night being chosen", roll: "dice for the round", fire: "fire", damage: "damage being rolled",
  retreat: "retreat", pursue: "pursuit", chase: "pursuit", aa: "anti-aircraft fire", sub: "submarine attack",
  subfire: "submarine attack", subdmg: "submarine damage", raid92: "air raid", island: "island bombardment", land: "landing",
  kamikaze: "kamikaze", stance: "raiding or patrolling", split: "splitting forces", t1: "turn 1 (Pearl Harbor)",
  tf: "task forces", action: "next action", assign: "targets being assigned", side: "side choosing", after: "after the battle" };

// the printed factors of a unit: gunnery (* doubles in day action), air strike, armor, speed
export function factors(d) {
  if (!d) return "";
  if (d.kind === "lba") return `air strike ${d.airstrike}${d.airstrike_bonus ? "*" : ""} · armor ${d.armor}`;
  if (d.kind !== "ship") return `${d.kind.toUpperCase()}${d.defense ? ` · defense ${d.defense}` : ""}`;
  return `G${d.gunnery}${d.gunnery_bonus ? "*" : ""} A${d.airstrike}${d.airstrike_bonus ? "*" : ""} D${d.armor} S${d.speed}`;
}

function placeOf(loc, data) {
  const [kind, id] = loc.split(":");
  const area = data.areas?.find((a) => a.id === id)?.name || id;
  return { due: "Arriving on later turns", "raid-box": "Raid box (raiders at sea)", returning: "Returning to port",
    sunk: "Sunk", removed: "Removed from the game", group: `Turn-1 group ${id}`, home: `Must return to port from ${area}` }[kind] || loc;
}

function battle(v, data, W, y0, extra) {
  const c = v.combat, names = v.names;
  const areaName = data.areas?.find((a) => a.id === c.area)?.name || c.area;
  let ids;
  if (c.cur && c.cur.startsWith("raid:")) {
    const base = c.cur.slice(5);
    ids = [...Object.keys(c.pursuers || {}).filter((u) => c.pursuers[u] === c.cur),
      ...Object.entries(v.units).filter(([, i]) => i.loc === `port:${base}`).map(([u]) => u)];
  } else if (c.cur && c.groups?.[c.cur]) {
    ids = [...c.groups[c.cur], ...Object.keys(c.pursuers || {}).filter((u) => c.pursuers[u] === c.cur)];
  } else ids = Object.entries(v.units).filter(([, i]) => i.loc === `sea:${c.area}` || i.loc === `home:${c.area}`).map(([u]) => u);
  const shot = {}, hitBy = {};
  for (const [a, tg] of Object.entries(c.assign || {})) shot[a] = tg;
  const [ha, ht, hn] = c.hit || ["", "", 0];
  if (ha && ht) { shot[ha] = ht; hitBy[ht] = hn; }
  const [sa, st] = c.sub_shot || ["", ""];
  if (sa && st) shot[sa] = st;
  const card = (u) => {
    const d = data.units?.[u] || {}, info = v.units[u] || {};
    const pending = (c.dmg || {})[u] || 0, disabled = (c.dis || []).includes(u);
    return { id: u, name: names[u] || u, type: d.type || (d.kind || "").toUpperCase(), values: factors(d),
      note: [info.damage ? `damaged ${info.damage}` : "", pending ? `+${pending} this round` : "", disabled ? "disabled" : "",
        (c.ask || []).includes(u) ? "to decide" : ""].filter(Boolean).join(" · "),
      damage: info.damage || 0, hits: hitBy[u] || 0,
      tip: `${names[u] || u} (${d.type || d.kind || "?"}): ${factors(d)}${info.damage ? `, ${info.damage} damage` : ""}${pending ? `, ${pending} more after this round` : ""}` };
  };
  const side = (sd) => ({ label: sideName(sd), color: COLOR[sd], fill: FILL[sd], empty: "no units",
    ships: [...new Set(ids)].filter((u) => data.units?.[u]?.side === sd).map(card) });
  const head = (c.stage || "").split(":")[0];
  const lines = [`Round ${c.round}${c.bround ? ` (separate battle round ${c.bround})` : ""} · ${STAGE[head] || head.replace(/-/g, " ")}` +
    (c.side ? ` · ${sideName(c.side)} ${head === "choose" ? "chooses" : "acts"}` : "") +
    (c.actions?.length ? ` · action${c.actions.length > 1 ? "s" : ""}: ${c.actions.join(" then ")}` : "")];
  const chosen = Object.entries(c.choice || {}).filter(([, x]) => x).map(([sd, x]) => `${sideName(sd)} ${x}`);
  if (chosen.length) lines.push(`Chosen: ${chosen.join(", ")}`);
  if (ha && ht) lines.push(`${names[ha] || ha} hits ${names[ht] || ht} ${hn} time${hn === 1 ? "" : "s"}: damage dice next`);
  if (c.cur && (c.cur.startsWith("raid:") || c.groups?.[c.cur])) lines.push(`Fought now: ${c.cur.startsWith("raid:") ? `the air raid on ${data.bases?.find((x) => x.id === c.cur.slice(5))?.name || c.cur.slice(5)}` : `group ${c.cur}`}`);
  const arrows = Object.entries(shot).map(([a, tg]) => [a, tg, a === ha ? `${hn} hit${hn === 1 ? "" : "s"}` : ""]);
  return battleBand({ title: `Battle in ${areaName}`, lines, arrows, dice: extra.dice?.map((e) => e.text),
    sides: [side("japan"), side("allies")] }, W, y0);
}

// a unit counter: name, type, printed factors; keyed by its id so an option naming it lights it
const UW = 58, UH = 28, PER = 4;
function unitCounter(v, data, u, x, y) {
  const d = data.units?.[u] || {}, sd = d.side || "japan", nm = v.names[u] || u, dmg = v.units[u]?.damage || 0;
  const type = d.type || (d.kind || "?").toUpperCase();
  const short = !d.kind ? "" : d.kind === "ship" ? `${d.gunnery}${d.gunnery_bonus ? "*" : ""}-${d.airstrike}${d.airstrike_bonus ? "*" : ""}-${d.armor}-${d.speed}` :
    d.kind === "lba" ? `air ${d.airstrike}${d.airstrike_bonus ? "*" : ""}-${d.armor}` : d.defense ? `def ${d.defense}` : "";
  let o = `<g class="vitp-unit" data-key="${esc(u)}" data-testid="unit-${esc(u)}"><title>${esc(`${nm} (${type}): ${factors(d)}${dmg ? `, damaged ${dmg}` : ""}`)}</title>`;
  o += rect(x, y, UW, UH, `rx="3" class="counter" fill="${FILL[sd]}" stroke="${COLOR[sd]}" stroke-width="1.3"`);
  const fit = (str, per) => (str.length * per > UW - 7 ? ` textLength="${UW - 7}" lengthAdjust="spacingAndGlyphs"` : "");
  const nm12 = nm.length > 13 ? nm.slice(0, 12) + "." : nm, line2 = `${type} ${short}`.trim();
  o += t(x + 3, y + 11, nm12, `class="tiny bold" font-size="9"${fit(nm12, 6)}`);
  o += t(x + 3, y + 23, line2, `class="tiny" font-size="8.5"${fit(line2, 5.3)}`);
  if (dmg) o += `<circle cx="${x + UW - 5}" cy="${y + 5}" r="4" fill="#c0392b"><title>damaged ${dmg}</title></circle>`;
  return o + "</g>";
}
// several units of one type collapsed to a stack with their count (hover or tap: every unit with its factors)
function unitStack(v, data, type, units, sd, x, y, tipOf) {
  let o = `<g class="vitp-stack" data-testid="stack-${esc(type)}" data-count="${units.length}"><title>${esc(`${units.length} ${type}:\n${tipOf(units)}`)}</title>`;
  for (let k = Math.min(units.length, 3) - 1; k > 0; k--) o += rect(x + k * 2, y + k * 2, UW, UH, `rx="3" fill="${FILL[sd]}" stroke="${COLOR[sd]}"`);
  o += rect(x, y, UW, UH, `rx="3" class="counter" fill="${FILL[sd]}" stroke="${COLOR[sd]}" stroke-width="1.3"`);
  o += t(x + UW / 2, y + 19, `${type} ×${units.length}`, 'text-anchor="middle" class="small bold"');
  return o + "</g>";
}
// one side's units in a place: each a counter while they are few, else one stack per type; returns [svg, height]
const FEW = 4;
// (a unit the pending options name stays its own counter, to be clicked)
function unitRows(v, data, units, sd, x, y, tipOf, typeOf, named = new Set()) {
  if (!units.length) return ["", 0];
  let pieces;
  if (units.length <= FEW) pieces = units.map((u) => ["unit", u]);
  else {
    const by = {};
    for (const u of units) if (!named.has(u)) (by[typeOf(u)] ||= []).push(u);
    pieces = [...units.filter((u) => named.has(u)).map((u) => ["unit", u]),
      ...Object.entries(by).map(([k, us]) => (us.length === 1 ? ["unit", us[0]] : ["stack", k, us]))];
  }
  let o = "";
  pieces.forEach((p, i) => {
    const px = x + (i % PER) * (UW + 4), py = y + Math.floor(i / PER) * (UH + 7);
    o += p[0] === "unit" ? unitCounter(v, data, p[1], px, py) : unitStack(v, data, p[1], p[2], sd, px, py, tipOf);
  });
  return [o, Math.ceil(pieces.length / PER) * (UH + 7)];
}

// the areas as the printed map places them: Japan top left, the Aleutians and the North Pacific along the top,
// Hawaii on the right, the Indian Ocean bottom left, the South Pacific and Coral Sea bottom middle, the U.S.
// Mandate bottom right; [column, row]
const AREA_AT = {
  "japanese-islands": [0, 0], "aleutian-islands": [1, 0], "north-pacific": [2, 0],
  indonesia: [0, 1], "marianas-islands": [1, 1], "central-pacific": [2, 1], "hawaiian-islands": [3, 1],
  "bay-of-bengal": [0, 2], "south-pacific": [1, 2], "marshall-islands": [2, 2], "us-mandate": [3, 2],
  "indian-ocean": [0, 3], "coral-sea": [1, 3],
};

export function vitp(v, data = {}, extra = {}) {
  const W = 1130, BW = 266, GAP = 12, X0 = 10, Y0 = 12;
  let b = "";
  const areas = data.areas || Object.keys(v.control).map((id) => ({ id, name: id, adjacent: [] }));
  const bases = data.bases || [];
  const unitSide = (u) => data.units?.[u]?.side || "?";
  const unitType = (u) => { const d = data.units?.[u]; return d ? (d.type || d.kind.toUpperCase()) : "?"; };
  const tip = (units) => units.map((u) => `${v.names[u] || u} (${unitType(u)} ${factors(data.units?.[u])})${v.units[u]?.damage ? ` damaged ${v.units[u].damage}` : ""}`).join("\n");
  const byLoc = {};
  for (const [u, info] of Object.entries(v.units)) (byLoc[info.loc] ||= []).push(u);
  const poc = v.poc === 0 ? "even" : v.poc > 0 ? `Allies +${v.poc}` : `Japan +${-v.poc}`;
  const firstArea = {};
  for (const bs of bases) (firstArea[bs.touches[0]] ||= []).push(bs);
  const named = new Set((extra.options || []).flatMap((o) => [o.fields?.unit, ...(o.fields?.units || [])]).filter(Boolean));
  // each area's contents first (its height), then the rows as tall as their tallest area
  const body = {}, tall = {};
  for (const a of areas) {
    let o = "", y = a.poc_japan != null ? 40 : 28;
    for (const [loc, how] of [["sea:", ""], ["home:", " (to port)"]]) {
      const units = byLoc[loc + a.id] || [];
      for (const sd of ["japan", "allies"]) {
        const mine = units.filter((u) => unitSide(u) === sd);
        if (!mine.length) continue;
        o += `<g data-testid="force-${esc(a.id)}-${sd}${how ? "-home" : ""}"><title>${esc(tip(mine))}</title>` +
          t(8, y + 10, `${sideName(sd)} at sea${how}: ${mine.length}`, `class="tiny bold" fill="${COLOR[sd]}"`) + "</g>";
        const [svg, h] = unitRows(v, data, mine, sd, 8, y + 15, tip, unitType, named);
        o += svg; y += 17 + h;
      }
    }
    for (const bs of firstArea[a.id] || []) {
      const held = v.base_control[bs.id];
      const here = byLoc["port:" + bs.id] || [];
      const shape = bs.kind === "port" ? rect(8, y + 5, 10, 10, `fill="${COLOR[held]}"`) : `<circle cx="13" cy="${y + 10}" r="5" fill="${COLOR[held]}"/>`;
      o += `<g class="vbase" data-key="${esc(bs.id)}" data-testid="base-${esc(bs.id)}"><title>${esc(`${bs.name} (${bs.kind}, held by ${sideName(held)})` + (here.length ? "\n" + tip(here) : ""))}</title>`;
      o += rect(4, y + 1, BW - 8, 17, 'class="vbase-row" fill="transparent"') + shape + t(24, y + 14, `${bs.name}${here.length ? ` · ${here.length} unit${here.length === 1 ? "" : "s"}` : ""}`, 'class="tiny"');
      y += 19;
      for (const sd of ["japan", "allies"]) {
        const mine = here.filter((u) => unitSide(u) === sd);
        const [svg, h] = unitRows(v, data, mine, sd, 14, y, tip, unitType, named);
        o += svg; y += h;
      }
      o += "</g>";
    }
    body[a.id] = o;
    tall[a.id] = Math.max(110, y + 8);
  }
  const rowH = [0, 1, 2, 3].map((r) => Math.max(110, ...areas.filter((a) => (AREA_AT[a.id] || [0, 0])[1] === r).map((a) => tall[a.id])));
  const rowY = [Y0];
  for (let r = 1; r < 4; r++) rowY.push(rowY[r - 1] + rowH[r - 1] + 28);
  const at = (id) => { const [c, r] = AREA_AT[id] || [3, 3]; return [X0 + c * (BW + GAP), rowY[r]]; };
  const mid = (id) => { const [x, y] = at(id); return [x + BW / 2, y + tall[id] / 2]; };
  const seen = new Set();
  for (const a of areas) for (const n of a.adjacent) {
    const k = [a.id, n].sort().join("|");
    if (seen.has(k) || !tall[n]) continue; seen.add(k);
    const [x1, y1] = mid(a.id), [x2, y2] = mid(n);
    b += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="edge"/>`;
  }
  for (const a of areas) {
    const [x, y] = at(a.id), ctl = v.control[a.id];
    const fighting = v.combat && v.combat.area === a.id;
    b += `<g class="area" data-key="${esc(a.id)}" data-testid="area-${esc(a.id)}">`;
    b += rect(x, y, BW, tall[a.id], `class="area-box" rx="8" stroke="${COLOR[ctl] || "#777"}"${fighting ? ' stroke-width="4" stroke-dasharray="8 3"' : ""}`);
    b += rect(x, y, BW, 20, `rx="8" fill="${FILL[ctl] || "#ddd"}"`);
    b += `<rect x="${x + BW - 26}" y="${y + 4}" width="20" height="12" fill="${COLOR[ctl] || "#999"}" class="flag"><title>${esc(`controlled by ${sideName(ctl)}`)}</title></rect>`;
    b += t(x + 8, y + 15, a.name + (fighting ? " ⚔" : ""), 'class="small bold"');
    if (a.poc_japan != null) b += t(x + 8, y + 33, `POC Japan ${a.poc_japan} / Allies ${a.poc_allies}`, 'class="tiny"');
    b += `<g transform="translate(${x} ${y})">${body[a.id]}</g></g>`;
  }
  // the bottom right, beside the Coral Sea: the turn, POC and the units off the map
  const ox = X0 + 2 * (BW + GAP);
  let ey = rowY[3] + 14;
  b += t(W - 10, ey + 8, `Turn ${v.turn} · POC ${poc}`, 'text-anchor="end" class="h1" data-testid="turn"');
  ey += 30;
  b += t(ox, ey, "Counters: gunnery-air strike-armor-speed (* doubles in a day action) · a stack: units of one type",
    'class="tiny muted" data-testid="counter-legend"');
  ey += 22;
  b += t(ox, ey, "Off the map", 'class="small bold"');
  const elsewhere = Object.entries(byLoc).filter(([loc]) => !/^(sea|port|home):/.test(loc)).sort();
  for (const [loc, us] of elsewhere) {
    const by = ["japan", "allies"].map((sd) => [sd, us.filter((u) => unitSide(u) === sd)]).filter(([, x]) => x.length);
    ey += 14;
    b += `<g data-testid="offmap-${esc(loc)}"><title>${esc(tip(us))}</title>` + t(ox, ey, `${placeOf(loc, data)}: ` +
      by.map(([sd, x]) => `${sideName(sd)} ${x.length}`).join(", "), 'class="tiny"') + "</g>";
  }
  let H = Math.max(rowY[3] + rowH[3], ey) + 14;
  if (v.combat) {
    const [band, h] = battle(v, data, W, H, extra);
    b += band;
    H += h;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="board board-victory-in-the-pacific" data-game="victory-in-the-pacific" role="img">` +
    rect(0, 0, W, H, 'class="sea"') + b + "</svg>";
}
