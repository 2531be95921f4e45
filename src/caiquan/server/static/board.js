// Direct play: the board is the controller. A decision's options are found on the table —
// promise's hearts, cards in hand, the power table's throws; drama's cards and seats; legends'
// cards, territories, markers and players — through the game's `optionTargets` (games.js):
// each option is one or more *paths* of target keys, clicked in order. Clicking narrows the
// options; when one option is left it is *chosen* (not yet played): the action bar shows it
// with its preview (promise: the power table it would make) and a confirm button; clicking
// the chosen element again, or "confirm", plays it. Options with no place on the board
// (pass, "no skill card", the opening rock-paper-scissors …) are buttons on the action bar.
// The option list below stays as the accessible alternative (keyboard, screen readers).

const keyOf = (el) => el?.dataset?.target ?? null;

export class BoardPlay {
  constructor({ h, t }) {
    this.h = h; this.t = t;
    this.at = null;       // "version:seat": a new decision starts afresh
    this.prefix = [];     // the target keys clicked so far
    this.chosen = null;   // the option id chosen, not yet played
    this.ctx = null;      // the last arm() arguments
    this.clicks = 0;      // board clicks since the decision came (measured: docs/web.md)
  }

  // Forget the selection (a new decision, or the player cancels).
  reset() { this.prefix = []; this.chosen = null; }

  // Called after every draw of the table. ctx: {panel, bar, decision, version, seat,
  // paths: Map(option id → [[key, …], …]), label(o), preview(o) → element|null, note(o),
  // myCommit, commit(optionId), prompt}.
  arm(ctx) {
    const at = `${ctx.version}:${ctx.seat}`;
    if (at !== this.at) { this.at = at; this.reset(); this.clicks = 0; }
    this.ctx = ctx;
    this.install(ctx.panel);
    this.install(ctx.bar);
    this.render();
  }

  // Each option's usable paths: those whose every key is on the board now; an option without
  // one is an action-bar button ("act:<id>").
  routes() {
    const { panel, decision, paths } = this.ctx;
    const onBoard = new Set([...panel.querySelectorAll("[data-target]")].map(keyOf));
    const out = new Map();
    for (const o of decision.options) {
      const usable = (paths.get(o.id) || []).filter((p) => p.every((k) => onBoard.has(k)));
      out.set(o.id, usable.length ? usable : [[`act:${o.id}`]]);
    }
    return out;
  }

  // What the clicks so far leave: the options still possible, the keys that may come next,
  // and the options whose path the clicks complete.
  narrow(routes, prefix = this.prefix) {
    const next = new Set(), complete = [];
    for (const [id, ps] of routes) {
      let done = false;
      for (const p of ps) {
        if (p.length < prefix.length || prefix.some((k, i) => p[i] !== k)) continue;
        if (p.length === prefix.length) done = true; else next.add(p[prefix.length]);
      }
      if (done) complete.push(id);
    }
    return { next, complete };
  }

  click(key) {
    const routes = this.routes();
    this.clicks += 1;
    if (key === "confirm") { this.play(); return; }
    if (key === "cancel") { this.reset(); this.render(); return; }
    // (one of several moves the same click makes, e.g. a card played or played as a weapon:
    // naming which is the decision itself)
    if (key.startsWith("pick:")) { this.chosen = Number(key.slice(5)); this.play(); return; }
    const last = this.prefix[this.prefix.length - 1];
    const { next } = this.narrow(routes);
    if (this.chosen != null && key === last && !next.has(key)) { this.play(); return; }
    if (next.has(key)) {
      this.prefix.push(key);
    } else {
      const i = this.prefix.lastIndexOf(key);
      if (i < 0) return;
      this.prefix = this.prefix.slice(0, i);  // a picked element clicked again: take it back
    }
    const { next: after, complete } = this.narrow(routes);
    this.chosen = complete.length === 1 ? complete[0] : null;
    if (!after.size && !complete.length) this.reset();
    this.render();
  }

  play() {
    if (this.chosen == null) return;
    const id = this.chosen;
    this.ctx.commit(id);
    this.reset();
    this.render();
  }

  // Mark the board (what may be clicked next, what is picked, what is played) and draw the
  // action bar.
  render() {
    const { h, t } = this;
    const ctx = this.ctx;
    if (!ctx) return;
    const { panel, bar, decision } = ctx;
    const routes = this.routes();
    const { next, complete } = this.narrow(routes);
    const byId = new Map(decision.options.map((o) => [o.id, o]));
    const committedKeys = new Set(ctx.myCommit != null && !this.prefix.length ? (routes.get(ctx.myCommit)?.[0] || []) : []);
    const actions = decision.options.filter((o) => routes.get(o.id)[0][0] === `act:${o.id}`);
    const throwPad = /throw/.test(decision.kind || "");
    const chosen = this.chosen != null ? byId.get(this.chosen) : null;
    const picks = !chosen && complete.length > 1 ? complete.map((id) => byId.get(id)) : [];
    const kids = [
      h("span", { class: "bar-prompt", id: "bar-prompt" }, ctx.prompt),
      actions.length ? h("span", { class: `bar-actions${throwPad ? " throw-pad" : ""}`, role: "group", "aria-labelledby": "bar-prompt" },
        actions.map((o) => h("button", { type: "button", class: "board-action", "data-target": `act:${o.id}`, "data-name": o.name }, ctx.label(o)))) : null,
      picks.length ? h("span", { class: "bar-picks", role: "group" }, picks.map((o) =>
        h("button", { type: "button", class: "board-action pick", "data-target": `pick:${o.id}`, "data-name": o.name }, ctx.label(o)))) : null,
      this.prefix.length && !chosen && !picks.length ? h("span", { class: "bar-hint" }, t("pick_next")) : null,
      !this.prefix.length && !chosen && [...next].some((k) => !k.startsWith("act:"))
        ? h("span", { class: "bar-hint", id: "bar-hint" }, t("board_hint")) : null,
      chosen ? h("div", { class: "bar-chosen", id: "bar-chosen" },
        h("span", {}, t("chosen"), " ", h("strong", {}, ctx.label(chosen))),
        ctx.note(chosen) ? h("small", { class: "option-note" }, `⚠ ${ctx.note(chosen)}`) : null,
        h("button", { type: "button", class: "primary board-action", "data-target": "confirm", id: "bar-confirm" }, t("confirm")),
        h("button", { type: "button", class: "board-action", "data-target": "cancel", id: "bar-cancel" }, t("cancel")),
        ctx.preview(chosen)) : null,
    ];
    const focused = bar.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    bar.replaceChildren(...kids.filter(Boolean));
    bar.hidden = false;
    if (focused) (bar.querySelector(`[data-target="${CSS.escape(focused)}"]`) || bar.querySelector("#bar-confirm, button"))?.focus();
    const chosenKeys = new Set(chosen ? this.prefix : []);
    for (const el of [...panel.querySelectorAll("[data-target]"), ...bar.querySelectorAll("[data-target]")]) {
      const k = keyOf(el);
      const able = next.has(k) || k.startsWith("act:") || k.startsWith("pick:") || k === "confirm" || k === "cancel";
      const picked = this.prefix.includes(k);
      el.classList.toggle("targetable", able && !picked);
      el.classList.toggle("picked", picked);
      el.classList.toggle("chosen-target", chosenKeys.has(k));
      el.classList.toggle("committed", committedKeys.has(k) || (ctx.myCommit != null && k === `act:${ctx.myCommit}` && !this.prefix.length));
      if (k.startsWith("act:") && byId.get(Number(k.slice(4))) && Number(k.slice(4)) === this.chosen) el.classList.add("picked");
      if (el.tagName !== "BUTTON") {
        if (able || picked) {
          el.setAttribute("tabindex", "0");
          if (!el.hasAttribute("role")) { el.setAttribute("role", "button"); el.dataset.roleSet = "1"; }
          el.setAttribute("aria-pressed", picked ? "true" : "false");
        } else if (el.dataset.roleSet) {
          el.removeAttribute("role"); el.removeAttribute("aria-pressed"); el.removeAttribute("tabindex"); delete el.dataset.roleSet;
        } else el.removeAttribute("aria-pressed");
      }
    }
    panel.classList.toggle("playing", true);
  }

  // One listener per element (capture: a target's click selects; it does not also open the
  // chip's text, which the action bar's preview shows).
  install(el) {
    if (!el || el.dataset.boardPlay) return;
    el.dataset.boardPlay = "1";
    const act = (e) => {
      const target = e.target?.closest?.("[data-target]");
      if (!target || !el.contains(target) || !this.ctx) return false;
      const k = keyOf(target);
      const able = target.classList.contains("targetable") || target.classList.contains("picked") || target.classList.contains("chosen-target");
      if (!able) return false;
      e.preventDefault(); e.stopPropagation();
      this.click(k);
      return true;
    };
    el.addEventListener("click", act, true);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") act(e); }, true);
  }

  // The board is not playable (no decision, game over, privacy screen).
  disarm(panel, bar) {
    this.ctx = null;
    if (bar) { bar.replaceChildren(); bar.hidden = true; }
    panel?.classList.remove("playing");
  }
}
