// The browser panel of 伟人的猜拳战略 (the game's "web" hook), drawn from one seat's
// observation. Card, territory, continent and marker names come from the game's catalogue
// (ctx.kit.entry / name / text); shared words and helpers from ctx.kit. No imports.

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const w = kit.word;
  const me = o.player;
  const yellow = new Set(o.yellow || []);
  const person = (c) => {
    const p = kit.entry("person", c);
    if (!p) return h("span", { class: "lcard" }, `#${c}`);
    const note = (lang === "zh" ? p.fields.note_zh : p.fields.note_en) || "";
    return h("span", { class: `lcard kind-${p.fields.kind}`, title: note ? `${kit.text("person", c)}\n${note}` : kit.text("person", c) },
      kit.name("person", c), h("small", {}, ` ${kit.name("card_kind", p.fields.kind)}`));
  };
  const territory = (tid) => {
    const tr = kit.entry("territory", tid);
    if (!tr) return h("span", { class: "terr" }, `#${tid}`);
    const f = tr.fields;
    const cont = kit.name("continent", f.continent);
    const y = yellow.has(tid);
    return h("span", { class: `terr ${y ? "yellow" : ""}`, title: `${cont} · ${w("expand", lang)} ${f.expand} · ${w("build", lang)} ${f.build} · ★ −${f.black} / +${f.yellow}` },
      kit.name("territory", tid), h("small", {}, ` ${cont} ${y ? `+${f.yellow}★` : `−${f.black}★`}`));
  };
  const markers = ["might", "tech", "culture"];
  const cols = ["hand_count", "display", "might", "territories", "continents", "score", "passed"];
  const colName = (k) => (k === "might" ? markers.map((m) => kit.name("marker", m)).join("/") : w(k, lang));
  const cell = (k, ...kids) => h("td", { "data-label": colName(k), class: `col-${k}` }, ...kids);
  const rows = (o.players || []).map((p, i) => h("tr", { class: [i === me ? "me" : "", i === o.current ? "current" : ""].join(" "), "data-player": i },
    h("th", {}, kit.seatName(ctx, i), i === me ? ` (${w("you", lang)})` : ""),
    cell("hand_count", p.hand_count),
    cell("display", (p.display || []).length ? (p.display || []).map(person) : "—"),
    cell("might", markers.map((m) => h("span", { class: `marker ${m}`, title: kit.text("marker", m) }, `${kit.name("marker", m)} ${p.markers?.[m] ?? 0}`))),
    cell("territories", (p.territories || []).length ? (p.territories || []).map(territory) : "—"),
    cell("continents", p.continents), cell("score", p.score), cell("passed", p.passed ? "✓" : "—")));
  return h("div", { class: "panel legends" },
    kit.kv(h, [[w("round", lang), o.round], [w("phase", lang), w(o.decision, lang)], [w("deck", lang), o.deck], [w("territory_deck", lang), o.territory_deck],
      o.territory_top != null ? [w("territory_top", lang), territory(o.territory_top)] : null,
      o.war ? [w("war", lang), h("span", {}, `${kit.seatName(ctx, o.war.attacker)} → ${kit.seatName(ctx, o.war.defender)}: `, territory(o.war.territory),
        o.war.announced ? ` (${w(o.war.announced, lang)})` : "")] : null]),
    h("div", { class: "table-wrap" }, h("table", { class: "legends-players" },
      h("thead", {}, h("tr", {}, h("th", {}, w("player", lang)), cols.map((k) => h("th", {}, colName(k))))),
      h("tbody", {}, rows))),
    o.hand ? h("p", { class: "my-hand" }, `${w("hand", lang)}: `, o.hand.map(person)) : null);
}
