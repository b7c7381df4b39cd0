"""A fixed-size encoding of a scenario's actions and a fixed-shape observation per seat.

**Actions.** An action ``verb arg…`` becomes a *shape* and coordinates: an argument that is a cell
(``x,y``) or a token (replaced by the cell it stands on, or its carrier's) is a cell slot, any other
argument a word slot (a unit type, a site, a seat…). Each (verb, shape) of the scenario owns a dense
block of indices — ``cells × cells`` for a board move, ``cells`` for a placement, ``words × cells``
for ``deploy assault 3,4`` — so an index means the same thing in every state. The blocks come
from the verbs' declared arguments (:func:`declared_blocks`): a typed :class:`Verb` says each
argument's type — a cell or a unit is a cell slot, a site, a number with bounds or a name of a
scenario list a word slot whose words are its ``domain`` — so its blocks need no play. What the
declarations cannot say (a legacy kind's words, a name with no list, a chain of cells whose
block would pass :data:`MAX_BLOCK`, an argument that is met in another shape) is learned once per
scenario from seeded random games (:data:`EXPLORE_SEEDS`, at most :data:`EXPLORE_PLIES` plies):
deterministic, the same table in every process. After the blocks come :data:`OVERFLOW`
*overflow* indices: a legal action the blocks cannot name (a shape or word never met while
exploring, or a second action with the same cells — two tokens aboard one carrier) takes the next
overflow index of that state, so every legal action can always be chosen; an overflow index means
"the n-th such action now", not a fixed action.

**Observations.** Board planes ``(unit type × owner) + (site kind) + (sites owned per seat)`` over the
grid's ``height × width``, then each seat's counters, the decision (one-hot over the phases and the
hand-over kinds met while exploring, plus "other"), the deciding seat and the observing seat
(one-hot each), and the round over the round limit — all read from the seat's view where the game
hides something (``game.view(seat)``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from distant_galaxy.bots.rollout import score
from distant_galaxy.core.game import Game
from distant_galaxy.core.hidden import may_see
from distant_galaxy.core.verbs import Arg, Verb, params_of
from distant_galaxy.errors import EngineError

if TYPE_CHECKING:
    from distant_galaxy.core.actions import Action
    from distant_galaxy.core.state import GameState
    from distant_galaxy.scenario.model import Scenario

EXPLORE_SEEDS = (0, 1, 2)
EXPLORE_PLIES = 3000
OVERFLOW = 64
#: The most indices one declared (verb, shape) block may take (a longer chain of cells is left to
#: exploration: it names only the chains met in play).
MAX_BLOCK = 1 << 20

Shape = tuple[str, ...]  # one of "c" (a cell or a token) / "w" (a word) per argument


@dataclass
class Block:
    """The indices of one (verb, shape): ``offset`` and a size per slot."""

    offset: int
    words: list[list[str]]  # per slot: the words of a word slot ([] for a cell slot)
    dims: list[int] = field(default_factory=list)

    @property
    def size(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n


class Codec:
    """The scenario's action and observation encoding (see the module's docstring)."""

    def __init__(self, scenario: Scenario, seen: dict[tuple[str, Shape], list[set[str]]],
                 token_types: set[str], decisions: set[str], dice: set[int] | None = None,
                 secrets: dict[str, set[str]] | None = None):
        self.scenario = scenario
        #: secret id -> the values it may take, for the secrets a seat may come to see (its own
        #: fleet's battle order): one feature per value at the end of the observation, set
        #: only in the view of a seat that may see it
        self.secret_slots = {sid: sorted(v) for sid, v in sorted((secrets or {}).items())}
        self.dice = sorted(dice or ())  # the dice (sides) met while exploring, after set-up
        grid = scenario.grid
        self.width, self.height = grid.width, grid.height
        self.cells = list(grid.all_cells())
        self.cell_index = {c: i for i, c in enumerate(self.cells)}
        self.seats = scenario.seat_ids()
        self.blocks: dict[tuple[str, Shape], Block] = {}
        offset = 0
        for key in sorted(seen):
            _, shape = key
            words = [sorted(s) if kind == "w" else [] for kind, s in zip(shape, seen[key], strict=False)]
            dims = [len(self.cells) if kind == "c" else len(w) for kind, w in zip(shape, words, strict=False)]
            block = Block(offset, words, dims)
            self.blocks[key] = block
            offset += block.size
        self.fixed = offset
        self.size = offset + OVERFLOW
        self.word_index = {k: [{w: i for i, w in enumerate(ws)} for ws in b.words]
                           for k, b in self.blocks.items()}
        self.types = sorted(set(scenario.unit_types) | token_types)
        self.owners: list[str | None] = [*self.seats, None]
        self.site_kinds = sorted(scenario.site_kinds)
        self.decisions = sorted({str(p["id"]) for p in scenario.phases} | decisions)
        self.counters = sorted(scenario.counters)
        self.planes = len(self.types) * len(self.owners) + len(self.site_kinds) + len(self.seats)
        self.tail = len(self.seats) * len(self.counters) + len(self.decisions) + 1 \
            + 2 * len(self.seats) + 1 + sum(len(v) for v in self.secret_slots.values())
        self.obs_size = self.planes * self.height * self.width + self.tail

    # -- actions -----------------------------------------------------------------------------
    def shape_of(self, state: GameState, action: Action) -> tuple[Shape, list[Any]]:
        """The action's shape and its slot values (cell index or word)."""
        kinds: list[str] = []
        values: list[Any] = []
        for arg in action.args:
            cell = self._cell_of(state, arg)
            if cell is not None:
                kinds.append("c")
                values.append(cell)
            else:
                kinds.append("w")
                values.append(arg)
        return tuple(kinds), values

    def _cell_of(self, state: GameState, arg: str) -> int | None:
        x, sep, y = arg.partition(",")
        if sep:
            try:
                return self.cell_index.get((int(x), int(y)))
            except ValueError:
                return None
        tok = state.tokens.get(arg)
        hops = 0
        while tok is not None and tok.pos is None and tok.carrier is not None and hops < 8:
            tok, hops = state.tokens.get(tok.carrier), hops + 1
        if tok is not None and tok.pos is not None:
            return self.cell_index.get(tok.pos)
        return None

    def encode(self, state: GameState, action: Action) -> int | None:
        """The fixed index of ``action`` in ``state``, or None when no block names it."""
        shape, values = self.shape_of(state, action)
        key = (action.verb, shape)
        block = self.blocks.get(key)
        if block is None:
            return None
        words = self.word_index[key]
        index = 0
        for j, (kind, value) in enumerate(zip(shape, values, strict=False)):
            if kind == "w":
                value = words[j].get(value)
                if value is None:
                    return None
            index = index * block.dims[j] + value
        return block.offset + index

    def legal_map(self, state: GameState, legal: list[Action]) -> dict[int, Action]:
        """Index → legal action for this state: the fixed index, else the next overflow one
        (legal actions past the overflow room are left out, in their order)."""
        out: dict[int, Action] = {}
        spill = self.fixed
        for action in legal:
            i = self.encode(state, action)
            if i is None or i in out:
                if spill >= self.size:
                    continue
                i, spill = spill, spill + 1
            out[i] = action
        return out

    def describe(self, index: int) -> str:
        """What a fixed index means (``move c c: 3,4 → 5,6``) or that it is an overflow one."""
        if index >= self.fixed:
            return f"overflow #{index - self.fixed}"
        for (verb, shape), b in self.blocks.items():
            if b.offset <= index < b.offset + b.size:
                rest, parts = index - b.offset, []
                for j in reversed(range(len(shape))):
                    rest, v = divmod(rest, b.dims[j])
                    c = self.cells[v] if shape[j] == "c" else None
                    parts.append(f"{c[0]},{c[1]}" if c is not None else b.words[j][v])
                return " ".join([verb, *reversed(parts)])
        raise IndexError(index)

    # -- observations --------------------------------------------------------------------------
    def observe(self, state: GameState, seat: str, round_limit: int | None) -> list[float]:
        """The flat observation of ``state`` for ``seat`` (planes, then the tail)."""
        out = [0.0] * self.obs_size
        for i, v in self.features(state, seat, round_limit):
            out[i] = v
        return out

    def features(self, state: GameState, seat: str, round_limit: int | None
                 ) -> list[tuple[int, float]]:
        """The non-zero elements of the observation, as (index, value) pairs."""
        hw, w = self.height * self.width, self.width
        out: list[tuple[int, float]] = []
        t_index = {t: i for i, t in enumerate(self.types)}
        o_index = {o: i for i, o in enumerate(self.owners)}
        n_owner = len(self.owners)
        for tok in state.tokens.values():
            if tok.pos is None or tok.type not in t_index:
                continue
            plane = t_index[tok.type] * n_owner + o_index.get(tok.owner, n_owner - 1)
            out.append((plane * hw + tok.pos[1] * w + tok.pos[0], 1.0))
        base = len(self.types) * n_owner
        k_index = {k: i for i, k in enumerate(self.site_kinds)}
        s_index = {s: i for i, s in enumerate(self.seats)}
        for site in state.sites.values():
            cell = site.pos[1] * w + site.pos[0]
            if site.kind in k_index:
                out.append(((base + k_index[site.kind]) * hw + cell, 1.0))
            if site.owner in s_index:
                out.append(((base + len(self.site_kinds) + s_index[site.owner]) * hw + cell, 1.0))
        self._tail(out, state, seat, round_limit)
        return out

    def _tail(self, out: list[tuple[int, float]], state: GameState, seat: str,
              limit: int | None) -> None:
        i = self.planes * self.height * self.width
        for s in self.seats:
            player = state.players.get(s)
            for c in self.counters:
                value = float(player.counters.get(c, 0)) if player is not None else 0.0
                if value:
                    out.append((i, value))
                i += 1
        pend = state.pending
        kind = pend.kind if pend is not None else None
        d = self.decisions.index(kind) if kind in self.decisions else len(self.decisions)
        out.append((i + d, 1.0))
        i += len(self.decisions) + 1
        if pend is not None and pend.seat in self.seats:
            out.append((i + self.seats.index(pend.seat), 1.0))
        i += len(self.seats)
        if seat in self.seats:
            out.append((i + self.seats.index(seat), 1.0))
        i += len(self.seats)
        if limit:
            out.append((i, min(1.0, state.round / limit)))
        i += 1
        for sid, values in self.secret_slots.items():  # what this seat's view holds of each
            item = state.secrets.get(sid)
            held = item.get("value") if item is not None and not item.get("masked") \
                and may_see(item, seat) else None  # (a masked entry has no value to read)
            if held is not None and str(held) in values:
                out.append((i + values.index(str(held)), 1.0))
            i += len(values)

    def bounds(self) -> tuple[list[float], list[float]]:
        """Per element of an observation: (lowest, highest) value."""
        lo = [0.0] * self.obs_size
        hi = [1.0] * self.obs_size
        i = self.planes * self.height * self.width
        for _ in self.seats:
            for c in self.counters:
                spec = self.scenario.counters.get(c) or {}
                lo[i] = float(spec["min"]) if spec.get("min") is not None else -1e9
                hi[i] = float(spec["max"]) if spec.get("max") is not None else 1e9
                i += 1
        return lo, hi



def option_list(options: Any) -> list[str]:
    """``options`` of an adapter as a list of option ids (None: none); a lone string is refused,
    as it would be read a letter at a time (``unknown option 's'``)."""
    if options is None:
        return []
    if isinstance(options, str):
        raise EngineError(f"options is a list of option ids, not a string: write "
                          f"options=[{options!r}]")
    return list(options)

def rewards(result: dict[str, Any], seats: list[str], sides: dict[str, str] | None = None
            ) -> dict[str, float]:
    """The final rewards: +1 for the winner (or every seat of its side, ``sides`` as in
    :func:`~distant_galaxy.bots.rollout.score`), -1 for the others, 0 for a draw."""
    if result.get("winner") is None:
        return dict.fromkeys(seats, 0.0)
    return {s: 2.0 * v - 1.0 for s, v in score(result, seats, sides).items()}


def seat_state(game: Game, seat: str) -> GameState:
    """The state as ``seat`` may see it (its view's where the engine hides something)."""
    view = getattr(game, "view", None)
    return view(seat).state if view is not None else game.state


_CODECS: dict[tuple[str, str | None, tuple[str, ...]], Codec] = {}


def codec_for(scenario: Scenario) -> Codec:
    """The scenario's codec, learned once per process from seeded random games."""
    key = (scenario.id, scenario.variant, tuple(scenario.options))
    found = _CODECS.get(key)
    if found is None:
        found = _CODECS[key] = explore(scenario)
    return found


def declared_blocks(scenario: Scenario) -> dict[tuple[str, Shape], list[set[str]]]:
    """The (verb, shape) blocks the scenario's typed verbs declare, with each word slot's words:
    a cell or unit argument is a cell slot (``c``), one with a domain (sites, bounded numbers, a
    scenario list) a word slot (``w``); a verb with an argument of neither kind declares none, a
    chain of cells one block per length up to :data:`MAX_BLOCK` indices."""
    cells = sum(1 for _ in scenario.grid.all_cells())
    out: dict[tuple[str, Shape], list[set[str]]] = {}
    for verb, kind in scenario.action_kinds().items():
        if not isinstance(kind, Verb):
            continue
        lo, hi = kind.arity or (len(kind.args), len(kind.args))
        for n in range(lo, hi + 1):
            slots = [_words(arg, scenario) for arg in params_of(kind, n)]
            if any(words == [] for words in slots):
                break
            size = 1
            for words in slots:
                size *= cells if words is None else len(words)
            if size > MAX_BLOCK:
                break
            out[(verb, tuple("c" if words is None else "w" for words in slots))] = \
                [set(words or ()) for words in slots]
    return out


def _words(arg: Arg, scenario: Scenario) -> list[str] | None:
    """None for a cell slot, else the words of a word slot (empty when the declaration does not
    say them: no domain)."""
    if arg.kind in ("cell", "unit"):
        return None
    return list(arg.domain(scenario) or ())


def explore(scenario: Scenario) -> Codec:
    """The declared blocks (:func:`declared_blocks`), and from seeded random games the shapes and
    words they do not declare, the token types, the decision kinds and the dice."""
    declared = declared_blocks(scenario)
    seen: dict[tuple[str, Shape], list[set[str]]] = {}
    types: set[str] = set()
    decisions: set[str] = set()
    dice: set[int] = set()
    secrets: dict[str, set[str]] = {}
    probe = Codec(scenario, {}, set(), set())
    plies = 0
    for seed in EXPLORE_SEEDS:
        game = Game(scenario, seed=seed)  # recorded: its dice events tell the dice
        setup = len(game.events)
        _note_secrets(game, secrets)  # (those dealt at set-up: a seat's own from the start)
        rng = random.Random(seed)
        while not game.over and plies < EXPLORE_PLIES:
            st = game.state
            assert st.pending is not None  # (a game not over awaits a decision)
            decisions.add(st.pending.kind)
            types.update(t.type for t in st.tokens.values())
            legal = game.legal_actions()
            for a in legal:
                shape, values = probe.shape_of(st, a)
                if (a.verb, shape) in declared:
                    continue
                slots = seen.setdefault((a.verb, shape), [set() for _ in shape])
                for slot, kind, v in zip(slots, shape, values, strict=False):
                    if kind == "w":
                        slot.add(v)
            game.apply(legal[rng.randrange(len(legal))])
            plies += 1
        dice.update(int(e["die"][1:]) for e in game.events[setup:] if e["type"] == "dice")
    return Codec(scenario, {**seen, **declared}, types, decisions, dice, secrets)


def _note_secrets(game: Game, slots: dict[str, set[str]]) -> None:
    """Add to ``slots`` the secrets of a new game that some seat may see and not every one (an
    own battle order; not a face-down marker nobody sees yet), with the values each may take:
    its own and those its plugin says (``dg_secret_values``). Only plain values (text,
    numbers)."""
    for sid, item in game.state.secrets.items():
        see = item.get("see")
        value = item.get("value")
        if see in ("all", "none") or not isinstance(value, (str, int, float)):
            continue
        known = slots.get(sid)
        if known is None:
            known = slots[sid] = set()
            domain = game.hook.dg_secret_values(game=game, sid=sid) or []
            known.update(str(v) for v in domain if isinstance(v, (str, int, float)))
        known.add(str(value))


