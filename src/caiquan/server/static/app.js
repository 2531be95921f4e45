// caiquan web table: starts the page and routes to the lobby, a table or a replay; the
// rules panel. Plain ES modules, no build step: shared.js, lobby.js, table.js, ending.js,
// replay.js (protocol: docs/server.md, WebSocket protocol v1).
import { L, getLang, setLang, onLang, applyStatic } from "./i18n.js";
import { markdown } from "./md.js";
import { initGuide } from "./learn.js";
import { onEventTexts } from "./games.js";
import { params, app, h, fill, api, banner } from "./shared.js";
import { lobby } from "./lobby.js";
import { tableScreen } from "./table.js";
import { replayScreen } from "./replay.js";

// ---------------------------------------------------------------- rules panel
async function showRules(gameId) {
  const panel = document.getElementById("rules-panel");
  const sel = document.getElementById("rules-game");
  fill(sel, ...app.games.map((g) => h("option", { value: g.id }, L(g.name))));
  sel.value = gameId || sel.value || app.games[0]?.id;
  panel.hidden = false;
  const body = document.getElementById("rules-body");
  try {
    body.innerHTML = markdown(await api(`/api/games/${sel.value}/rules?lang=${getLang()}`));
  } catch (err) { body.textContent = err.message; }
}

// The game on screen (a table's, or the one a join screen invites to), else the lobby's
// chosen one: what "How to play" and "Rules" open.
function currentGame() {
  const onTable = app.screenGame || app.games.find((g) => L(g.name) === document.title.split(" · ")[0])?.id;
  return onTable || document.getElementById("game-select")?.value || app.games[0]?.id;
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
  onEventTexts(() => app.rerender());
  onLang(() => {
    app.rerender();
    if (!document.getElementById("rules-panel").hidden) showRules(document.getElementById("rules-game").value);
  });
  try { app.games = await api("/api/games"); } catch (err) { banner(err.message, "error"); return; }
  if (params.get("replay")) replayScreen(params.get("replay"));
  else if (params.get("table")) tableScreen(params.get("table"));
  else lobby();
}
start();
