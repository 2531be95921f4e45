// Wager's browser panel (the game's "web" hook), served at /api/games/wager/panel.js.
// A plain ES module without imports: everything comes through ctx (ctx.kit: the shared
// helpers and the game's catalogue). Every card is a chip with its catalogue text; every
// label is a word of the game's glossary, its explanation one hover away.

// A play option names its card: its popover says what the card beats.
export function optionHelp(o) {
  const m = /^(rock|paper|scissors)-\d+$/.exec(String(o.name));
  return m ? { kind: "card", id: m[1] } : null;
}

export const watched = ".wager-pot";  // texts that flash when a move changes them

// The round being played (the observation counts the rounds played; at the end, the last).
const current = (o) => (o.terminal ? o.round : Math.min((o.round ?? 0) + 1, o.rounds ?? 1));

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const t = (k) => kit.term(k);
  const zh = lang === "zh";
  const colon = zh ? "：" : ": ";
  const card = (id, cls = "") => kit.chip("card", id, { cls });
  const head = h("div", { class: "wager-head" },
    h("strong", {}, t("round"), ` ${current(o)}/${o.rounds ?? "?"}`),
    h("span", { class: "wager-pot" }, t("pot"), colon, String(o.pot ?? 0)),
    h("span", {}, t("max_stake"), colon, String(o.max_stake ?? 0)));
  const seats = [0, 1];
  const table = h("table", { class: "wager-seats" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ["scores", "chips", "hand_sizes"].map((k) => h("th", {}, t(k))))),
    h("tbody", {}, seats.map((i) => h("tr", {},
      h("th", {}, kit.seatName(ctx, i)),
      h("td", {}, String(o.scores?.[i] ?? 0)),
      h("td", {}, String(o.chips?.[i] ?? 0)),
      h("td", {}, String(o.hand_sizes?.[i] ?? 0))))));
  const rows = [];
  if (Array.isArray(o.hand)) {
    rows.push([t("hand"), h("span", { class: "wager-hand chips my-hand" }, o.hand.length ? o.hand.map((c) => card(c)) : "—")]);
  }
  if (o.unseen) {
    rows.push([t("unseen"), h("span", { class: "wager-unseen" },
      Object.entries(o.unseen).flatMap(([c, n], k) => [k ? " · " : "", card(c), ` ${n}`]))]);
  }
  return h("div", { class: "panel wager" }, head, table, rows.length ? kit.kv(h, rows) : null, reveals(o, ctx));
}

// The rounds so far, newest first: each seat's card and stake, the winner's cell marked.
function reveals(o, ctx) {
  const { h, lang, kit } = ctx;
  const zh = lang === "zh";
  const list = o.reveals || [];
  if (!list.length) return null;
  const label = kit.word("reveals");
  const stake = kit.word("stake");
  const rows = list.map((r, k) => h("tr", {},
    h("td", {}, String(k + 1)),
    [0, 1].map((i) => h("td", { class: r.winner === i ? "won" : "" },
      kit.chip("card", r.cards[i]), ` ${stake} ${r.stakes[i]}`)),
    h("td", {}, r.winner == null ? (zh ? "平局" : "tie") : kit.seatName(ctx, r.winner))));
  return h("div", { class: "table-wrap turn-log-wrap", tabindex: "0", role: "region", "aria-label": label },
    h("table", { class: "turn-log" },
      h("thead", {}, h("tr", {},
        h("th", {}, kit.word("round")),
        [0, 1].map((i) => h("th", {}, kit.seatName(ctx, i))),
        h("th", {}, zh ? "胜者" : "won by"))),
      h("tbody", {}, rows.slice().reverse())));
}
