"""``dg simulate --scheduler``: the same report from a two-worker Dask ``LocalCluster`` as from
a local run (issue 18), the probe that names a worker that cannot play, and the errors."""

from __future__ import annotations

import json
import sys

import pytest

from distant_galaxy.cli.main import main
from distant_galaxy.errors import EngineError
from distant_galaxy.simulate import cluster
from tests.conftest import DATA

distributed = pytest.importorskip(
    "distributed", reason="Dask is the optional [cluster] extra (pip install -e '.[cluster]'; "
    ".ci/run installs it)")

GOLD = str(DATA / "scenarios" / "gold-race.yaml")


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as lc:
        yield lc.scheduler_address


def report(capsys, *argv: str) -> tuple[dict, str]:
    assert main(["simulate", *argv, "--json"]) == 0
    out = capsys.readouterr()
    return json.loads(out.out), out.err


def test_the_cluster_gives_the_local_report(capsys, scheduler):
    argv = ("asteroid-belt", "--games", "20", "--players", "2", "--variant", "quick", "--rotate")
    local, _ = report(capsys, *argv, "--jobs", "1")
    remote, err = report(capsys, *argv, "--scheduler", scheduler)
    assert remote == local
    assert err.startswith("cluster: 2 workers, 2 threads; engine ")


def test_a_scenario_file_travels_with_the_tasks(capsys, scheduler, monkeypatch):
    local, _ = report(capsys, GOLD, "--games", "30", "--jobs", "1")
    monkeypatch.setenv("DG_SCHEDULER", scheduler)  # the environment names the scheduler
    remote, err = report(capsys, GOLD, "--games", "30")
    assert remote == local and f"sent with the tasks: {GOLD}" in err


def test_a_worker_that_cannot_load_the_scenario_is_named(capsys, scheduler):
    """The mod extends ./gold-race.yaml, a file its travelling copy does not bring along."""
    mod = str(DATA / "scenarios" / "gold-race-rich-red.yaml")
    assert main(["simulate", mod, "--games", "2", "--scheduler", scheduler]) == 2
    err = capsys.readouterr().err
    assert "the cluster cannot play these games" in err and "does not load there" in err
    assert err.count("worker tcp://") == 2 and "Traceback" not in err


def test_no_scheduler_there(capsys, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    assert main(["simulate", "tic-tac-toe", "--games", "1", "--scheduler",
                 "tcp://127.0.0.1:9"]) == 2
    assert "cannot reach the scheduler" in capsys.readouterr().err


def test_without_dask_the_message_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(EngineError, match=r"pip install \"distant-galaxy-engine\[cluster\]\""):
        cluster.cluster_executor("tcp://127.0.0.1:9", [], None).__enter__()  # type: ignore[arg-type]


def test_problems_name_the_worker_and_the_reason():
    found = cluster.problems({"tcp://w1": {"engine": "0.0.9", "loads": {"x": "ok"}},
                              "tcp://w2": {"engine": cluster.ENGINE_VERSION,
                                           "loads": {"x": "unknown scenario 'x'"}}})
    assert found[0].startswith("worker tcp://w1: engine '0.0.9'")
    assert found[1].startswith("worker tcp://w2: x does not load there: unknown scenario 'x'")
