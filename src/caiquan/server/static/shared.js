// The web table's shared parts: the page's state, DOM and API helpers, the browser's
// store of seats held, and how seats and bots are named.
import { t, L } from "./i18n.js";

export const main = document.getElementById("main");
export const params = new URLSearchParams(location.search);
// What the page holds across screens: the games the server offers (GET /api/games), the
// current screen's redraw (a language switch calls it) and the game on screen (a table's, or
// the one a join screen invites to: what "How to play" and "Rules" open).
export const app = { games: [], rerender: () => {}, screenGame: null };

export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid == null || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

// replaceChildren() would write "null" for a missing child: drop those first.
export const fill = (el, ...kids) => el.replaceChildren(...kids.flat(Infinity).filter((k) => k != null && k !== false));

export async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  if (!res.ok) throw new Error((data && data.detail) || res.statusText);
  return data;
}

export function banner(text, kind = "info") {
  const b = document.getElementById("banner");
  b.hidden = !text;
  b.textContent = text || "";
  b.className = kind;
}

// A seat as its chip names it (and as the server names it in event texts).
export const seatName = (s) => s.name || `${t("seat")} ${s.seat}`;

// A numbered log's markers need room for their widest number ("128."), or they are clipped.
export function logDigits(ol, n) { ol.style.setProperty("--digits", String(String(Math.max(1, n)).length)); }

export const gameInfo = (id) => app.games.find((g) => g.id === id);
export const gameName = (id) => L(gameInfo(id)?.name) || id;

// Seats held by this browser, per table: {seats: [{seat, token}], invite, hotseat, game,
// name, created} (game, table name and creation time for "my tables"; older entries lack them).
const TABLE_KEY = "caiquan.table.";
const MY_TABLES_KEPT = 200;  // entries kept in the browser (the oldest go first)
export const MY_TABLES_SHOWN = 50;  // entries the lobby lists
export const store = {
  get: (id) => { try { return JSON.parse(localStorage.getItem(TABLE_KEY + id) || "null"); } catch { return null; } },
  set: (id, v) => {
    localStorage.setItem(TABLE_KEY + id, JSON.stringify({ created: Date.now(), ...v }));
    store.all().slice(MY_TABLES_KEPT).forEach((e) => store.forget(e.id));
  },
  forget: (id) => localStorage.removeItem(TABLE_KEY + id),
  // every table this browser holds, newest first
  all: () => Object.keys(localStorage).filter((k) => k.startsWith(TABLE_KEY))
    .map((k) => ({ ...store.get(k.slice(TABLE_KEY.length)), id: k.slice(TABLE_KEY.length) }))
    .filter((e) => Array.isArray(e.seats))
    .sort((a, b) => (b.created || 0) - (a.created || 0)),
};

// ---------------------------------------------------------------- seats and bots
// A seat's name in the page's language: a bot the server named by default ("bot 2") is
// named again here; a name a player typed stays as typed.
export const seatLabel = (s, i) => (s?.kind === "bot" && (!s.name || s.name === `bot ${i}`) ? `${t("bot")} ${i}`
  : s?.name || (s?.kind === "bot" ? `${t("bot")} ${i}` : `${t("seat")} ${i}`));
export const localSeats = (seats) => (seats || []).map((s, i) => ({ ...s, name: seatLabel(s, i) }));
// What a bot spec plays, in words ("search, 1 s per move"): the lobby's seat list and a
// bot seat's chip say it, whatever the game's strengths map to.
export const botWhat = (spec) => {
  const [kind, params = ""] = String(spec || "").split(":");
  const p = Object.fromEntries(params.split(",").filter(Boolean).map((kv) => kv.split("=")));
  if (kind === "ismcts") {
    return p.iterations ? t("bot_is_ismcts_n", { n: p.iterations }) : t("bot_is_ismcts", { s: p.seconds || 1 });
  }
  return ["random", "greedy", "nash", "exploit"].includes(kind) ? t(`bot_is_${kind}`) : t("bot_is_other");
};
// A bot seat's chip: the level the game's own ladder gives its spec (GET /api/games:
// strengths), and what plays it ("hard · search, 1 s per move"; where the game says the
// bot's kind would mislead at this table's options, its note: "hard · the solved table").
export const botLevel = (spec, gameId, notes) => {
  const ladder = gameInfo(gameId)?.strengths || {};
  const level = Object.keys(ladder).find((lv) => ladder[lv] === spec);
  const note = level && notes?.[level];
  return level ? `${t(`level_${level}`)} · ${note ? L(note) : botWhat(spec)}` : botWhat(spec);
};

// The finished game: who won (by name), why (the game's own words, with the numbers that
