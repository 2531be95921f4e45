// The browser panel of 伟人的猜拳战略 (the game's "web" hook), drawn from one seat's
// observation. Card, territory, continent and marker names come from the game's catalogue
// (ctx.kit.entry / name / text); shared words and helpers from ctx.kit. No imports.
// Every person card, territory and marker is a chip (ctx.kit.chip) showing its full text.

// A person card's full text: its ability, its kind and colour (what they mean), its note.
function personText(c, lang, kit) {
  const p = kit.entry("person", c);
  if (!p) return "";
  const f = p.fields;
  const note = (lang === "zh" ? f.note_zh : f.note_en) || "";
  const dash = " — ";
  return [kit.text("person", c),
    kit.entry("card_kind", f.kind) ? `${kit.name("card_kind", f.kind)}${dash}${kit.text("card_kind", f.kind)}` : "",
    kit.entry("colour", f.colour) ? `${kit.name("colour", f.colour)}${dash}${kit.text("colour", f.colour)}` : "",
    note].filter(Boolean).join("\n");
}

// The catalogue entry of a kind with a given key (the options name cards and territories by key).
const byKey = new WeakMap();
function keyed(kit, kind, key) {
  const d = kit.description;
  if (!d) return null;
  if (!byKey.has(d)) {
    const m = new Map();
    for (const e of d.catalogue || []) if (e.fields?.key != null) m.set(`${e.kind}|${e.fields.key}`, e);
    byKey.set(d, m);
  }
  return byKey.get(d).get(`${kind}|${key}`) || null;
}

// What a decision option is about (games.js shows it on the button and in its popover).
export function optionHelp(o, obs, ctx) {
  const { lang, kit } = ctx;
  const name = String(o.name);
  const m = /^(play|discard|attack|top)-(.+)$/.exec(name);
  if (m) {
    const kind = m[1] === "play" || m[1] === "discard" ? "person" : "territory";
    const e = keyed(kit, kind, m[2]);
    if (!e) return null;
    if (kind === "person") return { name: kit.name("person", e.id), text: personText(e.id, lang, kit), brief: kit.text("person", e.id) };
    return { kind, id: e.id };
  }
  if (kit.entry("marker", name)) return { kind: "marker", id: name };
  return null;
}

// Direct play (server/static/board.js): a person card is played or discarded from the hand
// (purged from a display), a territory is attacked or scouted where it shows, a build is
// the territory then the marker, an output or marker choice is the player's own marker,
// a player is their name in the players table. Passing, "use"/"skip" and the war's
// rock-paper-scissors are on the table's action bar.
export function optionTargets(o) {
  const name = String(o.name);
  const build = /^build-(.+)-(culture|might|tech)$/.exec(name);
  if (build) return [[`territory:${build[1]}`, `marker:${build[2]}`]];
  const m = /^(play|discard|purge|attack|top)-(.+)$/.exec(name);
  if (m) return [[`${m[1] === "attack" || m[1] === "top" ? "territory" : "person"}:${m[2]}`]];
  const p = /^player-(\d+)$/.exec(name);
  if (p) return [[`seat:${p[1]}`]];
  if (["culture", "might", "tech"].includes(name)) return [[`marker:${name}`]];
  return null;
}

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const w = kit.word;
  const t = (k) => kit.term(k);  // a label with its glossary explanation on hover, focus, tap
  const me = o.player;
  const yellow = new Set(o.yellow || []);
  // (`mine`: the chip is where direct play finds the viewer's own options; see optionTargets)
  const person = (c, mine = false) => {
    const p = kit.entry("person", c);
    if (!p) return h("span", { class: "lcard" }, `#${c}`);
    return kit.chip("person", c, {
      label: [kit.name("person", c), h("small", {}, ` ${kit.name("card_kind", p.fields.kind)}`)],
      text: personText(c, lang, kit), cls: `lcard kind-${p.fields.kind} colour-${p.fields.colour}`,
      target: mine && p.fields.key != null ? `person:${p.fields.key}` : null });
  };
  const territory = (tid) => {
    const tr = kit.entry("territory", tid);
    if (!tr) return h("span", { class: "terr" }, `#${tid}`);
    const f = tr.fields;
    const cont = kit.name("continent", f.continent);
    const y = yellow.has(tid);
    return kit.chip("territory", tid, {
      label: [kit.name("territory", tid), h("small", {}, ` ${cont} ${y ? `+${f.yellow}★` : `−${f.black}★`}`)],
      cls: `terr ${y ? "yellow" : ""}`, target: me != null && f.key != null ? `territory:${f.key}` : null });
  };
  const markers = ["might", "tech", "culture"];
  const cols = ["hand_count", "display", "might", "territories", "continents", "score", "passed"];
  const colName = (k) => (k === "might" ? markers.map((m) => kit.name("marker", m)).join("/") : w(k, lang));
  const cell = (k, ...kids) => h("td", { "data-label": colName(k), class: `col-${k}` }, ...kids);
  const rows = (o.players || []).map((p, i) => h("tr", { class: [i === me ? "me" : "", i === o.current ? "current" : ""].join(" "), "data-player": i },
    h("th", {}, h("span", { class: "seat-target", "data-target": me == null ? null : `seat:${i}` }, kit.seatName(ctx, i)), i === me ? [" (", t("you"), ")"] : ""),
    cell("hand_count", p.hand_count),
    cell("display", (p.display || []).length ? (p.display || []).map((c) => person(c, true)) : "—"),
    cell("might", markers.map((m) => kit.chip("marker", m, { label: `${kit.name("marker", m)} ${p.markers?.[m] ?? 0}`, cls: `marker ${m}`, target: i === me ? `marker:${m}` : null }))),
    cell("territories", (p.territories || []).length ? (p.territories || []).map(territory) : "—"),
    cell("continents", p.continents), cell("score", p.score), cell("passed", p.passed ? "✓" : "—")));
  return h("div", { class: "panel legends" },
    kit.kv(h, [[t("round"), o.round], [t("phase"), t(o.decision)], [t("deck"), o.deck], [t("territory_deck"), o.territory_deck],
      o.territory_top != null ? [t("territory_top"), territory(o.territory_top)] : null,
      o.war ? [t("war"), h("span", {}, `${kit.seatName(ctx, o.war.attacker)} → ${kit.seatName(ctx, o.war.defender)}: `, territory(o.war.territory),
        o.war.announced ? ` (${w(o.war.announced, lang)})` : "")] : null]),
    h("div", { class: "table-wrap" }, h("table", { class: "legends-players" },
      h("thead", {}, h("tr", {}, h("th", {}, t("player")), cols.map((k) => h("th", {}, k === "might" ? colName(k) : t(k))))),
      h("tbody", {}, rows))),
    o.hand ? h("p", { class: "my-hand" }, t("hand"), ": ", o.hand.map((c) => person(c, true))) : null);
}
