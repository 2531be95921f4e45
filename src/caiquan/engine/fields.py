"""The one declaration of a compiled state class's fields: :class:`Fields`.

A game's state class names each of its hot fields once, grouped by how a clone copies it::

    class GoofspielState(State):
        FIELDS = Fields(lists=("bids", "hands", "point_deck", "point_seq", "points", "win_seq"))

``python -m caiquan.fastgen`` writes the rest from it (CONTRIBUTING.md, *Changing hot
code*): in the ``.py``, between its fences, ``__slots__``, the clone's field sets
(``_flat_fields``, ``_nested_fields``, ``_shared_fields``) and a straight-line ``clone``;
in the ``.pxd`` beside it, the ``cdef class`` with one ``cdef public`` attribute per field
and a ``cpdef`` line for each method of the class. ``--check`` lists the files whose
generated parts are stale, and a test runs it.

At run time the declaration is an inert value: nothing reads it on the hot path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: the groups of fields, in the order the generator reads them
GROUPS = ("values", "lists", "dicts", "sets", "nested", "shared")


@dataclass(frozen=True)
class Fields:
    """A state class's hot fields by how a clone copies them, and how its methods compile.

    >>> Fields(values=("round",), lists=("deck",)).names
    ('deck', 'round')
    """

    #: immutable values (ints, strs, bools, ``None``, tuples of them): a clone shares them
    values: tuple[str, ...] = ()
    #: flat lists of immutable values: a clone copies the list (``x[:]``)
    lists: tuple[str, ...] = ()
    #: flat dicts of immutable values: a clone copies the dict (``dict(x)``)
    dicts: tuple[str, ...] = ()
    #: flat sets: a clone copies the set (``set(x)``)
    sets: tuple[str, ...] = ()
    #: lists of flat lists (e.g. each player's hand): a clone copies both levels
    nested: tuple[str, ...] = ()
    #: mutable values that are never changed after setup: a clone shares them
    shared: tuple[str, ...] = ()
    #: compiled, type each field by its group (``list``, ``dict``, ``set``) instead of
    #: ``object``: the compiler then calls a list's methods directly, and an assignment of
    #: another type raises ``TypeError``
    typed: bool = False
    #: the methods that stay ``def`` (called through Python); every other method of the
    #: class is ``cpdef``: a direct C call from compiled callers. A method with a closure
    #: (a generator expression, a nested function) or keyword-only arguments cannot be
    #: ``cpdef``
    python_methods: tuple[str, ...] = ()
    #: ``@cython.locals`` of a ``cpdef`` method, e.g. ``{"_battle": "t=Tables"}``
    cython_locals: Mapping[str, str] = field(default_factory=dict)
    #: the compiled types of a ``cpdef`` method's arguments, e.g.
    #: ``{"_play_turn": {"bids": "tuple"}}`` (an argument of another type raises ``TypeError``)
    cython_args: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Every field, sorted (the order of ``__slots__``, the ``.pxd`` and ``clone``)."""
        return tuple(sorted(name for group in GROUPS for name in getattr(self, group)))


__all__ = ["GROUPS", "Fields"]
