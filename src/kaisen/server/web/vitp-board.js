// Victory in the Pacific's map: the thirteen sea areas placed like the printed map with POC values, control flags,
// the forces at sea (hover: every unit with its printed factors), each port and base with its holder and the units
// in it, the units off the map by what the rules call their place, and while a battle is fought, the battle band:
// both sides' units as counters (gunnery, air strike, armor, speed, damage), who fires at whom, the hits being
// rolled, the damage not yet in effect and the last dice.
import { esc, sideName } from "./common.js";
import { battleBand } from "./battle.js";

const COLOR = { japan: "#c0392b", allies: "#2e5fa8" };
const FILL = { japan: "#f6d5d0", allies: "#d4e0f4" };
function wrapText(text, width) {
  const out = [];
  let line = "";
  for (const w of String(text).split(" ")) {
    if ((line + " " + w).trim().length > width) { if (line) out.push(line); line = w; } else line = (line + " " + w).trim();
  }
  if (line) out.push(line);
  return out;
}
const t = (x, y, s, a = "") => `<text x="${x}" y="${y}" ${a}>${esc(s)}</text>`;
const rect = (x, y, w, h, a = "") => `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${a}/>`;
const AREA_XY = {
  "japanese-islands": [300, 20], "aleutian-islands": [560, 20], "north-pacific": [820, 20],
  indonesia: [150, 200], "marianas-islands": [400, 200], "central-pacific": [650, 200], "hawaiian-islands": [900, 200],
  "bay-of-bengal": [10, 380], "south-pacific": [400, 380], "marshall-islands": [650, 380], "us-mandate": [900, 380],
  "indian-ocean": [150, 560], "coral-sea": [520, 560],
};
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

export function vitp(v, data = {}, extra = {}) {
  const W = 1130, BW = 220, BH = 150;
  let H = 730;
  let b = "";
  const areas = data.areas || Object.keys(v.control).map((id) => ({ id, name: id, adjacent: [] }));
  const bases = data.bases || [];
  const unitSide = (u) => data.units?.[u]?.side || "?";
  const unitType = (u) => { const d = data.units?.[u]; return d ? (d.type || d.kind.toUpperCase()) : "?"; };
  const tip = (units) => units.map((u) => `${v.names[u] || u} (${unitType(u)} ${factors(data.units?.[u])})${v.units[u]?.damage ? ` damaged ${v.units[u].damage}` : ""}`).join("\n");
  const byLoc = {};
  for (const [u, info] of Object.entries(v.units)) (byLoc[info.loc] ||= []).push(u);
  const poc = v.poc === 0 ? "even" : v.poc > 0 ? `Allies +${v.poc}` : `Japan +${-v.poc}`;
  b += t(W - 10, H - 10, `Turn ${v.turn} · POC ${poc}`, 'text-anchor="end" class="h1" data-testid="turn"');
  const xy = (id) => AREA_XY[id] || [0, 0];
  const seen = new Set();
  for (const a of areas) for (const n of a.adjacent) {
    const k = [a.id, n].sort().join("|");
    if (seen.has(k)) continue; seen.add(k);
    const [x1, y1] = xy(a.id), [x2, y2] = xy(n);
    b += `<line x1="${x1 + BW / 2}" y1="${y1 + BH / 2}" x2="${x2 + BW / 2}" y2="${y2 + BH / 2}" class="edge"/>`;
  }
  const summary = (units) => {
    const c = {};
    for (const u of units) c[unitType(u)] = (c[unitType(u)] || 0) + 1;
    return Object.entries(c).map(([k, n]) => `${n}${k}`).join(" ");
  };
  const firstArea = {};
  for (const bs of bases) (firstArea[bs.touches[0]] ||= []).push(bs);
  for (const a of areas) {
    const [x, y] = xy(a.id), ctl = v.control[a.id];
    const fighting = v.combat && v.combat.area === a.id;
    b += `<g class="area" data-key="${esc(a.id)}" data-testid="area-${esc(a.id)}">`;
    b += rect(x, y, BW, BH, `class="area-box" rx="8" stroke="${COLOR[ctl] || "#777"}"${fighting ? ' stroke-width="4" stroke-dasharray="8 3"' : ""}`);
    b += rect(x, y, BW, 20, `rx="8" fill="${FILL[ctl] || "#ddd"}"`);
    b += `<rect x="${x + BW - 26}" y="${y + 4}" width="20" height="12" fill="${COLOR[ctl] || "#999"}" class="flag"><title>${esc(`controlled by ${sideName(ctl)}`)}</title></rect>`;
    b += t(x + 8, y + 15, a.name + (fighting ? " ⚔" : ""), 'class="small bold"');
    if (a.poc_japan != null) b += t(x + 8, y + 34, `POC Japan ${a.poc_japan} / Allies ${a.poc_allies}`, 'class="tiny"');
    let ly = y + 50;
    for (const [loc, how] of [["sea:", ""], ["home:", " (to port)"]]) {
      const units = byLoc[loc + a.id] || [];
      for (const sd of ["japan", "allies"]) {
        const mine = units.filter((u) => unitSide(u) === sd);
        if (!mine.length) continue;
        const line = `${sideName(sd)}${how}: ${summary(mine)}`;
        b += `<g data-testid="force-${esc(a.id)}-${sd}${how ? "-home" : ""}"><title>${esc(tip(mine))}</title>${t(x + 8, ly, line.length > 40 ? line.slice(0, 39) + "…" : line, `class="tiny bold" fill="${COLOR[sd]}"`)}</g>`;
        ly += 14;
      }
    }
    for (const bs of firstArea[a.id] || []) {
      const held = v.base_control[bs.id];
      const here = byLoc["port:" + bs.id] || [];
      const shape = bs.kind === "port" ? rect(x + 8, ly + 6, 10, 10, `fill="${COLOR[held]}"`) : `<circle cx="${x + 13}" cy="${ly + 11}" r="5" fill="${COLOR[held]}"/>`;
      b += `<g class="vbase" data-key="${esc(bs.id)}" data-testid="base-${esc(bs.id)}"><title>${esc(`${bs.name} (${bs.kind}, held by ${sideName(held)})` + (here.length ? "\n" + tip(here) : ""))}</title>`;
      const label = `${bs.name}${here.length ? `: ${summary(here)}` : ""}`;
      const rows = wrapText(label, 31).slice(0, 2);
      if (rows.length === 2 && label.length > rows.join(" ").length) rows[1] = rows[1].slice(0, 29) + "…";
      b += shape + rows.map((r, i) => t(x + 24, ly + 15 + i * 12, r, 'class="tiny"')).join("") + "</g>";
      ly += 6 + 12 * rows.length;
    }
    b += "</g>";
  }
  const elsewhere = Object.entries(byLoc).filter(([loc]) => !/^(sea|port|home):/.test(loc)).sort();
  let ey = 548;
  b += t(770, ey, "Off the map", 'class="small bold"');
  for (const [loc, us] of elsewhere) {
    const by = ["japan", "allies"].map((sd) => [sd, us.filter((u) => unitSide(u) === sd)]).filter(([, x]) => x.length);
    ey += 14;
    b += `<g data-testid="offmap-${esc(loc)}"><title>${esc(tip(us))}</title>` + t(770, ey, `${placeOf(loc, data)}: ` +
      by.map(([sd, x]) => `${sideName(sd)} ${x.length}`).join(", "), 'class="tiny"') + "</g>";
  }
  if (v.combat) {
    const [band, h] = battle(v, data, W, H, extra);
    b += band;
    H += h;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="board board-victory-in-the-pacific" data-game="victory-in-the-pacific" role="img">` +
    rect(0, 0, W, H, 'class="sea"') + b + "</svg>";
}
