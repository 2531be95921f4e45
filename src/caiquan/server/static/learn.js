// Learn mode and the players' pages ("How to play"), kept apart from app.js so the two grow
// independently. A game's page is its own Markdown (GET /api/games/{id}/guide, pictures
// beside it); learn mode's hints come with each decision (decision.learn: the game's own
// words, zh/en, from this seat's view only). No game is named here.
import { getLang, onLang, L } from "./i18n.js";
import { markdown } from "./md.js";

const WORDS = {
  how_to_play: ["玩法", "How to play"],
  learn_mode: ["学习模式（每次决定都有提示）", "Learn mode (hints at every decision)"],
  learn: ["学习模式", "Learn mode"],
  hide: ["隐藏提示", "Hide hints"],
  close: ["关闭", "Close"],
  generic: ["从下面的选项中选一个；把指针停在选项上（或轻点 ⓘ）可读它的作用。",
    "Choose one of the options below; hover an option (or tap its ⓘ) to read what it does."],
  none: ["这个游戏还没有玩法页。", "This game has no player's page yet."],
};
export const word = (k) => WORDS[k][getLang() === "zh" ? 0 : 1];

// ---------------------------------------------------------------- learn mode on / off
// `?learn=1` (or `?learn=0`) in the address sets it and is remembered, as is the lobby's box.
const KEY = "caiquan.learn";
const fromUrl = new URLSearchParams(location.search).get("learn");
if (fromUrl === "1" || fromUrl === "0") localStorage.setItem(KEY, fromUrl);
export const learnOn = () => localStorage.getItem(KEY) === "1";
export const setLearn = (on) => localStorage.setItem(KEY, on ? "1" : "0");

// The lobby's checkbox (its id keeps it across the lobby's language redraw).
export function learnCheckbox(h) {
  const box = h("input", { type: "checkbox", id: "learn-mode", checked: learnOn(),
    onchange: (e) => setLearn(e.target.checked) });
  return h("label", { class: "check", id: "learn-mode-label" }, box, word("learn_mode"));
}

// The hint box above a decision's choices, or null (learn mode off). `redraw` is called
// when it is dismissed (which turns learn mode off; the lobby's box turns it on again).
export function learnBox(h, decision, { game, redraw }) {
  if (!learnOn() || !decision) return null;
  const hints = decision.learn?.length ? decision.learn : [{ kind: "what", ...{ zh: WORDS.generic[0], en: WORDS.generic[1] } }];
  return h("aside", { id: "learn-hint", class: "learn-hint", "aria-label": word("learn") },
    h("div", { class: "learn-head" }, h("strong", {}, word("learn")),
      h("button", { type: "button", class: "link", id: "learn-guide", onclick: () => showGuide(game) }, word("how_to_play")),
      h("button", { type: "button", id: "learn-close", "aria-label": word("hide"),
        onclick: () => { setLearn(false); redraw(); } }, "✕ ", word("hide"))),
    hints.map((x) => h("p", { class: `learn-${x.kind}` }, L(x))));
}

// ---------------------------------------------------------------- the players' pages
let panel = null;
let shown = null;   // the game on show
function ensurePanel() {
  if (panel) return panel;
  panel = document.createElement("aside");
  panel.id = "guide-panel";
  panel.hidden = true;
  panel.setAttribute("aria-labelledby", "guide-title");
  panel.innerHTML = `<div class="rules-head"><h2 id="guide-title"></h2>
    <button id="guide-close" type="button">✕</button></div><div id="guide-body"></div>`;
  document.body.append(panel);
  panel.querySelector("#guide-close").addEventListener("click", hideGuide);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideGuide(); });
  return panel;
}
export function hideGuide() {
  if (!panel || panel.hidden) return;
  panel.hidden = true;
  shown = null;
}

// Open the player's page of `gameId` (over the rules panel, which it closes).
export async function showGuide(gameId) {
  if (!gameId) return;
  const p = ensurePanel();
  const rules = document.getElementById("rules-panel");
  if (rules) rules.hidden = true;
  shown = gameId;
  p.querySelector("#guide-title").textContent = word("how_to_play");
  p.querySelector("#guide-close").setAttribute("aria-label", word("close"));
  const body = p.querySelector("#guide-body");
  p.hidden = false;
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/guide?lang=${getLang()}`);
    body.innerHTML = res.ok
      ? markdown(await res.text(), { images: `/api/games/${encodeURIComponent(gameId)}/guide/` })
      : `<p>${word("none")}</p>`;
  } catch (err) { body.textContent = String(err.message || err); }
  if (shown === gameId) p.querySelector("#guide-close").focus();
}

// The header's "How to play" button, beside "Rules": the game of the table on screen, else
// the lobby's chosen game. `current` says which that is.
export function initGuide(current) {
  const rulesBtn = document.getElementById("rules-btn");
  const btn = document.createElement("button");
  btn.type = "button";
  btn.id = "guide-btn";
  btn.textContent = word("how_to_play");
  rulesBtn.before(btn);
  btn.addEventListener("click", () => (panel && !panel.hidden ? hideGuide() : showGuide(current())));
  // the rules panel and this one share a place: opening the rules closes the guide
  rulesBtn.addEventListener("click", hideGuide);
  onLang(() => {
    btn.textContent = word("how_to_play");
    if (shown) showGuide(shown);
  });
}

// The lobby's link to the chosen game's page, beside the game select.
export function guideLink(h, current) {
  return h("button", { type: "button", class: "link", id: "guide-link", onclick: () => showGuide(current()) },
    word("how_to_play"));
}
