"""Game records: game id + rules version + config + seed + decisions, to and from JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from .errors import RecordError

FORMAT = "caiquan.record/1"


@dataclass(frozen=True, slots=True)
class Record:
    """Everything needed to replay a game bit-exactly.

    ``decisions`` holds one entry per joint decision: ``((player, option_id), ...)``.
    ``meta`` is free-form (caiquan release, players' names, dates); it never affects replay.
    """

    game: str
    version: int
    config: Mapping[str, Any]
    seed: int
    decisions: tuple[tuple[tuple[int, int], ...], ...]
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "config": dict(self.config),
            "seed": self.seed,
            "decisions": [{str(p): o for p, o in joint} for joint in self.decisions],
            "meta": dict(self.meta),
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def with_meta(self, **meta: Any) -> Record:
        return Record(
            self.game, self.version, self.config, self.seed, self.decisions, {**self.meta, **meta}
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise RecordError(f"not a caiquan record: invalid JSON ({err})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, Mapping):
            raise RecordError("not a caiquan record: expected a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(f"not a caiquan record: format is {fmt!r}, expected {FORMAT!r}")
        game = data.get("game")
        version: Any = data.get("version")
        config = data.get("config", {})
        seed: Any = data.get("seed")
        decisions = data.get("decisions")
        meta = data.get("meta", {})
        if not isinstance(game, str) or not game:
            raise RecordError("record: 'game' must be a game id (text)")
        if not _is_int(version):
            raise RecordError("record: 'version' must be a whole number")
        if not isinstance(config, Mapping):
            raise RecordError("record: 'config' must be an object of options")
        if not _is_int(seed) or seed < 0:
            raise RecordError("record: 'seed' must be a whole number ≥ 0")
        if not isinstance(decisions, list):
            raise RecordError("record: 'decisions' must be a list")
        if not isinstance(meta, Mapping):
            raise RecordError("record: 'meta' must be an object")
        parsed = []
        for i, joint in enumerate(decisions):
            if not isinstance(joint, Mapping) or not joint:
                raise RecordError(f"record: decision {i} must be an object {{player: option}}")
            items = []
            for p, o in joint.items():
                if not (isinstance(p, str) and p.isdigit()) or not _is_int(o):
                    raise RecordError(
                        f"record: decision {i} must map player numbers to option ids, "
                        f"got {p!r}: {o!r}"
                    )
                items.append((int(p), o))
            parsed.append(tuple(sorted(items)))
        return cls(game, version, dict(config), seed, tuple(parsed), dict(meta))


def _is_int(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)
