# cython: annotation_typing=False
# (rules.pxd types this module for the compiled fast path; the annotations are for mypy)
"""Goofspiel (a.k.a. the Game of Pure Strategy), the engine's reference game.

Every player holds cards 1…N. Each turn a point card is turned up; all players bid one card
of their hand face down at once; the single highest bid wins the point card's value, a tie
for highest discards it. After the last turn the most points wins.

The options and returns follow OpenSpiel's ``goofspiel`` (``num_cards``, ``num_turns``,
``points_order``, ``imp_info``, ``returns_type``, ``players``) so the two can be cross-checked
move for move; as there, the last turn is played automatically when every hand holds one
card. Interpretation: with ``num_turns = num_cards − 1`` OpenSpiel plays on and never ends;
here the game ends after ``num_turns`` turns.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, Mapping, Sequence, ValuesView
from typing import Any, ClassVar, Self

from caiquan.engine import (
    Choice,
    ConfigError,
    ConfigOption,
    DecisionInput,
    Ending,
    Entry,
    Game,
    JSONValue,
    Player,
    Rng,
    Standing,
    Text,
    ranks_from_scores,
    seat_name,
    win_loss_returns,
)
from caiquan.engine.state import State  # the name rules.pxd cimports (compiled)


class GoofspielState(State):
    # The game's six fields are slots like the engine's: compiled, ``rules.pxd`` makes the
    # state an extension type with them typed (C struct reads on the hot path); this file
    # stays the reference twin with the same layout.
    __slots__ = ("bids", "hands", "point_deck", "point_seq", "points", "win_seq")

    game: Goofspiel
    _flat_fields: ClassVar[frozenset[str]] = frozenset(
        {"hands", "points", "point_deck", "point_seq", "win_seq", "bids"}
    )

    def _setup(self) -> None:
        g = self.game
        n = g.num_cards
        self.hands: list[int] = [(1 << n) - 1] * g.num_players  # bit i = card i+1 in hand
        self.points: list[int] = [0] * g.num_players
        order = g.config["points_order"]
        deck = list(range(n))
        if order == "random":
            self.rng.shuffle(deck)
        elif order == "descending":
            deck.reverse()
        # point_deck[-1] is the next point card to turn up
        deck.reverse()
        self.point_deck: list[int] = deck
        self.point_seq: list[int] = []
        self.win_seq: list[int] = []  # winner of each turn, −1 for a tie
        self.bids: list[tuple[int, ...]] = []  # each turn's bids (card index) by player
        self._deal_point()
        self._movers = g.all_players

    def _deal_point(self) -> None:
        card = self.point_deck.pop()
        self.point_seq.append(card)
        if not self._quiet:
            self._log_public("point", _point(len(self.point_seq), card))

    def _legal(self, player: Player) -> Sequence[int]:
        return self.game.cards_in(self.hands[player])

    # Fast paths for random playouts and search (issue 12). They answer exactly what the
    # engine's validated path answers (``State.legal`` / ``State.apply``, which they fall
    # back to for anything unusual); tests/test_fast_paths.py plays both side by side.
    def legal(self, player: Player) -> tuple[int, ...]:
        if player in self._movers:
            cache = self.game._cards_cache
            cards = cache.get(self.hands[player])
            return cards if cards is not None else self.game.cards_in(self.hands[player])
        return ()

    def clone(self) -> Self:
        if type(self) is not GoofspielState or vars(self):
            return State.clone(self)  # a subclass or an extra attribute: the general path
        new = GoofspielState.__new__(GoofspielState)
        self._engine_fill(new)
        new.hands = list(self.hands)
        new.points = list(self.points)
        new.point_deck = list(self.point_deck)
        new.point_seq = list(self.point_seq)
        new.win_seq = list(self.win_seq)
        new.bids = list(self.bids)
        return new  # type: ignore[return-value]  # Self is GoofspielState here (checked above)

    def apply(self, choice: DecisionInput) -> None:
        hands = self.hands
        if type(choice) is list and self._movers and len(choice) == len(hands):
            joint = []  # the history's entry, ((0, bid), (1, bid), …), built as it is checked
            for p, o in enumerate(choice):
                if type(o) is not int or o < 0 or not hands[p] >> o & 1:
                    break
                joint.append((p, o))
            else:
                if self._pending:
                    self._pending.clear()
                self._legal_memo.clear()
                self._history.append(tuple(joint))
                self._play_turn(tuple(choice))
                return
        State.apply(self, choice)

    def _kind(self, player: Player) -> str:
        return "bid"

    def _prompt(self, player: Player) -> tuple[str, str]:
        v = self.point_seq[-1] + 1
        return (f"点数牌 {v}：出一张牌竞价", f"point card {v}: bid one card")

    def _apply(self, joint: dict[Player, int]) -> None:
        # every player bids each turn, so ``joint`` is keyed 0, 1, … in order
        self._play_turn(tuple(joint.values()))

    def _play_turn(self, bids: tuple[int, ...]) -> None:
        # the hot path of every playout: each attribute is read once (an attribute of a
        # Python object costs a type and a dict lookup, compiled or not)
        g = self.game
        top = -1  # max(bids), a C loop compiled (a call of max() cost a tenth of the step)
        for b in bids:
            if b > top:
                top = b
        point_seq = self.point_seq
        point = point_seq[-1]
        if bids.count(top) == 1:
            winner = bids.index(top)
            self.points[winner] += point + 1
        else:
            winner = -1
        self.win_seq.append(winner)
        played = self.bids
        played.append(bids)
        hands = self.hands
        for p, b in enumerate(bids):
            hands[p] &= ~(1 << b)
        turn = len(played)
        quiet = self._quiet  # a search world logs nothing (State.determinize)
        if not quiet:
            if g.imp_info:  # each player sees their own bid only
                public = _reveal(turn, point, winner)
                own = _OWN_BIDS.get(bids)
                if own is None:
                    own = _OwnBids(bids)
                    if len(_OWN_BIDS) < _MEMO_LIMIT:
                        _OWN_BIDS[bids] = own
                # _OwnBids is a Mapping (registered: compiled, it is an extension type)
                self._log_each("reveal", public, own)  # type: ignore[arg-type]
            else:
                self._log_public(
                    "reveal",
                    {
                        "turn": turn,
                        "point": point + 1,
                        "winner": None if winner < 0 else winner,
                        "bids": [b + 1 for b in bids],
                    },
                )
        if turn >= g.num_turns:
            self._movers = ()
            return
        card = self.point_deck.pop()  # _deal_point(), inlined on the hot path
        point_seq.append(card)
        if not quiet:
            self._log_public("point", _point(turn + 1, card))
        if turn == g.num_cards - 1:
            # one card left in every hand: no choice, play it now (as OpenSpiel does)
            self._play_turn(tuple([h.bit_length() - 1 for h in hands]))

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        g = self.game
        n = g.num_cards
        shown = set(self.point_seq)
        obs: dict[str, JSONValue] = {
            "num_cards": n,
            "turn": len(self.bids) + (0 if not self._movers else 1),
            "point_card": self.point_seq[-1] + 1 if self._movers else None,
            "point_sequence": [c + 1 for c in self.point_seq],
            "remaining_points": [c + 1 for c in range(n) if c not in shown],
            "points": list(self.points),
            "win_sequence": list(self.win_seq),
        }
        if g.imp_info:
            if player is not None:
                obs["hand"] = _cards(self.hands[player], n)
                obs["my_bids"] = [b[player] + 1 for b in self.bids]
        else:
            obs["hands"] = [_cards(h, n) for h in self.hands]
            obs["bids"] = [[b + 1 for b in turn] for turn in self.bids]
        return obs

    def _resample(self, player: Player, rng: Rng) -> None:
        # The order of the point cards not yet turned up is unknown to everybody.
        if self.game.config["points_order"] == "random":
            self.point_deck.sort()
            rng.shuffle(self.point_deck)
        if self.game.imp_info and self.bids:
            self._resample_bids(player, rng)

    def _resample_bids(self, player: Player, rng: Rng) -> None:
        """Re-deal the other players' past bids, consistent with every turn's winner."""
        if self.game.num_players == 2:
            self._resample_bids_two(player, rng)
            return
        g = self.game
        n, k = g.num_cards, g.num_players
        turns = len(self.bids)
        others = [q for q in range(k) if q != player]
        mine = [b[player] for b in self.bids]
        chosen: list[dict[int, int]] = []
        used = {q: 0 for q in others}

        def consistent(t: int, assignment: dict[int, int]) -> bool:
            bids = [assignment.get(q, mine[t]) for q in range(k)]
            top = max(bids)
            if self.win_seq[t] < 0:
                return bids.count(top) > 1
            return bids[self.win_seq[t]] == top and bids.count(top) == 1

        def assign(t: int, idx: int, partial: dict[int, int]) -> bool:
            if idx == len(others):
                if not consistent(t, partial):
                    return False
                chosen.append(dict(partial))
                if solve(t + 1):
                    return True
                chosen.pop()
                return False
            q = others[idx]
            cards = [c for c in range(n) if not used[q] >> c & 1]
            rng.shuffle(cards)
            for c in cards:
                partial[q] = c
                used[q] |= 1 << c
                if assign(t, idx + 1, partial):
                    return True
                used[q] &= ~(1 << c)
            partial.pop(q, None)
            return False

        def solve(t: int) -> bool:
            return t == turns or assign(t, 0, {})

        if not solve(0):  # pragma: no cover - the true bids are always a solution
            raise AssertionError("no consistent determinization: the observation is inconsistent")
        full = (1 << n) - 1
        for t in range(turns):
            self.bids[t] = tuple(chosen[t].get(q, mine[t]) for q in range(k))
        for q in others:
            self.hands[q] = full & ~used[q]

    def _resample_bids_two(self, player: Player, rng: Rng) -> None:
        """Two players: each turn bounds the opponent's bid (<, =, > mine); fill the most
        constrained turns first, with forward checking (fast even for 13 cards)."""
        n = self.game.num_cards
        other = 1 - player
        mine = [b[player] for b in self.bids]
        domains: list[list[int]] = []
        for t, m in enumerate(mine):
            w = self.win_seq[t]
            if w < 0:
                domains.append([m])
            elif w == player:
                domains.append(list(range(m)))
            else:
                domains.append(list(range(m + 1, n)))
        order = sorted(range(len(mine)), key=lambda t: (len(domains[t]), t))
        chosen: dict[int, int] = {}
        used = 0

        def solve(i: int) -> bool:
            nonlocal used
            if i == len(order):
                return True
            t = order[i]
            cands = [c for c in domains[t] if not used >> c & 1]
            rng.shuffle(cands)
            for c in cands:
                used |= 1 << c
                rest_ok = all(any(not used >> x & 1 for x in domains[u]) for u in order[i + 1 :])
                if rest_ok:
                    chosen[t] = c
                    if solve(i + 1):
                        return True
                used &= ~(1 << c)
            return False

        if not solve(0):  # pragma: no cover - the true bids are always a solution
            raise AssertionError("no consistent determinization: the observation is inconsistent")
        for t in range(len(mine)):
            bids = [0, 0]
            bids[player], bids[other] = mine[t], chosen[t]
            self.bids[t] = (bids[0], bids[1])
        self.hands[other] = ((1 << n) - 1) & ~used

    def _ranks(self) -> tuple[int, ...]:
        return ranks_from_scores(tuple(float(p) for p in self.points))

    def _returns(self) -> tuple[float, ...]:
        kind = self.game.config["returns_type"]
        if kind == "win_loss":
            return win_loss_returns(self._ranks())
        if kind == "point_difference":
            mean = sum(self.points) / len(self.points)
            return tuple(p - mean for p in self.points)
        return tuple(float(p) for p in self.points)

    def _end_reason(self) -> str:
        return "points"

    def _ending(self) -> Ending:
        turns = len(self.bids)
        why = Text(
            f"{turns} 张奖励牌都已竞价完毕：得分最多者胜。",
            f"All {turns} point cards have been bid for: the most points wins.",
        )
        points = Standing(Text("得分", "points"), tuple(Text(str(p), str(p)) for p in self.points))
        return Ending(why, (points,))

    def _metrics(self) -> dict[str, float]:
        return {"turns": float(len(self.bids))}


# A logged event never changes (State._log), and the public part of a turn's events depends
# on nothing but the turn, the point card and the winner: each one is made once and shared by
# every game's log (as the private parts of a hidden-bid reveal, by bids). Bounded: 30 turns
# × 30 point cards × 11 winners at most; the private parts stop being kept past the limit.
_REVEALS: dict[tuple[int, int, int], dict[str, JSONValue]] = {}
_POINTS: dict[tuple[int, int], dict[str, JSONValue]] = {}
_OWN_BIDS: dict[tuple[int, ...], _OwnBids] = {}
_MEMO_LIMIT = 1 << 16


def _reveal(turn: int, point: int, winner: int) -> dict[str, JSONValue]:
    """The public part of a hidden-bid reveal (``point`` the card index; ``winner`` −1 for
    a tie), shared: read it, never change it."""
    key = (turn, point, winner)
    public = _REVEALS.get(key)
    if public is None:
        w = None if winner < 0 else winner
        public = _REVEALS[key] = {"turn": turn, "point": point + 1, "winner": w}
    return public


def _point(turn: int, card: int) -> dict[str, JSONValue]:
    """The point card ``card`` (an index) turned up on ``turn``, shared like ``_reveal``."""
    key = (turn, card)
    public = _POINTS.get(key)
    if public is None:
        public = _POINTS[key] = {"turn": turn, "point": card + 1}
    return public


class _OwnBids:
    """The private part of a hidden-bid reveal: ``{p: {"my_bid": b + 1}}`` for each player
    ``p`` and their bid ``b``, a read-only mapping that makes a player's part when it is read
    (a playout or a search world reads none; three dicts a turn were a tenth of its step).
    Equal to the plain dict it stands for, and registered as a :class:`Mapping`."""

    __slots__ = ("_bids",)

    def __init__(self, bids: tuple[int, ...]) -> None:
        self._bids = bids

    def __getitem__(self, player: Player) -> dict[str, JSONValue]:
        bids = self._bids
        if isinstance(player, int) and 0 <= player < len(bids):
            return {"my_bid": bids[player] + 1}
        raise KeyError(player)

    def get(self, player: Player, default: Any = None) -> Any:
        try:
            return self[player]
        except KeyError:
            return default

    def __contains__(self, player: object) -> bool:
        return isinstance(player, int) and 0 <= player < len(self._bids)

    def __iter__(self) -> Iterator[Player]:
        return iter(range(len(self._bids)))

    def __len__(self) -> int:
        return len(self._bids)

    def keys(self) -> KeysView[Player]:
        return self._plain().keys()

    def items(self) -> ItemsView[Player, dict[str, JSONValue]]:
        return self._plain().items()

    def values(self) -> ValuesView[dict[str, JSONValue]]:
        return self._plain().values()

    def _plain(self) -> dict[Player, dict[str, JSONValue]]:
        return {p: {"my_bid": b + 1} for p, b in enumerate(self._bids)}

    def __eq__(self, other: object) -> bool:
        if type(other) is _OwnBids:
            return self._bids == other._bids
        if isinstance(other, Mapping):
            return self._plain() == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._plain())


Mapping.register(_OwnBids)


def _cards(hand: int, n: int) -> list[int]:
    return [i + 1 for i in range(n) if hand >> i & 1]


class Goofspiel(Game):
    id = "goofspiel"
    version = 1
    name_zh = "纯策略竞价（Goofspiel）"
    name_en = "Goofspiel"
    min_players = 2
    max_players = 10
    state_class = GoofspielState
    #: every card shown, bid revealed and point scored is logged as an event for who sees it
    #: (the conformance harness checks it)
    events_tell_all = True
    rules_package = "caiquan.games.goofspiel"
    hooks: ClassVar[Mapping[str, str]] = {
        "strategy": ".strategy",
        "encoder": ".encoding:GoofspielEncoder",
        "web": "web.js",
        "css": "style.css",
        "guide": "guide/guide.md",
        "learn": ".learn:hints",
        "bench": ".bench",
    }
    options = (
        ConfigOption("players", 2, "number of players", "玩家人数", minimum=2, maximum=10),
        ConfigOption(
            "num_cards",
            13,
            "cards in each hand (and point cards)",
            "每人手牌数（也是点数牌数）",
            minimum=1,
            maximum=30,
        ),
        ConfigOption(
            "num_turns",
            -1,
            "turns to play; −1 plays every card",
            "进行的回合数；−1 表示出完所有牌",
            minimum=-1,
            maximum=30,
        ),
        ConfigOption(
            "points_order",
            "random",
            "order of the point cards",
            "点数牌的顺序",
            choices=("random", "descending", "ascending"),
        ),
        ConfigOption(
            "imp_info",
            False,
            "imperfect information: bids stay hidden, only each turn's winner is shown",
            "不完全信息：竞价不公开，只公布每回合的胜者",
        ),
        ConfigOption(
            "returns_type",
            "win_loss",
            "what the returns measure",
            "收益的计算方式",
            choices=("win_loss", "point_difference", "total_points"),
        ),
    )

    def strength_note(self, level: str) -> Text | None:
        # the hard seat's search hands its decisions to the heuristic's expert hook where
        # one covers this configuration (a solved table; a bid reader)
        if level != "hard" or not self.strength(level).startswith("ismcts"):
            return None
        # the heuristic (which imports these rules) through the game's own hook
        note: Text | None = self.hook("strategy").expert_plays(self)
        return note

    def _prepare(self) -> None:
        c: Mapping[str, object] = self.config
        self.num_cards: int = int(c["num_cards"])  # type: ignore[call-overload]
        turns = int(c["num_turns"])  # type: ignore[call-overload]
        if turns == 0 or turns > self.num_cards:
            raise ConfigError(
                f"goofspiel: option 'num_turns' must be −1 or 1 … num_cards "
                f"({self.num_cards}), got {turns}"
            )
        self.num_turns: int = self.num_cards if turns == -1 else turns
        self.imp_info: bool = bool(c["imp_info"])
        self.all_players: tuple[int, ...] = tuple(range(self.num_players))
        self._cards_cache: dict[int, tuple[int, ...]] = {}

    def cards_in(self, hand: int) -> tuple[int, ...]:
        """The card indices in a hand bitmask (memoised: hands repeat across games)."""
        cards = self._cards_cache.get(hand)
        if cards is None:
            cards = tuple(i for i in range(hand.bit_length()) if hand >> i & 1)
            self._cards_cache[hand] = cards
        return cards

    @property
    def num_option_ids(self) -> int:
        return self.num_cards

    def max_decisions(self) -> int:
        auto = 1 if self.num_turns == self.num_cards and self.num_cards > 1 else 0
        return self.num_turns - auto

    def describe_option(self, option: int) -> Choice:
        return Choice(option, f"bid-{option + 1}", f"出 {option + 1}", f"bid {option + 1}")

    def catalogue(self) -> tuple[Entry, ...]:
        """The two kinds of card, with their rules: the point cards and the bid cards (both
        plain numbers 1 … ``num_cards``; observations show them by value)."""
        n = self.num_cards
        order = str(self.config["points_order"])
        order_zh = {"random": "随机", "descending": "从大到小", "ascending": "从小到大"}[order]
        point = Text(
            f"点数牌 1…{n}，每回合翻开一张（顺序：{order_zh}）。唯一的最高出价者赢得它的点数；"
            "最高出价并列时这张牌作废，无人得分。",
            f"Point cards 1…{n}, one turned up each turn (order: {order}). The single highest "
            "bid wins its value in points; if the highest bid is tied, the card is discarded "
            "and nobody scores.",
        )
        hidden_zh = "出价不公开，只公布每回合的胜者" if self.imp_info else "然后一起亮牌"
        hidden_en = (
            "bids stay hidden, only each turn's winner is announced"
            if self.imp_info
            else "then all are revealed together"
        )
        bid = Text(
            f"每位玩家有一套 1…{n} 的出价牌，每回合同时暗出一张，{hidden_zh}。出过的牌不再收回；"
            "每人只剩一张牌时最后一回合自动进行。",
            f"Each player holds bid cards 1…{n} and bids one each turn, all at once and face "
            f"down; {hidden_en}. A card bid is spent; when every hand holds one card, the last "
            "turn plays itself.",
        )
        values = f"1–{n}"
        return (
            Entry("card", "point", Text("点数牌", "point card"), point, {"values": values}),
            Entry("card", "bid", Text("出价牌", "bid card"), bid, {"values": values}),
        )

    def utility_sum(self) -> float | None:
        # win/loss and point-difference returns sum to zero; total points do not
        return None if self.config["returns_type"] == "total_points" else 0.0

    def utility_range(self) -> tuple[float, float]:
        total = self.num_cards * (self.num_cards + 1) / 2
        kind = self.config["returns_type"]
        if kind == "point_difference":
            return (-total / self.num_players, (self.num_players - 1) * total / self.num_players)
        if kind == "total_points":
            return (0.0, total)
        return (-1.0, 1.0)

    def format_event(
        self,
        event: Mapping[str, JSONValue],
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        kind = event["kind"]
        zh = lang == "zh"
        if kind == "point":
            return (
                f"第 {event['turn']} 回合：翻开点数牌 {event['point']}"
                if zh
                else f"turn {event['turn']}: point card {event['point']}"
            )
        if kind == "reveal":
            w = event["winner"]
            if w is None:
                who = "平局，点数牌作废" if zh else "tie, card discarded"
            else:
                name = seat_name(names, w) or (f"玩家 {w}" if zh else f"player {w}")
                who = f"{name} 赢得 {event['point']} 分" if zh else f"{name} wins {event['point']}"
            if "bids" in event:
                shown = f"（出价 {event['bids']}）" if zh else f" (bids {event['bids']})"
            elif "my_bid" in event:
                shown = f"（你出 {event['my_bid']}）" if zh else f" (you bid {event['my_bid']})"
            else:
                shown = ""
            return f"{'亮牌' if zh else 'reveal'}{shown}: {who}"
        return super().format_event(event, lang, names)
