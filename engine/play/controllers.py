"""Controllers choose actions for a seat: the random bot, the human prompt, plugin bots.

A controller never rolls the game's dice: bots draw from their own generator, seeded from the game
seed and the seat name, so the same seed gives the same game whoever plays.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from distant_galaxy.core.actions import Action
from distant_galaxy.errors import ActionError
from distant_galaxy.play.narrate import narrate

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game


class Controller:
    """Chooses the next action of ``seat`` among the game's legal actions."""

    name = "controller"

    def __init__(self, seat: str, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seed}:{seat}")

    def choose(self, game: Game) -> Action | None:
        """The chosen action; None means the player quits."""
        raise NotImplementedError  # pragma: no cover - subclasses implement it


class RandomBot(Controller):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


class FirstBot(Controller):
    """Always takes the first legal action (handy in tests)."""

    name = "first"

    def choose(self, game: Game) -> Action:
        return game.legal_actions()[0]


HELP = """Type an action in its text form (for example: move E1 12,7), or:
  list     all legal actions             board   the board again
  units    your units and where they are sites   the map's sites (asteroids, portals…)
  undo     take back your last action (not past a die roll)
  help     this text                     quit    stop (the game is saved if you gave --save)
A unique beginning of a legal action is enough (e.g. 'move E1' when only one such move exists).
Cells are written x,y: x is the column (numbers on top), y the row (numbers on the left)."""


class HumanController(Controller):
    """Prompts a person in the terminal: tells what happened since their last decision, shows
    the board, their counters and the legal actions grouped by verb, and reads their choice
    (with line editing, history and tab completion when the terminal offers them)."""

    name = "human"

    def __init__(self, seat: str, seed: int = 0, inp: TextIO | None = None,
                 out: TextIO | None = None, render: Callable[[Game], str] | None = None):
        super().__init__(seat, seed)
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self.render = render
        self.seen = 0
        self._game: Game | None = None
        self._line_buffer: Callable[[], str] = lambda: ""  # readline's, once it is set up
        self.interactive = inp is None and sys.stdin.isatty() and self._setup_readline()

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def choose(self, game: Game) -> Action | None:
        self._game = game
        self.tell_news(game)
        self.show(game)
        while True:
            line = self.read_line(f"{self.seat}> ")
            if line is None:
                return None
            answer = self.interpret(game, line.strip())
            if answer is not None:
                return answer

    def read_line(self, prompt: str) -> str | None:
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        return line or None

    def tell_news(self, game: Game) -> None:
        """What happened since this seat last decided (others' moves, combats, dice…)."""
        if self.seen > len(game.events):
            self.seen = 0
        lines = narrate(game, game.events[self.seen:])
        self.seen = len(game.events)
        if lines:
            self.say("\n".join(lines))

    def show(self, game: Game) -> None:
        if self.render is not None:
            self.say(self.render(game))
        pend = game.pending
        if pend is not None:
            reason = game.loop.reason_now()
            why = f" — {reason}" if reason else ""
            self.say(f"== {pend.seat}: {pend.kind}{why}")
        self.list_actions(game, limit=40)

    def list_actions(self, game: Game, limit: int | None = None) -> None:
        groups: dict[str, list[str]] = {}
        for a in game.legal_actions():
            groups.setdefault(a.verb, []).append(" ".join(a.args))
        shown = 0
        self.say("legal actions:")
        for verb, args in groups.items():
            if limit is not None and shown >= limit:
                self.say("  … ('list' shows them all)")
                break
            take = args if limit is None else args[: max(limit - shown, 1)]
            shown += len(take)
            items = [a for a in take if a]
            if len(take) < len(args):
                items.append(f"… {len(args) - len(take)} more")
            self.say(_wrap_items(f"  {verb}" + (": " if items else ""), items))

    def interpret(self, game: Game, text: str) -> Action | None:
        if not text:
            return None
        word = text.lower()
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "list":
            self.list_actions(game)
        elif word == "board":
            self.show(game)
        elif word == "units":
            self.say(describe_units(game, self.seat))
        elif word == "sites":
            self.say(describe_sites(game))
        elif word == "undo":
            try:
                undone = game.undo()
                self.seen = len(game.events)
                self.say(f"undone: {undone}")
                self.show(game)
            except ActionError as exc:
                self.say(str(exc))
        elif word in ("quit", "exit"):
            raise _Quit()
        else:
            return self.match(game, text)
        return None

    def match(self, game: Game, text: str) -> Action | None:
        try:
            return game.check(text)
        except ActionError as exc:
            legal = [a for a in game.legal_actions() if str(a).startswith(text)]
            if len(legal) == 1:
                return legal[0]
            self.say(f"not possible: {exc}")
            if len(legal) > 1:
                self.say("did you mean: " + " | ".join(str(a) for a in legal[:10]))
            return None

    def _setup_readline(self) -> bool:
        """Line editing, history and tab completion (when the platform has readline)."""
        # readline is imported only when a person plays at a terminal: importing it changes how
        # input() behaves in the whole process and may write terminal codes, which a library, a
        # bot game or a test must not trigger (the one import the layout test allows inside a
        # function).
        try:
            import readline
        except ImportError:  # not on every platform: plain input() still works
            return True
        self._line_buffer = readline.get_line_buffer
        readline.set_completer(self.complete)
        readline.set_completer_delims(" ")
        readline.parse_and_bind("tab: complete")
        return True

    def complete(self, text: str, state: int) -> str | None:
        """Tab completion over the legal actions (readline's completer protocol)."""
        if self._game is None:
            return None
        line = self._line_buffer()
        options = [str(a) for a in self._game.legal_actions() if str(a).startswith(line)]
        cut = len(line) - len(text)
        options = [o[cut:] for o in options]
        return options[state] if state < len(options) else None


def _wrap_items(head: str, items: list[str]) -> str:
    """``head`` then the items joined by `` | ``, wrapped between items to the terminal width."""
    width, indent = _columns(), " " * 6
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item if i == 0 else " | " + item
        if i and len(line) + len(piece) + 2 > width:  # room for the trailing " |"
            lines.append(line + " |")
            line = indent + item
        else:
            line += piece
    lines.append(line)
    return "\n".join(lines)


def _columns() -> int:
    """The terminal's width (80 when not a terminal), for wrapping at word boundaries."""
    return max(40, shutil.get_terminal_size((80, 24)).columns - 1)


def describe_units(game: Game, seat: str) -> str:
    """The seat's tokens (id, type, cell or carrier), and its pools."""
    st = game.state
    lines = [f"{seat}'s units:"]
    for t in st.tokens.values():
        if t.owner != seat:
            continue
        where = f"at {t.pos[0]},{t.pos[1]}" if t.pos is not None else f"aboard {t.carrier}"
        extra = ", ".join(f"{k}={v}" for k, v in t.attrs.items() if not isinstance(v, dict))
        lines.append(f"  {t.id:<6} {t.type:<12} {where}" + (f"  ({extra})" if extra else ""))
    if len(lines) == 1:
        lines.append("  none on the board")
    for pool, units in st.players[seat].pools.items():
        if units:
            lines.append(f"  {pool}: " + ", ".join(f"{n} {u}" for u, n in sorted(units.items())))
    return "\n".join(lines)


def describe_sites(game: Game) -> str:
    """Every site: id, kind, cell, owner and markers."""
    lines = ["sites:"]
    for s in game.state.sites.values():
        owner = f" owner {s.owner}" if s.owner else ""
        marks = ", ".join(f"{k}={v}" for k, v in s.markers.items())
        lines.append(f"  {s.id:<16} at {s.pos[0]},{s.pos[1]}{owner}" + (f"  [{marks}]" if marks
                                                                       else ""))
    return "\n".join(lines)


class _Quit(Exception):
    """The human asked to stop."""


Quit = _Quit

BUILTIN_BOTS: dict[str, type[Controller]] = {"random": RandomBot, "first": FirstBot}
