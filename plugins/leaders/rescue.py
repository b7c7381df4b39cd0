"""RL.10's choice: «Если захваченных лидеров несколько, то спаситель выбирает одного из них» —
when the rescue's d10 frees one of several captives, the rescuer chooses which.

The capture that won the d10 leaves the choice in the state (``leader_choice``); right after
that action the decision is handed over to the rescuer (``rescue``, a hand-over: docs/plugins.md),
whose legal actions are ``free LEADER``, one per captive. ``end`` there chooses nothing, and the
first captive by id is freed (as before this rule was played: D-L.4's fallback), so a bot that
does not know the verb still ends the decision."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from distant_galaxy import NameArg, TypedAction, Verb
from distant_galaxy_episodes.leaders.model import edit, leader_ids

if TYPE_CHECKING:
    from distant_galaxy import Game

#: The state's record of a choice to make: rescuer, planet, holder, captives, asked.
CHOICE = "leader_choice"
#: The hand-over's decision kind, in which ``free`` exists.
DECISION = "rescue"


def offer(game: Game, rescuer: str, planet: str, holder: str, captives: list[str]) -> None:
    """Leave the choice among ``captives`` to ``rescuer`` (asked after the action)."""
    game.state.attrs[CHOICE] = {"rescuer": rescuer, "planet": planet, "holder": holder,
                                "captives": list(captives), "asked": False}


def after_action(game: Game) -> None:
    """Hand the choice over to the rescuer after the capture; if the rescue decision ended
    without a choice (``end``), free the first captive by id."""
    choice = game.state.attrs.get(CHOICE)
    if choice is None or game.over:
        return
    if not choice["asked"]:
        game.state.attrs[CHOICE] = {**choice, "asked": True}
        game.hand_over(choice["rescuer"], DECISION,
                       f"RL.10: {choice['rescuer']} frees one of the captives of "
                       f"{choice['holder']} on {choice['planet']}: free "
                       f"{' | '.join(choice['captives'])}")
        return
    pend = game.state.pending
    if pend is None or pend.kind != DECISION:
        _free(game, choice, choice["captives"][0], chosen=False)


def _free(game: Game, choice: dict[str, Any], lid: str, chosen: bool) -> None:
    rec = edit(game, lid)
    rec["holder"], rec["planet"], rec["ship"] = choice["rescuer"], choice["planet"], None
    del game.state.attrs[CHOICE]
    game.emit("leader_freed", leader=lid, rescuer=choice["rescuer"], planet=choice["planet"],
              holder=choice["holder"], captives=choice["captives"], chosen=chosen, rule="RL.10")


def free_refusal(game: Game, seat: str, lid: str) -> str | None:
    """Why ``seat`` may not free the captive ``lid`` now, or None."""
    choice = game.state.attrs.get(CHOICE)
    if choice is None or choice["rescuer"] != seat:
        return "there is no captive for you to free now (RL.10)"
    if lid not in choice["captives"]:
        return f"{lid} is not one of the captives you may free: {', '.join(choice['captives'])}"
    return None


class Free(Verb):
    """``free LEADER``: the rescuer's choice of the captive to free (RL.10)."""

    verb = "free"
    args = (NameArg("LEADER", leader_ids, "leader"),)
    doc = ("Choose which of several captives your capture frees (RL.10: «спаситель выбирает "
           "одного из них»).")
    phases = frozenset({DECISION})

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        choice = game.state.attrs.get(CHOICE)
        return [(lid,) for lid in choice["captives"]] if choice is not None else []

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return free_refusal(game, seat, move.args[0])

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        _free(game, game.state.attrs[CHOICE], move.args[0], chosen=True)
        game.end_decision()


def describe(event: dict[str, Any]) -> str | None:
    """``leader_freed`` in words."""
    if event["type"] != "leader_freed":
        return None
    how = "chooses" if event["chosen"] else "chose none, so the first by id is freed:"
    return (f"  !! {event['rescuer']} {how} {event['leader']} — it joins {event['rescuer']} on "
            f"{event['planet']} (RL.10)")
