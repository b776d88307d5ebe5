// The turn notice: the page title says "(your turn)" while this seat must answer, and, once the player has asked
// for it with a click (never at load), a browser notification when the turn comes while the page is hidden.
import { el } from "./common.js";

export function yourTurn(p) {
  return p.status !== "over" && p.side != null && (p.pending.kind === "decision" || p.pending.kind === "dice");
}

export function turnNotice(box) {
  let wanted = false, was = null;
  const can = typeof Notification !== "undefined";
  const button = el("button", { type: "button", class: "notify-btn", "data-testid": "notify", hidden: !can || undefined,
    onclick: async () => {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      wanted = answer === "granted";
      button.textContent = wanted ? "You will be told when it is your turn" : "Notifications are blocked in this browser";
      button.disabled = true;
    } }, "Tell me when it is my turn");
  if (box) box.replaceChildren(button);
  return {
    update(p, title) {
      const now = yourTurn(p);
      document.title = now ? `(your turn) ${title}` : title;
      document.body.dataset.turn = now ? "yours" : "";
      if (box) box.hidden = p.side == null || p.status === "over";
      if (now && was === false && wanted && document.hidden)
        new Notification("kaisen: your turn", { body: `${p.title}: ${p.pending.prompt || "roll the dice"}`, tag: "kaisen-turn" });
      was = now;
    },
  };
}
