// The browser panel of 猜拳战争●四年之约 (the game's "web" hook): the heart grid with both
// players' tokens, the two characters and the power table, drawn from one seat's observation.
// A plain ES module with no imports: everything comes through ctx (see server/static/games.js).

// Words (slash, life, power table …) come from the game's glossary (glossary.toml) via kit.word.
const word = (k, lang, kit) => kit.word(k, lang);

// A character's attributes in one line: "slash 4 · pierce 2 · strike 2 · life 5 · qi 2 · win value ±7".
function attributes(id, lang, kit) {
  const f = kit.entry("character", id)?.fields;
  if (!f) return "";
  const w = (k) => word(k, lang, kit);
  return [`${w("slash")} ${f.slash}`, `${w("pierce")} ${f.pierce}`, `${w("strike")} ${f.strike}`,
    `${w("life")} ${f.vitality}`, `${w("qi")} ${f.qi}`, `${w("win_value")} ±${f.win_value}`].join(" · ");
}
// Everything a character brings, from the catalogue: school and attributes, each weapon and
// skill with what it does, and the character's story.
function characterText(id, lang, kit) {
  const e = kit.entry("character", id);
  if (!e) return "";
  const w = (k) => word(k, lang, kit);
  const colon = lang === "zh" ? "：" : ": ";
  const school = lang === "zh" ? e.fields.school_zh : e.fields.school_en;
  const weapons = ["J", "Q", "K"].filter((c) => kit.entry("weapon", `${id}:${c}`))
    .map((c) => `${c} ${kit.name("weapon", `${id}:${c}`)}${colon}${kit.text("weapon", `${id}:${c}`)}`);
  const skills = Array.from({ length: 10 }, (_, i) => `${id}:${i + 1}`).filter((k) => kit.entry("skill", k))
    .map((k) => `${k.split(":")[1]} ${kit.name("skill", k)} — ${kit.text("skill", k)}`);
  const story = String(e.text[lang] || e.text.en).split("\n").slice(1).join(" ");
  return [`${school} · ${attributes(id, lang, kit)}`, `${w("weapons")}${colon}`, ...weapons,
    `${w("skills")}${colon}`, ...skills, story].filter(Boolean).join("\n");
}

// What a decision option is about (games.js shows it on the button and in its popover):
// a character of the pick, a skill card, a weapon card of my character.
export function optionHelp(o, obs, ctx) {
  const { lang, kit } = ctx;
  const name = String(o.name);
  if ((obs.pool || []).includes(name) && kit.entry("character", name)) {
    return { name: kit.name("character", name), text: characterText(name, lang, kit), brief: attributes(name, lang, kit) };
  }
  const mine = obs.players?.[obs.player]?.character?.id;
  const m = /^(skill|weapon)-(\w+)$/.exec(name);
  if (!m || !mine || !kit.entry(m[1], `${mine}:${m[2]}`)) return null;
  const id = `${mine}:${m[2]}`;
  return { kind: m[1], id, brief: kit.text(m[1], id) };
}
const FACE_DOWN = {
  zh: { title: "暗置", skill: "技能卡", weapon: "武器卡", none: "无", yours: "你的：" },
  en: { title: "face down", skill: "skill card", weapon: "weapon card", none: "none", yours: "yours: " },
};
// What a real table shows of this round's configuration: *that* a card lies face down at
// each step (and, for your own skill card, which); null when no step has been played.
function faceDown(p, lang, skill) {
  const f = FACE_DOWN[lang === "zh" ? "zh" : "en"];
  const fd = p.face_down || {};
  const bits = ["skill", "weapon"].filter((k) => fd[k] != null).map((k) => `${f[k]} ${fd[k] ? "▮" : f.none}`);
  if (!bits.length && !p.laid_skill) return null;
  return [f.title, [bits.join(", "), p.laid_skill ? [bits.length ? ", " : "", f.yours, skill(p.laid_skill)] : null]];
}

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const w = (k) => word(k, lang, kit);
  const me = o.player ?? null;   // null: a spectator (colours then read from A's side)
  const side = me ?? 0;
  const players = o.players || [];
  const letters = players.map((p) => p.seat);
  const who = (i) => `${letters[i] || i}${i === me && ctx.seat != null ? ` (${w("you")})` : ""}`;
  // cards from the game's catalogue, each a chip with its text: a weapon is
  // "<character id>:<J|Q|K>", a skill "<character id>:<1…10>"
  const character = (id) => (kit.entry("character", id)
    ? kit.chip("character", id, { text: characterText(id, lang, kit) }) : id);
  const weapon = (p, c) => (kit.entry("weapon", `${p.character?.id}:${c}`)
    ? kit.chip("weapon", `${p.character.id}:${c}`, { label: `${c} ${kit.name("weapon", `${p.character.id}:${c}`)}` }) : c);
  const skill = (p, n) => (kit.entry("skill", `${p.character?.id}:${n}`)
    ? kit.chip("skill", `${p.character.id}:${n}`, { label: String(n), name: `${n} ${kit.name("skill", `${p.character.id}:${n}`)}`, cls: "num" }) : String(n));
  const chips = (xs, f) => ((xs || []).length ? h("span", { class: "chips" }, xs.map(f)) : "—");
  const playerBox = (p, i) => h("div", { class: `player-box ${i === me ? "me" : "opp"}`, "data-player": i },
    h("h4", {}, who(i), " · ", p.character ? character(p.character.id) : "—"),
    kit.bar(h, w("life"), p.life ?? 0, p.max_life ?? 0, "life"),
    kit.bar(h, w("qi"), p.qi ?? 0, p.max_qi ?? 0, "qi"),
    kit.kv(h, [
      [w("equipped"), p.equipped ? weapon(p, p.equipped) : "—"],
      [w("weapons_hand"), chips(p.hand_weapons, (c) => weapon(p, c))],
      [w("skills"), chips(p.hand_skills, (n) => skill(p, n))],
      [w("discarded"), chips(p.discard_skills, (n) => skill(p, n))],
      faceDown(p, lang, (n) => skill(p, n)),
    ]));
  const tokens = o.tokens || [];
  const cellOwners = (idx) => tokens.map((tk, i) => (tk || []).filter((x) => x === idx).map(() => letters[i])).flat();
  const hearts = (o.hearts || []).flat();
  // a list of ten cells read in order (a grid role would need rows the CSS grid does not have)
  const grid = h("div", { class: "heart-grid", role: "list", "aria-label": w("stances") },
    hearts.map((v, idx) => {
      const owners = cellOwners(idx);
      return h("div", { class: `heart ${owners.length ? "occupied" : ""} ${owners.includes(letters[me]) ? "mine" : ""}`, role: "listitem" },
        h("span", { class: "hv" }, `♥${v}`), owners.length ? h("span", { class: "tok" }, owners.join(" ")) : null);
    }));
  let table = null;
  const pt = o.power_table;
  if (pt?.cells) {
    const throws = ["slash", "pierce", "strike"];
    table = h("table", { class: "power", "aria-label": w("power") },
      h("thead", {}, h("tr", {}, h("th", {}, `${letters[0]} \\ ${letters[1]}`), throws.map((x) => h("th", {}, w(x))))),
      h("tbody", {}, pt.cells.map((row, r) => h("tr", {}, h("th", {}, w(throws[r])),
        row.map((c) => {
          const mineWin = (c.verdict === "A" && side === 0) || (c.verdict === "B" && side === 1);
          const cls = c.verdict === "draw" ? "draw" : mineWin ? "win" : "lose";
          const parts = `${w("attributes")} ${c.attributes} · ${w("win_value")} ${c.win_value} · ${w("weapons")} ${c.weapons} · ${w("skills")} ${c.skills} = ${c.total}`;
          return h("td", { class: `cell ${cls}`, title: parts, tabindex: 0, "aria-label": parts },
            h("strong", {}, c.total), h("small", {}, c.verdict === "draw" ? w("draw") : c.verdict));
        })))));
  }
  const lr = o.last_round;
  return h("div", { class: "panel promise" },
    h("p", { class: "inline-kv" }, h("strong", {}, `${w("round")} ${o.round ?? "—"} / ${o.round_cap ?? "—"}`),
      ` · ${w("phase")}: ${o.phase ? w(o.phase) : "—"} · ${w("check_deck")}: ${o.check_deck ?? "—"}`),
    o.pool?.length ? h("p", { class: "pool" }, `${w("pool")}: `, o.pool.map(character)) : null,
    h("div", { class: "players" }, players.map(playerBox)),
    h("div", { class: "promise-board" },
      h("figure", {}, h("figcaption", {}, w("stances")), grid),
      table ? h("figure", {}, h("figcaption", {}, `${w("power")} (${letters[0]} → ${letters[1]})`), table) : null),
    lr ? h("p", { class: "last-round" }, `${w("last_round")}: ${(lr.throws || []).map((x) => w(x)).join(" / ")}, ${lr.winner == null ? w("draw") : letters[lr.winner]} · −${lr.damage ?? 0}`) : null);
}
