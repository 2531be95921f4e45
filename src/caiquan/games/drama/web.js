// 剧牌's browser panel (the game's "web" hook), served at /api/games/drama/panel.js.
// A plain ES module without imports: everything comes through ctx (ctx.kit: the shared
// helpers and the game's catalogue — roles and natures by the ids the observation uses).


// A weapon pair's catalogue entry (simple, fine, advanced) by its quality.
function weaponKind(kit, quality) {
  const all = (kit.description?.catalogue || []).filter((e) => e.kind === "weapon");
  return all.find((e) => quality >= e.fields.min_quality && quality <= e.fields.max_quality)?.id ?? null;
}
// "card-S12", "card-S12-weapon", "supply-discard-S12": the card (0–51) an option plays.
const SUIT_LETTERS = "SHCD";
function optionCard(name) {
  const m = /(?:^|-)([SHCD])(\d{1,2})(?:-|$)/.exec(name);
  return m ? SUIT_LETTERS.indexOf(m[1]) * 13 + Number(m[2]) - 1 : null;
}

// What a decision option is about (games.js shows it in the option's popover): the role
// chosen, the card played or paid.
export function optionHelp(o, obs, ctx) {
  const { kit } = ctx;
  const name = String(o.name);
  const role = /^role-(\w+)$/.exec(name);
  if (role && kit.entry("role", role[1])) return { kind: "role", id: role[1] };
  const c = optionCard(name);
  if (c != null && kit.entry("card", c)) return { kind: "card", id: c };
  return null;
}

// Direct play (server/static/board.js): a card option is the card in hand (playing a card
// or playing it as a weapon: the table then asks which), a target is the player's seat on
// the board. Roles and re-arming have no place on the board: the action bar offers them.
export function optionTargets(o) {
  const name = String(o.name);
  const seat = /^target-(\d+)$/.exec(name);
  if (seat) return [[`seat:${seat[1]}`]];
  const c = optionCard(name);
  return c == null ? null : [[`card:${c}`]];
}

export const watched = ".round-card";  // texts that flash when a move changes them

export default function panel(o, ctx) {
  const { h, lang, kit } = ctx;
  const w = (k) => kit.word(k, lang);  // the game's glossary (glossary.toml)
  const t = (k) => kit.term(k);  // a label with its glossary explanation on hover, focus, tap
  const { kv, seatName } = kit;
  // a card, with what it does (its catalogue text) in its popover
  const card = (hh, c, extra, target = null) => kit.cardChip(c, { cls: extra || "", target });
  const roleName = (r) => (r == null ? "—" : kit.entry("role", r) ? kit.chip("role", r) : r);
  const me = o.player;
  const weapon = (wp) => {
    if (!wp) return "—";
    if (wp.hidden) return w("hidden");
    const kind = weaponKind(kit, wp.quality);
    const label = `${w("quality")} ${wp.quality} × ${w("weapon")} ${wp.weapon}`;  // in a chip: words
    return h("span", {},
      (wp.cards || []).map((c) => card(h, c)), " ", kind ? kit.chip("weapon", kind, { label }) : label,
      " · ", t("uses_left"), ` ${wp.uses_left}`, wp.public === false ? [" (", t("hidden"), ")"] : "");
  };
  const players = (o.players || []).map((p, i) => h("div", {
    class: ["player-box", i === me ? "me" : "opp", i === o.active ? "active" : "", i === o.target ? "target" : ""].join(" "), "data-player": i },
  h("h4", {}, h("span", { class: "seat-target", "data-target": me == null ? null : `seat:${i}` }, seatName(ctx, i)),
    i === me ? [" (", t("you"), ")"] : "", " · ", roleName(p.role), ` ${p.role_value ?? ""}`),
  kv(h, [[t("hand_count"), p.hand_size], [t("cards_left"), p.cards_left], [t("weapon"), weapon(p.weapon)],
    [t("taken"), (p.taken || []).length ? h("span", {}, (p.taken || []).map((c) => card(h, c))) : "—"]])));
  return h("div", { class: "panel drama" },
    h("div", { class: "round-card" },
      o.round_card != null ? card(h, o.round_card, "big") : null,
      h("div", {}, h("strong", {}, t("round"), ` ${o.round} / ${o.rounds}`), h("br"),
        t("nature"), ": ", o.nature && kit.entry("nature", o.nature) ? kit.chip("nature", o.nature, { cls: `nature ${o.nature}` }) : h("span", { class: `nature ${o.nature}` }, o.nature || "—"), ` (${o.round_value})`,
        o.last_round ? h("span", { class: "tag" }, " ", t("last")) : null)),
    kv(h, [[t("phase"), t(o.phase)], [t("leader"), seatName(ctx, o.leader)],
      o.active != null ? [t("active"), seatName(ctx, o.active)] : null,
      o.target != null ? [t("target"), seatName(ctx, o.target)] : null,
      [t("round_pile"), o.round_pile], [t("table_pile"), o.table_pile],
      o.winners?.length ? [t("winners"), o.winners.map((x) => seatName(ctx, x)).join(", ")] : null]),
    h("div", { class: "players" }, players),
    o.hand ? h("p", { class: "my-hand" }, t("hand"), ": ", o.hand.map((c) => card(h, c, "", `card:${c}`))) : null);
}
