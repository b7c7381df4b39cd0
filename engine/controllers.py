"""Controllers choose actions for a seat: the random bot, the human prompt, plugin bots.

A controller never rolls the game's dice: bots draw from their own generator, seeded from the game
seed and the seat name, so the same seed gives the same game whoever plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from engine.actions import Action
from engine.errors import ActionError

if TYPE_CHECKING:
    from engine.game import Game


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
  list       the legal actions          board   show the board
  undo       take back your last action (not past a die roll)
  help       this text                  quit    stop the game (use --save to keep it)
A unique prefix of a legal action is accepted (e.g. 'move E1' when only one such move exists)."""


class HumanController(Controller):
    """Prompts a person in the terminal: shows the board, counters and legal actions."""

    name = "human"

    def __init__(self, seat: str, seed: int = 0, inp: TextIO | None = None,
                 out: TextIO | None = None, render: Callable[[Game], str] | None = None):
        super().__init__(seat, seed)
        import sys

        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self.render = render

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def choose(self, game: Game) -> Action | None:
        self.show(game)
        while True:
            self.out.write(f"{self.seat}> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                return None
            answer = self.interpret(game, line.strip())
            if answer is not None:
                return answer

    def show(self, game: Game) -> None:
        if self.render is not None:
            self.say(self.render(game))
        pend = game.pending
        if pend is not None:
            self.say(f"-- {pend.seat}: {pend.kind} {('(' + pend.reason + ')') if pend.reason else ''}")
        self.list_actions(game, limit=30)

    def list_actions(self, game: Game, limit: int | None = None) -> None:
        acts = [str(a) for a in game.legal_actions()]
        shown = acts if limit is None else acts[:limit]
        self.say("legal: " + " | ".join(shown) + (f" | … ({len(acts)} in all, 'list' shows all)"
                                                     if len(shown) < len(acts) else ""))

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
        elif word == "undo":
            try:
                game.undo()
                self.say("undone.")
                self.show(game)
            except ActionError as exc:
                self.say(f"cannot undo: {exc}")
        elif word in ("quit", "exit"):
            raise _Quit()
        else:
            return self.match(game, text)
        return None

    def match(self, game: Game, text: str) -> Action | None:
        try:
            action = game.check(text)
            return action
        except ActionError as exc:
            legal = [a for a in game.legal_actions() if str(a).startswith(text)]
            if len(legal) == 1:
                return legal[0]
            self.say(f"not possible: {exc}")
            if len(legal) > 1:
                self.say("did you mean: " + " | ".join(str(a) for a in legal[:10]))
            return None


class _Quit(Exception):
    """The human asked to stop."""


Quit = _Quit

BUILTIN_BOTS: dict[str, type[Controller]] = {"random": RandomBot, "first": FirstBot}
