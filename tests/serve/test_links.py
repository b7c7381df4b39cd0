"""The links file beside a served save (engine/serve/links.py): the tokens, the campaign stage
they are for and the game's log, kept for ``dg serve --resume``; a file that is not one is
refused naming it."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from distant_galaxy.errors import SaveError
from distant_galaxy.serve.links import HOT_SEAT, Links, keep_tokens, links_path, read_links, write_links


def test_the_links_and_the_log_are_kept_beside_the_save_for_its_owner(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    write_links(save, Links({"t1": "x", "t2": "o"}, None, "/games/g.jsonl"))
    assert stat.S_IMODE(links_path(save).stat().st_mode) == 0o600
    assert read_links(save, ["x", "o"]) == Links({"t1": "x", "t2": "o"}, None, "/games/g.jsonl")
    assert read_links(save, ["x", "o"], tag="stage-2") == Links(tag="stage-2")  # another stage
    assert read_links(tmp_path / "none.json", ["x"]) == Links()


def test_an_older_links_file_without_a_log_still_reads(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    links_path(save).write_text(json.dumps({"tokens": {"t": "x"}, "tag": None}))
    assert read_links(save, ["x"]) == Links({"t": "x"})


@pytest.mark.parametrize("text", ["not json", "[]", '{"tokens": {"t": "nobody"}, "tag": null}',
                                  '{"tokens": {"t": "x"}, "tag": null, "log": 7}'])
def test_a_file_that_is_not_a_links_file_is_refused_naming_it(tmp_path: Path, text: str) -> None:
    save = tmp_path / "g.json"
    links_path(save).write_text(text)
    with pytest.raises(SaveError, match=r"g\.json\.links"):
        read_links(save, ["x"])


def test_kept_tokens_follow_who_plays_now() -> None:
    kept = keep_tokens({"a": "x", "b": "o"}, {"x": "human", "o": "random"}, False)
    assert kept == {"a": "x"}
    more = keep_tokens({"a": "x"}, {"x": "human", "o": "human"}, False)
    assert more["a"] == "x" and sorted(more.values()) == ["o", "x"]
    assert list(keep_tokens({}, {"x": "human", "o": "human"}, True).values()) == [HOT_SEAT]
