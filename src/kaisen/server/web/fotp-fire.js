// Fighters of the Pacific: an airplane's field of fire lit on the board while the pointer is over it (a tap on a
// phone), from its type's printed offsets (board data, written for facing 0) turned to its facing.
const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const axial = (name) => { const c = COLS.indexOf(name[0]), r = Number(name.slice(1)) - 1; return [c, r - (c - (c & 1)) / 2]; };
const nameOf = ([q, r]) => (q < 0 || q >= COLS.length ? null : `${COLS[q]}${r + (q - (q & 1)) / 2 + 1}`);
function rotate([dq, dr], facing) {
  for (let i = 0; i < ((facing % 6) + 6) % 6; i++) [dq, dr] = [-dr, dq + dr];
  return [dq, dr];
}

// the names of the hexes a plane may shoot into
export function fieldOfFire(plane, data) {
  const offs = data.aircraft?.[plane.type]?.field_of_fire || [];
  const [q, r] = axial(plane.hex);
  return offs.map((o) => { const [dq, dr] = rotate(o, plane.facing); return nameOf([q + dq, r + dr]); }).filter(Boolean);
}

export function wireFieldOfFire(stage, view, data) {
  if (view?.game !== "fighters-of-the-pacific") return;
  const planes = Object.fromEntries((view.planes || []).map((p) => [p.id, p]));
  const light = (hexes) => {
    for (const h of stage.querySelectorAll(".hex.fof")) h.classList.remove("fof");
    for (const name of hexes) stage.querySelector(`.hex[data-key="${name}"]`)?.classList.add("fof");
    stage.dataset.fof = hexes.join(" ");
  };
  for (const node of stage.querySelectorAll(".fotp-plane[data-key]")) {
    const p = planes[node.dataset.key];
    if (!p) continue;
    node.addEventListener("mouseenter", () => light(fieldOfFire(p, data)));
    node.addEventListener("mouseleave", () => light([]));
    node.addEventListener("click", () => light(fieldOfFire(p, data)));    // a tap on a phone; a lit target still answers
  }
}
