// Provably fair deals in the browser (docs/server.md, "Provably fair deals"; docs/web.md).
// The server published a commitment to the deal when it created the table: SHA-256 over the
// canonical JSON of ["caiquan.fair/1", game, rules version, config, seed as text, nonce].
// When the game is over it reveals seed and nonce. This module checks, without taking the
// server's word: the commitment this browser first saw is the one the record names and the
// one the table still shows; SHA-256 (Web Crypto) over the record's own game, version,
// config and seed with the revealed nonce gives that commitment; the seed and nonce the
// table revealed are the record's. The rules are Python, so the browser cannot replay the
// game: it asks the server's replay for the outcome and checks it is the one announced.
import { t } from "./i18n.js";

export const PROTOCOL = "caiquan.fair/1";
const SEEN = "caiquan.fair.";  // localStorage: the commitment first seen, per table

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

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const fail = (why, detail = "") => ({ status: "failed", why, detail });

// Check a finished table: {status: verified | failed | unverifiable | unavailable, why}.
// `seen`: the table's fair member as this page got it (the welcome frame); `announced`:
// the outcome the table announced (its final state frame), else the record's.
export async function checkFair(id, seen, announced) {
  const get = async (path) => {
    const res = await fetch(path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res;
  };
  const info = await (await get(`/api/tables/${encodeURIComponent(id)}`)).json();
  const text = await (await get(`/api/tables/${encodeURIComponent(id)}/record`)).text();
  const record = JSON.parse(text);
  const fair = record.meta?.fair;
  if (!info.fair || !fair) return { status: "unverifiable", why: "fair_old" };
  if (fair.protocol !== PROTOCOL || info.fair.protocol !== PROTOCOL) return { status: "unverifiable", why: "fair_protocol" };
  if (!globalThis.crypto?.subtle) return { status: "unavailable", why: "fair_no_crypto" };
  const published = localStorage.getItem(SEEN + id) || seen?.commitment || info.fair.commitment;
  for (const c of [seen?.commitment, info.fair.commitment, fair.commitment]) {
    if (c != null && c !== published) return fail("fair_changed", `${published} ≠ ${c}`);
  }
  const seed = rawSeed(text);
  if (seed == null || info.fair.seed !== seed || info.fair.nonce !== fair.nonce) return fail("fair_reveal");
  const preimage = canonicalJson([PROTOCOL, record.game, record.version, record.config, seed, fair.nonce]);
  const digest = await sha256hex(preimage);
  if (digest !== published) return fail("fair_mismatch", `sha256 = ${digest}`);
  const replay = await (await get(`/api/tables/${encodeURIComponent(id)}/replay`)).json();
  const said = announced || record.meta.outcome;
  const keys = ["ranks", "results", "returns"];
  const differs = (o) => !o || keys.some((k) => !same(o[k], said?.[k]));
  if (!said || differs(replay.outcome) || differs(record.meta.outcome) || replay.views.length - 1 !== record.decisions.length) {
    return fail("fair_outcome");
  }
  return { status: "verified", why: "fair_verified", commitment: published };
}

// The mark under an end screen: "checking…", then verified fair ✓ or why not. Checked once
// per table and page; redrawn (a language change) from the answer.
const results = new Map();
export function fairMark(h, id, seen, announced) {
  const el = h("div", { class: "fair-mark", id: "fair-mark", "data-fair": "checking", role: "status" }, t("fair_checking"));
  const show = (r) => {
    el.dataset.fair = r.status;
    el.replaceChildren(r.status === "verified" ? `${t("fair_verified")} ✓`
      : t("fair_why", { a: t(r.status === "failed" ? "fair_failed" : "fair_not_checked"), b: t(r.why) }));
    el.title = r.status === "verified" ? `${t("fair_how")} ${r.commitment}` : r.detail || "";
  };
  if (!results.has(id)) {
    results.set(id, checkFair(id, seen, announced).catch((err) => ({ status: "unavailable", why: "fair_error", detail: String(err.message || err) })));
  }
  results.get(id).then(show);
  return el;
}
