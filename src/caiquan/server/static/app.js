// caiquan web table: lobby, table screen (online, against bots, hot-seat), replays, rules.
// Plain ES modules, no build step. Protocol: docs/server.md (WebSocket protocol v1).
import { t, L, getLang, setLang, onLang, applyStatic, ordinal } from "./i18n.js";
import { markdown } from "./md.js";
import { learnBox, learnCheckbox, learnOn, guideLink, initGuide } from "./learn.js";
import { renderPanel, formatEvent, optionLabel, optionNote, optionHelp, optionTargets, onEventTexts, redrawKeepingTips, glossaryTerm, watchedSelector } from "./games.js";
import { BoardPlay } from "./board.js";
import { fairMark, rememberCommitment, shuffleFrame, shuffled, Witness } from "./fair.js";

const main = document.getElementById("main");
const params = new URLSearchParams(location.search);
let games = [];
let rerender = () => {};

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
const fill = (el, ...kids) => el.replaceChildren(...kids.flat(Infinity).filter((k) => k != null && k !== false));

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  if (!res.ok) throw new Error((data && data.detail) || res.statusText);
  return data;
}

function banner(text, kind = "info") {
  const b = document.getElementById("banner");
  b.hidden = !text;
  b.textContent = text || "";
  b.className = kind;
}

// A seat as its chip names it (and as the server names it in event texts).
const seatName = (s) => s.name || `${t("seat")} ${s.seat}`;

// A numbered log's markers need room for their widest number ("128."), or they are clipped.
function logDigits(ol, n) { ol.style.setProperty("--digits", String(String(Math.max(1, n)).length)); }

const gameInfo = (id) => games.find((g) => g.id === id);
const gameName = (id) => L(gameInfo(id)?.name) || id;

// Seats held by this browser, per table: {seats: [{seat, token}], invite, hotseat, game,
// name, created} (game, table name and creation time for "my tables"; older entries lack them).
const TABLE_KEY = "caiquan.table.";
const MY_TABLES_KEPT = 200;  // entries kept in the browser (the oldest go first)
const MY_TABLES_SHOWN = 50;  // entries the lobby lists
const store = {
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

// ---------------------------------------------------------------- lobby
function lobby() {
  const form = h("form", { id: "create", class: "card" });
  const gameSel = h("select", { id: "game-select", name: "game" },
    games.map((g) => h("option", { value: g.id }, L(g.name))));
  const optsBox = h("div", { id: "game-options" });
  const seatsBox = h("div", { id: "seat-list" });
  const nameIn = h("input", { id: "player-name", maxlength: 40, value: localStorage.getItem("caiquan.name") || "" });
  const tableName = h("input", { id: "table-name", maxlength: 100 });
  const listed = h("input", { type: "checkbox", id: "listed", checked: true });
  const hotseat = h("input", { type: "checkbox", id: "hotseat" });
  const timer = h("input", { type: "number", id: "turn-seconds", min: 0, max: 600, value: 0 });

  const numPlayers = () => {
    const g = gameInfo(gameSel.value);
    const opt = optsBox.querySelector('[name="players"]');
    return opt ? Number(opt.value) || g.players.this : g.players.this;
  };
  // A hot-seat seat's name as the table will show it: what was typed, else "<your name> N".
  const defaultSeatName = (i) => `${nameIn.value || t("seat")} ${i}`;
  const drawSeats = () => {
    const n = numPlayers();
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const oldNames = [...seatsBox.querySelectorAll("input.seat-name")].map((s) => s.value);
    fill(seatsBox, ...Array.from({ length: n }, (_, i) => {
      const kind = h("select", { name: `seat-${i}`, "data-seat": i },
        h("option", { value: "human" }, t("human")),
        ["easy", "medium", "hard"].map((s) => h("option", { value: s },
          t(`bot_${s}`, { what: seatWhat(s) }))));
      kind.value = old[i] || (i === 0 ? "human" : "easy");
      // hot-seat: each human seat is named here (the names its chip and the log show)
      const named = hotseat.checked ? h("input", {
        class: "seat-name", name: `seat-name-${i}`, "data-seat": i, maxlength: 40,
        "aria-label": t("seat_name_of", { n: i }), value: oldNames[i] || "", hidden: kind.value !== "human",
      }) : null;
      kind.addEventListener("change", () => { if (named) named.hidden = kind.value !== "human"; namePlaceholders(); });
      return h("div", { class: "seat-row" }, h("label", {}, h("span", {}, `${t("seat")} ${i}`), kind), named);
    }));
    namePlaceholders();
  };
  // What an unnamed hot-seat seat is called: the first human seat is yours, the others numbered.
  const namePlaceholders = () => {
    const kinds = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const first = kinds.indexOf("human");
    seatsBox.querySelectorAll("input.seat-name").forEach((el, i) => {
      el.placeholder = i === first ? nameIn.value || t("your_name") : defaultSeatName(i);
    });
  };
  nameIn.addEventListener("input", namePlaceholders);
  // a hot-seat table is nobody else's: it is never listed
  hotseat.addEventListener("change", () => { listed.disabled = hotseat.checked; drawSeats(); });
  // Options a player sets: the server lists table options only (designer's "lab" options
  // stay in the lab); a content option is a choice of its named sets, hidden when it has one.
  const shownOptions = (g) => g.options.filter((o) =>
    (o.scope == null || o.scope === "table") && !(o.presets && (o.choices || []).length < 2));
  // The options as set (those that differ from the game's defaults), as POST /api/tables
  // takes them.
  const chosenOptions = () => {
    const options = {};
    optsBox.querySelectorAll("[name]").forEach((el) => {
      const v = el.type === "checkbox" ? el.checked : el.type === "number" ? Number(el.value) : el.value;
      if (String(v) !== el.dataset.default) options[el.name] = v;
    });
    return options;
  };
  // What plays each strength with the options as set (POST /api/games/{id}/strengths: a
  // search may hand every decision to a solved table at some options); the game's defaults
  // (GET /api/games) until the server answers, or if it cannot.
  let seatBots = null;  // {game, options (as JSON), strengths, strength_notes}
  const seatWhat = (level) => {
    const g = gameInfo(gameSel.value);
    const cur = seatBots?.game === g.id && seatBots.options === JSON.stringify(chosenOptions()) ? seatBots : g;
    const note = cur.strength_notes?.[level];
    return note ? L(note) : botWhat(cur.strengths?.[level]);
  };
  const askSeatBots = async () => {
    const game = gameSel.value;
    const options = JSON.stringify(chosenOptions());
    if (options === "{}") { seatBots = null; return; }  // the defaults: GET /api/games has them
    try {
      const got = await api(`/api/games/${encodeURIComponent(game)}/strengths`, { options: JSON.parse(options) });
      if (game !== gameSel.value || options !== JSON.stringify(chosenOptions())) return;  // stale
      seatBots = { game, options, ...got };
      drawSeats();
    } catch { /* options the server refuses: creating the table will say why */ }
  };
  optsBox.addEventListener("change", () => { drawSeats(); askSeatBots(); });
  const drawOptions = () => {
    const g = gameInfo(gameSel.value);
    fill(optsBox, ...shownOptions(g).map((o) => {
      let input;
      if (o.choices) input = h("select", { name: o.name }, o.choices.map((c) => h("option", { value: c }, L(o.labels?.[c]) || c)));
      else if (typeof o.default === "boolean") input = h("input", { type: "checkbox", name: o.name });
      else if (typeof o.default === "number") input = h("input", { type: "number", name: o.name, min: o.min, max: o.max });
      else input = h("input", { name: o.name });
      if (input.type === "checkbox") input.checked = o.default; else input.value = o.default;
      input.dataset.default = String(o.default);
      return h("label", { class: "opt", title: L(o.help), "data-option": o.name }, h("span", {}, L(o.label) || o.name), input, h("small", {}, L(o.help)));
    }));
    drawSeats();
  };
  gameSel.value = games[0]?.id;  // the server lists the games in their lobby order
  gameSel.addEventListener("change", drawOptions);

  form.append(
    h("h2", {}, t("new_table")),
    h("label", {}, h("span", {}, t("game")), gameSel, guideLink(h, () => gameSel.value)),
    h("details", {}, h("summary", {}, t("options")), optsBox),
    h("label", {}, h("span", {}, t("your_name")), nameIn),
    h("label", { class: "check" }, hotseat, t("hotseat")),
    h("fieldset", {}, h("legend", {}, t("seats")), seatsBox),
    h("label", {}, h("span", {}, t("table_name")), tableName),
    h("label", { class: "check" }, listed, t("listed")),
    learnCheckbox(h),
    h("label", {}, h("span", {}, t("turn_seconds")), timer),
    h("button", { type: "submit", id: "create-btn", class: "primary" }, t("create")),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = gameInfo(gameSel.value);
    const options = chosenOptions();
    const seats = [...seatsBox.querySelectorAll("select")].map((s) =>
      s.value === "human" ? { kind: "human" } : { kind: "bot", strength: s.value });
    const typed = (i) => seatsBox.querySelector(`input.seat-name[data-seat="${i}"]`)?.value.trim() || "";
    const host = seats.findIndex((s) => s.kind === "human");
    localStorage.setItem("caiquan.name", nameIn.value);
    try {
      const created = await api("/api/tables", {
        game: g.id, options, seats, name: tableName.value, listed: listed.checked && !hotseat.checked,
        turn_seconds: Number(timer.value) || 0, player_name: (hotseat.checked && typed(host)) || nameIn.value,
      });
      const mine = { seats: [], invite: created.invite, hotseat: hotseat.checked, game: g.id, name: tableName.value };
      if (created.joined) mine.seats.push({ seat: created.joined.seat, token: created.joined.token });
      if (hotseat.checked) {
        for (const [i, s] of seats.entries()) {
          if (s.kind !== "human" || mine.seats.some((m) => m.seat === i)) continue;
          const j = await api(`/api/tables/${created.table}/join`, { invite: created.invite, seat: i, name: typed(i) || defaultSeatName(i) });
          mine.seats.push({ seat: j.seat, token: j.token });
        }
      }
      store.set(created.table, mine);
      location.href = `/?table=${created.table}`;
    } catch (err) { banner(`${t("error")}: ${err.message}`, "error"); }
  });

  const list = h("div", { id: "open-tables" });
  const refresh = async () => {
    try {
      const tables = await api("/api/tables");
      fill(list, tables.length ? h("ul", {}, tables.map((tb) => h("li", { class: "table-item" },
        h("strong", {}, gameName(tb.game)), ` ${tb.name || tb.id} · ${tb.status === "waiting" ? t("waiting") : t(tb.status)}`,
        ` · ${tb.free_seats} ${t("free_seats")} `,
        tb.free_seats ? h("a", { href: `/?table=${tb.id}`, class: "button" }, t("join")) : null,
        h("a", { href: `/?table=${tb.id}&watch=1`, class: "button" }, t("watch"))))) : h("p", {}, t("no_tables")));
    } catch (err) { list.textContent = err.message; }
  };
  const side = h("section", { class: "card" }, h("h2", {}, t("open_tables")),
    h("button", { type: "button", onclick: refresh }, t("refresh")), list);
  fill(main, h("div", { class: "lobby" }, form, h("div", { class: "lobby-side" }, myTables(), side)));
  drawOptions();
  refresh();
  clearInterval(window.caiquanLobbyTimer);
  window.caiquanLobbyTimer = setInterval(refresh, 10_000);
  rerender = () => {
    // A language switch redraws the lobby in the other language, keeping what was filled in.
    const keyOf = (el) => el.id || el.name;
    const saved = [...document.querySelectorAll("#create input, #create select")].map((el) => [keyOf(el), el.type === "checkbox" ? el.checked : el.value]);
    lobby();
    const set = (k, v) => {
      const el = [...document.querySelectorAll("#create input, #create select")].find((x) => keyOf(x) === k);
      if (!el) return;
      if (el.type === "checkbox") el.checked = v; else el.value = v;
    };
    const game = saved.find(([k]) => k === "game-select");
    if (game) { set(...game); document.getElementById("game-select").dispatchEvent(new Event("change")); }
    saved.filter(([k]) => k !== "game-select" && !k.startsWith("seat-")).forEach(([k, v]) => set(k, v));
    document.querySelector('#game-options [name="players"]')?.dispatchEvent(new Event("change"));
    document.getElementById("hotseat").dispatchEvent(new Event("change"));
    saved.filter(([k]) => k.startsWith("seat-")).forEach(([k, v]) => set(k, v));
    document.querySelectorAll("#seat-list select").forEach((s) => s.dispatchEvent(new Event("change")));
  };
}

// "My tables": the tables this browser holds a seat at, newest first, each with its status as
// the server has it now. A table the server no longer knows is dropped without a word.
const myStatus = new Map();  // table id → its public description, or "expired" (kept across redraws)
function myTables() {
  const entries = store.all().slice(0, MY_TABLES_SHOWN);
  const box = h("section", { class: "card", id: "my-tables-box", "aria-labelledby": "my-tables-title" },
    h("h2", { id: "my-tables-title" }, t("my_tables")));
  const list = h("ul", { id: "my-tables" });
  const empty = h("p", { id: "no-my-tables", hidden: entries.length > 0 }, t("no_my_tables"));
  const when = (ms) => new Date(ms).toLocaleString(getLang() === "zh" ? "zh-CN" : "en-GB",
    { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const row = (e) => {
    const info = myStatus.get(e.id);
    const status = info === "expired" ? "expired" : info?.status || "";
    const game = (info && info !== "expired" && info.game) || e.game;
    const name = (info && info !== "expired" && info.name) || e.name;
    const forget = h("button", { type: "button", class: "link forget", "aria-label": `${t("forget")}: ${game ? gameName(game) : e.id}${name ? ` · ${name}` : ""}`,
      title: t("forget_hint"), onclick: () => { store.forget(e.id); myStatus.delete(e.id); li.remove(); empty.hidden = list.children.length > 0; } }, t("forget"));
    const li = h("li", { class: "table-item", "data-table": e.id, "data-status": status },
      h("strong", {}, game ? gameName(game) : t("game")), name ? ` · ${name}` : "",
      " · ", h("span", { class: `status-text ${status}` }, status === "waiting" ? t("waiting") : status ? t(status) : "…"),
      e.hotseat ? h("span", { class: "tag" }, t("hotseat_tag")) : null,
      e.created ? h("small", { class: "when" }, ` ${t("created_at")} ${when(e.created)}`) : null,
      h("span", { class: "links" },
        status === "finished" ? h("a", { href: `/?replay=${e.id}`, class: "button replay" }, t("replay"))
          : status === "expired" ? null : h("a", { href: `/?table=${e.id}`, class: "button continue" }, t("continue")),
        forget));
    return li;
  };
  fill(list, entries.map(row));
  // one request per table, a few at a time; a 404 means the table is gone: forget it
  const ask = async (e) => {
    if (myStatus.has(e.id)) return;
    try {
      const res = await fetch(`/api/tables/${encodeURIComponent(e.id)}`);
      if (res.status === 404) { store.forget(e.id); list.querySelector(`li[data-table="${CSS.escape(e.id)}"]`)?.remove(); empty.hidden = list.children.length > 0; return; }
      if (res.status === 410) myStatus.set(e.id, "expired");
      else if (res.ok) myStatus.set(e.id, await res.json());
      else return;  // the server is busy or down: the status stays unknown
    } catch { return; }
    list.querySelector(`li[data-table="${CSS.escape(e.id)}"]`)?.replaceWith(row(e));
  };
  (async () => {
    const queue = [...entries];
    await Promise.all(Array.from({ length: 4 }, async () => { while (queue.length) await ask(queue.shift()); }));
  })();
  box.append(empty, list);
  return box;
}

// ---------------------------------------------------------------- connections
// `paced`: state frames wait in `queue` and the table shows them one at a time (`state` is
// then the one on screen, `latest` the newest, `shownEvents` how many events it shows).
class Conn {
  constructor(tableId, token, onFrame, paced = false) {
    this.tableId = tableId; this.token = token; this.onFrame = onFrame; this.paced = paced;
    this.seat = null; this.state = null; this.latest = null; this.events = []; this.table = null; this.closed = false;
    this.queue = []; this.shownEvents = 0; this.nextAt = 0;
    this.eventsAt = {};  // state version → how many events had come by then
    this.witness = new Witness();  // what this seat received, checked against the replay at the end
    this.retry = 0; this.open();
  }
  open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${this.tableId}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify(this.token ? { type: "hello", protocol: 1, token: this.token } : { type: "hello", protocol: 1 }));
    };
    ws.onmessage = (m) => {
      const f = JSON.parse(m.data);
      // the table has closed (a finished game, some time after its end) or expired: the
      // server lets this connection go, and there is nothing to come back to
      if (f.type === "error" && (f.code === "closed" || f.code === "expired")) this.closed = true;
      if (f.type === "welcome") {
        this.seat = f.seat; this.table = f.table; this.events = []; this.eventsAt = {}; banner("");
        this.queue = []; this.shownEvents = 0; this.witness.welcome();
        // a table whose players help shuffle: this seat's own random value for the deal
        const give = shuffleFrame(this.tableId, f);
        if (give) this.send(give);
      } else if (f.type === "event") { this.events.push(...f.events); this.witness.event(f.events); }
      else if (f.type === "shuffled") shuffled(this.tableId, f);
      else if (f.type === "state") {
        this.witness.state(f);
        this.latest = f;
        // (a table still shuffling has no view yet: its version 0 starts with the deal)
        if (f.observation != null) this.eventsAt[f.version] ??= this.events.length;
        if (this.paced) this.queue.push({ state: f, events: this.events.length });
        else { this.state = f; this.shownEvents = this.events.length; }
      }
      this.onFrame(this, f);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.onFrame(this, { type: "closed" });  // presence is unknown until we are back
      banner(t("reconnecting"), "warn");
      setTimeout(() => this.open(), Math.min(5000, 300 * 2 ** this.retry++));
    };
  }
  send(obj) { if (this.ws.readyState === 1) this.ws.send(JSON.stringify(obj)); }
  close() { this.closed = true; this.ws.close(); }
}

// ---------------------------------------------------------------- pacing
// How long each move stays on screen on its own (ms); "off" shows every move at once and
// plays no animation. The countdown before a throw's reveal adds COUNTDOWN_MS.
const SPEEDS = { off: 0, fast: 350, normal: 900, slow: 1800 };
const COUNTDOWN_MS = 700;
function speed() {
  const s = localStorage.getItem("caiquan.speed");
  if (s && s in SPEEDS) return s;
  return localStorage.getItem("caiquan.anim") === "off" ? "off" : "normal";
}
function speedPicker() {
  const sel = h("select", { id: "speed", "aria-label": t("speed"),
    onchange: (e) => localStorage.setItem("caiquan.speed", e.target.value) },
  Object.keys(SPEEDS).map((k) => h("option", { value: k }, t(`speed_${k}`))));
  sel.value = speed();
  return h("label", { class: "speed" }, h("span", {}, t("speed")), " ", sel);
}
// What a move changed: the texts of the board's watched parts (bars, rows, cells, and what
// the game's panel names: its `watched` export), keyed by their player and place, before and
// after a redraw.
function watchTexts(root, selector) {
  const seen = new Map(), count = new Map();
  for (const el of root.querySelectorAll(selector)) {
    const base = `${el.closest("[data-player]")?.dataset.player ?? "-"}|${el.tagName}|${el.classList[0] || ""}`;
    const n = count.get(base) || 0;
    count.set(base, n + 1);
    seen.set(`${base}|${n}`, el.textContent);
  }
  return seen;
}
function flashChanges(root, before, selector) {
  const after = watchTexts(root, selector);
  const els = root.querySelectorAll(selector);
  [...after.keys()].forEach((k, i) => { if (before.has(k) && before.get(k) !== after.get(k)) els[i]?.classList.add("just-changed"); });
}

// ---------------------------------------------------------------- table screen
// Every seat taken, the cards not dealt yet: the players' browsers are helping shuffle.
const shufflingNow = (st, seats) => st?.status === "waiting" && st.observation == null && seats.every((s) => s.kind !== "human" || s.claimed);
// "<game> · <table name>" (the game alone for an unnamed table).
const tableTitle = (game, name) => (name ? `${gameName(game)} · ${name}` : gameName(game));
// The host's name as an invitation says it: the creator's seat, if it has a name.
const hostName = (tb, seats) => (tb.host != null && seats[tb.host]?.name ? seats[tb.host].name : null);
const seatList = (nums) => nums.join(t("list_sep"));

function joinScreen(id, invite, tb) {
  screenGame = tb.game;
  const seats = (tb.seats || []).map((s) => ({ ...s, name: s.kind === "bot" ? seatLabel(s, s.seat) : s.name }));
  const free = seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
  const name = h("input", { id: "join-name", maxlength: 40, value: localStorage.getItem("caiquan.name") || "" });
  const seatSel = h("select", { id: "join-seat" }, free.map((n) => h("option", { value: n }, `${t("seat")} ${n}`)));
  const host = hostName(tb, seats);
  const where = tableTitle(tb.game, tb.name);
  const sentence = h("p", { id: "join-invitation", class: "invitation" });
  const say = () => {
    const vars = { host, where, seat: seatSel.value, free: seatList(free) };
    sentence.textContent = t(host ? "join_invite" : "join_open", vars);
  };
  seatSel.addEventListener("change", say);
  say();
  const form = h("form", { class: "card", id: "join-form" }, h("h2", {}, t("join_table")),
    sentence,
    h("ul", { id: "join-seats", class: "join-seats", "aria-label": t("seats") }, seats.map((s) => h("li", { "data-seat": s.seat },
      h("span", { class: "seat-no" }, s.seat), " ",
      s.kind === "bot" ? [s.name, h("small", {}, ` ${botLevel(s.bot, tb.game, tb.strength_notes)}`)]
        : s.claimed ? [s.name || `${t("seat")} ${s.seat}`, s.seat === tb.host ? h("small", {}, ` (${t("host")})`) : null]
          : h("em", {}, t("free"))))),
    free.length > 1 ? h("label", {}, h("span", {}, t("your_seat")), seatSel) : null,
    h("label", {}, h("span", {}, t("your_name")), name),
    h("button", { type: "submit", class: "primary", id: "join-btn" }, t("join")),
    h("a", { href: `/?table=${id}&watch=1`, class: "button" }, t("watch")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      localStorage.setItem("caiquan.name", name.value);
      const j = await api(`/api/tables/${id}/join`, { invite: invite || null, name: name.value, seat: free.length ? Number(seatSel.value) : null });
      store.set(id, { seats: [{ seat: j.seat, token: j.token }], invite, hotseat: false, game: tb.game, name: tb.name });
      location.href = `/?table=${id}`;
    } catch (err) { banner(`${t("error")}: ${err.message}`, "error"); }
  });
  fill(main, form);
  rerender = () => joinScreen(id, invite, tb);
}

function tableScreen(id) {
  const mine = store.get(id);
  const watch = params.has("watch") || !mine || !mine.seats.length;
  if (!mine && !params.has("watch")) {
    return api(`/api/tables/${id}`).then((tb) => {
      if (tb.seats.some((s) => !s.claimed) && tb.status === "waiting") joinScreen(id, params.get("invite"), tb);
      else { params.set("watch", "1"); tableScreen(id); }
    }).catch((err) => banner(err.message, "error"));
  }
  const ui = {
    head: h("div", { id: "t-head" }), seats: h("ul", { id: "t-seats" }),
    panel: h("section", { id: "t-panel", "aria-label": "table" }),
    decision: h("section", { id: "t-decision", "aria-live": "polite" }),
    // the board's action bar (direct play): the prompt, buttons for what has no place on the
    // board, the chosen move with its preview and "confirm"
    actions: h("div", { id: "t-actions", class: "action-bar", role: "region", "aria-label": t("action_bar"), hidden: true }),
    // a scrolling region keyboard users can reach and scroll (Tab, then arrows)
    log: h("ol", { id: "t-log", tabindex: "0", "aria-label": t("log") }), chatLog: h("ul", { id: "t-chat" }),
    timer: h("span", { id: "t-timer" }), privacy: h("div", { id: "privacy", hidden: true }),
    toast: h("div", { id: "t-toast", role: "status", "aria-live": "polite", hidden: true }),
  };
  const chatIn = h("input", { id: "chat-input", maxlength: 300, placeholder: t("say"), "aria-label": t("chat") });
  const chatForm = h("form", { id: "chat-form" }, chatIn, h("button", { type: "submit", "data-i18n": "send" }, t("send")));
  const chats = [];
  const notices = new Map();   // the turn timer's notices: "version:seat" → {at, text, option}
  let presence = null;
  let shownSeat = null;        // hot-seat: whose view is on screen
  let revealed = new Set();    // hot-seat: seats that passed the privacy screen at this version
  let lastVersion = -1;
  const liveCoach = { seat: null, data: null, error: null, due: null, asked: false };  // learn mode's live coach

  const conns = watch ? [new Conn(id, null, onFrame, true)] : mine.seats.map((s) => new Conn(id, s.token, onFrame, true));
  const board = new BoardPlay({ h, t });
  const hot = conns.length > 1;
  chatForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = chatIn.value.trim();
    if (!text) return;
    (active() || conns[0]).send({ type: "chat", text });
    chatIn.value = "";
  });

  function active() {
    // The connection whose view is shown: in hot-seat, the seat that must decide.
    const deciding = conns.filter((c) => c.state?.decision && c.state.observation?.my_commit == null);
    if (hot && deciding.length) return deciding[0];
    return conns.find((c) => c.seat === shownSeat && c.state) || conns.find((c) => c.state) || conns[0];
  }

  let frameQueued = false;
  function onFrame(conn, f) {
    if (f.type === "chat") { if (conn === conns[0]) { chats.push(f); drawChat(); } return; }
    if (f.type === "presence") { presence = f; }
    if (f.type === "closed") { presence = null; }  // the server is gone: nobody is known online
    if (f.type === "timeout") {
      // Said to each connection; the seat's own one also says what was played for it.
      const key = `${f.version}:${f.seat}`;
      const had = notices.get(key);
      if (!had || (f.option && !had.option)) {
        // placed where the table stood when the time ran out, before what the move caused
        const at = conn.eventsAt[f.version] ?? conn.events.length;
        notices.set(key, { at: had ? had.at : at, text: f.text, option: !!f.option });
        toast(L(f.text));
      }
    }
    if (f.type === "error" && f.code === "closed") { banner(t("table_closed"), "info"); return; }
    // too late to help shuffle (dealt, or the seat's value came from another device): no harm
    if (f.type === "error" && f.code === "shuffle_closed") return;
    if (f.type === "error") {
      banner(`${t("error")}: ${f.message}`, "error");
      if (f.code === "bad_token") {  // this browser's seat is no longer valid: forget it
        conns.forEach((k) => k.close());
        localStorage.removeItem(`caiquan.table.${id}`);
        location.href = `/?table=${id}`;
        return;
      }
    }
    if (f.type === "welcome") rememberCommitment(id, f.table.fair);  // the deal's commitment, as first seen
    if (f.type === "state" || f.type === "welcome") { pump(); return; }
    queueDraw();
  }

  // Pacing: each state the server sends (every decision, a bot's or a remote player's) is
  // shown on its own for a moment, with what changed highlighted, at the speed the player
  // chose (off: at once). A frame after a quiet spell shows at once: the player's own move
  // is never delayed.
  let pumpTimer = 0;
  let flashNext = false;
  function pump() {
    clearTimeout(pumpTimer);
    const delay = SPEEDS[speed()] ?? SPEEDS.normal;
    let shown = false, wait = Infinity;
    for (const k of conns) {
      while (k.queue.length) {
        const now = Date.now();
        if (delay && k.state && now < k.nextAt) { wait = Math.min(wait, k.nextAt - now); break; }
        const item = k.queue.shift();
        const prev = k.state, prevEvents = k.shownEvents;
        k.state = item.state; k.shownEvents = item.events;
        k.nextAt = now + delay;
        if (k === conns[0]) {
          if (item.state.version !== lastVersion) { lastVersion = item.state.version; revealed = new Set(); }
          if (delay && throwReveal(prev, k.events.slice(prevEvents, item.events))) { throwAnimation(); k.nextAt += COUNTDOWN_MS; }
        }
        shown = true;
        if (delay) { if (k.queue.length) wait = Math.min(wait, k.nextAt - now); break; }
      }
    }
    if (shown) { flashNext = !!delay; queueDraw(); }
    if (wait < Infinity) pumpTimer = setTimeout(pump, wait);
  }
  // The 一，二，三，出拳！ countdown, for throws only: the events that come after a
  // simultaneous decision reveal a throw.
  function throwReveal(prev, fresh) {
    const sim = !!prev?.decision?.simultaneous || (prev?.observation?.to_move || []).length > 1;
    return sim && fresh.some((e) => /throw/.test(e.kind || "") || e.throws != null);
  }

  function queueDraw() {
    if (!frameQueued) {
      frameQueued = true;
      const run = () => {
        // During the 一，二，三 countdown the revealed state waits for 出拳.
        const wait = holdUntil - Date.now();
        if (wait > 0) { setTimeout(run, wait); return; }
        frameQueued = false;
        draw();
      };
      requestAnimationFrame(run);
    }
  }

  let holdUntil = 0;
  let shownEvents = 0, newFrom = 0, newUntil = 0;
  function throwAnimation() {
    if (speed() === "off") return;
    holdUntil = Date.now() + 700;
    const o = document.getElementById("overlay");
    fill(o, ...t("countdown").split("|").map((w, i) => h("span", { style: `animation-delay:${i * 0.22}s` }, w)));
    o.className = "show";
    clearTimeout(o._timer);
    o._timer = setTimeout(() => { o.className = ""; fill(o); }, 1300);
  }

  // The invitation: a link, and a text to paste that names the game, the table and the host.
  // Only while a seat is free for a person: never at a hot-seat table (every seat is here),
  // a bots-only one, or one whose human seats are all taken.
  function inviteBox(table, seats, st) {
    const free = seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
    if (!mine?.invite || mine.hotseat || hot || st?.status === "finished" || !free.length) return null;
    const link = `${location.origin}/?table=${id}&invite=${mine.invite}`;
    const host = hostName(table, seats);  // (the names as typed: an unnamed host is nobody's)
    const text = t(host ? "invite_text" : "invite_text_anon", { host, where: tableTitle(table.game, table.name), free: seatList(free), link });
    return h("div", { class: "invite" }, h("label", {}, t("invite"), " ",
      h("input", { id: "invite-link", readonly: true, value: link })),
      h("button", { type: "button", id: "copy-invite", "data-text": text, onclick: (e) => {
        navigator.clipboard?.writeText(text);
        e.target.textContent = t("copied");
      } }, t("copy_invite")),
      h("p", { id: "invite-text", class: "invite-text" }, text));
  }

  function draw() {
    const c = active();
    const st = c?.state;
    const table = c?.table;
    if (!table) return;
    const seatsInfo = localSeats(presence?.seats || table.seats);
    const obs = st?.observation;
    const toMove = obs?.to_move || [];
    // For people nothing; for tests and scripts: where the table is.
    main.dataset.version = st ? String(st.version) : "";
    main.dataset.status = st?.status || "";
    main.dataset.seat = c.seat == null ? "" : String(c.seat);
    const committed = new Set(obs?.committed || []);
    document.title = `${gameName(table.game)} · caiquan`;
    screenGame = table.game;
    fill(ui.head,
      h("h2", {}, gameName(table.game), table.name ? ` · ${table.name}` : ""),
      h("span", { class: `status ${st?.status}`, id: "t-status" }, st ? (st.status === "waiting" ? t(shufflingNow(st, seatsInfo) ? "shuffling" : "waiting") : t(st.status)) : ""),
      c.seat == null ? h("span", { class: "tag" }, t("spectating")) : null,
      ui.timer,
      speedPicker(),
      inviteBox(table, presence?.seats || table.seats, st),
    );
    // "(you)": the seat this screen plays; in hot-seat, the one whose view is shown now.
    const isYou = (seat) => (hot ? seat === c.seat : conns.some((k) => k.seat === seat));
    // Online only while the game runs and the server is there (presence, not the welcome).
    const showOnline = presence && st?.status !== "finished";
    redrawKeepingTips(ui.seats, () => fill(ui.seats, ...seatsInfo.map((s) => h("li", {
      class: ["seat", toMove.includes(s.seat) ? "to-move" : "", isYou(s.seat) ? "mine" : "", showOnline && s.online === false ? "off" : ""].join(" "),
      "data-seat": s.seat },
    h("span", { class: "seat-no" }, s.seat), " ", h("span", { class: "seat-name" }, seatName(s)),
    s.kind === "bot" ? h("small", {}, ` ${botLevel(s.bot, table.game, table.strength_notes)}`) : showOnline && s.online != null ? h("small", {}, ` ${s.online ? t("online") : t("offline")}`) : null,
    // (the badge explains itself: the glossary's "you" on hover, focus and tap)
    isYou(s.seat) ? h("small", { class: "you" }, " (", glossaryTerm(table.game, "you", { lang: getLang(), table: table.id, h }, t("you")), ")") : null,
    committed.has(s.seat) ? h("span", { class: "committed", title: t("committed") }, " ✓ ", t("committed")) : null,
    st?.outcome ? h("strong", { class: `result ${st.outcome.results[s.seat]}` }, " ", t(st.outcome.results[s.seat])) : null))));

    // Hot-seat privacy screen: the next seat must confirm before its view is shown.
    if (hot && st?.decision && c.seat !== shownSeat && !revealed.has(c.seat)) {
      const who = seatsInfo[c.seat]?.name || `${t("seat")} ${c.seat}`;
      ui.privacy.hidden = false;
      fill(ui.privacy, h("div", { class: "card" }, h("h2", {}, `${t("privacy")} ${who}`),
        h("p", {}, t("privacy_hint")),
        h("button", { type: "button", class: "primary", id: "privacy-ready", autofocus: true, onclick: () => {
          revealed.add(c.seat); shownSeat = c.seat; ui.privacy.hidden = true; draw();
        } }, t("privacy_ready"))));
      fill(ui.panel); fill(ui.decision); board.disarm(ui.panel, ui.actions);
      setTimeout(() => document.getElementById("privacy-ready")?.focus(), 0);
      return;
    }
    ui.privacy.hidden = true;
    if (hot && st?.decision) { shownSeat = c.seat; revealed.add(c.seat); }

    const watched = watchedSelector(table.game);
    const before = flashNext ? watchTexts(ui.panel, watched) : null;
    flashNext = false;
    redrawKeepingTips(ui.panel, () => fill(ui.panel, obs ? renderPanel(table.game, obs, { seat: c.seat, table: table.id, lang: getLang(), h, t, L, seats: seatsInfo }) : ""));
    if (before) flashChanges(ui.panel, before, watched);
    drawDecision(c, st, seatsInfo);
    armBoard(c, st, seatsInfo);
    measured(c, st);
    const evs = c.events.slice(0, c.shownEvents);
    if (evs.length > shownEvents) { newFrom = shownEvents ? shownEvents : evs.length; newUntil = Date.now() + 1500; shownEvents = evs.length; }
    const fresh = Date.now() < newUntil;
    const lines = evs.map((e, i) => h("li", { class: fresh && i >= newFrom ? "new" : "" }, formatEvent(table.game, e, getLang(), seatsInfo)));
    // The turn timer's notices go where they happened, unnumbered.
    [...notices.values()].sort((a, b) => b.at - a.at).forEach((n) =>
      lines.splice(Math.min(n.at, lines.length), 0, h("li", { class: "notice", role: "note" }, `⏱ ${L(n.text)}`)));
    fill(ui.log, ...lines);
    logDigits(ui.log, evs.length);
    ui.log.scrollTop = ui.log.scrollHeight;
  }

  // Direct play (board.js): the decision's options found on the board.
  function armBoard(c, st, seatsInfo) {
    const d = st?.decision;
    if (!d || st.outcome || !st.observation) { board.disarm(ui.panel, ui.actions); return; }
    const ctx = { seat: c.seat, table: c.table.id, lang: getLang(), h, t, L, seats: seatsInfo };
    board.arm({
      panel: ui.panel, bar: ui.actions, decision: d, version: st.version, seat: c.seat,
      prompt: [`${t("your_turn")}${hot ? ` (${seatsInfo[c.seat]?.name || c.seat})` : ""}: `, L(d.prompt)],
      paths: new Map(d.options.map((o) => [o.id, optionTargets(c.table.game, o, st.observation, ctx)])),
      label: (o) => optionLabel(o, getLang()), note: (o) => optionNote(o, getLang()),
      preview: (o) => optionHelp(c.table.game, o, st.observation, ctx)?.preview || null,
      myCommit: st.observation.my_commit,
      commit: (option) => decide(c, st, option),
    });
  }

  // One decision to the server; the time of the click is kept for the latency measure.
  let clicked = null;  // {at, version, simultaneous} of the last decision sent
  function decide(c, st, option) {
    clicked = { at: performance.now(), version: st.version, simultaneous: !!st.decision?.simultaneous, seat: c.seat };
    c.send({ type: "decide", version: st.version, option });
  }
  // For people nothing; for the measure in docs/web.md (bench/web_table.py): how long from
  // the click to its result on screen (a new state, or my face-down choice shown).
  function measured(c, st) {
    if (!clicked || c.seat !== clicked.seat || !st) return;
    if (st.version === clicked.version && st.observation?.my_commit == null) return;
    (window.caiquanLatency ||= []).push({ ms: performance.now() - clicked.at, simultaneous: clicked.simultaneous });
    clicked = null;
  }

  function drawDecision(c, st, seatsInfo) {
    // Keyboard users keep their place: focus stays in the choices after a redraw.
    const focused = ui.decision.contains(document.activeElement) ? document.activeElement : null;
    const focusName = focused?.dataset?.name;
    // (an option's text closes with its button when the choices change)
    redrawKeepingTips(ui.decision, () => drawDecisionInner(c, st, seatsInfo));
    if (focused) {
      const again = (focusName && ui.decision.querySelector(`button[data-name="${CSS.escape(focusName)}"]`)) ||
        ui.decision.querySelector("button, a");
      again?.focus();
    }
  }

  let endFocused = false;
  function drawDecisionInner(c, st, seatsInfo) {
    const d = st?.decision;
    const obs = st?.observation;
    if (st?.outcome) {
      const mine = new Set(conns.map((k) => k.seat));
      fill(ui.decision, endBox(st.outcome, seatsInfo, mine,
        h("a", { class: "button", href: `/?replay=${id}${c.seat == null ? "" : `&seat=${c.seat}`}`, id: "replay-link" }, t("replay")), " ",
        h("a", { class: "button", href: `/api/tables/${id}/record`, download: `${id}.json` }, t("record")), " ",
        h("a", { class: "button", href: "/" }, t("new_game"))), coachBox(id, seatsInfo, mine, draw));
      // verified fair ✓ (or why not): checked in this browser against the commitment it saw
      const live = { seat: c.seat, token: c.token, witness: c.witness, seats: conns.map((k) => k.seat).filter((s) => s != null) };
      ui.decision.querySelector("#outcome").append(fairMark(h, id, c.table?.fair, st.outcome, live));
      // Keyboard and screen-reader users land on the result once, when the game ends.
      if (!endFocused) { endFocused = true; setTimeout(() => document.getElementById("outcome")?.focus(), 0); }
      return;
    }
    if (!d) {
      const waitingFor = (obs?.to_move || []).map((s) => seatsInfo[s]?.name || `${t("seat")} ${s}`).join(", ");
      fill(ui.decision, h("p", { class: "waiting-for" }, st?.status === "waiting" ? t(shufflingNow(st, seatsInfo) ? "shuffling" : "waiting") : waitingFor ? `${t("waiting_for")} ${waitingFor}…` : ""),
        liveCoachBox(id, c, st, seatsInfo, liveCoach, draw));
      return;
    }
    const myCommit = obs?.my_commit;
    const opts = d.options;
    const buttons = opts.map((o, i) => {
      const note = optionNote(o, getLang());
      // what the option's card, skill, weapon, character … does (the game's catalogue): a
      // short line on the button, the full text on hover, focus and (phone) a tap on the ‹i› beside it
      const help = optionHelp(c.table.game, o, obs, { seat: c.seat, table: c.table.id, lang: getLang(), h, t, L, seats: seatsInfo });
      const button = h("button", {
        type: "button", class: ["option", myCommit === o.id ? "chosen" : "", note ? "noted" : "", help ? "helped" : ""].join(" "), "data-option": o.id,
        "data-name": o.name, title: help ? null : note ? `${optionLabel(o, getLang())}: ${note}` : null,
        "data-tip": help?.tipId, "aria-describedby": help?.tipId,
        onclick: () => decide(c, st, o.id),
      }, i < 9 ? h("kbd", {}, i + 1) : null, optionLabel(o, getLang()),
      help?.brief ? h("small", { class: "option-help" }, help.brief) : null,
      note ? h("small", { class: "option-note" }, `⚠ ${note}`) : null, help?.tip);
      if (!help) return button;
      // a tap target for phones (pointer users hover, keyboard users focus the button itself)
      return h("span", { class: "option-wrap" }, button,
        h("span", { class: "chip info", "data-tip": help.tipId, "aria-hidden": "true" }, "i"));
    });
    fill(ui.decision,
      h("h3", { id: "prompt" }, `${t("your_turn")}${hot ? ` (${seatsInfo[c.seat]?.name || c.seat})` : ""}: `, L(d.prompt)),
      learnBox(h, d, { game: c.table.game, redraw: draw }),
      d.simultaneous ? h("p", { class: "rhythm" }, /throw/.test(d.kind) ? t("one_two_three") : t("face_down")) : null,
      myCommit != null ? h("p", { class: "my-commit", id: "my-commit" }, t("you_committed"),
        h("strong", {}, optionLabel(opts.find((o) => o.id === myCommit) || { name: String(myCommit) }, getLang())), " — ", t("change_hint")) : null,
      h("div", { class: "options", role: "group", "aria-labelledby": "prompt", "data-kind": d.kind, "data-movers": (obs?.to_move || []).length }, groupRows(opts, buttons)),
      liveCoachBox(id, c, st, seatsInfo, liveCoach, draw));
  }

  // Many options named like "stance-3-7": one row per "stance-3", so they read as a grid.
  function groupRows(opts, buttons) {
    if (opts.length <= 12) return buttons;
    const key = (o) => String(o.name).split("-").slice(0, 2).join("-");
    const rows = new Map();
    opts.forEach((o, i) => { const k = key(o); if (!rows.has(k)) rows.set(k, []); rows.get(k).push(buttons[i]); });
    if (rows.size < 2 || rows.size > opts.length / 2) return buttons;
    return [...rows.values()].map((bs) => h("div", { class: "option-row" }, bs));
  }

  let toastTimer = 0;
  function toast(text) {
    ui.toast.textContent = text;
    ui.toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { ui.toast.hidden = true; }, 6000);
  }

  function drawChat() {
    fill(ui.chatLog, ...chats.slice(-100).map((m) => h("li", {}, h("strong", {}, m.name || `${t("seat")} ${m.seat}`), ": ", m.text)));
    ui.chatLog.scrollTop = ui.chatLog.scrollHeight;
  }

  const tick = setInterval(() => {
    const st = active()?.state;
    if (st?.deadline) {
      const left = Math.max(0, st.deadline - Date.now() / 1000);
      ui.timer.textContent = `⏱ ${t("time_left")} ${left.toFixed(0)}s`;
      ui.timer.className = left < 10 ? "urgent" : "";
    } else ui.timer.textContent = "";
  }, 250);

  document.onkeydown = (e) => {
    if (e.target.closest?.("input, textarea, select")) return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9) document.querySelectorAll("#t-decision button.option")[n - 1]?.click();
  };

  fill(main, h("div", { class: "table-screen" },
    ui.head, ui.seats,
    h("div", { class: "table-body" }, h("div", { class: "play" }, ui.actions, ui.panel, ui.decision),
      h("div", { class: "side" },
        h("details", { open: true, class: "log-box" }, h("summary", { "data-i18n": "log" }, t("log")), ui.log),
        h("details", { open: true, class: "chat-box" }, h("summary", { "data-i18n": "chat" }, t("chat")), ui.chatLog, watch ? null : chatForm))),
    ui.privacy, ui.toast));
  rerender = () => { chatIn.placeholder = t("say"); draw(); drawChat(); };
  window.addEventListener("beforeunload", () => { clearInterval(tick); conns.forEach((k) => k.close()); });
}

// ---------------------------------------------------------------- end screen
// A seat's name in the page's language: a bot the server named by default ("bot 2") is
// named again here; a name a player typed stays as typed.
const seatLabel = (s, i) => (s?.kind === "bot" && (!s.name || s.name === `bot ${i}`) ? `${t("bot")} ${i}`
  : s?.name || (s?.kind === "bot" ? `${t("bot")} ${i}` : `${t("seat")} ${i}`));
const localSeats = (seats) => (seats || []).map((s, i) => ({ ...s, name: seatLabel(s, i) }));
// What a bot spec plays, in words ("search, 1 s per move"): the lobby's seat list and a
// bot seat's chip say it, whatever the game's strengths map to.
const botWhat = (spec) => {
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
const botLevel = (spec, gameId, notes) => {
  const ladder = gameInfo(gameId)?.strengths || {};
  const level = Object.keys(ladder).find((lv) => ladder[lv] === spec);
  const note = level && notes?.[level];
  return level ? `${t(`level_${level}`)} · ${note ? L(note) : botWhat(spec)}` : botWhat(spec);
};

// The finished game: who won (by name), why (the game's own words, with the numbers that
// decided it) and the score sheet (place, then the game's standings), then `actions`.
export function endBox(outcome, seats, mine, ...actions) {
  const n = outcome.ranks.length;
  const names = Array.from({ length: n }, (_, i) => (seats[i] ? seatName(seats[i]) : `${t("seat")} ${i}`));
  const firsts = names.filter((_, i) => outcome.ranks[i] === 1);
  const headline = firsts.length === n && n > 1 ? t("all_draw")
    : firsts.length === 1 ? t("wins_one", { a: firsts[0] })
      : t("wins_shared", { a: firsts.join(t("names_and")) });
  const ending = outcome.ending || { reason: null, standings: [] };
  const place = (r) => (getLang() === "zh" ? t("place_n", { n: r }) : ordinal(r));
  const head = h("tr", {}, h("td", {}), ...names.map((nm, i) =>
    h("th", { scope: "col", class: mine.has(i) ? "mine" : "" }, nm, mine.has(i) ? h("small", {}, ` (${t("you")})`) : null)));
  const rows = [
    h("tr", { class: "place" }, h("th", { scope: "row" }, t("place")),
      ...outcome.ranks.map((r, i) => h("td", { class: outcome.results[i] }, place(r), " ", h("small", {}, t(outcome.results[i]))))),
    ...(ending.standings || []).map((row) => h("tr", {}, h("th", { scope: "row" }, L(row.label)),
      ...row.values.map((v) => h("td", {}, L(v))))),
  ];
  return h("section", { class: "outcome", id: "outcome", tabindex: "-1", "aria-labelledby": "outcome-title" },
    h("p", { class: "over" }, t("game_over")),
    h("h3", { id: "outcome-title" }, headline),
    ending.reason ? h("p", { class: "why", id: "outcome-reason" }, L(ending.reason)) : null,
    h("div", { class: "standings-wrap" }, h("table", { class: "standings", id: "standings" }, h("thead", {}, head), h("tbody", {}, ...rows))),
    actions.length ? h("p", { class: "actions" }, ...actions) : null);
}

// ---------------------------------------------------------------- coach
// The throw coach's analysis of a finished game (GET /api/tables/{id}/coach), fetched once per
// table: per player (the viewer's own seats first; all players for a spectator) a bar chart
// of how often each throw was chosen against the equilibrium mix, and the coach's key lines.
const coachData = new Map();
function coachBox(id, seats, mine, redraw) {
  let got = coachData.get(id);
  if (!got) {
    got = { data: null, error: null };
    coachData.set(id, got);
    api(`/api/tables/${id}/coach`).then((d) => { got.data = d; }, (e) => { got.error = e.message; }).finally(() => redraw());
  }
  const box = h("section", { class: "coach", id: "coach", "aria-labelledby": "coach-title" },
    h("h3", { id: "coach-title" }, t("coach")));
  if (got.error) { box.append(h("p", { class: "coach-error" }, `${t("error")}: ${got.error}`)); return box; }
  if (!got.data) { box.append(h("p", { class: "coach-wait" }, t("coach_loading"))); return box; }
  const players = got.data.players.filter((p) => p.throws > 0 && (!mine.size || mine.has(p.player)));
  if (!players.length) { box.append(h("p", { class: "coach-none" }, t("coach_none"))); return box; }
  box.append(h("p", { class: "coach-intro" }, t("coach_intro")));
  box.append(...coachPlayers(players, seats, mine));
  return box;
}

// One block per player of a coach analysis (the end screen's and the live one): the bars of
// each throw's share against the equilibrium's, then the coach's key lines (`compact`: without
// the lines that repeat the bars in words).
function coachPlayers(players, seats, mine, compact = false) {
  const pct = (x) => `${Math.round(100 * x)}%`;
  return players.map((p) => {
    const name = seats[p.player] ? seatName(seats[p.player]) : `${t("seat")} ${p.player}`;
    const charts = p.families.map((f) => h("div", { class: "coach-chart", role: "list" },
      f.options.map((o) => h("div", { class: "coach-row", role: "listitem", "data-name": o.name, "data-count": o.count,
        "aria-label": `${L(o.label)}: ${t("coach_player")} ${pct(o.share)} (${o.count}), ${t("coach_eq")} ${pct(o.equilibrium)}` },
      h("span", { class: "coach-label" }, L(o.label)),
      h("span", { class: "coach-bars", "aria-hidden": "true" },
        h("span", { class: "bar you", style: `width:${(100 * o.share).toFixed(1)}%` }),
        h("span", { class: "bar eq", style: `width:${(100 * o.equilibrium).toFixed(1)}%` })),
      h("span", { class: "coach-num" }, `${pct(o.share)} · ${o.count}`, h("small", {}, ` (${t("coach_eq")} ${pct(o.equilibrium)})`))))));
    // the lines: how well the choices fit, one per family (the bars in words), then habits
    const lines = compact ? p.lines.filter((_, i) => i === 0 || i > p.families.length) : p.lines;
    return h("div", { class: "coach-player", "data-player": p.player },
      h("h4", {}, name, mine.has(p.player) ? h("small", {}, ` (${t("coach_you")})`) : null),
      charts,
      h("ul", { class: "coach-lines" }, lines.map((line) => h("li", {}, L(line)))));
  });
}

// The live coach (learn mode, a game in progress): the seat's own figures so far, from
// GET /api/tables/{id}/coach/live with its token (the server works them out from what the
// seat has seen only). Asked for once when the table opens, then once after each of the
// seat's throws is revealed on screen (the version after its matrix decision), never per frame.
// `live`: {seat, data, error, due (the version of a throw waiting to be revealed), asked}.
function liveCoachFetch(id, c, live, redraw) {
  live.asked = true;
  fetch(`/api/tables/${id}/coach/live`, { headers: { "X-Seat-Token": c.token } })
    .then(async (res) => {
      if (res.status === 429) { // asked too often (a fast game): keep what is shown, ask again soon
        const wait = Math.min(30, Number(res.headers.get("Retry-After")) || 2);
        setTimeout(() => { if (live.seat === c.seat) liveCoachFetch(id, c, live, redraw); }, wait * 1000);
        return;
      }
      const d = await res.json();
      if (!res.ok) throw new Error(d.detail || res.statusText);
      if (live.seat === c.seat) { live.data = d; live.error = null; }
    })
    .catch((e) => { if (live.seat === c.seat) live.error = e.message; })
    .finally(() => redraw());
}
function liveCoachBox(id, c, st, seats, live, redraw) {
  if (!learnOn() || c.seat == null || !c.token || !st || st.outcome || st.status !== "playing") return null;
  if (live.seat !== c.seat) Object.assign(live, { seat: c.seat, data: null, error: null, due: null, asked: false });
  // a throw of mine shown revealed (a later version is on screen): ask again
  if (!live.asked || (live.due != null && st.version > live.due)) { live.due = null; liveCoachFetch(id, c, live, redraw); }
  const d = st.decision;
  const kinds = live.data?.matrix_kinds || ["throw"];
  if (d && d.simultaneous && kinds.includes(d.kind) && (st.observation?.to_move || []).length === 2) live.due = st.version;
  const box = h("section", { class: "coach live-coach", id: "live-coach", "aria-labelledby": "live-coach-title" },
    h("h3", { id: "live-coach-title" }, t("coach_live")));
  if (live.error) { box.append(h("p", { class: "coach-error" }, `${t("error")}: ${live.error}`)); return box; }
  if (!live.data) { box.append(h("p", { class: "coach-wait" }, t("coach_loading"))); return box; }
  const me = live.data.players.filter((p) => p.throws > 0);
  if (!me.length) { box.append(h("p", { class: "coach-none" }, t("coach_live_none"))); return box; }
  box.append(h("p", { class: "coach-intro" }, t("coach_live_intro")),
    ...coachPlayers(me, seats, new Set([c.seat]), true));
  return box;
}

// ---------------------------------------------------------------- replay viewer
// A finished game (GET /api/tables/{id}/replay): one view per decision, the first the table
// before any, each with the events that led to it. With a seat's token (a header, never in
// the URL) the views are that seat's: its hand and face-down cards, the others' only where
// the table revealed them; without, a spectator's.
async function replayData(id, token) {
  const res = await fetch(`/api/tables/${id}/replay`, token ? { headers: { "X-Seat-Token": token } } : {});
  const data = res.headers.get("content-type")?.includes("json") ? await res.json() : null;
  if (!res.ok) throw Object.assign(new Error(data?.detail || res.statusText), { status: res.status });
  return data;
}

// Scroll the log (only the log, not the page) so the current lines show, the first of them
// if they do not all fit.
function scrollToCurrent(ol) {
  const cur = ol.querySelectorAll("li.current");
  if (!cur.length) { ol.scrollTop = 0; return; }
  const box = ol.getBoundingClientRect();
  const last = cur[cur.length - 1].getBoundingClientRect();
  if (last.bottom > box.bottom) ol.scrollTop += last.bottom - box.bottom;
  const first = cur[0].getBoundingClientRect();
  if (first.top < box.top) ol.scrollTop -= box.top - first.top;
}

function replayScreen(id) {
  // The seats this browser holds at the table: the replay opens from one (?seat=N picks
  // it; ?seat=spectator, or no seat held, the spectator's view) and can switch.
  const held = (store.get(id)?.seats || []).filter((s) => Number.isInteger(s.seat) && typeof s.token === "string");
  const asked = params.get("seat");
  let want = asked == null ? held[0]?.seat ?? null : held.find((s) => String(s.seat) === asked)?.seat ?? null;
  let data = null, step = 0;
  const view = h("div", { class: "replay", id: "replay" });
  fill(main, view);
  const last = () => (data ? data.views.length - 1 : 0);
  const go = (n) => { step = Math.max(0, Math.min(last(), n)); draw(); };

  async function load(seat) {
    const entry = held.find((s) => s.seat === seat);
    try {
      data = await replayData(id, entry?.token);
    } catch (err) {
      if (err.status !== 403 || !entry) { banner(`${t("error")}: ${err.message}`, "error"); return; }
      // this browser's token no longer holds the seat: the spectator's replay instead
      banner(`${t("error")}: ${err.message}`, "warn");
      try { data = await replayData(id); } catch (again) { banner(`${t("error")}: ${again.message}`, "error"); return; }
    }
    want = data.seat;
    step = Math.min(step, last());
    draw();
  }

  function pick(value) {
    const seat = value === "spectator" ? null : Number(value);
    const url = new URL(location.href);
    url.searchParams.set("seat", seat == null ? "spectator" : String(seat));
    history.replaceState(null, "", url);
    load(seat);
  }

  function draw() {
    if (!data) return;
    const table = data.table;
    screenGame = table.game;  // what the header's rules button opens
    const seats = localSeats(table.seats);
    const seat = data.seat;
    const now = data.views[step];
    const ctx = { seat, table: table.id, lang: getLang(), h, t, L, seats };
    document.title = `${gameName(table.game)} · caiquan`;
    main.dataset.step = String(step);
    main.dataset.seat = seat == null ? "" : String(seat);
    // the log up to this view; the events that led to it are the current ones
    const lines = data.views.slice(0, step + 1).flatMap((v, k) => v.events.map((e) =>
      h("li", { class: k === step ? "current" : "", "data-step": k }, formatEvent(table.game, e, getLang(), seats))));
    const log = h("ol", { id: "rp-log", tabindex: "0", "aria-label": t("log") }, lines);
    logDigits(log, lines.length);
    const who = seat == null ? t("spectator_view") : t("replay_as", { name: seatName(seats[seat] || { seat }) });
    const picker = held.length ? h("label", { class: "rp-pick" }, t("replay_view"), " ",
      h("select", { id: "rp-seat", onchange: (e) => pick(e.target.value) },
        held.map((s) => h("option", { value: String(s.seat), selected: s.seat === seat },
          seatName(seats[s.seat] || { seat: s.seat }))),
        h("option", { value: "spectator", selected: seat == null }, t("spectator_view")))) : null;
    const button = (bid, key, label, to, keys) =>
      h("button", { type: "button", id: bid, "aria-keyshortcuts": keys, onclick: () => go(to) }, label(t(key)));
    redrawKeepingTips(view, () => fill(view,
      h("h2", {}, `${t("replay")} · ${gameName(table.game)}`, table.name ? ` · ${table.name}` : "", " ",
        h("span", { class: "tag", id: "rp-as" }, who)),
      h("div", { class: "replay-controls", role: "toolbar", "aria-label": t("replay") },
        button("rp-start", "start", (x) => `|◀ ${x}`, 0, "Home"),
        button("rp-back", "back", (x) => `◀ ${x}`, step - 1, "ArrowLeft"),
        h("span", { id: "rp-step", role: "status" }, `${t("step")} ${step} / ${last()}`),
        button("rp-forward", "forward", (x) => `${x} ▶`, step + 1, "ArrowRight"),
        button("rp-end", "end", (x) => `${x} ▶|`, last(), "End"),
        picker,
        h("a", { class: "button", href: `/api/tables/${id}/record`, download: `${id}.json` }, t("record"))),
      h("div", { class: "table-body" },
        h("div", { class: "play" },
          step === 0 ? h("p", { class: "rp-caption", id: "rp-caption" }, t("replay_start_table")) : null,
          h("div", { id: "rp-panel", "data-step": step, "data-version": now.version }, renderPanel(table.game, now.observation, ctx)),
          step === last() && data.outcome ? ((box) => { box.append(fairMark(h, id)); return box; })(endBox(data.outcome, seats, new Set(seat == null ? [] : [seat]))) : null,
          step === last() && data.outcome ? coachBox(table.id, seats, new Set(seat == null ? [] : [seat]), draw) : null),
        h("div", { class: "side" }, h("details", { open: true, class: "log-box" }, h("summary", {}, t("log")), log)))));
    scrollToCurrent(view.querySelector("#rp-log"));
  }

  document.onkeydown = (e) => {
    if (e.target.closest?.("input, textarea, select")) return;
    if (e.key === "ArrowRight") go(step + 1);
    else if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(last());
    else return;
    e.preventDefault();
  };
  rerender = draw;
  load(want);
}

// ---------------------------------------------------------------- rules panel
async function showRules(gameId) {
  const panel = document.getElementById("rules-panel");
  const sel = document.getElementById("rules-game");
  fill(sel, ...games.map((g) => h("option", { value: g.id }, L(g.name))));
  sel.value = gameId || sel.value || games[0]?.id;
  panel.hidden = false;
  const body = document.getElementById("rules-body");
  try {
    body.innerHTML = markdown(await api(`/api/games/${sel.value}/rules?lang=${getLang()}`));
  } catch (err) { body.textContent = err.message; }
}

// The game on screen (a table's, or the one a join screen invites to), else the lobby's
// chosen one: what "How to play" and "Rules" open.
let screenGame = null;
function currentGame() {
  const onTable = screenGame || games.find((g) => L(g.name) === document.title.split(" · ")[0])?.id;
  return onTable || document.getElementById("game-select")?.value || games[0]?.id;
}

// ---------------------------------------------------------------- start
async function start() {
  applyStatic();
  document.getElementById("lang-btn").addEventListener("click", () => setLang(getLang() === "zh" ? "en" : "zh"));
  document.getElementById("rules-btn").addEventListener("click", () => {
    const p = document.getElementById("rules-panel");
    if (!p.hidden) { p.hidden = true; return; }
    showRules(currentGame());
  });
  document.getElementById("rules-close").addEventListener("click", () => { document.getElementById("rules-panel").hidden = true; });
  document.getElementById("rules-game").addEventListener("change", (e) => showRules(e.target.value));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") document.getElementById("rules-panel").hidden = true; });
  initGuide(currentGame);
  onEventTexts(() => rerender());
  onLang(() => {
    rerender();
    if (!document.getElementById("rules-panel").hidden) showRules(document.getElementById("rules-game").value);
  });
  try { games = await api("/api/games"); } catch (err) { banner(err.message, "error"); return; }
  if (params.get("replay")) replayScreen(params.get("replay"));
  else if (params.get("table")) tableScreen(params.get("table"));
  else lobby();
}
start();
