"""A person at the page of ``dg serve``, driven by Playwright: waits for the seat's turn, reads
the legal actions from the page's snapshot, and plays one **by clicking** as a person would — a
unit on the board, then its target cell (or the unit, shuttle or site the action names), a
cell or a site for the actions of no unit, a button of the list for the rest; a chooser, when
the click matches several actions, answered with the one meant.

Used by tests/browser/test_serve_page.py and bench/browser_game.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from distant_galaxy import Game

#: Milliseconds to wait for the server's push (bots move between the seat's decisions).
WAIT_MS = 60_000


@dataclass
class Seat:
    page: Any
    done: list[str] = field(default_factory=list)

    # -- what the page shows ---------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return dict(self.page.evaluate("window.dgPage.snapshot()"))

    def decision(self) -> int:
        return int(self.page.evaluate("window.dgPage.snapshot().decision"))

    def wait_turn(self) -> dict[str, Any] | None:
        """Wait until it is this seat's turn (the snapshot of it) or the game is over (None)."""
        self.page.wait_for_function(
            "() => { const s = window.dgPage && window.dgPage.snapshot();"
            " return s && (s.your_turn || s.result); }", timeout=WAIT_MS)
        snap = self.snapshot()
        return None if snap["result"] else snap

    def positions(self) -> dict[str, tuple[int, int]]:
        """unit id → its cell, read from the board's ``data-unit`` / ``data-cell``."""
        pairs = self.page.eval_on_selector_all(
            "#game-board [data-unit]", "gs => gs.map(g => [g.dataset.unit, g.dataset.cell])")
        return {u: (int(c.split(",")[0]), int(c.split(",")[1])) for u, c in pairs}

    # -- clicking --------------------------------------------------------------------------------
    def _on_board(self, unit: str) -> bool:
        return bool(self.page.locator(f'#game-board [data-unit="{unit}"]').count())

    def _click(self, selector: str) -> None:
        # force: a unit or a site drawn over a cell takes the click, as it would a person's
        self.page.locator(selector).first.click(force=True)

    def _chooser(self, attr: str, value: str) -> None:
        if self.page.is_visible("#chooser"):
            self.page.click(f'#choices button[{attr}="{value}"]')

    def select(self, unit: str) -> None:
        """Pick a unit: on the board if it is drawn, else by its name in the action list."""
        if self._on_board(unit):
            self._click(f'#game-board [data-unit="{unit}"]')
            self._chooser("data-select", unit)
        else:
            self.page.click(f'#actions button[data-select="{unit}"]')
        assert self.page.evaluate("window.dgPage.selected()") == unit

    def play(self, action: dict[str, Any]) -> None:
        """Play ``action`` (a record of the snapshot's ``actions``) by clicking, and wait until
        the server has applied it."""
        before = self.decision()
        text, unit, cells = action["text"], action["unit"], action["cells"]
        named = [w for w in text.split()[1:] if w != unit]
        if unit:
            self.select(unit)
        if cells:
            self._click(f'#game-board .cell[data-cell="{cells[-1][0]},{cells[-1][1]}"]')
        elif any(self._on_board(w) for w in named):
            self._click(f'#game-board [data-unit="{next(w for w in named if self._on_board(w))}"]')
        elif named and self.page.locator(f'#game-board [data-site="{named[0]}"]').count():
            self._click(f'#game-board [data-site="{named[0]}"]')
        elif unit:
            self._click(f'#game-board [data-unit="{unit}"]')  # the selected unit again: its own actions
        else:
            self.page.click(f'#actions button[data-action="{text}"]')
        self._chooser("data-action", text)
        self.page.wait_for_function(f"() => window.dgPage.snapshot().decision > {before}",
                                    timeout=WAIT_MS)
        self.done.append(text)


# -- an Asteroid Belt player ---------------------------------------------------------------------
#: What the person does first when the page offers it (R7.12 guards and defenders first).
FIRST = ["place", "strike", "attack", "unload", "fly", "roll", "board", "activate", "target"]


def docks(scenario: Any) -> list[tuple[int, int]]:
    game = Game(scenario, seed=1)  # the map's sites, as every game starts
    kinds = scenario.site_kinds
    return [s.pos for s in game.state.sites.values() if kinds.get(s.kind, {}).get("shuttle_dock")]


def towards_a_dock(scenario: Any, snap: dict[str, Any], at: dict[str, tuple[int, int]],
                   deployed: int) -> dict[str, Any]:
    """The person's choice: the first of FIRST offered, else deploy two units a turn, else the
    move that brings a unit nearest a class-3 asteroid (the shuttles' docks), else end."""
    by_verb: dict[str, list[dict[str, Any]]] = {}
    for a in snap["actions"]:
        by_verb.setdefault(a["verb"], []).append(a)
    for verb in FIRST:
        if verb in by_verb:
            return by_verb[verb][0]
    if "deploy" in by_verb and deployed < 2:
        return next((a for a in by_verb["deploy"] if a["text"].split()[1] in ("assault", "scout")),
                    by_verb["deploy"][0])
    grid, near = scenario.grid, docks(scenario)

    def dist(pos: tuple[int, int]) -> int:
        return min(grid.distance(pos, d) for d in near)

    best: tuple[int, dict[str, Any]] | None = None
    for a in by_verb.get("move", []):
        here = at.get(a["unit"])
        if here is None or dist(here) <= 1 or not a["cells"]:
            continue
        gain = dist(here) - dist(tuple(a["cells"][-1]))
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, a)
    return best[1] if best else by_verb.get("end", snap["actions"])[0]
