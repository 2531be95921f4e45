// Game panels: what the terminal table shows, drawn from each seat's observation.
// Every game falls back to a generic panel, so a new game is playable before it has one.

const SUITS = "♠♥♣♦";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const cardName = (id) => (id == null ? "?" : `${SUITS[Math.floor(id / 13)] ?? "?"}${RANKS[id % 13]}`);
const suitClass = (id) => (Math.floor(id / 13) % 2 ? "red" : "black");

const WORDS = {
  rock: ["石头", "rock"], paper: ["布", "paper"], scissors: ["剪刀", "scissors"],
  attack: ["进攻", "attack"], defend: ["防守", "defend"], discard: ["丢弃", "discard"],
  might: ["武力", "Might"], tech: ["科技", "Tech"], culture: ["文化", "Culture"],
  hand: ["手牌", "hand"], display: ["展示区", "display"], territories: ["领土", "territories"], score: ["分数", "score"],
  continents: ["大洲", "continents"], passed: ["已跳过", "passed"], deck: ["牌库", "deck"], yellow: ["黄牌", "yellow"],
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
// The server words every event once, in the game's own text, and sends it with the event
// ("text": {"zh", "en"}). Only an event without one (an old server) gets a generic line.
let onTexts = () => {};
export const onEventTexts = (f) => { onTexts = f; };

export function formatEvent(game, ev, lang) {
  if (ev.text) return ev.text[lang] || ev.text.en || ev.text.zh;
  const parts = Object.entries(ev).filter(([k]) => k !== "kind" && k !== "seq")
    .map(([k, v]) => `${w(k, lang)}=${typeof v === "object" ? JSON.stringify(v) : w(String(v), lang)}`);
  return `${w(ev.kind, lang)}: ${parts.join(", ")}`;
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


function genericPanel(o, ctx) {
  const { h } = ctx;
  const skip = new Set(["game", "player", "move", "to_move", "committed", "terminal", "my_commit"]);
  return h("div", { class: "panel generic" }, kv(h, Object.entries(o).filter(([k]) => !skip.has(k))
    .map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : String(v)])));
}

// ---------------------------------------------------------------- a game's own panel
// A game may ship its panel as a JavaScript module in its package (its "web" hook): the
// server serves it at /api/games/{id}/panel.js and its default export is
// panel(observation, ctx). It reads the game's description (catalogue: every card's name and
// text) through ctx.kit.entry(kind, id). Until it has loaded, the generic panel shows.
const descriptions = new Map();
const panelModules = new Map();
// A table's description (its options change card texts: coin counts, decks); the game's
// default description where there is no table (rules pages).
function describe(game, table) {
  const key = table ? `table:${table}` : `game:${game}`;
  if (!descriptions.has(key)) {
    descriptions.set(key, null);
    const url = table ? `/api/tables/${encodeURIComponent(table)}/description`
      : `/api/games/${encodeURIComponent(game)}/description`;
    fetch(url).then((r) => (r.ok ? r.json() : null))
      .then((d) => {
        if (!d) return;
        const byKind = new Map();
        for (const e of d.catalogue || []) byKind.set(`${e.kind}|${e.id}`, e);
        descriptions.set(key, { ...d, byKind });
        if ((d.hooks || []).includes("web") && !panelModules.has(game)) {
          panelModules.set(game, null);
          import(`/api/games/${encodeURIComponent(game)}/panel.js`)
            .then((m) => { panelModules.set(game, m.default); onTexts(); })
            .catch((err) => console.error(err));
        } else onTexts();
      }).catch(() => {});
  }
  return descriptions.get(key);
}

// What every panel may use: the markup helper's companions and the game's catalogue.
function kit(game, lang, table) {
  const d = describe(game, table);
  const entry = (kind, id) => d?.byKind.get(`${kind}|${id}`) || null;
  const name = (kind, id) => { const e = entry(kind, id); return e ? e.name[lang] || e.name.en : String(id); };
  const text = (kind, id) => { const e = entry(kind, id); return e ? e.text[lang] || e.text.en : ""; };
  return { kv, bar, card, cardName, suitClass, word: w, seatName, entry, name, text, description: d };
}

export function renderPanel(game, obs, ctx) {
  const full = { ...ctx, kit: kit(game, ctx.lang, ctx.table) };
  const own = panelModules.get(game);
  try {
    return (own || genericPanel)(obs, full);
  } catch (err) {
    console.error(err);
    return genericPanel(obs, full);
  }
}
