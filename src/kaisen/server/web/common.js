// Shared helpers for the kaisen pages (plain ES modules, no build step).
export const SIDE_NAME = { japan: "Japan", usa: "USA", allies: "Allies", usn: "USN", ijn: "IJN" };
export const sideName = (s) => (s == null ? "spectator" : SIDE_NAME[s] || s);

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}

// fetch JSON; throws {status, error} with the API's error object on failure
export async function api(path, opts = {}) {
  const init = { ...opts, headers: { "Content-Type": "application/json", ...(opts.headers || {}) } };
  if (opts.body !== undefined && typeof opts.body !== "string") init.body = JSON.stringify(opts.body);
  const r = await fetch(path, init);
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    const error = (data && data.error) || { code: "http", reason: `HTTP ${r.status}` };
    throw Object.assign(new Error(error.reason), { status: r.status, error });
  }
  return data;
}

const DICE_RE = /\b(rolls?|rolled|dice|die)\b/i;
const FACE_TO_TOTAL = /(?:^|[\s:,(])[1-6]\s*->\s*[-+]?\d/;     // Nights of Fury's "attack 3 -> 5": a die and its total
export function diceEvents(log, game = "") {
  const arrows = game === "nights-of-fury";
  return (log || []).filter((e) => DICE_RE.test(e.text) || (arrows && FACE_TO_TOTAL.test(e.text))).slice(-4);
}

export function renderLog(box, log, max = 400) {
  const start = Math.max(0, log.length - max);
  box.replaceChildren(...log.slice(start).map((e) =>
    el("li", { class: `ev ev-${e.kind}${e.private_to ? " private" : ""}` },
      e.rule ? el("span", { class: "rule" }, `[${e.rule}] `) : null, e.text)));
  box.scrollTop = box.scrollHeight;
}

export function resultText(result) {
  if (!result) return "";
  const w = result.winner ? `${sideName(result.winner)} wins` : "Draw";
  return `${w}${result.score != null ? ` (score ${result.score})` : ""}. ${result.summary || ""}`;
}
