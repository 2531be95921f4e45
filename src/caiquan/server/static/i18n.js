// Chinese and English strings; Chinese is the default when the browser prefers it.
const STRINGS = {
  title: ["猜拳", "caiquan"],
  loading: ["加载中…", "Loading…"],
  rules: ["规则", "Rules"],
  lobby: ["大厅", "Lobby"],
  new_table: ["开新桌", "New table"],
  game: ["游戏", "Game"],
  options: ["选项", "Options"],
  seats: ["座位", "Seats"],
  seat: ["座位", "Seat"],
  human: ["玩家", "Human"],
  // a lobby seat's strength with what plays it in the chosen game ({what}: a bot_is_… text)
  bot_easy: ["机器人·易（{what}）", "Bot: easy ({what})"],
  bot_medium: ["机器人·中（{what}）", "Bot: medium ({what})"],
  bot_hard: ["机器人·难（{what}）", "Bot: hard ({what})"],
  bot_is_random: ["随机出招", "random moves"],
  bot_is_greedy: ["经验规则", "rules of thumb"],
  bot_is_nash: ["均衡混合出招", "equilibrium mixes"],
  bot_is_exploit: ["识破对手习惯", "reads your habits"],
  bot_is_ismcts: ["搜索，每步 {s} 秒", "search, {s} s per move"],
  bot_is_ismcts_n: ["搜索，每步 {n} 次模拟", "search, {n} playouts"],
  bot_is_other: ["其他机器人", "another bot"],
  your_name: ["你的名字", "Your name"],
  table_name: ["桌名", "Table name"],
  listed: ["公开列出（任何人可加入）", "Listed (anyone may join)"],
  hotseat: ["同屏对战（一台设备轮流）", "Hot-seat (take turns on this device)"],
  turn_seconds: ["每步限时（秒，0 = 不限）", "Turn timer (seconds, 0 = off)"],
  create: ["开始", "Start"],
  open_tables: ["开放的牌桌", "Open tables"],
  no_tables: ["暂无开放的牌桌。", "No open tables."],
  refresh: ["刷新", "Refresh"],
  join: ["加入", "Join"],
  watch: ["观战", "Watch"],
  free_seats: ["空位", "free seats"],
  invite: ["邀请链接（发给朋友）", "Invitation link (send it to friends)"],
  copy: ["复制", "Copy"],
  copied: ["已复制", "Copied"],
  waiting: ["等待玩家加入…", "Waiting for players…"],
  playing: ["进行中", "playing"],
  finished: ["已结束", "finished"],
  your_turn: ["轮到你了", "Your turn"],
  waiting_for: ["等待", "Waiting for"],
  spectating: ["观战中", "Spectating"],
  you: ["你", "you"],
  online: ["在线", "online"],
  offline: ["离线", "offline"],
  bot: ["机器人", "bot"],
  level_easy: ["易", "easy"],
  level_medium: ["中", "medium"],
  level_hard: ["难", "hard"],
  committed: ["已出（未揭示）", "committed (hidden)"],
  you_committed: ["你已出：", "You committed: "],
  change_hint: ["在所有人出完之前可以改。", "You may change it until everyone has chosen."],
  log: ["记录", "Log"],
  chat: ["聊天", "Chat"],
  send: ["发送", "Send"],
  say: ["说点什么…", "Say something…"],
  reconnecting: ["连接断开，正在重连…", "Connection lost; reconnecting…"],
  result: ["结果", "Result"],
  win: ["胜", "win"],
  loss: ["负", "loss"],
  draw: ["平", "draw"],
  game_over: ["对局结束", "Game over"],
  wins_one: ["{a} 获胜", "{a} wins"],
  wins_shared: ["{a} 并列第一", "{a} share first place"],
  all_draw: ["平局：所有人并列第一", "A draw: everyone shares first place"],
  place: ["名次", "Place"],
  place_n: ["第 {n} 名", "{n}"],
  names_and: ["、", " and "],
  replay: ["回放", "Replay"],
  record: ["棋谱 JSON", "Record JSON"],
  // provably fair deals (fair.js): the end screen's and the replay's mark
  fair_checking: ["正在验证公平性…", "checking the deal is fair…"],
  fair_verified: ["公平性已验证", "verified fair"],
  fair_failed: ["公平性验证失败", "NOT verified fair"],
  fair_not_checked: ["无法验证", "not verifiable"],
  fair_why: ["{a} ✗（{b}）", "{a} ✗ ({b})"],
  fair_how: ["本浏览器用开局前公布的承诺核对了发牌：", "this browser checked the deal against the commitment published before play:"],
  fair_old: ["旧牌桌", "older table"],
  fair_protocol: ["未知的公平性协议", "unknown fairness protocol"],
  fair_no_crypto: ["此处没有 Web Crypto：需要 https 或 localhost；可用 caiquan replay --verify", "no Web Crypto here: it needs https or localhost; use caiquan replay --verify"],
  fair_changed: ["承诺与开局时公布的不同", "the commitment is not the one published at the start"],
  fair_reveal: ["公开的种子或随机数与棋谱不符", "the revealed seed or nonce is not the record's"],
  fair_mismatch: ["种子和随机数算不出开局前公布的承诺", "the seed and nonce do not give the commitment published before play"],
  fair_outcome: ["服务器重放的结局与宣布的不同", "the server's replay does not end as announced"],
  fair_error: ["无法取得棋谱", "the record could not be fetched"],
  back: ["后退", "Back"],
  forward: ["前进", "Forward"],
  start: ["开头", "Start"],
  end: ["结尾", "End"],
  step: ["步", "step"],
  replay_as: ["以 {name} 的视角", "as {name}"],
  replay_view: ["视角", "View"],
  spectator_view: ["观战视角", "spectator's view"],
  replay_start_table: ["开局，尚无人决定", "the starting table, before any decision"],
  time_left: ["剩余时间", "Time left"],
  privacy: ["请把设备交给", "Pass the device to"],
  privacy_ready: ["我准备好了", "I am ready"],
  privacy_hint: ["其他人请勿偷看。", "Everyone else, look away."],
  join_table: ["加入这张牌桌", "Join this table"],
  table_full: ["没有空位了，可以观战。", "No free seat; you can watch."],
  error: ["出错了", "Error"],
  hand: ["手牌", "Hand"],
  weapon: ["武器", "Weapon"],
  life: ["体力", "Life"],
  qi: ["气", "Qi"],
  round: ["回合", "Round"],
  score: ["分数", "Score"],
  observation: ["局面", "Table"],
  power_table: ["战力表", "Power table"],
  stances: ["架势", "Stances"],
  face_down: ["同时暗选：选好后等所有人一起揭示。", "Chosen face down by everyone at once, then revealed together."],
  one_two_three: ["一，二，三，出拳！", "One, two, three: throw!"],
  countdown: ["一|二|三|出拳！", "One|two|three|throw!"],
  new_game: ["再来一局", "New game"],
  players_n: ["人", "players"],
  action_bar: ["行动栏", "Action bar"],
  pick_next: ["再点下一处。", "Now click the next one."],
  chosen: ["已选：", "Chosen:"],
  confirm: ["确定", "Confirm"],
  cancel: ["取消", "Cancel"],
  speed: ["动画", "Animation"],
  speed_off: ["关", "off"],
  speed_fast: ["快", "fast"],
  speed_normal: ["中", "normal"],
  speed_slow: ["慢", "slow"],
  board_hint: ["直接点牌桌：亮起的位置可以点。", "Play on the board: the highlighted places can be clicked."],
  // lobby: my tables, invitations, hot-seat names
  my_tables: ["我的牌桌", "My tables"],
  no_my_tables: ["这个浏览器还没有开过或加入过牌桌。", "This browser has not started or joined a table yet."],
  continue: ["继续", "Continue"],
  forget: ["移除", "Forget"],
  forget_hint: ["从这个浏览器的列表中移除（这个浏览器也不再持有这张桌的座位）", "Remove it from this browser's list (this browser no longer holds its seat there)"],
  expired: ["已过期", "expired"],
  table_closed: ["这局已结束，牌桌已关闭；回放和记录还在。", "The game is over and its table has closed; the replay and the record stay."],
  created_at: ["创建于", "created"],
  hotseat_tag: ["同屏", "hot-seat"],
  seat_name_of: ["座位 {n} 的玩家名字", "Name of the player at seat {n}"],
  join_invite: ["{host} 邀请你加入 {where}，座位 {seat}（空位：{free}）", "{host} invites you to {where}, seat {seat} (free seats: {free})"],
  join_open: ["你受邀加入 {where}，座位 {seat}（空位：{free}）", "You are invited to {where}, seat {seat} (free seats: {free})"],
  invite_text: ["{host} 邀请你来玩 {where}（空位：座位 {free}）：{link}", "{host} invites you to play {where} (free seats: {free}): {link}"],
  invite_text_anon: ["来玩 {where}（空位：座位 {free}）：{link}", "Come and play {where} (free seats: {free}): {link}"],
  copy_invite: ["复制邀请", "Copy invitation"],
  your_seat: ["你的座位", "Your seat"],
  host: ["房主", "host"],
  free: ["空位", "free"],
  list_sep: ["、", ", "],
  coach: ["出拳教练", "Coach"],
  coach_intro: ["每种出拳你出的比例（实心）与均衡混合的比例（细条）。", "How often you chose each throw (solid bar) against the equilibrium mix (thin bar)."],
  coach_you: ["你", "you"],
  coach_player: ["实际", "played"],
  coach_eq: ["均衡", "equilibrium"],
  coach_loading: ["教练分析中…", "The coach is looking at the game…"],
  coach_none: ["这局没有两人之间的猜拳出拳，教练只分析这种出拳（出价、出牌不算）。", "No rock-paper-scissors throw between two players in this game: the coach reads only those (not bids or card plays)."],
  coach_live: ["出拳教练 · 到目前为止", "Coach · so far"],
  coach_live_intro: ["你已亮出的出拳（实心）与均衡混合（细条）的比较；只用你看到过的。", "Your throws revealed so far (solid bar) against the equilibrium mix (thin bar), from what you have seen only."],
  coach_live_none: ["还没有亮出的出拳：你出拳之后，这里会显示你的统计。", "No throws revealed yet: your figures come here after your first throw."],
};

let lang = localStorage.getItem("caiquan.lang") ||
  ((navigator.languages || [navigator.language]).some((l) => /^zh/i.test(l)) ? "zh" : "en");
const listeners = [];

export const getLang = () => lang;
export function setLang(l) {
  lang = l;
  localStorage.setItem("caiquan.lang", l);
  document.documentElement.lang = l;
  applyStatic();
  listeners.forEach((f) => f(l));
}
export const onLang = (f) => listeners.push(f);
export function t(key, vars) {
  const s = STRINGS[key];
  const text = s ? s[lang === "zh" ? 0 : 1] : key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
}
// An English ordinal ("1st", "2nd", "3rd", "4th", "11th").
export const ordinal = (n) => {
  const s = ["th", "st", "nd", "rd"], v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
};
// {zh, en} objects (from the server) in the current language.
export const L = (o) => (o == null ? "" : typeof o === "string" ? o : (o[lang] ?? o.en ?? o.zh ?? ""));
export function applyStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  const btn = document.getElementById("lang-btn");
  if (btn) btn.textContent = lang === "zh" ? "English" : "中文";
  document.documentElement.lang = lang;
}
