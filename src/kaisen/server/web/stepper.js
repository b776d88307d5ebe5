// A replay stepper: first / back / forward / last / a slider over a record's steps, drawing each frame.
import { diceEvents, el, esc, renderLog, resultText, sideName } from "./common.js";
import { renderBoard } from "./boards.js";
import { panZoom } from "./panzoom.js";
import { wireFieldOfFire } from "./fotp-fire.js";

export function makeStepper(root, fetchFrame, boardData) {
  root.replaceChildren();
  const info = el("div", { class: "replay-info", "data-testid": "replay-info" });
  const verdict = el("div", { class: "dice-verdict", "data-testid": "dice-verdict" });
  const slider = el("input", { type: "range", min: "0", max: "0", value: "0", "data-testid": "replay-slider" });
  const board = el("div", { class: "board-wrap", "data-testid": "replay-board" });
  const log = el("ol", { class: "log" });
  const view = panZoom(board);
  let step = 0, steps = 0, busy = false;
  async function go(n) {
    if (busy) return;
    busy = true;
    try {
      const f = await fetchFrame(Math.max(0, n));
      step = f.step; steps = f.steps;
      slider.max = String(steps); slider.value = String(step);
      const p = f.pending;
      const what = p.kind === "end" ? `Game over: ${resultText(f.result)}` :
        `${p.side ? sideName(p.side) + ": " : ""}${p.prompt || ""}`;
      info.innerHTML = `<b>Step ${step} of ${steps}</b> · ${esc(what)}` +
        (f.answer != null ? ` <span class="muted">→ answered ${esc(JSON.stringify(f.answer))}</span>` : "") +
        (f.error ? ` <span class="err">${esc(f.error)}</span>` : "");
      if (f.dice) {
        verdict.textContent = `Dice: ${f.dice.message}`;
        verdict.className = `dice-verdict ${f.dice.ok ? "ok" : "err"}`;
      }
      renderBoard(view.stage, f.view, await boardData(f.game), { dice: diceEvents(f.log, f.game) });
      view.drawn();
      wireFieldOfFire(view.stage, f.view, await boardData(f.game));
      renderLog(log, f.log, 200);
      root.dataset.step = String(step);       // set once the frame is drawn: tests and scripts wait on it
    } catch (e) {
      info.innerHTML = `<span class="err">${esc(e.message)}</span>`;
    } finally { busy = false; }
  }
  const btn = (label, f, id) => el("button", { type: "button", onclick: f, "data-testid": id }, label);
  slider.addEventListener("change", () => go(Number(slider.value)));
  root.append(
    el("div", { class: "stepper" },
      btn("First", () => go(0), "replay-first"), btn("◀ Back", () => go(step - 1), "replay-back"),
      btn("Next ▶", () => go(step + 1), "replay-next"), btn("Last", () => go(steps ? steps : 1e9), "replay-last"), slider),
    info, verdict, board, el("h3", {}, "Log to this step"), log);
  return go(0);
}

const cache = {};
export function boardDataLoader() {
  return async (game) => (cache[game] ||= fetch(`/api/boards/${encodeURIComponent(game)}`).then((r) => (r.ok ? r.json() : {})));
}
