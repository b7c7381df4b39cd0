import pickle

from distant_galaxy.errors import IllegalAction, RuleError, ScenarioError, ScenarioErrors, SourcePos


def test_errors_survive_pickling():
    """Parallel runs send errors between processes."""
    errs = ScenarioErrors([ScenarioError("bad {", SourcePos("f.yaml", 1, 2, "x {")),
                           RuleError("r", None, "a hint")])
    back = pickle.loads(pickle.dumps(errs))
    assert str(back) == str(errs) and back.errors[0].pos.line == 1
    assert str(pickle.loads(pickle.dumps(IllegalAction("nope")))) == "nope"
