"""Victory points (RB.5) counted in every end phase with their terms, going up and down as models
are captured, recaptured and declared Trophies (D6.6, D6.7) — forced dice; the tiers (RB.6)."""

from __future__ import annotations

from distant_galaxy_episodes.fleet_battle import combat, phases, score
from tests.fleet_battle.conftest import ABO, CIV, battle, of


def _terms(game, fleet):
    return {t["model"]: (t["term"], t["points"]) for t in score.tally(game, fleet)[1]}


def test_rb5_trophy_double_destroyed_or_abandoned_full_half_hull_half_escorts_nothing():
    """RB.5: Trophy 2x cost, destroyed or abandoned its cost, at or below half hull half its
    cost; escorts and tokens nothing."""
    game = battle([
        {"id": "D1", "type": "dreadnought", "at": "1,1", "fleet": CIV},
        {"id": "W1", "type": "warship", "at": "8,8", "fleet": ABO, "state": "trophy",
         "held_by": CIV},
        {"id": "R1", "type": "raider", "at": "9,8", "fleet": ABO, "state": "abandoned"},
        {"id": "R2", "type": "raider", "at": "10,8", "fleet": ABO, "hull": 2},   # 2 of 4: half
        {"id": "S1", "type": "stinger", "at": "11,8", "fleet": ABO, "hull": 2},  # unhurt
        {"id": "A1", "type": "swarm", "at": "12,8", "fleet": ABO, "state": "abandoned"},
        {"id": "L1", "type": "lure", "at": "12,9", "fleet": ABO, "state": "trophy",
         "held_by": CIV},
    ], attrs={"fb_lost": {"M1": {"type": "mothership", "fleet": ABO, "main": True}}})
    assert _terms(game, CIV) == {"M1": ("destroyed", 200), "W1": ("trophy", 200),
                                 "R1": ("abandoned", 50), "R2": ("at or below half hull", 25)}
    assert score.tally(game, CIV)[0] == 475 and score.tally(game, ABO)[0] == 0


def test_vp_recount_after_capture_recapture_and_trophy_with_forced_dice():
    """RB.5 «Очки победы могут изменяться… Захватывать, Отбивать»: a crippled cruiser is
    boarded (prize: its cost), recaptured (back to half hull: half), boarded again and, with
    no friend within 2 hexes at the end phase, declared a Trophy (double) — D6.6, D6.7."""
    game = battle([
        {"id": "C1", "type": "cruiser", "at": "5,5", "fleet": CIV, "hull": 1},
        {"id": "K1", "type": "destroyer", "at": "4,5", "fleet": CIV},
        {"id": "W1", "type": "warship", "at": "6,5", "fleet": ABO},
    ])
    w1, c1, k1 = (game.state.tokens[t] for t in ("W1", "C1", "K1"))
    game.dice.force([4])
    assert combat.board(game, None, w1, c1)                   # the Aborigines board C1
    assert c1.attrs["state"] == "prize" and _terms(game, ABO) == {"C1": ("prize", 110)}
    game.dice.force([4])
    assert combat.board(game, "red", k1, c1)                  # K1 recaptures it
    assert c1.attrs["state"] == "ok" and _terms(game, ABO) == {
        "C1": ("at or below half hull", 55)}
    [recapture] = [e for e in of(game, "model_state") if e["state"] == "recaptured"]
    assert recapture["rule"] == "D6.6"
    combat.new_turn(game)
    game.dice.force([5])
    assert combat.board(game, None, w1, c1)                   # boarded again
    game.state.move_token(k1, (0, 10))                        # no friend within 2 hexes
    game.dice.force([6])                                      # (C1 is no crew: no roll)
    phases.end_phase(game)
    assert c1.attrs["state"] == "trophy"
    tally = [e for e in of(game, "vp_tally") if e["fleet"] == ABO][-1]
    assert tally["vp"] == 220 and tally["terms"][0]["term"] == "trophy"
    assert tally["rule"] == "RB.5"


def test_rb6_tiers_by_margin():
    """RB.6: 50% more a crushing defeat, 30% brilliant victory, 10% minor success, else a
    draw; points against none is the widest margin."""
    game = battle([{"id": "D1", "type": "dreadnought", "at": "1,1", "fleet": CIV}])
    cases = [((150, 100), (CIV, "crushing defeat")), ((149, 100), (CIV, "brilliant victory")),
             ((130, 100), (CIV, "brilliant victory")), ((129, 100), (CIV, "minor success")),
             ((110, 100), (CIV, "minor success")), ((109, 100), (None, "draw")),
             ((100, 100), (None, "draw")), ((0, 0), (None, "draw")),
             ((10, 0), (CIV, "crushing defeat")), ((100, 160), (ABO, "crushing defeat"))]
    for (a, b), want in cases:
        assert score.tier_of(game, {CIV: a, ABO: b}) == want, (a, b)
