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

from distant_galaxy import Action, ActionKind, require
from distant_galaxy_episodes.leaders.model import edit

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


class Free(ActionKind):
    """``free LEADER``: the rescuer's choice of the captive to free (RL.10)."""

    verb = "free"
    usage = "free LEADER"
    doc = ("Choose which of several captives your capture frees (RL.10: «спаситель выбирает "
           "одного из них»).")
    arity = (1, 1)
    phases = frozenset({DECISION})

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        choice = game.state.attrs.get(CHOICE)
        if choice is None or choice["rescuer"] != seat:
            return []
        return [Action("free", (lid,)) for lid in choice["captives"]]

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        choice = game.state.attrs.get(CHOICE)
        require(choice is not None and choice["rescuer"] == seat,
                "there is no captive for you to free now (RL.10)")
        assert choice is not None
        require(action.arg(0) in choice["captives"], f"{action.arg(0)} is not one of the "
                f"captives you may free: {', '.join(choice['captives'])}")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        choice = game.state.attrs[CHOICE]
        _free(game, choice, action.arg(0), chosen=True)
        game.end_decision()


def describe(event: dict[str, Any]) -> str | None:
    """``leader_freed`` in words."""
    if event["type"] != "leader_freed":
        return None
    how = "chooses" if event["chosen"] else "chose none, so the first by id is freed:"
    return (f"  !! {event['rescuer']} {how} {event['leader']} — it joins {event['rescuer']} on "
            f"{event['planet']} (RL.10)")
