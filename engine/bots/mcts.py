"""The search bot ``mcts``: open-loop Monte Carlo tree search (UCT) over the engine's own actions.

Each iteration works on a fresh copy of the game as the deciding seat sees it (``game.clone()``;
a controller is given the seat's view where the game hides something, and a view's copy holds only
what the seat may see), walks down the tree by UCT choosing among the actions legal *in that copy*,
adds one node, plays out (:mod:`distant_galaxy.bots.rollout`) and scores every seat.

**Chance.** The copy's dice are re-seeded for every iteration from the bot's own seeded stream
(``state.seed`` of the copy is a draw of ``self.rng``, its roll counter 0), never the game's: the
dice of a search are a sample of what may come, the game's own dice are untouched, and the game's
log is the same whoever thought how long. The tree is *open loop*: a node is a sequence of actions,
not a state, so after a die the same node stands for whatever the dice gave in that iteration, and
a child is scored by UCT over the iterations in which its action was legal (availability counts,
as in information-set MCTS) — sound for dice and for determinizations alike.

**Hidden values.** A copy of a seat's view holds no value the seat may not see. Each iteration's
copy is *determinized*: every masked secret a plugin gives possible values for
(``dg_secret_values``, :func:`distant_galaxy.core.hidden.determinize`: a face-down Space Domain
marker is drawn from what is left in its bag, the enemy's secret battle order from its bag of
orders) gets a value drawn from the bot's own seeded stream — a world consistent with the seat's
view, never read from the game. Where a simulated line still needs a value nobody offered (or
with ``determinize=no``), the iteration stops there and is scored as a draw for every seat
(counted in ``last["hidden_stops"]``).

**Determinism.** With an iteration budget (``mcts:400``) the same seed, seat and game give the same
choice in any process. A time budget (``mcts:0.5s``) searches as many iterations as fit, which
depends on the machine: it is for people, not for reproducible series.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from distant_galaxy.bots.budget import Budget, parse_budget
from distant_galaxy.bots.halving import Halving
from distant_galaxy.bots.rollout import needs_hidden_value, outcome, playout, score, tempo
from distant_galaxy.bots.thinking import Thinking
from distant_galaxy.core.hidden import determinize
from distant_galaxy.errors import EngineError
from distant_galaxy.play.controllers import Controller

if TYPE_CHECKING:
    from collections.abc import Callable

    from distant_galaxy.core.actions import Action
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.view import GameLike


class Node:
    """One action in the tree: visits, summed score of the seat that chose it, availability;
    ``outcome``: each seat's score where the search has proved it (``solve``), ``width``: how
    many actions were legal after it when last seen (all of them tried and proved: proved)."""

    __slots__ = ("avail", "children", "n", "outcome", "w", "width")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Action, Node] = {}
        self.outcome: dict[str, float] | None = None
        self.width = 0


class MctsBot(Controller):
    """Monte Carlo tree search for any scenario (``--seat S=mcts``, ``mcts:400``, ``mcts:0.5s``)."""

    name = "mcts"
    #: the "thinking" line (``Controller.thinking``): seconds before the first, between two
    thinking_pace = (0.1, 0.1)

    def __init__(self, seat: str, seed: int = 0, budget: Budget | None = None):
        super().__init__(seat, seed)
        self.budget = budget or Budget()
        self.seed = seed
        self.policy: dict[str, Controller] | None = None
        self.prior_bots: dict[str, Controller] | None = None  # prior=default: each seat's
        self._tree: tuple[Node, list[tuple[str, str]]] | None = None  # kept for ``reuse``
        self.hidden_stops = 0  # iterations of the last search stopped by a hidden value
        self.capped = False  # whether the last search stopped at its CPU-time cap (``cap=``)
        self.last: dict[str, Any] = {}  # what the last search did (iterations, seconds, visits)

    @classmethod
    def configured(cls, param: str) -> Callable[[str, int], Controller]:
        """A factory of bots with the budget ``param`` (the text after ``mcts:``)."""
        budget = parse_budget(param)

        def make(seat: str, seed: int = 0) -> Controller:
            return cls(seat, seed, budget)
        return make

    def choose(self, game: GameLike) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            self.last = {"iterations": 0, "seconds": 0.0}
            return legal[0]
        seats = list(game.state.seats)
        if self.policy is None and self.budget.rollout == "default":
            self.policy = self._default_policy(game, seats)
        halving = self.budget.root == "halving"
        if (self.budget.prior == "default" or halving) and self.prior_bots is None:
            self.prior_bots = self._default_policy(game, seats)
        shown = self._thinking("playouts" if halving else "iterations")
        try:
            if halving:
                return self._halving(game, legal, seats, shown)
            return self._uct_root(game, legal, seats, shown)
        finally:
            if shown is not None:
                shown.close()

    def _thinking(self, unit: str) -> Thinking | None:
        """The "thinking" line of this decision, where someone watches (``self.thinking``)."""
        if self.thinking is None:
            return None
        delay, every = self.thinking_pace
        return Thinking(self.thinking, self.seat, self.budget.iterations, self.budget.seconds,
                        unit, delay=delay, every=every)

    def _uct_root(self, game: GameLike, legal: list[Action], seats: list[str],
                  shown: Thinking | None) -> Action:
        """The root searched by UCT (the default ``root=uct``)."""
        t0 = time.perf_counter()
        history = list(game.history) if self.budget.reuse else []
        root = self._reused(history)
        reused = root.n
        prior = self._prior(game)
        self.hidden_stops = 0
        self.capped = False
        done = self._search(game, root, seats, t0, shown)
        # most visits; among equally visited actions the prior, then the best mean
        best = max(legal, key=lambda a: _rank(root.children.get(a), self.seat, a == prior))
        self.last = {"iterations": done, "reused": reused, "hidden_stops": self.hidden_stops,
                     "capped": self.capped, "proved": root.outcome is not None,
                     "seconds": time.perf_counter() - t0,
                     "visits": {str(a): c.n for a, c in root.children.items()}}
        self._tree = (root, history) if self.budget.reuse else None
        return best

    def _halving(self, game: GameLike, legal: list[Action], seats: list[str],
                 shown: Thinking | None = None) -> Action:
        """The root by sequential halving over common dice (``root=halving``)."""
        t0 = time.perf_counter()
        search = Halving(game, self.seat, seats, self.budget, self.policy, self.rng,
                         shown.tick if shown is not None else None)
        prior = self._prior(game)
        best = search.choose(legal, prior, self._ranked(game, prior))
        self.last = {"iterations": search.playouts, "seconds": time.perf_counter() - t0,
                     "hidden_stops": search.hidden_stops, "capped": search.capped,
                     "plies": search.plies,
                     "prior": None if prior is None else str(prior),
                     "samples": len(search.seeds),
                     "means": {str(a): round(sum(v) / len(v), 4)
                               for a, v in search.scores.items() if v}}
        return best

    def _reused(self, history: list[tuple[str, str]]) -> Node:
        """The subtree of the last search reached by the actions played since (``reuse``), or a
        new root: an open-loop node stands for its action sequence, whatever the dice gave."""
        if self._tree is None:
            return Node()
        node, seen = self._tree
        if len(history) < len(seen) or history[:len(seen)] != seen:
            return Node()
        for _seat, text in history[len(seen):]:
            found = next((c for a, c in node.children.items() if str(a) == text), None)
            if found is None:
                return Node()
            node = found
        return node

    def _search(self, game: GameLike, root: Node, seats: list[str], t0: float,
                shown: Thinking | None = None) -> int:
        b = self.budget
        deadline = t0 + b.seconds if b.seconds is not None else None
        c0 = time.process_time()
        done = 0
        while True:
            if b.cap is not None and done and time.process_time() - c0 >= b.cap:
                self.capped = True
                return done
            if deadline is not None:
                if done and time.perf_counter() >= deadline:
                    return done
            elif done >= (b.iterations or 1):
                return done
            self._iterate(game, root, seats)
            done += 1
            if shown is not None:
                shown.tick(done)
            if root.outcome is not None:  # proved (``solve``): nothing left to learn
                return done

    def _iterate(self, game: GameLike, root: Node, seats: list[str]) -> None:
        """One iteration: a fresh world, down the tree to a new node, a playout, the scores."""
        g = self.world(game)
        path: list[tuple[Node, str]] = []
        try:
            self._descend(g, root, path)
            if g.state.result is None:
                playout(g, self.budget.depth, self.rng, self.policy)
            elif self._provable(game, g):
                path[-1][0].outcome = outcome(g, seats)
                _prove(root, path)
            scores = outcome(g, seats, self.budget.score == "graded")
            scores = tempo(scores, len(g.history) - len(game.history),
                           self.budget.depth + len(path), self.budget.tempo)
        except EngineError as exc:
            if not needs_hidden_value(exc):
                raise
            scores = score({"winner": None}, seats)  # the line needs what this seat cannot see
            self.hidden_stops += 1
        root.n += 1
        for child, mover in path:
            child.n += 1
            child.w += scores.get(mover, 0.0)

    def _descend(self, g: Game, node: Node, path: list[tuple[Node, str]]) -> None:
        """Walk down from ``node`` by UCT, applying the tree's actions, until a node is added
        or the game ends; ``path`` gets each node passed and the seat that chose it. With
        ``widen`` a node visited ``n`` times gets a new child only while it has fewer than
        ``1 + widen·√n`` among the legal actions; the new child is the default bot's choice
        (``prior=default``) if not yet tried, else a random untried action."""
        rng, c, widen = self.rng, self.budget.c, self.budget.widen
        while g.state.result is None:
            pend = g.state.pending
            legal = g.legal_actions()
            if pend is None or not legal:
                return
            children = node.children
            node.width = len(legal)
            untried = [a for a in legal if a not in children]
            room = not widen or len(legal) - len(untried) < 1 + widen * math.sqrt(node.n)
            if untried and room:
                first = self._choice_of(g, pend.seat)
                action = first if first is not None and first in untried else \
                    untried[rng.randrange(len(untried))]
                child = children[action] = Node()
                g.apply(action)
                path.append((child, pend.seat))
                return
            action, child = _uct(legal, children, c, pend.seat)
            g.apply(action)
            path.append((child, pend.seat))
            node = child

    def _provable(self, game: GameLike, g: Game) -> bool:
        """Whether the line just walked down the tree (``g``, a world of ``game``) proves its
        end (``solve``): the same actions from the same state end the same way — no hidden
        value was drawn for the world and no die was rolled on the way (MCTS-Solver's terminal
        values are sound only for such lines; OpenSpiel's ``MCTSBot(solve=True)`` does the
        same for games without chance)."""
        return self.budget.solve and not game.state.secrets and g.state.rolls == 0

    def world(self, game: GameLike) -> Game:
        """A copy of ``game`` (as this seat sees it) whose dice follow the bot's own stream and
        whose hidden values are drawn from what the seat's view allows (``determinize``)."""
        g = game.clone()
        g.state.seed = self.rng.getrandbits(63)
        g.state.rolls = 0
        if self.budget.determinize and g.state.secrets:
            determinize(g, self.rng)
        return g

    def _ranked(self, game: GameLike, prior: Action | None) -> list[Action] | None:
        """The default bot's next choices after ``prior``, best first (``ranked=K``: at most K),
        where it can rank them (an optional ``ranked(game)`` method of a controller)."""
        k = self.budget.ranked
        bot = self.prior_bots.get(self.seat) if self.prior_bots else None
        rank = getattr(bot, "ranked", None) if k else None
        if rank is None:
            return None
        return [a for a in rank(game) if a != prior][:k]

    def _prior(self, game: GameLike) -> Action | None:
        """The default bot's choice for this seat (``prior=default``), else None."""
        return self._choice_of(game, self.seat)

    def _choice_of(self, game: GameLike, seat: str) -> Action | None:
        """What the scenario's default bot would play for ``seat`` here (``prior=default``)."""
        bot = self.prior_bots.get(seat) if self.prior_bots else None
        if bot is None:
            return None
        choice = bot.choose(game)
        return choice if choice in game.legal_actions() else None

    def _default_policy(self, game: GameLike, seats: list[str]) -> dict[str, Controller]:
        """Playout controllers: the scenario's default bot for every seat (none: random)."""
        name = game.scenario.data.get("default_bot", "random")
        bots = game.scenario.bots()
        if name in ("random", self.name) or name not in bots:
            return {}
        return {s: bots[name](s, self.seed) for s in seats}


def _prove(root: Node, path: list[tuple[Node, str]]) -> None:
    """MCTS-Solver's back-up of a proved end (the last node of ``path``): a node whose mover
    has a child proved a win for it, or whose every legal action is tried and proved, is
    proved as its mover's best child; the back-up stops at the first node it cannot prove."""
    for i in range(len(path) - 1, -1, -1):
        parent = path[i - 1][0] if i else root
        mover = path[i][1]
        proved = [ch for ch in parent.children.values() if ch.outcome is not None]
        best = max(proved, key=lambda ch: ch.outcome.get(mover, 0.0) if ch.outcome else 0.0)
        assert best.outcome is not None
        if best.outcome.get(mover, 0.0) < 1.0 and \
                (len(proved) < len(parent.children) or len(parent.children) < parent.width):
            return
        parent.outcome = best.outcome


def _uct(legal: list[Action], children: dict[Action, Node], c: float, mover: str
         ) -> tuple[Action, Node]:
    """The legal action already tried with the highest UCT value (availability counts in the
    logarithm); a proved child is worth its proved score for ``mover``, with no exploration."""
    best: tuple[Action, Node] | None = None
    best_value = -math.inf
    for a in legal:
        child = children.get(a)
        if child is None:  # not a child yet (progressive widening)
            continue
        child.avail += 1
        if child.outcome is not None:
            value = child.outcome.get(mover, 0.0)
        else:
            value = child.w / child.n + c * math.sqrt(math.log(child.avail) / child.n) \
                if child.n else math.inf
        if value > best_value:
            best, best_value = (a, child), value
    assert best is not None
    return best


def _rank(child: Node | None, seat: str, prior: bool = False) -> tuple[float, int, bool, float]:
    """How good a root action looks after the search: a proved win first and a proved loss
    last (``solve``), then most visits, then the prior, then the best mean."""
    if child is None or not child.n:
        return (0.0, 0, prior, 0.0)
    proved = 0.0 if child.outcome is None else child.outcome.get(seat, 0.0) - 0.5
    return (proved, child.n, prior, child.w / child.n)
