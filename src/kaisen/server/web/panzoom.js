// Zoom and pan of a drawn board: +/−/fit buttons, Ctrl+wheel (a trackpad pinch), two-finger pinch, drag to pan.
// The board is redrawn inside `stage` on every update; the zoom lives on the stage, so it survives redraws.
import { el } from "./common.js";

const MIN = 1, MAX = 6;

export function panZoom(wrap) {
  const stage = el("div", { class: "board-stage", "data-testid": "board-stage" });
  const port = el("div", { class: "board-port" }, stage);
  let k = 1, tx = 0, ty = 0, fitted = false;
  const btn = (label, title, id, f) => el("button", { type: "button", class: "zoom-btn", title, "aria-label": title, "data-testid": id, onclick: f }, label);
  const bar = el("div", { class: "zoom-bar" },
    btn("+", "zoom in", "zoom-in", () => zoomAt(k * 1.4)), btn("−", "zoom out", "zoom-out", () => zoomAt(k / 1.4)),
    btn("fit", "the whole board", "zoom-fit", () => { k = 1; tx = 0; ty = 0; show(); }),
    el("span", { class: "zoom-hint muted" }, "drag to pan · Ctrl+wheel or pinch to zoom · tap a piece for details"));
  const info = el("div", { class: "board-info", "data-testid": "board-info" });
  wrap.replaceChildren(bar, info, port);
  // a tap or click on a piece shows what its hover title says (phones have no hover)
  stage.addEventListener("click", (ev) => {
    for (let n = ev.target; n && n !== stage; n = n.parentNode) {
      const title = n.querySelector?.(":scope > title");
      if (title) { info.textContent = title.textContent; return; }
    }
    info.textContent = "";
  }, true);                                           // before a piece's own answer, which stops the click there

  function clamp() {
    const w = port.clientWidth, h = port.clientHeight, sw = stage.offsetWidth * k, sh = stage.offsetHeight * k;
    tx = sw <= w ? 0 : Math.min(0, Math.max(w - sw, tx));
    ty = sh <= h ? 0 : Math.min(0, Math.max(h - sh, ty));
  }
  function show() {
    // the frame: the whole board at its own height; a narrow screen lets a zoomed board grow to 62% of the window
    const h = stage.offsetHeight, narrow = port.clientWidth < 700;
    port.style.height = `${Math.round(Math.min(h * k, Math.max(h, narrow ? 0.62 * innerHeight : 0)))}px`;
    clamp();
    stage.style.transform = `translate(${tx}px, ${ty}px) scale(${k})`;
    wrap.dataset.zoom = k.toFixed(2);
    port.classList.toggle("zoomed", k > 1.001);
  }
  function zoomAt(nk, px = port.clientWidth / 2, py = port.clientHeight / 2) {
    nk = Math.min(MAX, Math.max(MIN, nk));
    tx = px - ((px - tx) * nk) / k;
    ty = py - ((py - ty) * nk) / k;
    k = nk;
    show();
  }
  addEventListener("resize", () => show());            // a phone turned on its side: the frame and the pan follow
  port.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey && !ev.metaKey) return;          // a plain wheel scrolls the page
    ev.preventDefault();
    const r = port.getBoundingClientRect();
    zoomAt(k * Math.exp(-ev.deltaY / 300), ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });

  // pointers: one drags the board, two pinch it; a drag is not a click on what it started on
  const down = new Map();
  let moved = false, pinch = null;
  port.addEventListener("pointerdown", (ev) => {
    if (ev.isPrimary) down.clear();                  // a first finger: any pointer whose "up" went elsewhere is gone
    down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY, x0: ev.clientX, y0: ev.clientY });
    if (down.size === 1) moved = false;
    if (down.size === 2) {
      const [a, b] = [...down.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), k };
    }
  });
  port.addEventListener("pointermove", (ev) => {
    const p = down.get(ev.pointerId);
    if (!p) return;
    const dx = ev.clientX - p.x, dy = ev.clientY - p.y;
    p.x = ev.clientX; p.y = ev.clientY;
    if (down.size === 2 && pinch) {
      const [a, b] = [...down.values()];
      const r = port.getBoundingClientRect();
      zoomAt(pinch.k * (Math.hypot(a.x - b.x, a.y - b.y) / Math.max(1, pinch.d)), (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
      moved = true;
      return;
    }
    if (!moved && Math.hypot(ev.clientX - p.x0, ev.clientY - p.y0) < 5) return;
    if (k <= 1.001) return;                            // nothing to pan at the whole board
    if (!moved) port.setPointerCapture(ev.pointerId);
    moved = true;
    tx += dx; ty += dy;
    show();
  });
  const up = (ev) => { down.delete(ev.pointerId); if (down.size < 2) pinch = null; };
  addEventListener("pointerup", up);                   // on the window: a pointer let go off the board is up too
  addEventListener("pointercancel", up);
  port.addEventListener("click", (ev) => { if (moved) { ev.stopPropagation(); ev.preventDefault(); moved = false; } }, true);

  return {
    stage,
    // a zoomed board pans to what the pending decision names when none of it is in the frame
    focus(nodes) {
      if (k <= 1.001 || !nodes.length) return;
      const p = port.getBoundingClientRect();
      const boxes = [...nodes].map((n) => n.getBoundingClientRect()).filter((r) => r.width || r.height);
      if (!boxes.length || boxes.some((r) => r.right > p.left && r.left < p.right && r.bottom > p.top && r.top < p.bottom)) return;
      const r = boxes[0];
      tx += p.left + p.width / 2 - (r.left + r.width / 2);
      ty += p.top + p.height / 2 - (r.top + r.height / 2);
      show();
    },
    // after a redraw: on a narrow screen the first board opens zoomed so that its text can be read
    drawn() {
      const svg = stage.querySelector("svg");
      if (!fitted && svg && port.clientWidth) {
        fitted = true;
        const vb = svg.viewBox?.baseVal;
        if (vb && vb.width && port.clientWidth < 700) { k = Math.min(MAX, Math.max(MIN, (vb.width * 0.85) / port.clientWidth)); tx = 0; ty = 0; }
      }
      show();
    },
  };
}
