# cython: language_level=3
"""A prototype, not shipped: goofspiel's random-playout path with the state as an extension
type whose fields are typed (``cdef public list hands`` …), to measure what the "typed state
fields" road of docs/performance.md would buy before taking it. ``bench/typed_state.py``
compiles it and times it beside the shipped goofspiel and OpenSpiel's C++ goofspiel.

It plays the same game as ``caiquan.games.goofspiel`` on the fast path of a random playout
(13 cards, descending points, hidden bids, every player bids each turn): the same checks of
a list of options, the same history, legal-option memo and pending commits cleared, the same
events (plain tuples with the same dicts) unless ``_quiet``, the last card played
automatically. It has none of the engine's other paths (errors, observations, determinize).
"""

cdef tuple _NO_PRIVATE = ()

cdef class Game:
    cdef public int num_cards, num_players, num_turns
    cdef public bint imp_info
    cdef public dict cards_cache
    def __init__(self, int n, int players=2, bint imp_info=True):
        self.num_cards = n; self.num_players = players; self.num_turns = n; self.imp_info = imp_info
        self.cards_cache = {}
        for h in range(1 << n):
            self.cards_cache[h] = tuple(i for i in range(n) if h >> i & 1)

cdef class State:
    cdef public Game game
    cdef public object rng
    cdef public list _history, _events
    cdef public dict _pending, _legal_memo
    cdef public tuple _movers
    cdef public bint _quiet
    # goofspiel
    cdef public list hands, points, point_deck, point_seq, win_seq, bids

    def __init__(self, Game g):
        self.game = g; self.rng = None
        self._history = []; self._events = []; self._pending = {}; self._legal_memo = {}
        self._quiet = False
        n = g.num_cards
        self.hands = [(1 << n) - 1] * g.num_players
        self.points = [0] * g.num_players
        deck = list(range(n))
        self.point_deck = deck
        self.point_seq = []; self.win_seq = []; self.bids = []
        card = self.point_deck.pop()
        self.point_seq.append(card)
        self._log("point", {"turn": 1, "point": card + 1}, _NO_PRIVATE)
        self._movers = tuple(range(g.num_players))

    cpdef tuple to_move(self):
        return self._movers

    cpdef bint is_terminal(self):
        return not self._movers

    cpdef tuple legal(self, int player):
        if player in self._movers:
            return self.game.cards_cache[self.hands[player]]
        return ()

    cdef _log(self, str kind, object public, object private):
        events = self._events
        events.append((len(events), kind, public, private))

    cpdef State clone(self):
        cdef State new = State.__new__(State)
        new.game = self.game; new.rng = self.rng; new._quiet = self._quiet; new._movers = self._movers
        new._history = list(self._history); new._events = list(self._events)
        new._pending = dict(self._pending); new._legal_memo = dict(self._legal_memo)
        new.hands = list(self.hands); new.points = list(self.points)
        new.point_deck = list(self.point_deck); new.point_seq = list(self.point_seq)
        new.win_seq = list(self.win_seq); new.bids = list(self.bids)
        return new

    def apply(self, choice):
        cdef list hands = self.hands
        cdef Py_ssize_t p
        if type(choice) is list and self._movers and len(choice) == len(hands):
            for p, o in enumerate(choice):
                if type(o) is not int or o < 0 or not hands[p] >> o & 1:
                    raise ValueError("slow path")
            if self._pending:
                self._pending.clear()
            self._legal_memo.clear()
            self._history.append(tuple(enumerate(choice)))
            self._play_turn(tuple(choice))
            return
        raise ValueError("slow path")

    cdef _play_turn(self, tuple bids):
        cdef Game g = self.game
        top = max(bids)
        cdef list point_seq = self.point_seq
        point = point_seq[-1]
        cdef int winner
        if bids.count(top) == 1:
            winner = bids.index(top)
            self.points[winner] += point + 1
        else:
            winner = -1
        self.win_seq.append(winner)
        cdef list played = self.bids
        played.append(bids)
        cdef list hands = self.hands
        for p, b in enumerate(bids):
            hands[p] &= ~(1 << b)
        turn = len(played)
        if not self._quiet:
            public = {"turn": turn, "point": point + 1, "winner": None if winner < 0 else winner}
            self._log("reveal", public, {p: {"my_bid": b + 1} for p, b in enumerate(bids)})
        if turn >= g.num_turns:
            self._movers = ()
            return
        card = self.point_deck.pop()
        point_seq.append(card)
        if not self._quiet:
            self._log("point", {"turn": turn + 1, "point": card + 1}, _NO_PRIVATE)
        if turn == g.num_cards - 1:
            self._play_turn(tuple(h.bit_length() - 1 for h in hands))
