"""Finding campaign files: the ``*.yaml`` files of the scenario folders whose top level has a
``campaign:`` key (the engine's own are in ``scenarios/campaigns/``), by id or by path."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.errors import EngineError
from distant_galaxy.scenario.find import discover, known_ids
from distant_galaxy.text import close_matches


def campaign_files() -> list[tuple[str | None, Path, str]]:
    """(id, path, provider) of every campaign file of every registered scenario folder."""
    return [(_peek_campaign_id(path), path, folder.provider)
            for path, folder in discover().campaigns]


def _peek_campaign_id(path: Path) -> str | None:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("campaign:"):
                return line[len("campaign:"):].split("#")[0].strip().strip("'\"") or None
    return None


def campaign_ids() -> list[str]:
    """The ids of the installed campaigns, sorted."""
    return sorted({cid for cid, _, _ in campaign_files() if cid})


def resolve_campaign_path(name: str) -> Path:
    """A campaign by id (``global``) or by path (``my/campaign.yaml``)."""
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if not p.is_file():
            raise EngineError(f"{name}: no such campaign file")
        return p
    found = [path for cid, path, _ in campaign_files() if cid == name]
    if len(found) > 1:
        raise EngineError(f"campaign id '{name}' is in {len(found)} files: "
                          + " and ".join(str(f) for f in found) + "; ids must be unique")
    if found:
        return found[0]
    ids = campaign_ids()
    near = close_matches(name, ids)
    hint = f"did you mean '{near[0]}'?" if near else f"known campaigns: {', '.join(ids) or 'none'}"
    if name in known_ids():  # a scenario, which dg run plays on its own
        hint += f" ('{name}' is a scenario: 'dg run {name}' plays it)"
    raise EngineError(f"unknown campaign '{name}'; {hint}")


__all__ = ["campaign_files", "campaign_ids", "resolve_campaign_path"]
