// The home page: create a game (seats human or AI, dice seeded or manual) and list games.
import { api, el, esc, sideName } from "./common.js";

const $ = (id) => document.getElementById(id);
let meta = [];

function current() { return meta.find((g) => g.id === $("game").value); }

function fillGame() {
  const g = current();
  $("scenario").replaceChildren(...g.scenarios.map((s) => el("option", { value: s.id }, s.title)));
  const desc = () => { $("scenario-desc").textContent = g.scenarios.find((s) => s.id === $("scenario").value)?.description || ""; };
  $("scenario").onchange = desc; desc();
  $("options").replaceChildren(el("legend", {}, "Options"),
    ...(g.options.length ? g.options.map((o) => el("label", { class: "opt" },
      el("input", { type: "checkbox", name: "opt", value: o.id, checked: o.default === true }), ` ${o.id}: ${o.description}`)) : [el("span", { class: "muted" }, "none")]));
  $("seats").replaceChildren(el("legend", {}, "Seats"), ...g.sides.map((s) => el("label", {}, `${sideName(s)} `,
    el("select", { name: `seat-${s}`, "data-side": s, "data-testid": `seat-${s}` }, ...g.seats.map((k) => el("option", { value: k }, k === "human" ? "human (a private link)" : `AI: ${k}`))))));
}

async function listGames() {
  const { games } = await api("/api/games");
  $("games").replaceChildren(...games.map((g) => el("tr", {},
    el("td", {}, g.title), el("td", {}, meta.find((m) => m.id === g.game)?.title || g.game), el("td", {}, Object.entries(g.seats || {}).map(([s, k]) => `${sideName(s)}: ${k}`).join(", ")),
    el("td", {}, g.status + (g.result ? ` — ${g.result.winner ? sideName(g.result.winner) + " won" : "draw"}` : "")), el("td", {}, g.steps == null ? "" : String(g.steps)))));
}

async function create(ev) {
  ev.preventDefault();
  const g = current();
  const options = {};
  for (const o of g.options) options[o.id] = !!document.querySelector(`input[name=opt][value="${CSS.escape(o.id)}"]`)?.checked;
  const seats = {};
  for (const sel of $("seats").querySelectorAll("select")) seats[sel.dataset.side] = sel.value;
  const spec = { game: g.id, scenario: $("scenario").value, options, seats,
    dice: document.querySelector("input[name=dice]:checked").value, at_table: $("at-table").checked };
  if ($("gtitle").value.trim()) spec.title = $("gtitle").value.trim();
  $("create-error").hidden = true;
  try {
    const made = await api("/api/games", { method: "POST", body: spec });
    const rows = Object.entries(made.links).map(([s, url]) => el("li", {}, `${sideName(s)} (private — send it only to that player): `,
      el("a", { href: url, target: "_blank", "data-testid": `link-${s}`, rel: "noreferrer" }, url)));
    rows.push(el("li", {}, "Spectator (public view): ", el("a", { href: made.spectator, target: "_blank", "data-testid": "link-spectator", rel: "noreferrer" }, made.spectator)));
    $("made").replaceChildren(el("h3", {}, "Game created — the links"), el("p", { class: "muted" },
      "Each private link opens one seat; anyone who has it plays that side. Keep them safe: they are not shown again."), el("ul", {}, ...rows));
    $("made").hidden = false;
    listGames();
  } catch (e) {
    $("create-error").textContent = e.message + (e.error?.given ? ` (given ${JSON.stringify(e.error.given)})` : "");
    $("create-error").hidden = false;
  }
}

async function main() {
  ({ games: meta } = await api("/api/games/meta"));
  $("game").replaceChildren(...meta.map((g) => el("option", { value: g.id }, g.title)));
  $("game").onchange = fillGame;
  fillGame();
  $("create").addEventListener("submit", create);
  listGames();
  setInterval(listGames, 10000);
}
main();
