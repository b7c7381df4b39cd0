"""Issue 33 item 4 (audit): no message grows with the input it quotes.

The source line of an error was cut around its caret, but other echoed text was not: ``dg run
<6,000-character name>`` gave a 6,029-byte message, ``--seat x=<6,000 characters>`` 6,087 bytes,
a 6,000-character text parameter used by a rule function a ~12 KB error. Every message that
quotes a person's input now passes it through one helper (``distant_galaxy.text.shorten``): at
most 80 characters, then ``…`` and the full length. Here a 6,000-character value in every place
a person types one (a scenario, a seat, a controller, a variant, an option, a number, a file, a
save, a log, an action at the prompt, a parameter of a mod used by a rule) gives a short message
that still shows its beginning and says how long it was.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main
from distant_galaxy.text import SHOWN_TEXT, shorten

LONG = "x" * 6000
#: The most bytes a refused command may print on stderr (argparse's usage lines included).
MOST = 1200

COMMANDS = [
    ["run", LONG], ["run", LONG, "--json"],
    ["run", "tic-tac-toe", "--seat", f"x={LONG}"], ["run", "tic-tac-toe", "--seat", f"{LONG}=random"],
    ["run", "tic-tac-toe", "--seat", LONG], ["run", "tic-tac-toe", "--variant", LONG],
    ["run", "tic-tac-toe", "--option", LONG], ["run", "tic-tac-toe", "--players", LONG],
    ["run", "tic-tac-toe", "--seed", LONG], ["run", "tic-tac-toe", "--seed", LONG, "--json"],
    ["run", "tic-tac-toe", "--seat", f"x={LONG}", "--json"],
    ["show", LONG], ["resume", LONG], ["replay", LONG], ["render", LONG], ["verify-log", LONG],
    ["validate", LONG], ["explain", LONG], ["perft", LONG],
    ["simulate", LONG], ["simulate", "tic-tac-toe", "--seat", f"x={LONG}"],
    ["simulate", "tic-tac-toe", "--variant", LONG], ["simulate", "--report", LONG],
    ["campaign", "new", LONG], ["campaign", "status", "--save", LONG],
    ["campaign", "new", "global", "--seat", f"{LONG}=bot"],
    ["campaign", "new", "global", "--seat", f"monarchy={LONG}"],
    ["list", LONG], [LONG],
]


def dg(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err, keep = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = keep
    return code, out.getvalue(), err.getvalue()


def _short(text: str) -> bool:
    return len(text.encode()) <= MOST and all(len(line) <= MOST for line in text.splitlines())


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(x[:12] for x in a))
def test_a_long_value_gives_a_short_message(args: list[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = dg(args)
    assert code != 0
    assert _short(err), f"{len(err.encode())} bytes on stderr: {err[:300]}…"
    assert _short(out), f"{len(out.encode())} bytes on stdout: {out[:300]}…"
    if "--json" in args:
        assert json.loads(out)["exit"] == code


def test_the_cut_shows_the_beginning_and_the_length() -> None:
    cut = shorten(LONG)
    assert cut.startswith("x" * (SHOWN_TEXT - 1) + "…") and cut.endswith("(6000 characters)")
    assert shorten("short") == "short"
    code, _, err = dg(["run", "tic-tac-toe", "--seat", f"x={LONG}"])
    assert code == 2 and "unknown controller 'xxx" in err and "…' (6000 characters)" in err


def test_an_action_typed_at_the_prompt_is_quoted_short(tmp_path: Path) -> None:
    code, out, err = dg(["run", "tic-tac-toe", "--seat", "x=human", "--seat", "o=random",
                         "--seed", "1"], stdin=f"place {LONG}\n{LONG}\nquit\n")
    assert code == 0 and _short(out + err)
    assert "not possible: unknown action 'xxx" in out and "(6002 characters)" in out


def _mod(tmp_path: Path, rule: str) -> Path:
    mod = tmp_path / "longp.yaml"
    mod.write_text(f'format: 1\nid: longp\ntitle: L\nextends: tic-tac-toe\nparams: {{word: "{LONG}"}}\n'
                   f"victory:\n  - id: odd\n    if: '{rule}'\n    reason: odd\n",
                   encoding="utf-8")
    return mod


#: Rules a long parameter makes fail (at load, or as the game plays); line_of and distance
#: echoed it twice (a 12 KB line).
@pytest.mark.parametrize("rule", ["pieces(params.word) > 5", "line_of(params.word, player.seat)",
                                  'cell_type(params.word) == "x"',
                                  "distance(params.word, params.word) > 0",
                                  "pool(player, params.word, params.word) > 0"])
def test_a_long_text_parameter_used_by_a_rule_gives_a_short_error(tmp_path: Path,
                                                                  rule: str) -> None:
    mod = str(_mod(tmp_path, rule))
    shown = ""
    for args in (["validate", mod], ["run", mod, "--seat", "x=random", "--seat", "o=random",
                                     "--seed", "1", "--quiet"]):
        _, out, err = dg(args)
        assert _short(out) and _short(err), f"{args[0]}: {len((out + err).encode())} bytes"
        shown += out + err
    assert "characters)" in shown  # the error, at load or in play: 6000 (or 6002 with quotes)
