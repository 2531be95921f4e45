// The end of a game: the winner, the reason and the score sheet; the coach's review.
import { t, L, getLang, ordinal } from "./i18n.js";
import { learnOn } from "./learn.js";
import { h, api, seatName } from "./shared.js";

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
export function coachBox(id, seats, mine, redraw) {
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
export function liveCoachBox(id, c, st, seats, live, redraw) {
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
