// The game page: /play/<token>. Draws the seat's payload, answers its pending decision, follows the SSE stream.
import { api, diceEvents, el, esc, renderLog, resultText, sideName } from "./common.js";
import { renderBoard } from "./boards.js";
import { boardDataLoader, makeStepper } from "./stepper.js";
import { panZoom } from "./panzoom.js";
import { groupOptions } from "./menus.js";
import { turnNotice } from "./notice.js";
import { wireFieldOfFire } from "./fotp-fire.js";

const token = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);
const boardData = boardDataLoader();
let current = null;       // the payload on screen
let stream = null;
let sending = false;
let afterShown = false;
let pushes = 0;           // SSE pushes received (versions are hashes, not ordered: see send())
const boardView = panZoom($("board"));
const notice = turnNotice($("notify"));
let boardInfo = {};       // the title's static board data (names of areas, bases, unit types)

function showError(msg) {
  const e = $("error");
  e.textContent = msg;
  e.hidden = !msg;
}

// What this page shows depends only on what its side may know: no step count, a per-reader `version` (a hash of
// the payload) and, for a pending answer, a `decision_token` the answer sends back.
function diceLine(p) {
  const how = p.dice === "manual" ? (p.at_table ? "entered by hand (all players at one table)" : "entered by hand by the seat whose roll it is")
    : "rolled by the server";
  return `dice ${how}`;
}

// Renders run one after another (a push and an answer's response may arrive together): each sees the one before.
let rendering = Promise.resolve();
function render(p) {
  rendering = rendering.then(() => draw(p), () => draw(p));
  return rendering;
}

function pendingState(p) {
  // while this page's own answer is in flight its buttons are not live: "sending", not "decision"
  return p.status === "over" ? "over" : sending ? "sending" : p.pending.kind;
}

async function draw(p) {
  if (current && p.version === current.version) return;     // nothing new for this reader
  if (current && p.log_size < current.log_size) return;      // an older push arriving late (a reader's log only grows)
  current = p;
  notice.update(p, `kaisen — ${p.title}`);
  // a game named after its title alone says the title once: "Pacific Fury: Guadalcanal 1942 (campaign)"
  $("title").textContent = p.title === p.game_title ? `${p.title} (${p.scenario})` : `${p.title} (${p.game_title}, ${p.scenario})`;
  $("who").textContent = p.side ? `you play ${sideName(p.side)}` : p.status === "over" ? "spectator" : "spectator (public view)";
  boardInfo = await boardData(p.game);
  renderBoard(boardView.stage, p.view, boardInfo, { dice: diceEvents(p.log, p.game),
    options: p.pending.kind === "decision" ? p.pending.options : [] });
  boardView.drawn();
  wireFieldOfFire(boardView.stage, p.view, boardInfo);
  wireBoard(p);
  boardView.focus($("board").querySelectorAll(".target"));
  renderPending(p);
  renderLog($("log"), p.log);
  const dice = diceEvents(p.log, p.game);
  $("dice").innerHTML = dice.length ? `<h3>Dice</h3>` + dice.map((e) => `<div class="die-line">• ${esc(e.text)}</div>`).join("") : "";
  const over = p.status === "over";
  $("result").hidden = !over;
  if (over) $("result").textContent = `Game over — ${resultText(p.result)}`;
  $("status").textContent = `${over ? "finished" : "in play"} · ${diceLine(p)}`;
  $("commitment").textContent = p.dice_commitment ? `Server dice committed in advance: SHA-256 of the secret = ${p.dice_commitment}` +
    (over ? " (the secret is in the record: kaisen verify checks every roll)" : " (the secret is revealed with the record after the end)") : "";
  document.body.dataset.version = p.version;
  document.body.dataset.state = pendingState(p);
  if (over) showAfter();
}

// The board elements an option names: the places in its structured fields (contract v2), never its label. An
// option's origin ("from") is not where it goes, so it is left out; a box number is the board's box-N.
const PLACE_FIELDS = ["zone", "hex", "area", "port", "base", "target"];
function named(o) {
  const f = o.fields;
  if (!f || !Object.keys(f).length) return o.id.split(":").slice(1);    // an option without fields
  const out = PLACE_FIELDS.filter((k) => f[k] != null).map((k) => String(f[k]));
  if (f.box != null) out.push(`box-${f.box}`);
  // Nights of Fury: a range band is band-N, a ship in a seen enemy stack "<division>#<position>", else its division
  if (f.band != null) out.push(`band-${f.band}`);
  if (f.position != null) out.push(`${f.division}#${f.position}`);
  else if (f.division != null) out.push(String(f.division));
  if (f.ship != null) out.push(String(f.ship));
  if (f.unit != null) out.push(String(f.unit));      // a counter drawn on the board (a ship to hit, a squadron to move)
  return out;
}

function matches(p, key) {
  if (!p || p.pending.kind !== "decision") return [];
  return p.pending.options.filter((o) => named(o).includes(key));
}

function wireBoard(p) {
  for (const node of $("board").querySelectorAll("[data-key]")) {
    const hits = matches(p, node.dataset.key);
    node.classList.toggle("target", hits.length > 0);
    node.onclick = hits.length ? (ev) => {
      ev.stopPropagation();
      if (hits.length === 1) return send(hits[0].id);
      for (const b of $("pending").querySelectorAll("button.option")) {
        b.classList.toggle("hl", hits.some((h) => h.id === b.dataset.id));
        if (b.classList.contains("hl")) b.closest("details")?.setAttribute("open", "");
      }
      $("pending").querySelector("button.hl")?.scrollIntoView({ block: "nearest" });
    } : null;
  }
}

function renderPending(p) {
  const box = $("pending");
  const pd = p.pending;
  box.replaceChildren();
  if (pd.kind === "decision") {
    box.append(el("div", { class: "prompt", "data-testid": "prompt" }, pd.prompt, pd.rule ? el("span", { class: "rule" }, ` [${pd.rule}]`) : null));
    const button = (o) => el("button", { type: "button", class: "option", "data-id": o.id, title: o.label, disabled: sending || undefined, onclick: () => send(o.id) }, o.label);
    const groups = groupOptions(pd.options, p.view, boardInfo);
    const list = el("div", { class: "options" });
    if (!groups) list.append(...pd.options.map(button));
    else {
      const many = groups.filter((g) => g.value != null).length > 3;
      for (const g of groups) {
        if (g.value == null) { list.append(...g.options.map(button)); continue; }
        list.append(el("details", { class: "option-group", "data-group": g.value, "data-testid": `group-${g.value}`, open: !many || undefined },
          el("summary", {}, `${g.title} (${g.options.length})`), el("div", { class: "options" }, ...g.options.map(button))));
      }
    }
    box.append(list);
  } else if (pd.kind === "dice") {
    const inputs = pd.sides.map((s, i) => el("input", { type: "number", min: "1", max: String(s), class: "die-input", "aria-label": `die ${i + 1} (1-${s})`, required: true }));
    const form = el("form", { class: "dice-form", "data-testid": "dice-form", onsubmit: (ev) => { ev.preventDefault(); send(inputs.map((x) => Number(x.value))); } },
      el("div", { class: "prompt" }, `Roll ${pd.count} di${pd.count === 1 ? "e" : "ce"} and enter the faces: ${pd.reason || ""}`),
      ...inputs, el("button", { type: "submit", class: "option" }, "Enter dice"),
      el("button", { type: "button", onclick: () => { inputs.forEach((x, i) => { x.value = 1 + Math.floor(Math.random() * pd.sides[i]); }); } }, "Roll for me"));
    box.append(form);
  } else if (pd.kind === "waiting") {
    const who = pd.side ? `${sideName(pd.side)}${pd.seat && pd.seat !== "human" ? ` (AI: ${pd.seat})` : ""}` : "the dice";
    box.append(el("div", { class: "waiting", "data-testid": "waiting" }, `Waiting for the other side — ${who}…`));
  } else if (pd.kind === "end") {
    box.append(el("div", { class: "prompt" }, "The game is over."));
  }
}

async function send(answer) {
  if (sending || !current) return;
  sending = true;
  for (const b of $("pending").querySelectorAll("button")) b.disabled = true;
  showError("");
  try {
    const before = pushes, base = current;
    const p = merged(base, await api(`/api/seat/${encodeURIComponent(token)}/answer?log_from=${base.log_size}`, { method: "POST", body: { answer, decision_token: current.pending.decision_token } }));
    if (pushes === before && p) await render(p);
    else await load(false);        // a push came while answering: it may be newer than this response; ask again
  } catch (e) {
    showError(e.error?.code === "stale" ? "The game moved on; here is the new state." : `Refused: ${e.message}`);
    await load(false);
  } finally {
    sending = false;
    for (const b of $("pending").querySelectorAll("button")) b.disabled = false;
    if (current) document.body.dataset.state = pendingState(current);
  }
}

async function showAfter() {
  if (afterShown) return;
  afterShown = true;
  if (stream) { stream.close(); stream = null; }
  $("after").hidden = false;
  try {
    const rec = await api(`/api/seat/${encodeURIComponent(token)}/record`);
    const blob = new Blob([JSON.stringify(rec.record)], { type: "application/json" });
    $("download").href = URL.createObjectURL(blob);
    $("download").download = `kaisen-${current.game}-${current.game_id}.json`;
  } catch (e) { $("download").textContent = `record unavailable: ${e.message}`; }
  makeStepper($("replay"), (n) => api(`/api/seat/${encodeURIComponent(token)}/replay?step=${n}`), boardData);
}

async function load(follow = true) {
  try {
    const before = pushes;
    const p = await api(`/api/seat/${encodeURIComponent(token)}`);
    // a push that came meanwhile may be newer than this reply (versions are not ordered); the stream catches up
    if (!stream || pushes === before) await render(p);
  } catch (e) {
    showError(e.message);
    document.body.dataset.state = "error";
    if (e.status === 404) { $("board").replaceChildren(); return; }
  }
  if (follow && !stream && current && current.status !== "over") openStream(current);
}

// A payload's log is what is new since the `log_from` the page sent (0: the whole log): merged onto the payload the
// page had (`base`), it is whole again; null when it does not follow on (the page then asks for the whole payload).
function merged(base, p) {
  if (p.log_from === 0) return p;
  if (base && p.log_from === base.log_size) return { ...p, log_from: 0, log: base.log.concat(p.log) };
  return null;
}

// The live stream: pushed whenever this reader's payload changes, each message's log following on from the one
// before (a reconnecting EventSource sends Last-Event-ID "<version>:<log size>" and gets only what it lacks).
function openStream(from) {
  let last = from;
  stream = new EventSource(`/api/seat/${encodeURIComponent(token)}/events?log_from=${from.log_size}`);
  stream.addEventListener("payload", (ev) => {
    pushes += 1;
    const p = merged(last, JSON.parse(ev.data));
    if (!p) { stream.close(); stream = null; load(); return; }    // out of step: start again from the whole payload
    last = p;
    render(p);                      // render() drops late, older pushes
  });
}

load();
