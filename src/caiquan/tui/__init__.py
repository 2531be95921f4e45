"""Terminal play (``caiquan play``): a full-screen table for every game, with bots and
hot-seat humans, built on Textual. :class:`Table` is the plain-Python logic behind it."""

from .session import Table, data_dir, parse_seats

__all__ = ["Table", "data_dir", "parse_seats"]
