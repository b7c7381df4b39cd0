"""Two reports compared (distant_galaxy.simulate.compare)."""

from __future__ import annotations

from distant_galaxy.simulate.compare import compare_reports, difference
from distant_galaxy.simulate.plan import Case
from distant_galaxy.simulate.summary import rate, summarize

CASE = Case(None, 2, ("red", "blue"), (("red", None), ("blue", None)),
            (("red", "random"), ("blue", "random")))


def games(red_wins, n=100):
    return [{"seed": i, "order": ["red", "blue"], "winner": "red" if i < red_wins else "blue",
             "reason": "won", "rule": None, "round": 3 + i % 2, "actions": 6, "limit": False}
            for i in range(n)]


def report(red_wins):
    return {"scenario": "s", "games": 100, "seeds": [0, 99], "turn_order": "scenario",
            "cases": [summarize(CASE, games(red_wins))]}


def test_a_difference_with_its_interval():
    d = difference(rate(56, 70), rate(48, 80), 70, 80)
    assert d == {"a": 0.8, "b": 0.6, "difference": -0.2, "ci": [-0.3339, -0.0524],
                 "significant": True}


def test_compare_reports():
    out = compare_reports(report(50), report(75), "mod.yaml")
    comp = out["compare"]
    assert comp["source"] == "mod.yaml" and comp["report"]["cases"][0]["seat_wins"][0]["count"] == 75
    red = comp["cases"][0]["seat_wins"][0]
    assert red["seat"] == "red" and red["difference"] == 0.25 and red["significant"]
    assert not comp["cases"][0]["draws"]["significant"]
    assert comp["cases"][0]["rounds"]["mean_difference"] == 0.0
    same = compare_reports(report(50), report(55), "mod.yaml")["compare"]["cases"][0]
    assert not same["seat_wins"][0]["significant"]


def test_compare_pairs_the_games_by_seed_and_compares_the_endings():
    """The designer trial: the intervals treat the two runs as independent; the games are
    paired by seed, so each winner's rate is also tested seed by seed (McNemar's exact test of
    the discordant pairs), and the endings are compared too."""
    case = compare_reports(report(50), report(75), "mod.yaml")["compare"]["cases"][0]
    red, blue = case["seat_wins"]
    assert red["paired"] == {"games": 100, "only_a": 0, "only_b": 25,
                             "p": round(2 / 2 ** 25, 4), "significant": True}
    assert (blue["paired"]["only_a"], blue["paired"]["only_b"]) == (25, 0)
    assert case["draws"]["paired"]["p"] == 1.0 and not case["draws"]["paired"]["significant"]
    assert case["endings"] == [{"reason": "won", "kind": "won", "a": 1.0, "b": 1.0,
                                "difference": 0.0, "ci": [-0.037, 0.037], "significant": False}]
    # a small change the interval cannot see, the pairs can: 12 seeds change hands, all to red
    small = compare_reports(report(50), report(62), "mod.yaml")["compare"]["cases"][0]
    assert not small["seat_wins"][0]["significant"]
    assert small["seat_wins"][0]["paired"]["significant"]


def test_a_report_saved_without_winners_compares_without_pairs():
    old = report(50)
    del old["cases"][0]["winners"]
    case = compare_reports(old, report(75), "mod.yaml")["compare"]["cases"][0]
    assert case["seat_wins"][0]["paired"] is None and case["seat_wins"][0]["significant"]


def test_endings_of_one_kind_are_compared_when_a_mod_changes_their_number():
    """The episode modder's trial: a mod that won at 2 closed portals instead of 3 showed its
    endings as new ('closed 2 portals' against 'closed N portals': −45 and +38 points)."""
    def ended(words, n=40):
        outs = [{**g, "reason": words} for g in games(20, n)]
        return {"scenario": "s", "games": n, "seeds": [0, n - 1], "turn_order": "scenario",
                "cases": [summarize(CASE, outs)]}

    case = compare_reports(ended("the Aborigines closed 3 portals"),
                           ended("the Aborigines closed 2 portals"), "mod.yaml")["compare"]
    (row,) = case["cases"][0]["endings"]
    assert (row["reason"], row["a"], row["b"], row["difference"]) == (
        "the Aborigines closed 3 portals", 1.0, 1.0, 0.0)


def test_the_text_leaves_out_the_seats_rows_where_only_sides_won():
    """The episode modder's trial: comparing two Clash runs printed 'red 0.0 %', 'blue 0.0 %'
    and 'first to play 0.0 %' (only the Aborigines or the civilizations together win)."""
    from distant_galaxy.simulate.text import compare_text

    def sides(n_aborigines, n=20):
        outs = [{**g, "winner": "aborigines" if g["seed"] < n_aborigines else "civilizations"}
                for g in games(0, n)]
        return {"scenario": "s", "games": n, "seeds": [0, n - 1], "turn_order": "scenario",
                "cases": [summarize(CASE, outs)]}

    lines = compare_text(compare_reports(sides(12), sides(8), "mod.yaml"))
    labels = [line.split()[0] for line in lines[2:] if line.startswith("  ") and
              not line.startswith("   ")]
    assert "aborigines" in labels and "civilizations" in labels
    assert not {"red", "blue", "first"} & set(labels)
    both = compare_text(compare_reports(report(50), report(75), "mod.yaml"))
    assert any(line.startswith("  red ") for line in both)
