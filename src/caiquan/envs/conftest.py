"""Doctest collection: skip the adapters whose framework is not installed (the ``rl`` extra)."""

from importlib.util import find_spec


def _missing(module: str) -> bool:
    try:
        return find_spec(module) is None
    except ImportError:
        return True


collect_ignore = [
    f"{name}.py"
    for name, needs in (
        ("pettingzoo", "pettingzoo"),
        ("gymnasium", "gymnasium"),
        ("openspiel", "pyspiel"),
    )
    if _missing(needs)
]
