"""Doctest collection: skip the adapters whose framework is not installed (the ``rl`` extra)."""

from importlib.util import find_spec

collect_ignore = [
    f"{module}.py"
    for module, needs in (
        ("pettingzoo", "pettingzoo"),
        ("gymnasium", "gymnasium"),
        ("openspiel", "pyspiel"),
    )
    if find_spec(needs) is None
]
