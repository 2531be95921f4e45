// Goofspiel's browser panel (the game's "web" hook), served at /api/games/goofspiel/panel.js.
// A plain ES module without imports: everything comes through ctx (ctx.kit: the shared
// helpers and the game's catalogue).

// The panel's own words: [zh, en].
const WORDS = {
  points: ["得分", "points"], hand: ["手牌", "hand"], bids: ["出价", "bids"],
};

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const w = (k) => (WORDS[k] ? WORDS[k][lang === "zh" ? 0 : 1] : kit.word(k, lang));
  const { kv, seatName } = kit;
  return h("div", { class: "panel goofspiel" },
    h("p", { class: "big-point", title: kit.text("card", "point") }, `${kit.name("card", "point")}: `, h("strong", {}, o.point_card ?? "—")),
    kv(h, [[w("points"), (o.points || []).map((p, i) => `${seatName(ctx, i)} ${p}`).join(" · ")],
      ...(o.hands || []).map((hd, i) => [`${w("hand")} · ${seatName(ctx, i)}`, hd == null ? "?" : hd.join(" ")]),
      [w("bids"), (o.bids || []).map((b) => b.join(":")).join("  ")]]));
}
