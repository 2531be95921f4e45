// Game panels: what the terminal table shows, drawn from each seat's observation.
// Every game falls back to a generic panel, so a new game is playable before it has one.

const SUITS = "♠♥♣♦";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const cardName = (id) => (id == null ? "?" : `${SUITS[Math.floor(id / 13)] ?? "?"}${RANKS[id % 13]}`);
const suitClass = (id) => (Math.floor(id / 13) % 2 ? "red" : "black");

const WORDS = {
  slash: ["斩击", "slash"], pierce: ["刺击", "pierce"], strike: ["打击", "strike"],
  rock: ["石头", "rock"], paper: ["布", "paper"], scissors: ["剪刀", "scissors"],
  attack: ["进攻", "attack"], defend: ["防守", "defend"], discard: ["丢弃", "discard"],
  might: ["武力", "Might"], tech: ["科技", "Tech"], culture: ["文化", "Culture"],
  hand: ["手牌", "hand"], display: ["展示区", "display"], territories: ["领土", "territories"], score: ["分数", "score"],
  continents: ["大洲", "continents"], passed: ["已跳过", "passed"], deck: ["牌库", "deck"], yellow: ["黄牌", "yellow"],
  round: ["回合", "round"], phase: ["阶段", "phase"], weapon: ["武器", "weapon"],
  life: ["体力", "life"], qi: ["气", "qi"], skills: ["技能卡", "skills"], discarded: ["弃牌", "discards"],
  equipped: ["装备", "equipped"], weapons_hand: ["手中武器", "weapons in hand"], last_round: ["上回合", "last round"],
  power: ["战力", "power"], you: ["你", "you"], player: ["玩家", "player"],
  war: ["战争", "war"], target: ["目标", "target"],
  territory_deck: ["领土牌堆", "territory deck"], attributes: ["属性", "attributes"],
  win_value: ["胜值", "win value"], weapons: ["武器", "weapons"], total: ["合计", "total"], check_deck: ["检定牌堆", "check deck"],
  draw: ["平手", "draw"], first_picker: ["先选", "picks first"], stances: ["架势（红心格）", "stances (heart grid)"],
  expand: ["扩张", "expand"], build: ["建设", "build"],
  territory_top: ["领土牌堆顶", "top territory"],
  // phases and decisions, as the games name them
  stance: ["预备（移动架势）", "stance (move tokens)"], throw: ["出拳", "throw"], pick: ["选人物", "pick a character"],
  choose: ["选择", "choose"],
  war_target: ["选择进攻目标", "war target"], scout: ["查看领土", "scout"], take: ["拿取", "take"], purge: ["清除", "purge"],
  raze: ["摧毁", "raze"], may: ["可选能力", "optional ability"], output: ["产出", "output"], announce: ["预告出拳", "announce"],
  develop: ["发展", "develop"], marker: ["标记", "marker"], action: ["行动", "action"], hand_count: ["手牌数", "cards in hand"],
};
const w = (k, lang) => (WORDS[k] ? WORDS[k][lang === "zh" ? 0 : 1] : k);

export function optionLabel(o, lang) {
  return (lang === "zh" ? o.zh : o.en) || o.en || o.zh || o.name;
}

// An option's optional note (protocol: {"zh", "en"}), e.g. why a legal card would have no effect.
export function optionNote(o, lang) {
  return o.note ? (lang === "zh" ? o.note.zh : o.note.en) || o.note.en || o.note.zh || "" : "";
}

// ---------------------------------------------------------------- event text
// Texts come from the game itself (the server's /api/games/{id}/format); until they arrive,
// a generic line is shown.
const texts = new Map();
const pending = new Map();
let flushTimer = null;
let onTexts = () => {};
export const onEventTexts = (f) => { onTexts = f; };

function requestText(game, key, ev) {
  if (texts.has(key) || pending.has(key)) return;
  pending.set(key, { game, ev });
  clearTimeout(flushTimer);
  flushTimer = setTimeout(flush, 30);
}
async function flush() {
  const byGame = new Map();
  for (const [key, { game, ev }] of pending) {
    if (!byGame.has(game)) byGame.set(game, []);
    byGame.get(game).push([key, ev]);
  }
  pending.clear();
  for (const [game, items] of byGame) {
    let batch = [], size = 0;
    const send = async (b) => {
      try {
        const res = await fetch(`/api/games/${game}/format`, {
          method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ events: b.map((x) => x[1]) }),
        });
        if (!res.ok) return;
        const out = await res.json();
        b.forEach(([key], i) => texts.set(key, out[i]));
      } catch { /* keep the generic text */ }
    };
    const jobs = [];
    for (const item of items) {
      const n = JSON.stringify(item[1]).length;
      if (size + n > 12000 && batch.length) { jobs.push(send(batch)); batch = []; size = 0; }
      batch.push(item); size += n;
    }
    if (batch.length) jobs.push(send(batch));
    await Promise.all(jobs);
  }
  onTexts();
}

export function formatEvent(game, ev, lang) {
  const key = `${game}|${JSON.stringify(ev)}`;
  const known = texts.get(key);
  if (known) return known[lang] || known.en;
  requestText(game, key, ev);
  const parts = Object.entries(ev).filter(([k]) => k !== "kind")
    .map(([k, v]) => `${w(k, lang)}=${typeof v === "object" ? JSON.stringify(v) : w(String(v), lang)}`);
  return `${w(ev.kind, lang)}: ${parts.join(", ")}`;
}

// Public card lists (names, costs) from /api/games/{id}/cards, loaded once per game.
const cardLists = new Map();
function cardsOf(game) {
  if (!cardLists.has(game)) {
    cardLists.set(game, null);
    fetch(`/api/games/${game}/cards`).then((r) => (r.ok ? r.json() : {})).then((data) => {
      cardLists.set(game, data);
      onTexts();
    }).catch(() => {});
  }
  return cardLists.get(game) || {};
}

// ---------------------------------------------------------------- helpers
function kv(h, rows) {
  return h("dl", { class: "kv" }, rows.filter(Boolean).map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}
function bar(h, label, value, max, cls) {
  const pct = max ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  return h("div", { class: `bar ${cls}`, title: `${label} ${value}/${max}` },
    h("span", { class: "bar-label" }, `${label} ${value}/${max}`),
    h("span", { class: "bar-fill", style: `width:${pct}%` }));
}
const seatName = (ctx, i) => (i == null ? "—" : ctx.seats?.[i]?.name || `${w("player", ctx.lang)} ${i}`);
const card = (h, id, extra = "") => h("span", { class: `pcard ${suitClass(id)} ${extra}` }, cardName(id));

// ---------------------------------------------------------------- promise
// the seed's two configuration steps (phases "skill" then "weapon"), each face down
const PROMISE_PHASES = {
  skill: ["配置○一（暗置技能卡）", "configuration 1 (skill card face down)"],
  weapon: ["配置○二（暗置武器卡）", "configuration 2 (weapon card face down)"],
};
const FACE_DOWN = {
  zh: { title: "暗置", skill: "技能卡", weapon: "武器卡", none: "无", yours: "你的：" },
  en: { title: "face down", skill: "skill card", weapon: "weapon card", none: "none", yours: "yours: " },
};
// What a real table shows of this round's configuration: *that* a card lies face down at
// each step (and, for your own skill card, which); null when no step has been played.
function faceDown(p, lang) {
  const f = FACE_DOWN[lang === "zh" ? "zh" : "en"];
  const fd = p.face_down || {};
  const bits = ["skill", "weapon"].filter((k) => fd[k] != null).map((k) => `${f[k]} ${fd[k] ? "▮" : f.none}`);
  if (p.laid_skill) bits.push(`${f.yours}${p.laid_skill}`);
  return bits.length ? [f.title, bits.join(", ")] : null;
}

function promisePanel(o, ctx) {
  const { h, lang } = ctx;
  const me = o.player ?? null;   // null: a spectator (colours then read from A's side)
  const side = me ?? 0;
  const players = o.players || [];
  const letters = players.map((p) => p.seat);
  const who = (i) => `${letters[i] || i}${i === me && ctx.seat != null ? ` (${w("you", lang)})` : ""}`;
  const wname = (p, c) => {
    const wpn = p.character?.weapons?.find((x) => x.card === c);
    return wpn ? `${c} ${lang === "zh" ? wpn.name : wpn.name_en}` : c;
  };
  const playerBox = (p, i) => h("div", { class: `player-box ${i === me ? "me" : "opp"}`, "data-player": i },
    h("h4", {}, who(i), " · ", p.character ? (lang === "zh" ? p.character.name : p.character.name_en) : "—"),
    bar(h, w("life", lang), p.life ?? 0, p.max_life ?? 0, "life"),
    bar(h, w("qi", lang), p.qi ?? 0, p.max_qi ?? 0, "qi"),
    kv(h, [
      [w("equipped", lang), p.equipped ? h("span", { title: p.character?.weapons?.find((x) => x.card === p.equipped)?.[lang === "zh" ? "text" : "text_en"] || "" }, wname(p, p.equipped)) : "—"],
      [w("weapons_hand", lang), (p.hand_weapons || []).map((c) => wname(p, c)).join(", ") || "—"],
      [w("skills", lang), (p.hand_skills || []).join(" ") || "—"],
      [w("discarded", lang), (p.discard_skills || []).join(" ") || "—"],
      faceDown(p, lang),
    ]));
  const tokens = o.tokens || [];
  const cellOwners = (idx) => tokens.map((tk, i) => (tk || []).filter((x) => x === idx).map(() => letters[i])).flat();
  const hearts = (o.hearts || []).flat();
  const grid = h("div", { class: "heart-grid", role: "grid", "aria-label": w("stances", lang) },
    hearts.map((v, idx) => {
      const owners = cellOwners(idx);
      return h("div", { class: `heart ${owners.length ? "occupied" : ""} ${owners.includes(letters[me]) ? "mine" : ""}`, role: "gridcell" },
        h("span", { class: "hv" }, `♥${v}`), owners.length ? h("span", { class: "tok" }, owners.join("")) : null);
    }));
  let table = null;
  const pt = o.power_table;
  if (pt?.cells) {
    const throws = ["slash", "pierce", "strike"];
    table = h("table", { class: "power", "aria-label": w("power", lang) },
      h("thead", {}, h("tr", {}, h("th", {}, `${letters[0]} \\ ${letters[1]}`), throws.map((x) => h("th", {}, w(x, lang))))),
      h("tbody", {}, pt.cells.map((row, r) => h("tr", {}, h("th", {}, w(throws[r], lang)),
        row.map((c) => {
          const mineWin = (c.verdict === "A" && side === 0) || (c.verdict === "B" && side === 1);
          const cls = c.verdict === "draw" ? "draw" : mineWin ? "win" : "lose";
          const parts = `${w("attributes", lang)} ${c.attributes} · ${w("win_value", lang)} ${c.win_value} · ${w("weapons", lang)} ${c.weapons} · ${w("skills", lang)} ${c.skills} = ${c.total}`;
          return h("td", { class: `cell ${cls}`, title: parts, tabindex: 0, "aria-label": parts },
            h("strong", {}, c.total), h("small", {}, c.verdict === "draw" ? w("draw", lang) : c.verdict));
        })))));
  }
  const lr = o.last_round;
  return h("div", { class: "panel promise" },
    h("p", { class: "inline-kv" }, h("strong", {}, `${w("round", lang)} ${o.round ?? "—"} / ${o.round_cap ?? "—"}`),
      ` · ${w("phase", lang)}: ${o.phase ? (PROMISE_PHASES[o.phase]?.[lang === "zh" ? 0 : 1] ?? w(o.phase, lang)) : "—"} · ${w("check_deck", lang)}: ${o.check_deck ?? "—"}`),
    h("div", { class: "players" }, players.map(playerBox)),
    h("div", { class: "promise-board" },
      h("figure", {}, h("figcaption", {}, w("stances", lang)), grid),
      table ? h("figure", {}, h("figcaption", {}, `${w("power", lang)} (${letters[0]} → ${letters[1]})`), table) : null),
    lr ? h("p", { class: "last-round" }, `${w("last_round", lang)}: ${(lr.throws || []).map((x) => w(x, lang)).join(" / ")}, ${lr.winner == null ? w("draw", lang) : letters[lr.winner]} · −${lr.damage ?? 0}`) : null);
}

// ---------------------------------------------------------------- legends
const KIND = { zh: ["技", "天", "战"], en: ["skill", "passive", "war"] };
const CONTINENT = { zh: ["北美洲", "南美洲", "欧洲", "亚洲", "非洲", "大洋洲"], en: ["North America", "South America", "Europe", "Asia", "Africa", "Oceania"] };

function legendsPanel(o, ctx) {
  const { h, lang } = ctx;
  const me = o.player;
  const cards = cardsOf("legends");
  const yellow = new Set(o.yellow || []);
  const person = (c) => {
    const p = cards.persons?.[c];
    if (!p) return h("span", { class: "lcard" }, `#${c}`);
    return h("span", { class: `lcard kind-${p.kind}`, title: lang === "zh" ? p.note_zh : p.note_en },
      lang === "zh" ? p.zh : p.en, h("small", {}, ` ${KIND[lang === "zh" ? "zh" : "en"][p.kind] ?? ""}`));
  };
  const territory = (tid) => {
    const tr = cards.territories?.[tid];
    if (!tr) return h("span", { class: "terr" }, `#${tid}`);
    const cont = CONTINENT[lang === "zh" ? "zh" : "en"][tr.continent] ?? "";
    const y = yellow.has(tid);
    return h("span", { class: `terr ${y ? "yellow" : ""}`, title: `${cont} · ${w("expand", lang)} ${tr.expand} · ${w("build", lang)} ${tr.build} · ★ −${tr.black} / +${tr.yellow}` },
      lang === "zh" ? tr.zh : tr.en, h("small", {}, ` ${cont} ${y ? `+${tr.yellow}★` : `−${tr.black}★`}`));
  };
  const cols = ["hand_count", "display", "might", "territories", "continents", "score", "passed"];
  const colName = (k) => (k === "might" ? `${w("might", lang)}/${w("tech", lang)}/${w("culture", lang)}` : w(k, lang));
  const cell = (k, ...kids) => h("td", { "data-label": colName(k), class: `col-${k}` }, ...kids);
  const rows = (o.players || []).map((p, i) => h("tr", { class: [i === me ? "me" : "", i === o.current ? "current" : ""].join(" "), "data-player": i },
    h("th", {}, seatName(ctx, i), i === me ? ` (${w("you", lang)})` : ""),
    cell("hand_count", p.hand_count),
    cell("display", (p.display || []).length ? (p.display || []).map(person) : "—"),
    cell("might", ["might", "tech", "culture"].map((m) => h("span", { class: `marker ${m}`, title: w(m, lang) }, `${w(m, lang)} ${p.markers?.[m] ?? 0}`))),
    cell("territories", (p.territories || []).length ? (p.territories || []).map(territory) : "—"),
    cell("continents", p.continents), cell("score", p.score), cell("passed", p.passed ? "✓" : "—")));
  return h("div", { class: "panel legends" },
    kv(h, [[w("round", lang), o.round], [w("phase", lang), w(o.decision, lang)], [w("deck", lang), o.deck], [w("territory_deck", lang), o.territory_deck],
      o.territory_top != null ? [w("territory_top", lang), territory(o.territory_top)] : null,
      o.war ? [w("war", lang), h("span", {}, `${seatName(ctx, o.war.attacker)} → ${seatName(ctx, o.war.defender)}: `, territory(o.war.territory),
        o.war.announced ? ` (${w(o.war.announced, lang)})` : "")] : null]),
    h("div", { class: "table-wrap" }, h("table", { class: "legends-players" },
      h("thead", {}, h("tr", {}, h("th", {}, w("player", lang)), cols.map((k) => h("th", {}, colName(k))))),
      h("tbody", {}, rows))),
    o.hand ? h("p", { class: "my-hand" }, `${w("hand", lang)}: `, o.hand.map(person)) : null);
}

function genericPanel(o, ctx) {
  const { h } = ctx;
  const skip = new Set(["game", "player", "move", "to_move", "committed", "terminal", "my_commit"]);
  return h("div", { class: "panel generic" }, kv(h, Object.entries(o).filter(([k]) => !skip.has(k))
    .map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : String(v)])));
}

// Transitional (issue 19): these panels move into their games' packages (web.js).
const PANELS = { promise: promisePanel, legends: legendsPanel };

// ---------------------------------------------------------------- a game's own panel
// A game may ship its panel as a JavaScript module in its package (its "web" hook): the
// server serves it at /api/games/{id}/panel.js and its default export is
// panel(observation, ctx). It reads the game's description (catalogue: every card's name and
// text) through ctx.kit.entry(kind, id). Until it has loaded, the generic panel shows.
const descriptions = new Map();
const panelModules = new Map();
function describe(game) {
  if (!descriptions.has(game)) {
    descriptions.set(game, null);
    fetch(`/api/games/${encodeURIComponent(game)}/description`).then((r) => (r.ok ? r.json() : null))
      .then((d) => {
        if (!d) return;
        const byKind = new Map();
        for (const e of d.catalogue || []) byKind.set(`${e.kind}|${e.id}`, e);
        descriptions.set(game, { ...d, byKind });
        if ((d.hooks || []).includes("web")) {
          import(`/api/games/${encodeURIComponent(game)}/panel.js`)
            .then((m) => { panelModules.set(game, m.default); onTexts(); })
            .catch((err) => console.error(err));
        } else onTexts();
      }).catch(() => {});
  }
  return descriptions.get(game);
}

// What every panel may use: the markup helper's companions and the game's catalogue.
function kit(game, lang) {
  const d = describe(game);
  const entry = (kind, id) => d?.byKind.get(`${kind}|${id}`) || null;
  const name = (kind, id) => { const e = entry(kind, id); return e ? e.name[lang] || e.name.en : String(id); };
  const text = (kind, id) => { const e = entry(kind, id); return e ? e.text[lang] || e.text.en : ""; };
  return { kv, bar, card, cardName, suitClass, word: w, seatName, entry, name, text, description: d };
}

export function renderPanel(game, obs, ctx) {
  const full = { ...ctx, kit: kit(game, ctx.lang) };
  const own = panelModules.get(game) || PANELS[game];
  try {
    return (own || genericPanel)(obs, full);
  } catch (err) {
    console.error(err);
    return genericPanel(obs, full);
  }
}
