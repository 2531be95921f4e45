// The lobby: a new table's form, the open tables, and "my tables" (the seats this browser
// holds).
import { t, L, getLang } from "./i18n.js";
import { learnCheckbox, guideLink } from "./learn.js";
import { main, app, h, fill, api, banner, gameInfo, gameName, MY_TABLES_SHOWN, store, botWhat } from "./shared.js";

// ---------------------------------------------------------------- lobby
export function lobby() {
  const form = h("form", { id: "create", class: "card" });
  const gameSel = h("select", { id: "game-select", name: "game" },
    app.games.map((g) => h("option", { value: g.id }, L(g.name))));
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
  gameSel.value = app.games[0]?.id;  // the server lists the games in their lobby order
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
  const myBox = myTables();
  fill(main, h("div", { class: "lobby" }, form, h("div", { class: "lobby-side" }, myBox, side)));
  drawOptions();
  refresh();
  clearInterval(window.caiquanLobbyTimer);
  window.caiquanLobbyTimer = setInterval(() => { refresh(); myBox.recheck(); }, 10_000);
  app.rerender = () => {
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
  const ask = async (e, again = false) => {
    if (myStatus.has(e.id) && !again) return;
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
  // a table that was waiting or playing may have moved on: asked again with the open tables
  // (a finished or expired one cannot change)
  box.recheck = () => {
    const open = entries.filter((e) => { const i = myStatus.get(e.id); return i && i !== "expired" && i.status !== "finished"; });
    open.slice(0, 10).forEach((e) => ask(e, true));
  };
  box.append(empty, list);
  return box;
}
