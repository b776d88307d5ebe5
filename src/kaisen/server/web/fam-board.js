// Fury at Midway's table: the 9x6 hex map with the fleets as this side knows them and its own strike groups (their
// markers drawn above every hex, so no label hides under the next one), the tracks, carriers, cards, and the
// side's carrier display as the printed one lays it out: per carrier its deck boxes and hangar, per task force or
// carrier division its CAP and Return boxes, with each squadron a counter (aircraft, kind, steps left). While this
// side decides where a strike group flies (or launches), the hexes it may reach are drawn dashed with its name.
// A box is keyed box-<its name> (how the page names an option's box), a squadron by its id: both answer clicks.
import { esc, sideName } from "./common.js";
import { battleBand } from "./battle.js";
import { rect, t, wrap } from "./svg.js";

const COLOR = { japan: "#c0392b", usa: "#2e5fa8" };
const FILL = { japan: "#f6d5d0", usa: "#d4e0f4" };
const KIND_FILL = { fighter: "#e3ecff", "dive-bomber": "#ffe6cc", "torpedo-bomber": "#dff3df", "level-bomber": "#efe3f7" };
const KIND_CODE = { fighter: "F", "dive-bomber": "DB", "torpedo-bomber": "TB", "level-bomber": "LB" };
const COLS = "ABCDEFGHI";
const FLEET = { "1af": ["1AF", "japan"], mif: ["MIF", "japan"], "ijn-dmcv": ["DMCV", "japan"], csf: ["CSF", "usa"], "us-dmcv": ["DMCV", "usa"] };
const BOX_NAME = { cap: "CAP", ret1: "Return 1", ret2: "Return 2", spent: "Spent", setup: "Set-up" };

// a squadron counter: aircraft model, kind code, strength, the steps it has left
const SQ_W = 76, SQ_H = 24;
function squadron(v, data, [id, steps], x, y) {
  const q = data.squadrons?.[id] || {}, sd = q.side || "japan";
  const tip = `${v.names[id] || id}: ${q.aircraft || "?"} ${q.kind || ""}, strength ${q.strength ?? "?"}, ${steps} of ${q.steps ?? "?"} steps`;
  let o = `<g class="squadron" data-key="${esc(id)}" data-testid="sq-${esc(id)}"><title>${esc(tip)}</title>`;
  o += rect(x, y, SQ_W, SQ_H, `rx="3" class="counter" fill="${KIND_FILL[q.kind] || "#fff"}" stroke="${COLOR[sd]}" stroke-width="1.5"`);
  o += rect(x, y, 4, SQ_H, `fill="${COLOR[sd]}"`);
  const model = q.aircraft || id;
  o += t(x + 7, y + 10, /^[A-Z]-\d/.test(model) ? model : model.replace(/-.*/, ""), 'class="tiny bold" font-size="9.5"');
  o += t(x + SQ_W - 3, y + 10, KIND_CODE[q.kind] || "", 'text-anchor="end" class="tiny bold" font-size="9.5"');
  o += t(x + 7, y + 21, `${(v.names[id] || id).split(" ")[0].slice(0, 6)} ${q.strength ?? "?"}`, 'class="tiny" font-size="9"');
  for (let i = 0; i < (q.steps || steps); i++)
    o += rect(x + SQ_W - 8 - i * 7, y + 14, 5, 5, `fill="${i < steps ? COLOR[sd] : "#fff"}" stroke="${COLOR[sd]}" stroke-width="0.8"`);
  return o + "</g>";
}

// one display box: its name and its squadrons two to a row; returns [svg, height]
const BOX_W = 2 * SQ_W + 12;
function box(v, data, title, units, x, y, key, minRows = 1) {
  const rows = Math.max(minRows, Math.ceil(units.length / 2));
  const h = 16 + rows * (SQ_H + 3) + 2;
  let o = `<g class="display-box" data-key="box-${esc(key)}" data-testid="box-${esc(key)}">` + rect(x, y, BOX_W, h, 'rx="3" fill="#fff" stroke="#8a99a8"');
  o += t(x + 4, y + 11, title, 'class="tiny bold muted"') + "</g>";
  units.forEach((u, i) => { o += squadron(v, data, u, x + 4 + (i % 2) * (SQ_W + 4), y + 15 + Math.floor(i / 2) * (SQ_H + 3)); });
  return [o, h];
}

function display(v, data, sd, W, y0) {
  const d = v.displays[sd];
  let o = t(16, y0 + 18, `${sideName(sd)} carrier display`, `class="h2" fill="${COLOR[sd]}" data-testid="display-${sd}"`);
  if (!d) return [o + t(260, y0 + 18, "(hidden from you)", 'class="small muted"'), 30];
  const boxes = d.boxes, drawn = new Set();
  const take = (key) => { drawn.add(key); return boxes[key] || []; };
  const carriers = Object.entries(data.carriers || {}).filter(([, c]) => c.side === sd);
  const groups = [...new Set(carriers.map(([, c]) => c.group))];
  let x = 12, y = y0 + 30, rowH = 0;
  for (const g of groups) {
    const members = carriers.filter(([, c]) => c.group === g);
    const width = (members.length + 1) * (BOX_W + 6) + 6;
    if (x + width > W - 6) { x = 12; y += rowH + 8; rowH = 0; }
    let inner = "", h = 0;
    const name = data.groups?.[g]?.name || members[0][1].name;
    inner += t(x + 6, y + 14, name, `class="small bold" fill="${COLOR[sd]}"`);
    members.forEach(([k, c], i) => {
      const cx = x + 6 + i * (BOX_W + 6);
      let cy = y + 20;
      const st = v.carriers[k] || {};
      const state = st.sunk ? "SUNK" : st.damaged?.length ? `hits ${st.damaged.join(", ")}` : "";
      inner += `<g data-testid="carrier-display-${esc(k)}">` + t(cx + 2, cy + 12, c.name.replace(" airbase", ""), 'class="small bold"');
      if (state) inner += t(cx + BOX_W - 2, cy + 12, state, `text-anchor="end" class="tiny bold ${st.sunk ? "" : "warn"}"`);
      inner += "</g>";
      cy += 16;
      for (let n = 1; n <= c.deck_boxes; n++) { const [s, bh] = box(v, data, `Deck ${n}`, take(`deck:${k}:${n}`), cx, cy, `deck:${k}:${n}`); inner += s; cy += bh + 3; }
      const [s, bh] = box(v, data, "Hangar", take(`hangar:${k}`), cx, cy, `hangar:${k}`, 2); inner += s; cy += bh + 3;
      if (boxes[`setup:${k}`]) { const [s2, b2] = box(v, data, "Set-up", take(`setup:${k}`), cx, cy, `setup:${k}`); inner += s2; cy += b2 + 3; }
      h = Math.max(h, cy - y);
    });
    let gy = y + 36;
    const gx = x + 6 + members.length * (BOX_W + 6);
    for (const kind of ["cap", "ret1", "ret2", "spent"]) {
      const key = `${kind}:${g}`;
      if (kind === "spent" && !boxes[key]) continue;
      const [s, bh] = box(v, data, BOX_NAME[kind], take(key), gx, gy, key);
      inner += s; gy += bh + 3;
    }
    h = Math.max(h, gy - y);
    o += rect(x, y, width, h + 4, `rx="5" fill="${FILL[sd]}" fill-opacity="0.45" stroke="${COLOR[sd]}"`) + inner;
    x += width + 8;
    rowH = Math.max(rowH, h + 4);
  }
  y += rowH + 8;
  // strike groups being formed or flying, and any box the layout above does not name
  const rest = Object.keys(boxes).filter((k) => !drawn.has(k)).sort();
  x = 12;
  let restH = 0;
  for (const key of rest) {
    const [kind, id] = key.split(":");
    const g = d.strike_groups[id];
    const title = kind === "sg" ? `Strike group ${id}${g?.hex ? ` at ${g.hex}` : " (forming)"}` : `${BOX_NAME[kind] || kind} ${id || ""}`;
    if (x + BOX_W > W - 6) { x = 12; y += restH + 6; restH = 0; }
    const [s, bh] = box(v, data, title, boxes[key], x, y, key);
    o += s; x += BOX_W + 6; restH = Math.max(restH, bh);
  }
  y += restH;
  if (d.lost.length) { y += 14; o += t(16, y, `Lost: ${d.lost.map((q) => v.names[q] || q).join(", ")}`, 'class="tiny"'); }
  return [o, y - y0 + 6];
}

const STAGE_WORDS = { aim: "aiming at a carrier group", "k-aim": "aiming (card)", "k-icpt": "interception (card)",
  intercept: "CAP intercepts", "k-fight": "air combat (card)", cap: "CAP against the strike", escort: "escorts against the CAP",
  aaa: "anti-aircraft fire", assign: "attackers assigned to targets", bomb: "attack dice", "k-bomb": "attack (card)", end: "over" };

// the air attack in progress: the strike group against the target's CAP, interceptors and the squadrons on its decks
function airAttack(v, data, W, y0, extra) {
  const a = v.attack, st = a.state || {};
  const foe = a.side === "japan" ? "usa" : "japan";
  const sq = (note) => ([id, steps]) => {
    const q = data.squadrons?.[id] || {};
    return { id, name: v.names[id] || id, type: KIND_CODE[q.kind] || "", values: `${q.aircraft || "?"} · strength ${q.strength ?? "?"}`,
      note: [note, `${steps} of ${q.steps ?? "?"} steps`, st.assign?.[id] ? `at ${v.carriers[st.assign[id]]?.name || st.assign[id]}` : ""].filter(Boolean).join(" · "),
      damage: Math.max(0, (q.steps || steps) - steps), tip: `${v.names[id] || id}: ${q.aircraft || "?"} ${q.kind || ""}, strength ${q.strength ?? "?"}, ${steps} steps left` };
  };
  const target = v.carriers[a.target]?.name || (a.target === "midway" ? "Midway" : FLEET[a.target]?.[0] || a.target);
  const group = data.groups?.[a.group]?.name || (a.group === "midway" ? "Midway" : a.group);
  const defenders = [...(a.cap || []).map(sq("CAP")), ...(a.interceptors || []).map(sq("intercepting")),
    ...Object.values(a.decks || {}).flatMap((list) => list.map(([id, , n]) => sq("on deck")([id, n])))];
  const order = st.order || [];
  const lines = [`${STAGE_WORDS[a.stage] || a.stage}${order.length ? ` (${order.indexOf(a.stage) + 1} of ${order.length} steps)` : ""}` +
    (group ? ` · against ${group}` : "") + (st.hits ? ` · ${st.hits} hit${st.hits === 1 ? "" : "s"} to place` : "")];
  return battleBand({ title: `Air attack: strike group ${a.gid} (${sideName(a.side)}) on ${target} at ${a.hex}`, lines,
    dice: extra.dice?.map((e) => e.text),
    sides: [{ label: `${sideName(a.side)} strike group ${a.gid}`, color: COLOR[a.side], fill: FILL[a.side], ships: (a.units || []).map(sq("")) },
      { label: `${sideName(foe)} defence`, color: COLOR[foe], fill: FILL[foe], ships: defenders, empty: "no CAP, no interceptors" }] }, W, y0);
}

// the hexes each strike group may fly to, from the pending options' fields (this side's own): {hex: [group...]};
// a forming group's launch hexes go under "launch"
export function reachOf(options) {
  const out = {};
  for (const o of options || []) {
    const f = o.fields || {};
    const g = f.verb === "move" && f.group ? f.group : f.verb === "launch" ? "launch" : null;
    if (g && f.hex && !(out[f.hex] ||= []).includes(g)) out[f.hex].push(g);
  }
  return out;
}
const reachByGroup = (reach) => {
  const out = {};
  for (const [h, gs] of Object.entries(reach)) for (const g of gs) (out[g] ||= []).push(h);
  return out;
};

export function furyAtMidway(v, data = {}, extra = {}) {
  const R = 38, HX = 1.5 * R, HY = Math.sqrt(3) * R;
  const W = 1100, ox = 60, oy = 110;
  const center = (c, r) => {
    const i = COLS.indexOf(c);
    return [ox + R + i * HX, oy + (r - 1) * HY + HY / 2 + (i % 2 === 1 ? -HY / 2 : 0)];
  };
  let b = "";
  const who = v.side == null ? "omniscient" : v.side === "public" ? "public view" : `you see as ${sideName(v.side)}`;
  b += t(20, 30, `Turn ${v.turn} of 7`, 'class="h1" data-testid="turn"');
  b += t(150, 30, `${v.time}${v.night ? " · NIGHT" : ""} · ${who}`, 'class="h2"');
  b += t(20, 56, `Midway garrison ${v.garrison} · invasion ${v.invasion || "X"} · held by ${sideName(v.midway_control)} · ` +
    `AOP Japan ${v.aop.japan}, US ${v.aop.usa}${v.declared ? " · Japan declared a Midway attack" : ""}`, 'class="small"');
  const cells = {};
  for (const [f, h] of Object.entries(v.fleets)) if (/^[A-I]-[1-6]$/.test(h)) (cells[h] ||= []).push(f);
  const groups = {};
  for (const sd of ["japan", "usa"]) {
    const d = v.displays[sd];
    if (!d) continue;
    for (const [gid, g] of Object.entries(d.strike_groups)) if (g.hex) (groups[g.hex] ||= []).push([gid, sd, g]);
  }
  const pts = (cx, cy, k = 1) => [0, 60, 120, 180, 240, 300].map((a) => {
    const r = (a * Math.PI) / 180; return `${(cx + k * R * Math.cos(r)).toFixed(1)},${(cy + k * R * Math.sin(r)).toFixed(1)}`;
  }).join(" ");
  let over = "";                   // strike-group markers: drawn after every hex, above them
  for (const c of COLS) for (let r = 1; r <= 6; r++) {
    const id = `${c}-${r}`, [cx, cy] = center(c, r);
    const mid = id === v.midway_hex;
    b += `<g class="hex" data-key="${id}" data-testid="hex-${id}"><polygon points="${pts(cx, cy)}" class="hexcell${mid ? " midway" : ""}"/>`;
    b += t(cx, cy - R * 0.62, id, 'text-anchor="middle" class="tiny muted"');
    if (mid) b += t(cx, cy + R * 0.75, "MIDWAY", 'text-anchor="middle" class="tiny bold"');
    (cells[id] || []).forEach((f, k) => {
      const [lab, sd] = FLEET[f] || [f, "japan"];
      const y = cy - 10 + k * 17;
      b += rect(cx - 22, y - 8, 44, 15, `rx="3" fill="${COLOR[sd]}"`) + t(cx, y + 4, lab, 'text-anchor="middle" class="tiny chip"');
    });
    b += "</g>";
    (groups[id] || []).forEach(([gid, sd, g], k) => {
      const x = cx + R * 0.35, y = cy - R * 0.2 + k * 17;
      over += `<g class="strike-marker" data-testid="sg-${esc(gid)}" pointer-events="none"><title>${esc(`strike group ${gid}: ${g.units.map((q) => v.names[q] || q).join(", ")}`)}</title>` +
        rect(x, y, 34, 15, `rx="7" fill="${FILL[sd]}" stroke="${COLOR[sd]}" stroke-width="2"`) +
        t(x + 17, y + 11, gid, 'text-anchor="middle" class="tiny bold"') + "</g>";
    });
  }
  b += over;
  // a strike group's reach: the hexes this side's pending options let it fly (or a forming group launch) to,
  // dashed over the map with the group's name; drawn above the hexes but never in the way of a click
  const reach = reachOf(extra.options);
  const mine = v.side === "usa" ? "usa" : "japan";
  for (const [h, gs] of Object.entries(reach)) {
    if (!/^[A-I]-[1-6]$/.test(h)) continue;
    const [cx, cy] = center(h[0], Number(h.slice(2)));
    b += `<g class="reach" data-testid="reach-${h}" data-groups="${esc(gs.join(" "))}" pointer-events="none">` +
      `<polygon points="${pts(cx, cy, 0.8)}" fill="#ffd34d" fill-opacity="0.18" stroke="${COLOR[mine]}" stroke-width="2" stroke-dasharray="5 3"/>` +
      t(cx, cy + R * 0.52, gs.join(" "), 'text-anchor="middle" class="tiny bold"') + "</g>";
  }
  // right: fleets, carriers, cards, the attack in progress
  let y = 100; const x = 640;
  const put = (s, cls = "small") => { for (const l of wrap(s, 70)) { b += t(x, y, l, `class="${cls}"`); y += 15; } };
  put("Fleets", "h2");
  put(Object.entries(v.fleets).map(([f, h]) => `${(FLEET[f] || [f])[0]}${f.includes("dmcv") ? ` (${f.startsWith("ijn") ? "J" : "US"})` : ""} ${h}`).join(" · "));
  if (v.plot && Object.keys(v.plot).length) put("Your plot: " + Object.entries(v.plot).map(([f, p]) => `${f} ${p.join(" → ")}`).join("; "));
  for (const [g, hs] of Object.entries(reachByGroup(reach)))
    put(`${g === "launch" ? "The forming strike group may launch to" : `Strike group ${g} may fly to`}: ${hs.sort().join(" ")}`, "small");
  y += 6; put("Carriers", "h2");
  for (const [k, c] of Object.entries(v.carriers)) {
    const st = c.sunk ? "SUNK" : c.damaged.length ? `damaged ${c.damaged.join(", ")}` : "intact";
    b += `<circle cx="${x + 5}" cy="${y - 4}" r="5" fill="${c.sunk ? "#000" : c.damaged.length ? "#e67e22" : COLOR[c.side]}"/>`;
    b += t(x + 16, y, `${c.name}: ${st}${c.towed ? " (towed)" : ""}`, `class="small" data-testid="carrier-${k}"`); y += 15;
  }
  y += 6; put("Cards", "h2");
  for (const sd of ["japan", "usa"]) {
    const h = v.hands[sd];
    put(`${sideName(sd)} hand: ` + (h == null ? `${v.hand_sizes[sd]} card(s)` : h.map((n) => `${String(n).padStart(2, "0")} ${v.card_titles?.[n] || ""}`).join(", ") || "-"));
  }
  put(`played: ${v.played.join(", ") || "-"} · deck ${v.deck_size}`);
  if (v.attack) {
    y += 6;
    const a = v.attack;
    const target = v.carriers[a.target]?.name || (a.target === "midway" ? "Midway" : FLEET[a.target]?.[0] || a.target);
    const g = v.displays[a.side]?.strike_groups?.[a.gid];
    put(`Air attack: ${sideName(a.side)} strike group ${a.gid} on ${target} · ${String(a.stage).replace(/-/g, " ")}`, "small bold warn");
    if (g) put(`in it: ${g.units.map((q) => v.names[q] || q).join(", ")}`, "tiny");
  }
  let H = Math.max(y, oy + 6 * HY + HY / 2) + 16;
  if (v.attack) {
    const [band, h] = airAttack(v, data, W, H, extra);
    b += band; H += h + 8;
  }
  for (const sd of ["japan", "usa"]) {
    const [s, h] = display(v, data, sd, W, H);
    b += s; H += h + 8;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="board board-fury-at-midway" data-game="fury-at-midway" role="img">` +
    rect(0, 0, W, H, 'class="sea"') + b + "</svg>";
}
