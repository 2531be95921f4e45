// Goofspiel's browser panel (the game's "web" hook), served at /api/games/goofspiel/panel.js.
// A plain ES module without imports: everything comes through ctx (ctx.kit: the shared
// helpers and the game's catalogue). The point card and every bid card are chips showing
// the catalogue's text.


// A bid option plays a bid card: its popover says what bid cards are.
export function optionHelp(o, obs, ctx) {
  return /^bid-\d+$/.test(String(o.name)) && ctx.kit.entry("card", "bid") ? { kind: "card", id: "bid" } : null;
}

// Direct play (server/static/board.js): a bid is the bid card in the player's hand.
export function optionTargets(o) {
  const m = /^bid-(\d+)$/.exec(String(o.name));
  return m ? [[`bid:${m[1]}`]] : null;
}

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const t = (k) => kit.term(k);  // a word of the game's glossary, its explanation one hover away
  const { kv, seatName } = kit;
  const bid = (v, target = null) => kit.chip("card", "bid", { label: String(v), cls: "num", target });
  return h("div", { class: "panel goofspiel" },
    h("p", { class: "big-point" }, kit.chip("card", "point"), ": ", h("strong", {}, o.point_card ?? "—")),
    kv(h, [[t("points"), (o.points || []).map((p, i) => `${seatName(ctx, i)} ${p}`).join(" · ")],
      ...(o.hands || []).map((hd, i) => [[t("hand"), ` · ${seatName(ctx, i)}`], hd == null ? "?" : h("span", { class: i === o.player ? "chips my-hand" : "chips" }, hd.map((v) => bid(v, i === o.player ? `bid:${v}` : null)))]),
      [t("bids"), (o.bids || []).map((b) => b.join(":")).join("  ")]]));
}
