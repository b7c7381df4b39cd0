"""The referee of hidden information: from a log alone, did every revealed item come from the bag
the game committed to at set-up?

Walks the log's ``bag_commit``, ``reveal``, ``secret_reveal`` and ``bag_reveal`` events (core/hidden.py,
docs/log-format.md "Hidden information"):

1. every bag is committed once, before anything is revealed from it;
2. a revealed item names a committed bag and a slot inside it; no slot is revealed to everybody
   twice, and a slot shown first to some seats (``to``) and later to all shows the same item;
3. at the end each bag's order and salt hash to the committed sha256, the order holds exactly the
   committed contents, and every revealed item is the one in its slot of that order;
4. the game's secret revealed at the end hashes to the header's ``secret_sha256``, and each bag's
   order and salt are the ones that secret gives (the shuffle was not chosen by hand, nor after
   the commitment);
5. a log that reached ``game_over`` revealed the game's secret and every bag it committed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from distant_galaxy.core.hidden import bag_digest, bag_items, commitment, secret_shuffle
from distant_galaxy.play.log import read_log


@dataclass
class _Bag:
    line: int
    size: int
    contents: dict[str, int]
    sha256: str
    revealed: dict[int, tuple[int, Any]] = field(default_factory=dict)  # slot -> (line, value)
    shown: set[int] = field(default_factory=set)  # slots revealed to everybody
    opened: bool = False


def verify_hidden(records: str | Path | list[tuple[int, dict[str, Any]]]) -> list[str]:
    """The problems found in a log's hidden information (``[]``: every revealed item came from
    its committed bag). ``records`` is a log's path or :func:`read_log`'s (line, record) pairs."""
    recs = read_log(records) if isinstance(records, (str, Path)) else records
    header = next((r for _, r in recs if r.get("kind") == "header"), {})
    promised = header.get("secret_sha256") or next(
        (r.get("secret_sha256") for _, r in recs if r.get("type") == "bag_commit"), None)
    bags: dict[str, _Bag] = {}
    problems: list[str] = []
    over = False
    secret: list[str] = []  # the game's secret once revealed (and checked)
    for line, rec in recs:
        if rec.get("kind") != "event":
            continue
        t = rec.get("type")
        if t == "bag_commit":
            _commit(bags, line, rec, problems)
            if rec.get("secret_sha256") != promised:
                problems.append(f"line {line}: bag '{rec.get('bag')}' names another game secret "
                                "than the header's")
        elif t == "reveal" and "bag" in rec:
            _revealed(bags, line, rec, problems)
        elif t == "secret_reveal":
            _secret(line, rec, promised, secret, problems)
        elif t == "bag_reveal":
            _opened(bags, line, rec, secret[0] if secret else None, problems)
        elif t == "game_over":
            over = True
    if over:
        problems += [f"line {b.line}: bag '{name}' was committed but its order never revealed"
                     for name, b in bags.items() if not b.opened]
        if promised and not secret:
            problems.append("line 1: the header commits to a game secret that the log never "
                            "reveals")
    if bags and not promised:
        problems.append("line 1: the header commits to no game secret (secret_sha256), so "
                        "nothing shows the bags were shuffled before play")
    return problems


def _secret(line: int, rec: dict[str, Any], promised: Any, secret: list[str],
            problems: list[str]) -> None:
    value = str(rec.get("secret"))
    if commitment(value) != promised:
        problems.append(f"line {line}: the game's secret does not hash to the header's "
                        "secret_sha256")
        return
    secret.append(value)


def _commit(bags: dict[str, _Bag], line: int, rec: dict[str, Any], problems: list[str]) -> None:
    name = str(rec.get("bag"))
    if name in bags:
        problems.append(f"line {line}: bag '{name}' committed twice (first at line "
                        f"{bags[name].line})")
        return
    bags[name] = _Bag(line, int(rec.get("size", -1)), dict(rec.get("contents", {})),
                      str(rec.get("sha256")))


def _revealed(bags: dict[str, _Bag], line: int, rec: dict[str, Any], problems: list[str]) -> None:
    name, slot = str(rec["bag"]), rec.get("slot")
    bag = bags.get(name)
    if bag is None:
        problems.append(f"line {line}: {rec.get('secret')} revealed from bag '{name}', which "
                        "was never committed")
        return
    if not isinstance(slot, int) or not 0 <= slot < bag.size:
        problems.append(f"line {line}: slot {slot!r} is not in bag '{name}' of {bag.size}")
        return
    value = rec.get("value")
    first = bag.revealed.get(slot)
    if first is not None and first[1] != value:
        problems.append(f"line {line}: slot {slot} of bag '{name}' shows {value!r}, but line "
                        f"{first[0]} showed {first[1]!r}")
        return
    if "to" not in rec:
        if slot in bag.shown:
            problems.append(f"line {line}: slot {slot} of bag '{name}' revealed twice (first "
                            f"at line {first[0] if first else '?'})")
            return
        bag.shown.add(slot)
    if first is None:
        bag.revealed[slot] = (line, value)


def _opened(bags: dict[str, _Bag], line: int, rec: dict[str, Any], secret: str | None,
            problems: list[str]) -> None:
    name = str(rec.get("bag"))
    bag = bags.get(name)
    if bag is None:
        problems.append(f"line {line}: bag '{name}' revealed but never committed")
        return
    bag.opened = True
    order, salt = list(rec.get("order", [])), str(rec.get("salt"))
    if bag_digest(name, order, salt) != bag.sha256:
        problems.append(f"line {line}: the order and salt of bag '{name}' do not match the "
                        f"sha256 committed at line {bag.line}")
        return
    if len(order) != bag.size or Counter(map(str, order)) != Counter(bag.contents):
        problems.append(f"line {line}: bag '{name}' holds other items than committed at line "
                        f"{bag.line}")
    for slot, (at, value) in sorted(bag.revealed.items()):
        if slot < len(order) and order[slot] != value:
            problems.append(f"line {at}: revealed {value!r} from slot {slot} of bag '{name}', "
                            f"but the committed order has {order[slot]!r} there")
    if secret is None:
        problems.append(f"line {line}: bag '{name}' opened before the game's secret was "
                        "revealed: its shuffle cannot be checked")
    elif secret_shuffle(secret, name, bag_items(bag.contents)) != (order, salt):
        problems.append(f"line {line}: the order of bag '{name}' is not the shuffle the game's "
                        "secret gives")


__all__ = ["verify_hidden"]
