// The table screen: the connection (WebSocket protocol v1, docs/server.md), the pacing of
// moves, the join screen and the table itself (online, against bots, hot-seat).
import { t, L, getLang } from "./i18n.js";
import { learnBox } from "./learn.js";
import { renderPanel, formatEvent, optionLabel, optionNote, optionHelp, optionTargets, redrawKeepingTips, glossaryTerm, watchedSelector } from "./games.js";
import { BoardPlay } from "./board.js";
import { fairMark, rememberCommitment, shuffleFrame, shuffled, Witness } from "./fair.js";
import { main, params, app, h, fill, api, banner, seatName, logDigits, gameName, store, seatLabel, localSeats, botLevel } from "./shared.js";
import { endBox, coachBox, liveCoachBox } from "./ending.js";

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
  app.screenGame = tb.game;
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
  app.rerender = () => joinScreen(id, invite, tb);
}

export function tableScreen(id) {
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
    app.screenGame = table.game;
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
  app.rerender = () => { chatIn.placeholder = t("say"); draw(); drawChat(); };
  window.addEventListener("beforeunload", () => { clearInterval(tick); conns.forEach((k) => k.close()); });
}
