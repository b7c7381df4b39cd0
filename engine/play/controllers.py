"""Controllers choose actions for a seat: the random bot, the human prompt, plugin bots.

A controller never rolls the game's dice: bots draw from their own generator, seeded from the game
seed and the seat name, so the same seed gives the same game whoever plays.
"""

from __future__ import annotations

import inspect
import random
import select
import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

try:  # the terminal's input queue (POSIX): a hot seat's hand-over drops what was typed ahead
    import termios
except ImportError:  # pragma: no cover - Windows
    termios = None  # type: ignore[assignment]

from distant_galaxy.core.actions import Action
from distant_galaxy.errors import ActionError, EngineError
from distant_galaxy.play.narrate import narrate
from distant_galaxy.play.render import fit, render_legend, render_result
from distant_galaxy.text import close_matches, count_of, quoted

if TYPE_CHECKING:
    from distant_galaxy.core.view import GameLike


class Controller:
    """Chooses the next action of ``seat`` among the game's legal actions."""

    name = "controller"

    #: Where a bot that thinks long may show how far it has come: a callable given a line of
    #: text, or None to clear it (``dg run`` sets it on a terminal only: distant_galaxy.bots.
    #: thinking). None: nobody is watching, nothing is shown.
    thinking: Callable[[str | None], None] | None = None

    def __init__(self, seat: str, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seed}:{seat}")

    def choose(self, game: GameLike) -> Action | None:
        """The chosen action; None means the player quits."""
        raise NotImplementedError  # pragma: no cover - subclasses implement it

    def game_over(self, game: GameLike) -> None:
        """Told when the game has ended (a person is shown what happened; bots ignore it)."""

    def caught_up(self, game: GameLike) -> None:
        """Told that ``game``'s events so far are known (a game resumed from a save, whose
        past was replayed): a person is told what happens from now on, not that past again;
        bots ignore it."""

    @classmethod
    def configured(cls, param: str) -> Callable[[str, int], Controller]:
        """A factory of this bot with the parameter written after its name (``mcts:400`` gives
        ``"400"``); a bot that takes parameters overrides it, the others refuse one."""
        raise EngineError(f"the bot '{cls.name}' takes no parameter (got '{cls.name}:{param}')")


class RandomBot(Controller):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, game: GameLike) -> Action:
        return self.rng.choice(game.legal_actions())


class FirstBot(Controller):
    """Always takes the first legal action (handy in tests)."""

    name = "first"

    def choose(self, game: GameLike) -> Action:
        return game.legal_actions()[0]


HELP = """Type an action in its text form (for example: {example}), or:
  list     all legal actions             show    the board again{board_note}
  legend   what the board's letters and signs mean (shown with your first board)
  units    your units and where they are{sites}
  rules    the game in brief and how it is won; 'help UNIT' what a unit type is (e.g. 'help {unit}')
  undo     take back your last action of this decision (not past a die roll or a hidden
           value shown, nor an action that ended your decision or turn)
  help     this text                     quit    stop (a campaign stage is kept; dg run
           keeps the game only with --save)
  help ACTION   what an action does and how it is written (e.g. 'help {verb}')
A unique beginning of a legal action is enough (e.g. '{prefix}' when only one such action exists).
Cells are written x,y: x is the column (numbers on top), y the row (numbers on the left),
e.g. {cell}."""

#: Verbs listed after the others, one group per unit (their first argument).
MOVE_VERBS = frozenset({"move"})


def help_text(game: GameLike) -> str:
    """The prompt's help with examples from the scenario being played: a legal action now (or
    ``end``) and a cell of its map."""
    legal = game.legal_actions()
    pick = next((a for a in legal if a.args), legal[0] if legal else None)
    example = str(pick) if pick is not None else "end"
    words = example.split()
    prefix = " ".join(words[:2]) if len(words) > 2 else words[0]
    sites = "   sites   the map's sites" if game.state.sites else ""
    board_note = " ('board' is an action here)" if "board" in game.kinds else " (or 'board')"
    unit = next(iter(game.scenario.unit_types), "UNIT")
    return HELP.format(example=example, prefix=prefix, cell=example_cell(game), sites=sites,
                       board_note=board_note, verb=words[0], unit=unit)


def rules_text(game: GameLike) -> str:
    """``rules``: the scenario's title and description (what its author wrote for players), the
    ways it is won as its victory conditions word them, and its round limit."""
    sc = game.scenario
    lines = [str(sc.title or sc.id) + (f" (variant {game.variant})" if game.variant else "")
             + (f", options {', '.join(game.options)}" if game.options else "")]
    about = " ".join(str(sc.data.get("description") or "").split())
    if about:
        lines.append(f"  {about}")
    won = [str(v["reason"]) for v in sc.data.get("victory") or [] if v.get("reason")]
    if won or sc.limits.get("rounds"):
        lines.append("How the game ends:")
        lines += [f"  - {reason}" for reason in won]
        if sc.limits.get("rounds"):
            lines.append(f"  - the round limit, after round {sc.limits['rounds']} (a draw, "
                         "unless the rules above say who wins then)")
    if sc.unit_types:
        lines.append(f"Unit types ('help UNIT' tells one): {', '.join(sc.unit_types)}")
    if sc.data.get("episode"):  # the episodes' messages cite the rules by id
        lines.append("A rule id in a message (R7.34, D7.5) is in the engine's "
                     "docs/rules-digest.md.")
    return "\n".join(lines)


def unit_help(game: GameLike, unit: str) -> str:
    """``help engineer``: a unit type's title and its numbers and lists as the scenario gives
    them (speed, cost, attack patterns…)."""
    spec = game.scenario.unit_types[unit]
    facts = [f"{k.replace('_', ' ')} {_value_text(v)}" for k, v in spec.items()
             if k not in ("title", "glyph", "doc", "tags") and v is not None]
    title = f" ({spec['title']})" if spec.get("title") and spec["title"] != unit else ""
    doc = f" — {' '.join(str(spec['doc']).split())}" if spec.get("doc") else ""
    return f"{unit}{title}{doc}: " + ("; ".join(facts) or "no numbers of its own")


def _value_text(value: Any) -> str:
    """A unit type's value for a person: a list joined, a flag as yes or no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def action_help(game: GameLike, verb: str) -> str:
    """``help move``: how the action is written and what it does (its kind's ``usage`` and
    ``doc``), or the actions of the game when there is no such one."""
    kind = game.kinds.get(verb)
    if kind is None and verb in game.scenario.unit_types:
        return unit_help(game, verb)
    if kind is None:  # the game's actions ('end' where a phase allows it now)
        ends = any(a.verb == "end" for a in game.legal_actions())
        verbs = ", ".join(sorted(v for v in game.kinds if v != "end" or ends))
        near = close_matches(verb, list(game.kinds))
        hint = f"; did you mean '{near[0]}'?" if near else ""
        return f"no action '{verb}' in this game{hint} (its actions: {verbs})"
    doc = " ".join(str(kind.doc).split()) or "(no description)"
    return f"{kind.usage or kind.verb} — {doc}"


def example_cell(game: GameLike) -> str:
    """A cell of the map being played, for examples: one named by a legal action, else the
    map's middle."""
    for action in game.legal_actions():
        for arg in reversed(action.args):
            x, sep, y = arg.partition(",")
            if sep and x.lstrip("-").isdigit() and y.lstrip("-").isdigit():
                return arg
    cells = game.scenario.grid.all_cells()
    if cells:
        mx, my = cells[len(cells) // 2]
        return f"{mx},{my}"
    return "0,0"


class HumanController(Controller):
    """Prompts a person in the terminal: tells what happened since their last decision, shows
    the board, their counters and the legal actions grouped by verb, and reads their choice
    (with line editing, history and tab completion when the terminal offers them)."""

    name = "human"

    def __init__(self, seat: str, seed: int = 0, inp: TextIO | None = None,
                 out: TextIO | None = None, render: Callable[..., str] | None = None,
                 screen: SharedScreen | None = None):
        super().__init__(seat, seed)
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self.render = render
        # a renderer that takes ``legend=`` (``render_board``) draws the board's key only where
        # it is new to this person: the first board, and ``show``
        self._keyed = render is not None and takes_legend(render)
        self._key_shown = False
        self.screen = screen  # the terminal this person shares with others (hot seat), if any
        self.seen = 0
        self._last_board: str | None = None
        self._game: GameLike | None = None
        self._line_buffer: Callable[[], str] = lambda: ""  # readline's, once it is set up
        self.interactive = inp is None and sys.stdin.isatty() and self._setup_readline()

    def say(self, text: str, wrap: bool = True) -> None:
        """Write ``text``; on a terminal, a line wider than it is wrapped between words (not
        with ``wrap=False``: the board, whose rows are drawn cell by cell)."""
        self.out.write((wrapped(text, self.out) if wrap else text) + "\n")
        self.out.flush()

    def choose(self, game: GameLike) -> Action | None:
        self._game = game
        if self.screen is not None and self.screen.take(self.seat, game):
            self.hand_over()
        self.tell_news(game)
        self.show(game, force=False)
        while True:
            line = self.read_line(f"{self.seat}> ")
            if line is None:
                return None
            answer = self.interpret(game, line.strip())
            if answer is not None:
                return answer

    def game_over(self, game: GameLike) -> None:
        """The game ended while this person was not deciding (an automatic phase, another
        player's or a bot's winning move): what happened since their last decision, then the
        result. On a terminal several people share where nothing is hidden, told once."""
        if self.screen is not None and self.screen.end_told(game):
            return
        self.tell_news(game)
        if self.render is not None:
            self.show_board(game, force=False)
        self.say(f"== the game is over: {render_result(game)}")

    def hand_over(self) -> None:
        """The terminal passes to this person from another (hot seat, hidden values in play):
        on a screen, what the other saw is cleared, and this person presses Enter once they
        alone look at it; piped input is not waited for (no one shares a pipe)."""
        at_screen = _is_terminal(self.out) and _is_terminal(self.inp)
        if at_screen:  # the screen and the scrollback cleared, the cursor home
            self.out.write("\033[2J\033[3J\033[H")
        if at_screen and self.screen is not None and self.screen.notes:
            self.say("\n".join(self.screen.notes))  # (the clear took them off the screen)
            self.screen.notes = []
        self.say(f"== pass the terminal to {self.seat}: what comes next is for {self.seat}'s "
                 "eyes only")
        if at_screen:
            drop_typed_ahead(self.inp)  # a second Enter of the last player must not answer
            self.read_line(f"{self.seat}: press Enter when only you can see the screen ")

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

    def caught_up(self, game: GameLike) -> None:
        self.seen = len(game.events)

    def tell_news(self, game: GameLike) -> None:
        """What happened since this seat last decided (others' moves, combats, dice…)."""
        if self.seen > len(game.events):
            self.seen = 0
        start = self.seen if self.screen is None else self.screen.news_from(game, self.seen)
        lines = narrate(game, game.events[start:])
        self.seen = len(game.events)
        if self.screen is not None:
            self.screen.told = self.seen
        if lines:
            self.say("\n".join(lines))

    def show(self, game: GameLike, force: bool = True) -> None:
        """The board (unless ``force`` is False and it has not changed since this person last
        saw it), the pending decision and the legal actions."""
        self.show_board(game, force)
        pend = game.pending
        if pend is not None:
            reason = game.loop.reason_now()
            why = f" — {reason}" if reason else ""
            self.say(f"== {pend.seat}: {pend.kind}{why}")
        self.list_actions(game, limit=40)

    def show_board(self, game: GameLike, force: bool = True) -> None:
        """The board, unless ``force`` is False and it has not changed since this person last
        saw it; the board's key (the plugins' legend lines) only with the first board and on
        ``show``, not with every redraw after an action."""
        if self.render is None:
            return
        bare = self.render(game, legend=False) if self._keyed else self.render(game)
        if not force and bare == self._last_board:
            self.say("(the board has not changed; 'show' prints it again)")
            return
        self._last_board = bare
        if self._keyed and (force or not self._key_shown):
            self._key_shown = True
            bare = self.render(game, legend=True)
        self.say(bare, wrap=False)  # (its status lines are fitted by render_board)

    def list_actions(self, game: GameLike, limit: int | None = None) -> None:
        """The legal actions: other verbs first (each in full), then moves, one line per unit,
        then ``end``. With a ``limit``, a group longer than that shows its first items and how
        many more there are (never a whole group hidden)."""
        self.say("\n".join(action_lines(game.legal_actions(), limit)))

    def interpret(self, game: GameLike, text: str) -> Action | None:
        if not text:
            return None
        word = text.lower()
        first, _, rest = word.partition(" ")
        if word in ("help", "?"):
            self.say(help_text(game))
        elif first in ("help", "?") and rest.strip():
            self.say(action_help(game, rest.strip()))
        elif word == "list":
            self.list_actions(game)
        elif (word == "show" and "show" not in game.kinds) or \
                (word == "board" and "board" not in game.kinds):
            self.show(game)
        elif word == "legend" and "legend" not in game.kinds:
            self.say(render_legend(game) or "this board has no key: its glyphs are the seats' "
                     "marks and the units' letters ('units' lists yours)")
        elif word == "units":
            self.say(describe_units(game, self.seat))
        elif word in ("rules", "goal") and word not in game.kinds:
            self.say(rules_text(game))
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

    def match(self, game: GameLike, text: str) -> Action | None:
        try:
            return game.check(text)
        except ActionError as exc:
            legal = [a for a in game.legal_actions() if str(a).startswith(text)]
            if len(legal) == 1:
                return legal[0]
            if not legal:
                self.say(f"not possible: {exc}")
                return None
            # the beginning of several legal actions: which one is meant
            more = f" | … {len(legal) - 10} more" if len(legal) > 10 else ""
            self.say(f"{quoted(text)} begins {len(legal)} legal actions: type more of one")
            self.say("did you mean: " + " | ".join(str(a) for a in legal[:10]) + more)
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


def group_actions(actions: list[Action]) -> list[tuple[str, list[str]]]:
    """(heading, arguments) groups for the prompt: each non-move verb in order of appearance,
    then the moves of each unit (``move E1``: its destinations), then ``end``."""
    others: dict[str, list[str]] = {}
    moves: dict[str, list[str]] = {}
    last: dict[str, list[str]] = {}
    for a in actions:
        if a.verb in MOVE_VERBS and a.args:
            moves.setdefault(f"{a.verb} {a.args[0]}", []).append(" ".join(a.args[1:]))
        elif a.verb == "end":
            last.setdefault(a.verb, []).append(" ".join(a.args))
        else:
            others.setdefault(a.verb, []).append(" ".join(a.args))
    return [*others.items(), *moves.items(), *last.items()]


def action_lines(actions: list[Action], limit: int | None = None) -> list[str]:
    """The prompt's listing of ``actions`` (:func:`group_actions`, each group wrapped; with a
    ``limit``, a longer group shows its first items and how many more there are)."""
    lines = ["legal actions:"]
    for head, items in group_actions(actions):
        take = items if limit is None or len(items) <= limit else items[:limit]
        shown = [a for a in take if a]
        if len(take) < len(items):
            shown.append(f"… {len(items) - len(take)} more ('list' shows them all)")
        lines.append(wrap_items(f"  {head}" + (": " if shown else ""), shown))
    return lines


def wrap_items(head: str, items: list[str]) -> str:
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


def wrapped(text: str, out: TextIO) -> str:
    """``text`` as it is written to ``out``: on a terminal each line wider than it wrapped
    between words (:func:`~distant_galaxy.play.render.fit`); a pipe or a file gets it whole."""
    isatty = getattr(out, "isatty", None)
    if isatty is None or not isatty():
        return text
    width = _columns()
    return "\n".join(part for line in text.split("\n") for part in fit(line, width))


def _columns() -> int:
    """The terminal's width (80 when not a terminal), for wrapping at word boundaries."""
    return max(40, shutil.get_terminal_size((80, 24)).columns - 1)


def describe_units(game: GameLike, seat: str) -> str:
    """The seat's tokens (id, type, cell or carrier), and its pools."""
    st = game.state
    lines = [f"{seat}'s units:"]
    for t in st.tokens.values():
        if t.owner != seat:
            continue
        where = f"at {t.pos[0]},{t.pos[1]}" if t.pos is not None else f"aboard {t.carrier}"
        extra = ", ".join(_attr_text(k, v) for k, v in t.attrs.items()
                          if not isinstance(v, dict) and v is not False and v is not None)
        lines.append(f"  {t.id:<6} {t.type:<12} {where}" + (f"  ({extra})" if extra else ""))
    if len(lines) == 1:
        lines.append("  none on the board")
    for pool, units in st.players[seat].pools.items():
        if units:
            lines.append(f"  {pool}: " + ", ".join(count_of(n, u) for u, n in sorted(units.items())))
    return "\n".join(lines)


def _attr_text(name: str, value: Any) -> str:
    """A token's attribute as a person reads it: ``main`` for a true flag, ``hull 3`` else (a
    false or empty one is left out)."""
    return name if value is True else f"{name} {value}"


def describe_sites(game: GameLike) -> str:
    """Every site: id, kind, cell, owner and markers."""
    if not game.state.sites:
        return "sites: none in this game"
    lines = ["sites:"]
    for s in game.state.sites.values():
        owner = f" owner {s.owner}" if s.owner else ""
        marks = ", ".join(f"{k}={v}" for k, v in s.markers.items())
        lines.append(f"  {s.id:<16} at {s.pos[0]},{s.pos[1]}{owner}" + (f"  [{marks}]" if marks
                                                                       else ""))
    return "\n".join(lines)


class SharedScreen:
    """One terminal shared by several people (``dg run`` with two ``--seat X=human``): when the
    decision passes from one person to another while the game hides values from some seat, the
    next person is handed the terminal (:meth:`HumanController.hand_over`), so that what one
    seat may see is not left on the screen for another to read."""

    def __init__(self) -> None:
        self.seat: str | None = None
        #: how many of the game's events this terminal has told (whoever read them)
        self.told = 0
        self._end_told = False
        #: lines for everyone (a warning of ``dg run``), told again after the first hand-over
        #: has cleared the screen that showed them
        self.notes: list[str] = []

    def take(self, seat: str, game: GameLike) -> bool:
        """``seat``'s person takes the terminal; whether it is a hand-over: something of the
        game is hidden, and another person had the terminal — or nobody yet (whoever started
        the game must not see the first player's hidden values)."""
        before, self.seat = self.seat, seat
        return before != seat and bool(game.state.secrets)

    def end_told(self, game: GameLike) -> bool:
        """Whether the game's end was already told at this terminal, where nothing is hidden
        (each person would be told the same end: once is enough); noted from now on."""
        if game.state.secrets:
            return False
        told, self._end_told = self._end_told, True
        return told

    def news_from(self, game: GameLike, seen: int) -> int:
        """Where ``seat``'s news (what happened since its last decision, from event ``seen``)
        starts on this terminal: where nothing is hidden, everybody at it has read what it
        told, so it is not told twice (a hot seat of two people told each move twice)."""
        if game.state.secrets or self.told > len(game.events):
            return seen
        return max(seen, self.told)


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def drop_typed_ahead(stream: TextIO) -> bool:
    """Discard what was typed into the terminal ``stream`` and not read yet (POSIX; elsewhere
    nothing is discarded); whether anything was waiting there. A pipe or a file is left as it
    is (a script's input is meant to be read)."""
    if termios is None or not _is_terminal(stream):
        return False
    try:
        waiting = bool(select.select([stream], [], [], 0)[0])
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError, AttributeError, termios.error):
        return False  # (not a real terminal: a test's stand-in)
    return waiting


class _Quit(Exception):
    """The human asked to stop."""


Quit = _Quit

BUILTIN_BOTS: dict[str, type[Controller]] = {"random": RandomBot, "first": FirstBot}


def make_bot(bots: dict[str, type[Controller]], kind: str, seat: str, seed: int) -> Controller:
    """The bot ``kind`` for ``seat``: a name of ``bots`` (``random``), or a name and its
    parameter (``mcts:400``, ``mcts:0.5s``); raises :class:`EngineError` naming the choices."""
    name, sep, param = kind.partition(":")
    cls = bots.get(name)
    if cls is None:
        near = close_matches(name, ["human", *bots])
        guess = f"; did you mean '{near[0]}'?" if near else ""
        raise EngineError(f"unknown controller {quoted(kind)} for seat {seat}{guess} "
                          f"(choose human or one of: {', '.join(sorted(bots))})")
    return cls.configured(param)(seat, seed) if sep else cls(seat, seed)


def bot_known(bots: dict[str, type[Controller]], kind: str) -> bool:
    """Whether ``kind`` names one of ``bots`` (with or without a parameter)."""
    return kind.partition(":")[0] in bots


def bot_problem(bots: dict[str, type[Controller]], kind: str) -> str | None:
    """What is wrong with the bot ``kind`` (``random``, ``mcts:400,rollout=default``), or None:
    an unknown name (naming the choices) or a parameter its bot refuses (with the bot's reason).
    Checks the parameter as :func:`make_bot` would, without making a bot."""
    name, sep, param = kind.partition(":")
    if name not in bots:
        return f"no bot {name!r} (bots: {', '.join(sorted(bots))})"
    if sep:
        try:
            bots[name].configured(param)
        except EngineError as exc:
            return str(exc)
    return None


def takes_legend(render: Callable[..., str]) -> bool:
    """Whether a board renderer takes ``legend=`` (as :func:`~distant_galaxy.play.render.
    render_board` does): it can then leave the board's key out of a redraw."""
    try:
        return "legend" in inspect.signature(render).parameters
    except (TypeError, ValueError):  # a callable whose signature Python cannot tell
        return False
