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

export const watched = ".big-point";  // texts that flash when a move changes them

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const t = (k) => kit.term(k);  // a word of the game's glossary, its explanation one hover away
  const { kv, seatName } = kit;
  const bid = (v, target = null) => kit.chip("card", "bid", { label: String(v), cls: "num", target });
  return h("div", { class: "panel goofspiel" },
    h("p", { class: "big-point" }, kit.chip("card", "point"), ": ", h("strong", {}, o.point_card ?? "—")),
    kv(h, [[t("points"), h("span", { class: "scores" }, (o.points || []).flatMap((p, i) => [i ? " · " : "", h("span", {}, `${seatName(ctx, i)}${lang === "zh" ? "：" : ": "}${p}`)]))],
      ...(o.hands || []).map((hd, i) => [[t("hand"), ` · ${seatName(ctx, i)}`], hd == null ? "?" : h("span", { class: i === o.player ? "chips my-hand" : "chips" }, hd.map((v) => bid(v, i === o.player ? `bid:${v}` : null)))]),
      [t("bids"), bidLog(o, ctx)]]));
}

// The turns so far, one row each: the point card, every seat's bid (with hidden bids only
// mine), who took the card; the winning bid is marked, a tie says the card was discarded.
function bidLog(o, ctx) {
  const { h, lang, kit } = ctx;
  const zh = lang === "zh";
  const points = o.point_sequence || [];
  const wins = o.win_sequence || [];
  const open = Array.isArray(o.bids);
  const bids = open ? o.bids : (o.my_bids || []).map((b) => [b]);
  if (!bids.length) return zh ? "（还没有）" : "(none yet)";
  const seats = open ? (o.points || []).map((_, i) => i) : [o.player];
  const who = (w) => (w < 0 ? (zh ? "平手，作废" : "tie: discarded") : kit.seatName(ctx, w));
  const rows = bids.map((turn, k) => h("tr", {},
    h("td", {}, String(k + 1)),
    h("td", {}, String(points[k] ?? "")),
    turn.map((b, j) => h("td", { class: wins[k] === seats[j] ? "won" : "" }, String(b))),
    h("td", {}, wins[k] === undefined ? "" : who(wins[k]))));
  // it scrolls once the turns outgrow it: focusable and named, so a keyboard reaches it
  const label = zh ? "各回合出价" : "bids by turn";
  return h("div", { class: "table-wrap turn-log-wrap", tabindex: "0", role: "region", "aria-label": label },
    h("table", { class: "turn-log" },
      h("thead", {}, h("tr", {},
        h("th", {}, zh ? "回合" : "turn"),
        h("th", {}, zh ? "点数牌" : "point card"),
        seats.map((i) => h("th", {}, kit.seatName(ctx, i))),
        h("th", {}, zh ? "得分者" : "taken by"))),
      h("tbody", {}, rows.slice().reverse())));
}
