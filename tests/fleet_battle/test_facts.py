"""What each seat's squadron kept, for a campaign's points (facts.py, the hook
``dg_campaign_facts``; docs/campaign.md, DC.5): RB.5's terms over the models of its squadron
(D6.1: squadron n goes to the n-th playing seat, round robin)."""

from __future__ import annotations

from distant_galaxy import Game, load_scenario
from distant_galaxy_episodes.fleet_battle import combat, facts
from distant_galaxy_episodes.fleet_battle.model import set_attrs

SCENARIO = load_scenario("fleet-battle")


def _game(seats: int) -> Game:
    return Game(SCENARIO, seats=SCENARIO.seat_ids(seats), seed=1)


def test_an_untouched_fleet_kept_everything_each_squadron_its_own_cost():
    """Three seats: red has squadrons 1 and 4 (D1 180, F1 and F2 30 each; the escort E1 and the
    decoy B1 score nothing, RB.5), blue squadron 2 (C1 110, T1 50), green squadron 3 (K1 60)."""
    assert facts.squadron_facts(_game(3)) == {
        "red": {"squadron": 240, "lost": 0, "kept": 100},
        "blue": {"squadron": 160, "lost": 0, "kept": 100},
        "green": {"squadron": 60, "lost": 0, "kept": 100},
    }
    assert set(facts.squadron_facts(_game(4))) == {"red", "blue", "green", "yellow"}
    assert facts.squadron_facts(_game(1)) == {"red": {"squadron": 460, "lost": 0, "kept": 100}}


def test_rb5_terms_per_squadron_destroyed_trophy_and_half_hull():
    """D1 destroyed (its cost lost), C1 at half hull (half its cost), T1 a Trophy of the
    Aborigines (double for them, its cost once for what blue kept); green untouched."""
    game = _game(3)
    tok = game.state.tokens
    combat.destroy(game, tok["D1"], by="M1")
    game.change_token_counter(tok["C1"], "hull", -3, reason="test", rule="D6.4")  # 3 of 6
    set_attrs(tok["T1"], state="trophy", held_by="aborigines")
    assert facts.squadron_facts(game) == {
        "red": {"squadron": 240, "lost": 180, "kept": 25},       # 60 of 240 kept
        "blue": {"squadron": 160, "lost": 55 + 100, "kept": 34},  # 160 - 55 - 50 = 55
        "green": {"squadron": 60, "lost": 0, "kept": 100},
    }
    [reported] = [f for f in game.hook.dg_campaign_facts(game=game) if "red" in f]
    assert reported["red"]["kept"] == 25
