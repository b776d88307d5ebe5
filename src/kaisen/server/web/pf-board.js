// Pacific Fury's table: the Initiative Track, each side's base and seven operation boxes holding their ships as
// counters (face-down backs with a count for what the viewer may not see), the four sea zones with every task
// force as counters the same way, and while a
// combat is fought, the battle band: both sides' ships as counters with CF/DF, who fires with what, the hits to
// allocate and the last dice.
import { esc, sideName } from "./common.js";
import { battleBand } from "./battle.js";
import { rect, t, wrap } from "./svg.js";

const COLOR = { japan: "#c0392b", usa: "#2e5fa8" };
const FILL = { japan: "#f6d5d0", usa: "#d4e0f4" };
const ORDER = ["CV", "CVL", "BB", "BC", "CA", "CL", "DD", "AP", "TE"];

const lines = (x, y, arr, cls = "tiny", dy = 12) => arr.map((s, i) => t(x, y + i * dy, s, `class="${cls}"`)).join("");

const shipName = (v, u) => (u === "henderson" ? "Henderson Field" : v.names[u] || u);
// "CV Shokaku 4, Zuikaku 4 · BB Yamato 5": ships by type, each with its printed CF
export function pfUnits(v, units, count) {
  if (units == null) return `${count} face down`;
  if (!units.length) return "-";
  const by = {};
  for (const u of units) (by[v.units[u]?.type || "?"] ||= []).push(u);
  const types = Object.keys(by).sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return types.map((k) => `${k} ` + by[k].map((u) => (["AP", "TE"].includes(k) ? shipName(v, u) : `${shipName(v, u)} ${v.units[u].cf}`)).join(", ")).join(" · ");
}
const tipOf = (v, units) => (units || []).map((u) => { const s = v.units[u]; return s ? `${shipName(v, u)} (${s.type}, CF ${s.cf}, DF ${s.df})` : u; }).join("\n");

// a ship counter (name, type, CF-DF; hover for the rest), keyed by its id so an option naming it lights it
const MW = 62, MH = 30;
const byType = (v, ships) => [...ships].sort((a, b) => ORDER.indexOf(v.units[a]?.type) - ORDER.indexOf(v.units[b]?.type));
function shipCounter(v, u, x, y, sd) {
  const sp = v.units[u], nm = shipName(v, u);
  return `<g class="pf-ship" data-key="${esc(u)}" data-testid="ship-${esc(u)}"><title>${esc(`${nm} (${sp.type}): CF ${sp.cf}, DF ${sp.df}`)}</title>` +
    rect(x, y, MW, MH, `rx="3" class="counter" fill="#fff" stroke="${COLOR[sd]}" stroke-width="1.5"`) + rect(x, y, 3, MH, `fill="${COLOR[sd]}"`) +
    t(x + 6, y + 12, nm.length > 13 ? nm.slice(0, 12) + "." : nm, `class="tiny bold" font-size="9.5"${nm.length > 9 ? ` textLength="${MW - 9}" lengthAdjust="spacingAndGlyphs"` : ""}`) +
    t(x + 6, y + 25, ["AP", "TE"].includes(sp.type) ? sp.type : `${sp.type} ${sp.cf}-${sp.df}`, 'class="tiny" font-size="9.5"') + "</g>";
}
// counters the viewer may not see: a stack of backs with how many, nothing of what they are
function backs(x, y, count, sd) {
  let o = `<g class="pf-stack" data-testid="backs-${count}"><title>${esc(`${count} counter${count === 1 ? "" : "s"} face down`)}</title>`;
  for (let k = Math.min(count, 5) - 1; k >= 0; k--) o += rect(x + 2 + k * 5, y, 44, 22, `rx="3" class="pf-back" fill="#3b4252" stroke="${COLOR[sd]}"`);
  return o + t(x + 24, y + 15, String(count), 'text-anchor="middle" class="tiny chip"') + "</g>";
}
// a list of ships (or, unseen, its count) as counters `per` to a row from (x, y); returns [svg, height]
function counters(v, ships, count, sd, x, y, per) {
  if (ships == null) return count ? [backs(x, y, count, sd), 24] : ["", 0];
  let o = "";
  byType(v, ships).forEach((u, i) => { o += shipCounter(v, u, x + (i % per) * (MW + 3), y + Math.floor(i / per) * (MH + 3), sd); });
  return [o, Math.ceil(ships.length / per) * (MH + 3)];
}

function battle(v, W, y0, extra) {
  const c = v.combat;
  const defender = c.attacker === "japan" ? "usa" : "japan";
  const zoneOfTf = (tf) => v.zones.find((z) => z.task_forces.some((x) => x.tf === tf));
  const struck = c.target === "henderson" ? { name: "Henderson Field" } : c.target === "ironbottom" ? v.zones.find((z) => z.id === "ironbottom") : zoneOfTf(c.target);
  const where = c.zone ? (v.zones.find((z) => z.id === c.zone)?.name || c.zone) : c.kind === "air" ? (struck?.name || "an air strike") : `${c.kind} event`;
  const ships = { japan: new Set(), usa: new Set() };
  const sideOf = (u) => (u === "henderson" ? "usa" : v.units[u]?.side);
  for (const z of v.zones) for (const tf of z.task_forces) if (c.engaged.includes(tf.tf) && tf.ships) tf.ships.forEach((u) => ships[tf.side].add(u));
  const firing = {};
  for (const [sd, list] of Object.entries(c.fire || {})) for (const [u, cf, pool, cap] of list) { firing[u] = { cf, pool, cap }; ships[sideOf(u)]?.add(u); }
  for (const [, , elig] of c.pools || []) for (const u of elig) ships[sideOf(u)]?.add(u);
  for (const u of Object.keys(c.applied || {})) ships[sideOf(u)]?.add(u);
  const card = (u) => {
    const s = v.units[u], f = firing[u];
    return { id: u, name: shipName(v, u), type: s ? s.type : "base", values: s ? `CF ${s.cf} · DF ${s.df}` : "air base",
      note: f ? `fires CF ${f.cf}${f.cap ? ` · CAP −${f.cap}` : ""}` : "", hits: (c.applied || {})[u] || 0,
      tip: s ? `${shipName(v, u)} (${s.type}): printed CF ${s.cf}, DF ${s.df}${f ? `; fires with CF ${f.cf}${f.cap ? `, CAP −${f.cap}` : ""}` : ""}` : shipName(v, u) };
  };
  const side = (sd, role) => ({ label: `${sideName(sd)} (${role})`, color: COLOR[sd], fill: FILL[sd], ships: [...ships[sd]].map(card),
    empty: c.zone || c.kind === "air" ? "-" : "no ship fires: the hits come from the event" });
  const out = [`${c.kind} combat, round ${c.round} of ${c.rounds} · ${c.stage.replace(/[:-]/g, " ")}` +
    (c.target ? ` · target ${c.target === "henderson" ? "Henderson Field" : c.target === "ironbottom" ? "the combined force in Ironbottom Sound" : c.target}` : "")];
  for (const [from, to] of Object.entries(c.targets || {})) out.push(`${from} strikes ${to}`);
  const arrows = [];
  for (const [sd, n, elig] of c.pools || []) {
    if (n > 0) out.push(`${sideName(sd)} allocates ${n} hit${n === 1 ? "" : "s"} among` +
      (elig.length > 6 ? ` ${elig.length} ships (below)` : `: ${elig.map((u) => shipName(v, u)).join(", ") || "-"}`));
  }
  for (const [u, f] of Object.entries(firing)) {
    const elig = (c.pools || [])[f.pool]?.[2] || [];
    if (elig.length === 1) arrows.push([u, elig[0], ""]);
  }
  return battleBand({ title: `Battle: ${where} · attacker ${sideName(c.attacker)}`, lines: out, arrows, dice: extra.dice?.map((e) => e.text),
    sides: [side(c.attacker, "attacker"), side(defender, "defender")] }, W, y0);
}

export function pacificFury(v, data, extra = {}) {
  const W = 1000;
  let b = "";
  b += t(20, 30, `Turn ${v.turn} of 4`, 'class="h1" data-testid="turn"');
  b += t(150, 30, `${v.phase} phase`, 'class="h2"');
  b += t(330, 30, `Operations: Japan ${v.operations.japan}/7 · USA ${v.operations.usa}/7`, 'class="h2"');
  b += t(700, 30, `Henderson Field: ${v.henderson}`, `class="h2 ${v.henderson === "operational" ? "ok" : "warn"}"`);
  const top = v.track_max || 5, bw = 44, x0 = W / 2 - ((2 * top + 1) * bw) / 2, y0 = 48;
  b += t(x0 - 90, y0 + 27, "Initiative", 'class="h2"');
  for (let k = -top; k <= top; k++) {
    const x = x0 + (k + top) * bw;
    const side = k < 0 ? "japan" : k > 0 ? "usa" : null;
    b += rect(x, y0, bw - 4, 38, `class="track" fill="${side ? FILL[side] : "#eee"}" stroke="#555"`);
    b += t(x + (bw - 4) / 2, y0 + 24, k === 0 ? "0" : String(Math.abs(k)), 'text-anchor="middle" class="small"');
    if (k === v.marker) b += `<circle cx="${x + (bw - 4) / 2}" cy="${y0 + 19}" r="15" class="marker" data-testid="initiative-marker"/>` +
      t(x + (bw - 4) / 2, y0 + 24, k === 0 ? "0" : String(Math.abs(k)), 'text-anchor="middle" class="small marker-text"');
  }
  b += t(x0 + (2 * top + 1) * bw + 10, y0 + 27, `${v.marker_label} · initiative ${sideName(v.initiative)}`, 'class="small"');
  // the sides: the base and the seven operation boxes as counters, each as tall as what it holds (the taller
  // side's), face-down backs with their count for what the viewer may not see
  const PER = 3, BX = 234;
  const baseH = Math.max(60, ...["japan", "usa"].map((sd) => 24 + counters(v, v.sides[sd].base, v.sides[sd].base_count, sd, 0, 0, PER)[1]));
  const boxDraw = (sd, n, x, y) => {
    let o = "", h = 0;
    for (const tf of v.sides[sd].boxes.filter((bx) => bx.box === n)) {
      o += t(x, y + h + 10, `${tf.tf}${tf.ships ? "" : ` · ${tf.count} face down`}`, 'class="tiny bold"');
      const [svg, ch] = counters(v, tf.ships, tf.count, sd, x, y + h + 14, PER);
      o += svg; h += 16 + ch;
    }
    return [o, h];
  };
  const boxH = [1, 2, 3, 4, 5, 6, 7].map((n) => Math.max(34, 22 + Math.max(...["japan", "usa"].map((sd) => boxDraw(sd, n, 0, 0)[1]))));
  const col = (sd, x) => {
    const s = v.sides[sd];
    let o = t(x + 10, 122, `${sideName(sd)}${v.phasing === sd ? " — to act" : ""}`, `class="h2" fill="${COLOR[sd]}"`);
    o += `<g class="pf-box" data-key="base" data-testid="base-${sd}"><title>${esc(s.base ? tipOf(v, s.base) : `${s.base_count} face down`)}</title>` +
      rect(x + 8, 130, BX, baseH, `class="base" stroke="${COLOR[sd]}"`);
    o += t(x + 14, 146, `${s.base_name} (base): ${s.base_count}`, 'class="small bold"');
    o += counters(v, s.base, s.base_count, sd, x + 14, 154, PER)[0] + "</g>";
    let y = 136 + baseH;
    for (let n = 1; n <= 7; n++) {
      const forming = v.forming && v.forming.side === sd && v.forming.box === n;
      o += `<g class="pf-box" data-key="box-${n}" data-testid="box-${sd}-${n}">`;
      o += rect(x + 8, y, BX, boxH[n - 1], `class="opbox${forming ? " forming" : ""}"`);
      o += t(x + 14, y + 14, `Box ${n}`, 'class="small bold"') + boxDraw(sd, n, x + 14, y + 18)[0] + "</g>";
      y += boxH[n - 1] + 4;
    }
    const extraLines = [];
    if (s.reserve.length) extraLines.push(`Reserve: ${pfUnits(v, s.reserve)}`);
    for (const [turn, us] of Object.entries(s.track)) if (us.length) extraLines.push(`Returns turn ${turn}: ${pfUnits(v, us)}`);
    if (s.offboard.length) extraLines.push(`Off board: ${pfUnits(v, s.offboard)}`);
    if (s.sunk.length) extraLines.push(`Sunk: ${pfUnits(v, s.sunk)}`);
    if (s.removed.length) extraLines.push(`Removed: ${pfUnits(v, s.removed)}`);
    const ex = extraLines.flatMap((e) => wrap(e, 40));
    o += lines(x + 12, y + 12, ex);
    return [o, y + 12 + ex.length * 12];
  };
  const [jp, jh] = col("japan", 10), [us, uh] = col("usa", W - 260);
  // the zones: as tall as their task forces
  const zx = 275, zw = 450;
  let zy = 100;
  let zb = "";
  for (const z of v.zones) {
    const bySide = { japan: [], usa: [] };
    for (const tf of z.task_forces) bySide[tf.side].push(tf);
    const per = 3;
    const tfH = (tf) => (tf.ships == null ? 44 : 20 + Math.ceil(tf.ships.length / per) * (MH + 3));
    const colH = (sd) => bySide[sd].reduce((a, tf) => a + tfH(tf) + 4, 0);
    const zh = Math.max(120, 30 + Math.max(colH("japan"), colH("usa")));
    zb += `<g class="zone" data-key="${esc(z.id)}" data-testid="zone-${esc(z.id)}">` + rect(zx, zy, zw, zh, 'class="zone-box"');
    zb += t(zx + 10, zy + 18, z.name, 'class="h2"');
    for (const [j, sd] of ["japan", "usa"].entries()) {
      const cx = zx + 10 + j * (zw / 2);
      let cy = zy + 26;
      for (const tf of bySide[sd]) {
        const hidden = tf.ships == null, h = tfH(tf);
        zb += `<g data-testid="tf-${esc(tf.tf)}"><title>${esc(hidden ? `${tf.tf}: ${tf.count} face down` : `${tf.tf}:\n${tipOf(v, tf.ships)}`)}</title>`;
        zb += rect(cx, cy, zw / 2 - 20, h, `class="tf${hidden ? " face-down" : ""}" fill="${FILL[sd]}" stroke="${COLOR[sd]}" rx="4"`);
        const label = hidden ? `${tf.tf}: ${tf.count} counter${tf.count === 1 ? "" : "s"} face down` :
          `${tf.tf}${tf.type ? " " + tf.type : ""}${tf.revealed ? "" : " (hidden from the enemy)"}`;
        zb += t(cx + 6, cy + 13, label, 'class="tiny bold"') + "</g>";
        zb += counters(v, tf.ships, tf.count, sd, cx + 6, cy + 18, per)[0];
        cy += h + 4;
      }
    }
    zb += "</g>";
    zy += zh + 10;
  }
  let H = Math.max(jh, uh, zy) + 10;
  const panel = (x) => rect(x, 100, 250, H - 110, `class="side-panel" stroke="${COLOR[x < 100 ? "japan" : "usa"]}" fill="${FILL[x < 100 ? "japan" : "usa"]}" fill-opacity="0.35"`);
  b = panel(10) + panel(W - 260) + b + jp + us + zb;
  if (v.combat) {
    const [band, h] = battle(v, W, H, extra);
    b += band;
    H += h;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="board board-pacific-fury" data-game="pacific-fury" role="img">` +
    rect(0, 0, W, H, 'class="sea"') + b + "</svg>";
}
