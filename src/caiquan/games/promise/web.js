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

// The power table: rows A's throw, columns B's; each cell its number and verdict, coloured
// from the viewer's side. A preview (see preview.py) marks the cells the card changes
// ("was → now") and the throws it forbids.
const THROWS = ["slash", "pierce", "strike"];
// `term`: a throw's heading with its glossary explanation (the board's table; a preview in a
// popover has plain words).
// `targets`: the viewer's own throw headings are the board's throw controls ("throw:<x>").
function powerTable(pt, { h, w, side, letters, label, preview = false, term = null, targets = false }) {
  const forbidden = pt.forbidden || [[], []];
  // (a space after each piece: a screen reader's text of the table keeps its words apart)
  const throwName = (x) => (term ? [term(x), " "] : `${w(x)} `);
  // the viewer's own headings: a button (the throw control), the word as its text
  const heading = (x, s) => (targets && side === s
    ? h("button", { type: "button", class: "throw-btn", "data-target": `throw:${x}`, "data-name": x }, w(x)) : throwName(x));
  const head = THROWS.map((x) => h("th", { class: forbidden[1]?.includes(x) ? "forbidden" : null }, heading(x, 1)));
  return h("table", { class: `power${preview ? " preview" : ""}`, "aria-label": label },
    h("thead", {}, h("tr", {}, h("th", {}, `${letters[0]} \\ ${letters[1]} `), head)),
    h("tbody", {}, pt.cells.map((row, r) => h("tr", {},
      h("th", { class: forbidden[0]?.includes(THROWS[r]) ? "forbidden" : null }, heading(THROWS[r], 0)),
      row.map((c) => {
        const mineWin = (c.verdict === "A" && side === 0) || (c.verdict === "B" && side === 1);
        const cls = c.verdict === "draw" ? "draw" : mineWin ? "win" : "lose";
        const parts = `${w("attributes")} ${c.attributes} · ${w("win_value")} ${c.win_value} · ${w("weapons")} ${c.weapons} · ${w("skills")} ${c.skills} = ${c.total}`;
        const verdict = c.verdict === "draw" ? w("draw") : c.verdict;
        if (preview) {
          return h("td", { class: `cell ${cls}${c.changed ? " changed" : ""}` },
            h("strong", {}, c.changed ? `${c.was}→${c.total} ` : `${c.total} `), h("small", {}, `${verdict} `));
        }
        return h("td", { class: `cell ${cls}`, title: parts, tabindex: 0, "aria-label": parts },
          h("strong", {}, c.total), h("small", {}, verdict));
      })))));
}

// The last round's result in words: "draw", or "A wins, 2 damage" ("A 胜，伤害 2").
function lastResult(lr, letters, lang, w) {
  if (lr.winner == null) return w("draw");
  const who = letters[lr.winner], damage = lr.damage ?? 0;
  if (lang === "zh") return damage ? `${who} 胜，伤害 ${damage}` : `${who} 胜`;
  return damage ? `${who} wins, ${damage} damage` : `${who} wins`;
}

const PREVIEW = {
  zh: {
    title: "选这张牌后的战力值表（对手的暗置牌未计入）",
    none: "不改变战力值表。",
    inactive: "无效果：翻开后弃掉，战力值表不变。",
    changed: (n) => `改变 ${n} 处（标出“原值→新值”）。`,
    key: (a, b) => `A ≥ ${a} 胜，B ≤ −${b} 胜，其余平局。`,
    drawWins: (x) => `平局格算 ${x} 胜。`,
    forbid: (x, t) => `${x} 不能出${t}。`,
    success: (n) => `检定 ${n} 成功时（翻开的方块 ≥ ${n}）：`,
    failure: "检定失败时：",
  },
  en: {
    title: "The power table with this card (the opponent's face-down cards not counted)",
    none: "It does not change the power table.",
    inactive: "No effect: it is discarded at the reveal and the table stays as it is.",
    changed: (n) => `${n} change${n === 1 ? "" : "s"} (marked "was→now").`,
    key: (a, b) => `A wins at ≥ ${a}, B at ≤ −${b}, anything between is a draw.`,
    drawWins: (x) => `A drawn cell counts as ${x}'s win.`,
    forbid: (x, t) => `${x} may not throw ${t}.`,
    success: (n) => `If check ${n} succeeds (the diamond is ≥ ${n}):`,
    failure: "If it fails:",
  },
};
// What choosing an option would do to the power table (the option's `preview`, from the
// server): the table as it would be, its changed cells marked, and the thresholds.
function previewBox(p, obs, ctx) {
  const { h, lang, kit } = ctx;
  const w = (k) => word(k, lang, kit);
  const f = PREVIEW[lang === "zh" ? "zh" : "en"];
  const letters = (obs.players || []).map((x) => x.seat);
  const side = obs.player ?? 0;
  const notes = (t) => {
    const out = [];
    (t.draw_wins || []).forEach((d, i) => { if (d) out.push(f.drawWins(letters[i])); });
    (t.forbidden || []).forEach((xs, i) => xs.forEach((x) => out.push(f.forbid(letters[i], w(x)))));
    return out;
  };
  const one = (t) => [
    powerTable(t, { h, w, side, letters, label: f.title, preview: true }),
    h("small", { class: "preview-key" }, `${[f.key(...t.thresholds), ...notes(t)].join(" ")} `),
  ];
  const summary = !p.active ? f.inactive : p.changed ? f.changed(p.changed) : f.none;
  return h("div", { class: "power-preview" }, " ", h("strong", {}, `${f.title} `), h("small", {}, `${summary} `),
    p.check ? h("small", {}, `${f.success(p.check.n)} `) : null, one(p),
    p.check ? [h("small", {}, `${f.failure} `), one(p.check.otherwise)] : null);
}

// What a decision option is about (games.js shows it on the button and in its popover):
// a character of the pick, a skill card, a weapon card of my character; a skill or weapon
// option adds the preview of the power table it would make.
export function optionHelp(o, obs, ctx) {
  const { lang, kit } = ctx;
  const name = String(o.name);
  if ((obs.pool || []).includes(name) && kit.entry("character", name)) {
    return { name: kit.name("character", name), text: characterText(name, lang, kit), brief: attributes(name, lang, kit) };
  }
  const extra = o.preview?.cells ? previewBox(o.preview, obs, ctx) : null;
  const mine = obs.players?.[obs.player]?.character?.id;
  const m = /^(skill|weapon)-(\w+)$/.exec(name);
  if (!m || !mine || !kit.entry(m[1], `${mine}:${m[2]}`)) {
    return extra ? { name: (lang === "zh" ? o.zh : o.en) || name, text: "", extra } : null;
  }
  const id = `${mine}:${m[2]}`;
  return { kind: m[1], id, brief: kit.text(m[1], id), extra };
}
// Direct play (server/static/board.js): where each option is on the board — a character of
// the pool, the two hearts of a stance (either order), a skill or weapon card in hand, a
// throw's heading in the power table. "No skill card", "keep the weapon" and the opening
// rock-paper-scissors have no place on the board: the table's action bar offers them.
export function optionTargets(o, obs) {
  const name = String(o.name);
  if ((obs.pool || []).includes(name)) return [[`character:${name}`]];
  const st = /^stance-(\d+)-(\d+)$/.exec(name);
  if (st) return st[1] === st[2] ? [[`heart:${st[1]}`, `heart:${st[2]}`]]
    : [[`heart:${st[1]}`, `heart:${st[2]}`], [`heart:${st[2]}`, `heart:${st[1]}`]];
  const card = /^(skill|weapon)-(\d+|[JQK])$/.exec(name);
  if (card) return [[`${card[1]}:${card[2]}`]];
  if (THROWS.includes(name)) return [[`throw:${name}`]];
  return null;
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

export const watched = ".heart, .pool, .last-round";  // texts that flash when a move changes them

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const w = (k) => word(k, lang, kit);
  const t = (k) => kit.term(k);  // a label with its glossary explanation on hover, focus, tap
  const me = o.player ?? null;   // null: a spectator (colours then read from A's side)
  const side = me ?? 0;
  const players = o.players || [];
  const letters = players.map((p) => p.seat);
  const who = (i) => [letters[i] || String(i), i === me && ctx.seat != null ? [" (", t("you"), ")"] : null];
  // cards from the game's catalogue, each a chip with its text: a weapon is
  // "<character id>:<J|Q|K>", a skill "<character id>:<1…10>"
  // (`target`: the chip is where direct play finds that option; see optionTargets)
  const character = (id, target = null) => (kit.entry("character", id)
    ? kit.chip("character", id, { text: characterText(id, lang, kit), target }) : id);
  const weapon = (p, c, target = null) => (kit.entry("weapon", `${p.character?.id}:${c}`)
    ? kit.chip("weapon", `${p.character.id}:${c}`, { label: `${c} ${kit.name("weapon", `${p.character.id}:${c}`)}`, target }) : c);
  const skill = (p, n, target = null) => (kit.entry("skill", `${p.character?.id}:${n}`)
    ? kit.chip("skill", `${p.character.id}:${n}`, { label: String(n), name: `${n} ${kit.name("skill", `${p.character.id}:${n}`)}`, cls: "num", target }) : String(n));
  const chips = (xs, f) => ((xs || []).length ? h("span", { class: "chips" }, xs.map(f)) : "—");
  const playerBox = (p, i) => h("div", { class: `player-box ${i === me ? "me" : "opp"}`, "data-player": i },
    h("h4", {}, who(i), " · ", p.character ? character(p.character.id) : "—"),
    kit.bar(h, w("life"), p.life ?? 0, p.max_life ?? 0, "life", t("life")),
    kit.bar(h, w("qi"), p.qi ?? 0, p.max_qi ?? 0, "qi", t("qi")),
    kit.kv(h, [
      [t("equipped"), p.equipped ? weapon(p, p.equipped) : "—"],
      [t("weapons_hand"), chips(p.hand_weapons, (c) => weapon(p, c, i === me ? `weapon:${c}` : null))],
      [t("skills"), chips(p.hand_skills, (n) => skill(p, n, i === me ? `skill:${n}` : null))],
      [t("discarded"), chips(p.discard_skills, (n) => skill(p, n))],
      faceDown(p, lang, (n) => skill(p, n)),
    ]));
  const tokens = o.tokens || [];
  const cellOwners = (idx) => tokens.map((tk, i) => (tk || []).filter((x) => x === idx).map(() => letters[i])).flat();
  const hearts = (o.hearts || []).flat();
  // a list of ten cells read in order (a grid role would need rows the CSS grid does not have)
  const grid = h("div", { class: "heart-grid", role: "list", "aria-label": w("stances") },
    hearts.map((v, idx) => {
      const owners = cellOwners(idx);
      // (the list item holds the heart: the heart itself is what direct play clicks)
      return h("div", { class: "heart-cell", role: "listitem" },
        h("div", { class: `heart ${owners.length ? "occupied" : ""} ${owners.includes(letters[me]) ? "mine" : ""}`, "data-target": me == null ? null : `heart:${idx}` },
        h("span", { class: "hv" }, `♥${v}`), owners.length ? h("span", { class: "tok" }, owners.join(" ")) : null));
    }));
  const pt = o.power_table;
  const table = pt?.cells ? powerTable(pt, { h, w, side, letters, label: w("power"), term: t, targets: me != null }) : null;
  const lr = o.last_round;
  return h("div", { class: "panel promise" },
    h("p", { class: "inline-kv" }, h("strong", {}, t("round"), ` ${o.round ?? "—"} / ${o.round_cap ?? "—"}`),
      " · ", t("phase"), ": ", o.phase ? t(o.phase) : "—", " · ", t("check_deck"), `: ${o.check_deck ?? "—"}`),
    o.pool?.length ? h("p", { class: "pool" }, t("pool"), ": ", o.pool.map((id) => character(id, `character:${id}`))) : null,
    o.phase === "pick" && o.struck?.length ? h("p", { class: "pool" }, t("struck"), ": ", o.struck.map((id) => character(id))) : null,
    h("div", { class: "players" }, players.map(playerBox)),
    h("div", { class: "promise-board" },
      h("figure", {}, h("figcaption", {}, t("stances")), grid),
      table ? h("figure", {}, h("figcaption", {}, t("power"), ` (${letters[0]} → ${letters[1]})`), table) : null),
    lr ? h("p", { class: "last-round" }, t("last_round"), `: ${(lr.throws || []).map((x) => w(x)).join(" / ")}, ${lastResult(lr, letters, lang, w)}`) : null);
}
