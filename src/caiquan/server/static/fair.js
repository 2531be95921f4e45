// Provably fair deals in the browser (docs/server.md, "Provably fair deals"; docs/web.md).
// Protocol caiquan.fair/2: when the server created the table it published a commitment,
// SHA-256 over the canonical JSON of ["caiquan.fair/2", game, rules version, config, content
// digest, nonce] (the nonce its secret). Before the deal, this browser gives each seat it
// holds a random value of its own (shuffleValue: Web Crypto's random numbers, kept in
// localStorage); the seed is SHA-256 of ["caiquan.fair/2/deal", nonce, [[seat, value], …]],
// so neither the server nor any player alone chose the deal. When the game is over the
// server reveals the nonce and every value. checkFair then checks, without taking the
// server's word: the commitment this browser first saw is the one the record names and the
// one the table still shows; it hashes to the record's game, version, config and content
// with the revealed nonce; the seed is the one the nonce and the values make (and this
// browser's own values are among them as its seats' own; a silent seat's stand-in is the
// one the nonce fixed); and the server's replay of the record, from this seat, shows exactly
// the events and the views this seat received live. What it cannot check — the rules are
// Python — is that every decision in the record was legal: `caiquan replay --verify` does.
// Protocol caiquan.fair/1 (older tables): the server's seed committed at creation.
import { t } from "./i18n.js";

export const PROTOCOL = "caiquan.fair/2";
export const PROTOCOL_V1 = "caiquan.fair/1";
const SEEN = "caiquan.fair.";  // localStorage: the commitment first seen, per table
const SHUFFLE = "caiquan.shuffle.";  // localStorage: this browser's value, per table and seat

// JSON with object keys sorted by code point and no spaces: the bytes Python's
// caiquan.engine.fair.canonical_json writes (JSON.stringify words text and numbers alike).
const byCodePoint = (a, b) => {
  const x = Array.from(a), y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
};
export function canonicalJson(v) {
  if (v === null || typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("a committed number is finite");
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (typeof v === "object") {
    return `{${Object.keys(v).sort(byCodePoint).map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(",")}}`;
  }
  throw new Error(`cannot commit to ${typeof v}`);
}

// The top-level "seed" of a record's JSON text, as written (a 63-bit number: JSON.parse
// would round it). Strings are skipped, so a "seed" inside the config is never taken.
export function rawSeed(text) {
  let depth = 0, i = 0, key = null;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const s = JSON.parse(text.slice(i, j + 1));
      i = j + 1;
      while (/\s/.test(text[i])) i++;
      key = depth === 1 && text[i] === ":" ? s : null;
      continue;
    }
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (depth === 1 && key === "seed" && /[-\d]/.test(c)) return text.slice(i).match(/^-?\d+/)[0];
    i++;
  }
  return null;
}

export async function sha256hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Remember the commitment a table showed the first time this browser saw it (so a server
// that later shows another one is caught).
export function rememberCommitment(id, fair) {
  if (!fair?.commitment || !/^[0-9a-f]{64}$/.test(fair.commitment)) return;
  const key = SEEN + id;
  if (!localStorage.getItem(key)) localStorage.setItem(key, fair.commitment);
}

// ------------------------------------------------------------------ helping shuffle
const readShuffle = (id, seat) => {
  try { return JSON.parse(localStorage.getItem(`${SHUFFLE}${id}.${seat}`)); } catch { return null; }
};
// This browser's value for a seat (128 random bits as hex), made once and kept: the same
// value is sent again after a reconnection.
export function shuffleValue(id, seat) {
  const had = readShuffle(id, seat);
  if (had?.value) return had.value;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const value = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  localStorage.setItem(`${SHUFFLE}${id}.${seat}`, JSON.stringify({ value, kept: false }));
  return value;
}
// What to send after a welcome: the shuffle frame for this seat, or null (a spectator, a
// table whose cards are dealt, a seat that gave its value — maybe from another device).
export function shuffleFrame(id, welcome) {
  const fair = welcome.table?.fair, sh = fair?.shuffle;
  if (fair?.protocol !== PROTOCOL || !sh?.open || welcome.seat == null || (sh.given || []).includes(welcome.seat)) return null;
  rememberCommitment(id, fair);  // the commitment is known before the value leaves
  return { type: "shuffle", value: shuffleValue(id, welcome.seat) };
}
// The server kept a value for a seat (its `shuffled` answer): from now on it is ours.
export function shuffled(id, f) {
  const had = readShuffle(id, f.seat);
  if (had?.value === f.value) localStorage.setItem(`${SHUFFLE}${id}.${f.seat}`, JSON.stringify({ value: f.value, kept: true }));
}
// seat → the value this browser gave for it and the server kept.
function myValues(id, seats) {
  const out = new Map();
  for (const seat of seats) {
    const had = readShuffle(id, seat);
    if (had?.kept && typeof had.value === "string") out.set(seat, had.value);
  }
  return out;
}

// ------------------------------------------------------------------ what a seat saw
// What one connection received, for the check at the end: every event (in order) and, at
// the start of each version it followed live, its view (the observation). A view counts only
// when the frame before it on the same connection was the previous version (or the deal),
// so a reconnection in the middle of a decision never records a half-decided view.
export class Witness {
  constructor() { this.welcome(); }
  welcome() { this.events = []; this.views = new Map(); this.last = undefined; }
  event(events) { this.events.push(...events); }
  state(f) {
    if (f.observation == null) { this.last = "shuffling"; return; }
    const start = f.version === 0 ? this.last === "shuffling" : this.last === f.version - 1;
    if (start && !this.views.has(f.version)) this.views.set(f.version, canonicalJson(f.observation));
    this.last = f.version;
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const fail = (why, detail = "") => ({ status: "failed", why, detail, notes: [] });
const withoutText = (e) => { const { text: _text, ...rest } = e; return canonicalJson(rest); };

async function dealSeed(nonce, contributions) {
  const pairs = contributions.map((c) => [c.seat, c.value]).sort((a, b) => a[0] - b[0]);
  const hex = await sha256hex(canonicalJson(["caiquan.fair/2/deal", nonce, pairs]));
  return (BigInt(`0x${hex.slice(0, 16)}`) >> 1n).toString();
}
const serverValue = async (nonce, seat) => (await sha256hex(canonicalJson(["caiquan.fair/2/seat", nonce, seat]))).slice(0, 32);

// Check a finished table: {status: verified | failed | unverifiable | unavailable, why,
// notes: [[key, vars], …] (what was checked and what was not), commitment}. `seen`: the
// table's fair member as this page got it (the welcome frame); `announced`: the outcome the
// table announced (its final state frame), else the record's; `live`: {seat, token, witness,
// seats (every seat this browser holds)} of a connection that followed the game, or null.
export async function checkFair(id, seen, announced, live) {
  const get = async (path, headers) => {
    const res = await fetch(path, headers ? { headers } : {});
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res;
  };
  const at = `/api/tables/${encodeURIComponent(id)}`;
  const info = await (await get(at)).json();
  const text = await (await get(`${at}/record`)).text();
  const record = JSON.parse(text);
  const fair = record.meta?.fair;
  if (!info.fair || !fair) return { status: "unverifiable", why: "fair_old", notes: [] };
  const v1 = fair.protocol === PROTOCOL_V1;
  if (![PROTOCOL, PROTOCOL_V1].includes(fair.protocol) || info.fair.protocol !== fair.protocol) return { status: "unverifiable", why: "fair_protocol", notes: [] };
  if (!globalThis.crypto?.subtle) return { status: "unavailable", why: "fair_no_crypto", notes: [] };
  const published = localStorage.getItem(SEEN + id) || seen?.commitment || info.fair.commitment;
  for (const c of [seen?.commitment, info.fair.commitment, fair.commitment]) {
    if (c != null && c !== published) return fail("fair_changed", `${published} ≠ ${c}`);
  }
  const seed = rawSeed(text);
  if (seed == null || info.fair.seed !== seed || info.fair.nonce !== fair.nonce) return fail("fair_reveal");
  const notes = [];
  if (v1) {
    const digest = await sha256hex(canonicalJson([PROTOCOL_V1, record.game, record.version, record.config, seed, fair.nonce]));
    if (digest !== published) return fail("fair_mismatch", `sha256 = ${digest}`);
    notes.push(["fair_note_v1"]);
  } else {
    for (const c of [seen?.content, info.fair.content]) {
      if (c != null && c !== fair.content) return fail("fair_content", `${fair.content} ≠ ${c}`);
    }
    const digest = await sha256hex(canonicalJson([PROTOCOL, record.game, record.version, record.config, fair.content, fair.nonce]));
    if (digest !== published) return fail("fair_mismatch", `sha256 = ${digest}`);
    notes.push(["fair_note_commitment"]);
    // the deal: the seed from the nonce and every person's value, stand-ins as committed
    const given = Array.isArray(fair.contributions) ? fair.contributions : null;
    const humans = (record.meta.seats || []).filter((s) => s.kind === "human").map((s) => s.seat).sort((a, b) => a - b);
    if (!given || !same(given.map((c) => c.seat).sort((a, b) => a - b), humans)) return fail("fair_deal", "contributions ≠ seated people");
    for (const c of given) {
      if (typeof c.value !== "string" || !/^[0-9a-f]{32,128}$/.test(c.value)) return fail("fair_deal", JSON.stringify(c));
      if (c.by === "server" && c.value !== (await serverValue(fair.nonce, c.seat))) return fail("fair_deal", `seat ${c.seat}`);
      if (c.by !== "server" && c.by !== "player") return fail("fair_deal", JSON.stringify(c));
    }
    if ((await dealSeed(fair.nonce, given)) !== seed) return fail("fair_deal", `seed ${seed}`);
    const mine = myValues(id, live?.seats || []);
    for (const [seat, value] of mine) {
      if (!given.some((c) => c.seat === seat && c.value === value && c.by === "player")) return fail("fair_mine", `seat ${seat}`);
    }
    if (!given.length) notes.push(["fair_note_bots"]);
    else {
      const own = given.filter((c) => c.by === "player").length;
      notes.push([given.length === 1 ? "fair_note_deal_one" : "fair_note_deal", { n: given.length, own, mine: mine.size }]);
    }
  }
  // the server's replay, from this seat, against what this seat received
  const headers = live?.token ? { "X-Seat-Token": live.token } : undefined;
  const replay = await (await get(`${at}/replay`, headers)).json();
  const said = announced || record.meta.outcome;
  const keys = ["ranks", "results", "returns"];
  const differs = (o) => !o || keys.some((k) => !same(o[k], said?.[k]));
  if (!said || differs(replay.outcome) || differs(record.meta.outcome) || replay.views.length - 1 !== record.decisions.length) {
    return fail("fair_outcome");
  }
  if (live?.witness && (replay.seat ?? null) === (live.seat ?? null)) {
    const w = live.witness;
    const theirs = replay.views.flatMap((v) => v.events).map(withoutText);
    const ours = w.events.map(withoutText);
    const k = ours.findIndex((e, i) => e !== theirs[i]);
    if (ours.length !== theirs.length || k >= 0) return fail("fair_views", `event ${k >= 0 ? k : Math.min(ours.length, theirs.length)}`);
    for (const [version, view] of w.views) {
      const step = replay.views.find((v) => v.version === version);
      if (!step || canonicalJson(step.observation) !== view) return fail("fair_views", `step ${version}`);
    }
    notes.push(["fair_note_views", { events: ours.length, steps: w.views.size }]);
  } else notes.push(["fair_note_no_views"]);
  notes.push(["fair_note_rules"]);
  return { status: "verified", why: "fair_verified", commitment: published, notes };
}

// The mark under an end screen: "checking…", then verified fair ✓ or why not, with what was
// checked and what was not. Checked once per table and page; redrawn (a language change)
// from the answer.
const results = new Map();
export function fairMark(h, id, seen, announced, live) {
  const el = h("div", { class: "fair-mark", id: "fair-mark", "data-fair": "checking", role: "status" }, t("fair_checking"));
  const show = (r) => {
    el.dataset.fair = r.status;
    const line = h("span", { class: "fair-verdict" }, r.status === "verified" ? `${t("fair_verified")} ✓`
      : t("fair_why", { a: t(r.status === "failed" ? "fair_failed" : "fair_not_checked"), b: t(r.why) }));
    const notes = (r.notes || []).map(([key, vars]) => h("li", { "data-note": key }, t(key, vars)));
    // what was checked and what was not: one click away, not in the way of the result
    el.replaceChildren(line, notes.length ? h("details", { class: "fair-details" },
      h("summary", {}, t("fair_checked")), h("ul", { class: "fair-notes" }, notes)) : "");
    el.title = r.status === "verified" ? `${t("fair_how")} ${r.commitment}` : r.detail || "";
  };
  if (!results.has(id)) {
    results.set(id, checkFair(id, seen, announced, live).catch((err) => ({ status: "unavailable", why: "fair_error", detail: String(err.message || err), notes: [] })));
  }
  results.get(id).then(show);
  return el;
}
