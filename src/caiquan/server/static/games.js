// Game panels: what the terminal table shows, drawn from each seat's observation.
// Every game falls back to a generic panel, so a new game is playable before it has one.

const SUITS = "♠♥♣♦";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const cardName = (id) => (id == null ? "?" : `${SUITS[Math.floor(id / 13)] ?? "?"}${RANKS[id % 13]}`);
const suitClass = (id) => (Math.floor(id / 13) % 2 ? "red" : "black");

// Words come from the game's glossary (its glossary.toml, served in the description): a word
// missing from it is a test failure (tests/games/test_glossary.py); on screen it shows spaced
// out rather than as a raw key, and the console names it.
let glossary = null;  // the words of the description being drawn (set by kit)
const missing = new Set();
const w = (k, lang, words = glossary) => {
  if (k == null) return "—";  // nothing (e.g. no decision once the game is over)
  const e = words?.[k];
  if (e) return e.name[lang] || e.name.en;
  if (words && !missing.has(k)) { missing.add(k); console.warn(`glossary: no word "${k}"`); }
  return String(k).replace(/_/g, " ");
};

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
// `shown`: what the label shows instead of its words (e.g. a glossary term, kit.term)
function bar(h, label, value, max, cls, shown = null) {
  const pct = max ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  return h("div", { class: `bar ${cls}`, title: shown ? null : `${label} ${value}/${max}` },
    h("span", { class: "bar-label" }, shown ?? label, ` ${value}/${max}`),
    h("span", { class: "bar-fill", style: `width:${pct}%` }));
}
const seatName = (ctx, i) => (i == null ? "—" : ctx.seats?.[i]?.name || `${w("player", ctx.lang)} ${i}`);
const card = (h, id, extra = "") => h("span", { class: `pcard ${suitClass(id)} ${extra}` }, cardName(id));

// ---------------------------------------------------------------- card texts
// Every card, skill, weapon, character, person or territory a panel shows is a *chip*: a
// focusable element whose full text (name and what it does, from the game's catalogue, in
// the page's language) shows in one shared popover on hover, on keyboard focus and on tap.
// The text is also the chip's accessible description (aria-describedby → a hidden span), so
// a screen reader reads it. Decision buttons use the same popover (tipText + data-tip).
let tipSeq = 0;
// The hidden element that holds a text: the target of aria-describedby and of data-tip.
// `extra`: more to show after the text (an element, e.g. promise's power-table preview).
function tipText(h, name, text, extra = null) {
  const id = `tip-${++tipSeq}`;
  return { id, el: h("span", { id, class: "tip-text", hidden: true },
    name ? h("strong", {}, name) : null, name && text ? "\n" : null, text || "", extra) };
}
// chip(h, {label, name, text, key, cls}): `label` is what the chip shows (default: name);
// `key` (e.g. "skill|sword:5") keeps focus and popover on the same chip across redraws.
// `target`: the key by which the table's direct play finds this chip ("heart:3", "card:12"):
// see optionTargets below.
export function chip(h, { label, name = "", text = "", key = "", cls = "", target = null }) {
  const shown = label ?? name;
  const t = tipText(h, name, text);
  const plain = typeof shown === "string" || typeof shown === "number" ? String(shown) : "";
  return h("span", {
    class: `chip ${cls}`, tabindex: 0, role: "button", "data-tip": t.id, "data-key": key || null,
    "data-target": target,
    "aria-describedby": t.id,
    // the accessible name: what the chip shows, plus the name when the label is only a number
    "aria-label": plain && name && !plain.includes(name) ? (name.includes(plain) ? name : `${plain} ${name}`) : null,
  }, shown, t.el);
}

let tip = null;          // the popover
let tipFor = null;       // the element it describes
let pinned = null;       // a chip opened by a click or tap (stays until clicked again)
function popover() {
  if (tip?.isConnected) return tip;
  tip = document.createElement("div");
  tip.id = "card-tip";
  tip.setAttribute("role", "tooltip");
  tip.setAttribute("aria-hidden", "true");  // screen readers read the aria-describedby text
  tip.hidden = true;
  document.body.append(tip);
  return tip;
}
function showTip(el, pin = false) {
  const src = document.getElementById(el.dataset.tip);
  if (!src || !src.textContent.trim()) return;
  const p = popover();
  p.replaceChildren(...[...src.childNodes].map((n) => n.cloneNode(true)));
  p.hidden = false;
  p.classList.toggle("pinned", pin);
  tipFor = el;
  // inside the viewport, never over the element: below it, else above it, else on the
  // roomier side with the text scrolling; never wider than the screen
  const vw = document.documentElement.clientWidth, vh = window.innerHeight, m = 8, gap = 6;
  const r = el.getBoundingClientRect();
  p.style.left = "0px"; p.style.top = "0px"; p.style.maxHeight = "";
  const pw = p.offsetWidth;
  let ph = p.offsetHeight;
  const below = vh - r.bottom - gap - m, above = r.top - gap - m;
  const under = ph <= below || (ph > above && below >= above);
  if (ph > (under ? below : above)) { ph = Math.max(40, under ? below : above); p.style.maxHeight = `${ph}px`; }
  const left = Math.max(m, Math.min(r.left, vw - pw - m));
  const top = under ? r.bottom + gap : r.top - gap - ph;
  p.style.left = `${left}px`; p.style.top = `${top}px`;
}
function hideTip() {
  if (tip) tip.hidden = true;
  tipFor = null; pinned = null;
}
let tipsInstalled = false;
function installTips() {
  if (tipsInstalled || typeof document === "undefined") return;
  tipsInstalled = true;
  const at = (e) => e.target?.closest?.("[data-tip]");
  // Hover only where the main pointer can hover: on a phone a tap opens the text and a
  // scroll must not open whatever chip slides under the last touch point.
  const canHover = () => !window.matchMedia || window.matchMedia("(hover: hover)").matches;
  document.addEventListener("mouseover", (e) => { const el = at(e); if (el && el !== tipFor && canHover()) showTip(el); });
  document.addEventListener("mouseout", (e) => {
    const el = at(e);
    if (el && el === tipFor && !el.contains(e.relatedTarget) && pinned !== el && document.activeElement !== el) hideTip();
  });
  document.addEventListener("focusin", (e) => { const el = at(e); if (el) showTip(el); else if (!pinned) hideTip(); });
  document.addEventListener("focusout", (e) => {
    const el = at(e);
    if (el && el === tipFor && pinned !== el && !el.matches(":hover")) hideTip();
  });
  const toggle = (el) => {
    if (pinned === el) { hideTip(); return; }
    showTip(el, true); pinned = el;
  };
  document.addEventListener("click", (e) => {
    const el = e.target?.closest?.(".chip[data-tip]");
    if (el) toggle(el);
    else if (!at(e)) hideTip();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { hideTip(); return; }
    const el = e.target?.closest?.(".chip[data-tip]");
    if (el && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); toggle(el); }
  });
  const follow = (e) => {
    if (e?.target === tip) return;  // scrolling inside a long text
    if (tipFor?.isConnected) showTip(tipFor, pinned === tipFor); else hideTip();
  };
  window.addEventListener("resize", follow);
  window.addEventListener("scroll", follow, true);
}

// Redraw `container` with `draw()`, keeping keyboard focus and an open popover on the same
// chip (same data-key, same position among its equals): the panel redraws on every frame.
export function redrawKeepingTips(container, draw) {
  installTips();
  const where = (el) => {
    if (!el || !container.contains(el) || !el.dataset.key) return null;
    const same = [...container.querySelectorAll(`[data-key="${CSS.escape(el.dataset.key)}"]`)];
    return [el.dataset.key, same.indexOf(el)];
  };
  const find = (w) => (w ? container.querySelectorAll(`[data-key="${CSS.escape(w[0])}"]`)[w[1]] : null);
  const focused = where(document.activeElement), shown = where(tipFor), wasPinned = pinned && pinned === tipFor;
  draw();
  const f = find(focused);
  if (f) f.focus({ preventScroll: true });
  if (shown) {
    const el = find(shown);
    if (el) { showTip(el, wasPinned); if (wasPinned) pinned = el; } else hideTip();
  } else if (tipFor && container.contains(tipFor)) hideTip();  // re-focusing a chip whose text was closed keeps it closed (a text open elsewhere stays)
}

// What a decision option is about, from the game's panel module (its optional export
// `optionHelp(option, observation, ctx)` → {kind, id} of a catalogue entry, or {name, text};
// either may add `brief`: a short line shown on the button, and `extra`: an element shown
// after the text, e.g. a preview of what the option changes). Null when it names nothing.
// Returns {brief, name, text, tip: the hidden text element, tipId}.
export function optionHelp(game, option, obs, ctx) {
  installTips();
  const helper = optionHelpers.get(game);
  if (!helper || !obs) return null;
  const full = { ...ctx, kit: kit(game, ctx.lang, ctx.table, ctx.h) };
  let got;
  try { got = helper(option, obs, full); } catch (err) { console.error(err); return null; }
  if (!got) return null;
  const name = got.name ?? (got.kind ? full.kit.name(got.kind, got.id) : "");
  const text = got.text ?? (got.kind ? full.kit.text(got.kind, got.id) : "");
  if (!text && !got.extra) return null;
  const t = tipText(ctx.h, name, text, got.extra || null);
  // (`extra` is inside the tip's text; `preview` is a second copy for the action bar)
  const again = got.extra ? helper(option, obs, full)?.extra || null : null;
  return { brief: got.brief || "", name, text, tip: t.el, tipId: t.id, preview: again };
}

// Direct play on the board: where an option is on the table, from the game's panel module
// (its optional export `optionTargets(option, observation, ctx)` → a list of *paths*, each a
// list of target keys clicked in order, e.g. promise's stance "stance-2-7" →
// [["heart:2", "heart:7"], ["heart:7", "heart:2"]]). The panel marks the board elements with
// `data-target="<key>"` (chip's `target`). Null or [] where the option has no place on the
// board: the table then offers it as a button on the board's action bar.
export function optionTargets(game, option, obs, ctx) {
  const helper = targetHelpers.get(game);
  if (!helper || !obs) return [];
  try {
    const got = helper(option, obs, { ...ctx, kit: kit(game, ctx.lang, ctx.table, ctx.h) });
    if (!got || !got.length) return [];
    return (Array.isArray(got[0]) ? got : [got]).filter((p) => p.length);
  } catch (err) { console.error(err); return []; }
}

function genericPanel(o, ctx) {
  const { h } = ctx;
  const skip = new Set(["game", "player", "move", "to_move", "committed", "terminal", "my_commit"]);
  const words = ctx.kit.description?.glossary?.words;
  const show = (v) => (v == null ? "—" : Array.isArray(v) ? `[${v.map(show).join(", ")}]`
    : typeof v === "object" ? Object.entries(v).map(([k, x]) => `${w(k, ctx.lang, words)} ${show(x)}`).join(", ")
      : typeof v === "boolean" ? (v ? "✓" : "—") : String(v));
  return h("div", { class: "panel generic" }, kv(h, Object.entries(o).filter(([k]) => !skip.has(k))
    .map(([k, v]) => [w(k, ctx.lang, words), show(v)])));
}

// ---------------------------------------------------------------- a game's own panel
// A game may ship its panel as a JavaScript module in its package (its "web" hook): the
// server serves it at /api/games/{id}/panel.js and its default export is
// panel(observation, ctx). It reads the game's description (catalogue: every card's name and
// text) through ctx.kit.entry(kind, id). Until it has loaded, the generic panel shows.
const descriptions = new Map();
const panelModules = new Map();
const optionHelpers = new Map();  // a panel module's optional optionHelp export
const targetHelpers = new Map();  // … and its optional optionTargets export
const watchedTexts = new Map();  // … and its optional `watched` selector (texts that flash)
// The game's own stylesheet (its "css" hook), once per page: /api/games/{id}/style.css.
function loadStyle(game) {
  if (document.querySelector(`link[data-game-style="${CSS.escape(game)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `/api/games/${encodeURIComponent(game)}/style.css`;
  link.dataset.gameStyle = game;
  document.head.append(link);
}
// The texts of a game's panel whose change is flashed: the shared ones and the game's own.
export function watchedSelector(game) {
  const own = watchedTexts.get(game);
  return own ? `.bar, dd, td, ${own}` : ".bar, dd, td";
}
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
        if ((d.hooks || []).includes("css")) loadStyle(game);
        if ((d.hooks || []).includes("web") && !panelModules.has(game)) {
          panelModules.set(game, null);
          import(`/api/games/${encodeURIComponent(game)}/panel.js`)
            .then((m) => {
              panelModules.set(game, m.default); optionHelpers.set(game, m.optionHelp);
              targetHelpers.set(game, m.optionTargets); watchedTexts.set(game, m.watched);
              onTexts();
            })
            .catch((err) => console.error(err));
        } else onTexts();
      }).catch(() => {});
  }
  return descriptions.get(key);
}

// What every panel may use: the markup helper's companions and the game's catalogue.
function kit(game, lang, table, h) {
  const d = describe(game, table);
  const words = d?.glossary?.words || null;
  glossary = words;
  const word = (k, l = lang) => w(k, l, words);
  const entry = (kind, id) => d?.byKind.get(`${kind}|${id}`) || null;
  const name = (kind, id) => { const e = entry(kind, id); return e ? e.name[lang] || e.name.en : String(id); };
  const text = (kind, id) => { const e = entry(kind, id); return e ? e.text[lang] || e.text.en : ""; };
  // A catalogue entry as a chip (see chip above): kit.chip(kind, id, {label, text, cls}) —
  // the name and text default to the entry's; `text` may replace the entry's (a composed one).
  const entryChip = (kind, id, o = {}) => chip(h, {
    key: `${kind}|${id}`, ...o, name: o.name ?? name(kind, id), text: o.text ?? text(kind, id),
    cls: `${o.cls || ""} kind-${kind}`,
  });
  // A playing card (0–51) as a chip with its catalogue text (kind `card` by default).
  const cardChip = (id, o = {}) => entryChip(o.kind || "card", id, {
    label: cardName(id), ...o, cls: `pcard ${suitClass(id)} ${o.cls || ""}` });
  // A word of the glossary as a label with its explanation (the word's `about`) in the same
  // popover as a card's text: hover, keyboard focus, tap. kit.term("life") → "life" with
  // "Lose it all and you lose." one hover away; `label` replaces what it shows. A word
  // without an explanation is plain text.
  const term = (k, o = {}) => {
    const e = words?.[k];
    const shown = o.label ?? word(k);
    const about = e?.about ? e.about[lang] || e.about.en : "";
    if (!about) return shown;
    return chip(h, { key: `term|${k}`, label: shown, name: word(k), text: about, cls: "term" });
  };
  return { kv, bar, card, cardName, suitClass, word, term, seatName, entry, name, text, description: d,
    chip: entryChip, cardChip, textChip: (o) => chip(h, o) };
}

// A word of the game's glossary with its explanation (kit.term) outside a panel, e.g. the
// seat list's "(you)"; `fallback` (the page's own word) until the description has come.
export function glossaryTerm(game, key, ctx, fallback) {
  installTips();
  const k = kit(game, ctx.lang, ctx.table, ctx.h);
  return k.description ? k.term(key) : fallback;
}

export function renderPanel(game, obs, ctx) {
  installTips();
  const full = { ...ctx, kit: kit(game, ctx.lang, ctx.table, ctx.h) };
  // until the description has come, there are no words to draw with: no raw keys meanwhile
  if (!full.kit.description) return ctx.h("div", { class: "panel loading", "aria-busy": "true" });
  const own = panelModules.get(game);
  if (own === null) return ctx.h("div", { class: "panel loading", "aria-busy": "true" });
  try {
    return (own || genericPanel)(obs, full);
  } catch (err) {
    console.error(err);
    return genericPanel(obs, full);
  }
}
