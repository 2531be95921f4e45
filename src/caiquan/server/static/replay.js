// The replay viewer: a finished game move by move, from the seat this browser held.
import { t, L, getLang } from "./i18n.js";
import { renderPanel, formatEvent, redrawKeepingTips } from "./games.js";
import { fairMark } from "./fair.js";
import { main, params, app, h, fill, api, banner, seatName, logDigits, gameName, store, localSeats } from "./shared.js";
import { endBox, coachBox } from "./ending.js";

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

export function replayScreen(id) {
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
    app.screenGame = table.game;  // what the header's rules button opens
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
  app.rerender = draw;
  load(want);
}
