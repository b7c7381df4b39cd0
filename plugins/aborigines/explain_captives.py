"""``dg explain`` and the Leaders option: the Aborigines' captives, from the log alone.

The Aborigines take a leader captive when a ship carrying it is destroyed (RL.3, d10 9-10) or a
planet it is on is taken (RL.4, d10 1-5). They **keep** their captives (D-L.1: episode 5 has no
status phase and the Aborigines are no player to hand a captive to or to execute it before): a
captive is freed only when a civilization captures an Aborigine planet (RL.10: a d10, 9-10 frees
one; the last Aborigine planet frees all). With several captives the rescuer chooses which
(«спаситель выбирает одного из них»): the ``leader_rescue`` event then frees nobody yet and lists
them (``choose``), and the ``leader_freed`` event that follows names the one freed.
:class:`Captives` follows the ``leader_fate``, ``leader_rescue`` and ``leader_freed`` events and
says, at each Aborigine turn, whom they hold and why.
"""

from __future__ import annotations

from typing import Any

#: The side that takes captives in episode 5 (``captor`` of ``leader_fate``).
ABORIGINES = "aborigines"
WHY = ("they keep captives (D-L.1: no status phase in which to hand one over or execute it); "
       "only a capture of an Aborigine planet may free one (RL.10, a d10; their central area is "
       "never taken, so no capture defeats them)")


class Captives:
    """The leaders the Aborigines hold, as the log tells it: id → how and when they took it."""

    def __init__(self) -> None:
        self.held: dict[str, str] = {}

    def note(self, rec: dict[str, Any], rnd: int) -> str | None:
        """Follow one event; the explanation line of a leader event (None for the others)."""
        t = rec.get("type")
        if t == "leader_fate":
            roll = f"d10 {rec['roll']}" if rec.get("roll") is not None else "no die"
            line = (f"   leader {rec['leader']} ({rec.get('owner')}'s {rec.get('leader_kind')}): "
                    f"{rec.get('cause')}: {roll} → {rec['fate']} ({rec.get('rule')})")
            if rec.get("fate") == "captured" and rec.get("captor") == ABORIGINES:
                self.held[rec["leader"]] = f"round {rnd}, {rec.get('cause')}"
                line += "; the Aborigines keep it (D-L.1)"
            return line
        if t == "leader_rescue":
            return self._rescue(rec)
        if t == "leader_freed":
            self.held.pop(rec["leader"], None)
            how = "chooses" if rec.get("chosen") else \
                "chose none, so the first by id is freed:"
            return (f"   rescue (RL.10): {rec.get('rescuer')} {how} {rec['leader']} of "
                    f"{', '.join(rec.get('captives') or [rec['leader']])} → freed "
                    f"{rec['leader']}")
        return None

    def _rescue(self, rec: dict[str, Any]) -> str:
        freed = list(rec.get("freed") or [])
        for lid in freed:
            self.held.pop(lid, None)
        how = "their last planet: all freed" if rec.get("roll") is None else \
            f"d10 {rec['roll']}"
        head = (f"   rescue (RL.10): {rec.get('rescuer')} took {rec.get('planet')} from "
                f"{rec.get('holder')}: {how}")
        if rec.get("choose"):
            return (f"{head} → frees one of {', '.join(rec['choose'])}: "
                    f"{rec.get('rescuer')} chooses which")
        return f"{head} → freed {', '.join(freed) or 'nobody'}"

    def summary(self) -> str | None:
        """``   the Aborigines hold 1 captive(s): red-general (round 3, planet planet-2 taken) —
        they keep captives (D-L.1…)…``; None when they hold none."""
        if not self.held:
            return None
        names = "; ".join(f"{lid} ({how})" for lid, how in sorted(self.held.items()))
        return f"   the Aborigines hold {len(self.held)} captive(s): {names} — {WHY}"
