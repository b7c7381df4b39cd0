"""Hidden information: secrets kept in the game state, who may see each, bags committed at set-up.

A **secret** is one value kept in ``GameState.secrets`` under an id, with who may see it:

``see``
    ``"none"`` (nobody: a face-down marker, the order of a shuffled bag), ``"owner"`` (the seat
    in ``owner`` alone: a hand of cards, battle orders kept secret until revealed), ``"all"``
    (revealed), or a list of seats (revealed to some).
``public``
    optional facts everybody may read about it (the bag it was drawn from and its slot, the
    cell it lies on as ``at: [x, y]``: the board shows ``?`` there to whoever may not see it).

The rest of the state refers to a secret by its id. The engine and the referee read secrets
with ``game.secret(id)``; a seat's view (``game.view(seat)``, :mod:`distant_galaxy.core.view`)
holds *no value* of a secret that seat may not see — the entry is masked — and refuses to read
it with :class:`HiddenInformation`.

A **bag** is a list of items shuffled at set-up whose order is secret: :func:`shuffle_bag`
shuffles it, keeps the order and a salt as the secret ``bag:<name>``, and logs a ``bag_commit``
event with the sha256 of the canonical order and salt (:func:`bag_digest`). Each item drawn
becomes a secret of its own whose ``public`` names the bag and slot. When an item is revealed
(``reveal``), a ``reveal`` event logs its value, bag and slot; when the game ends every bag's
order and salt are logged for the referee alone (``bag_reveal``, seen by no seat), so a referee
checks from the log alone that every revealed item came from the committed bag
(:func:`distant_galaxy.harness.referee.verify_hidden`).

**Where the randomness comes from.** Every bag is shuffled from the **game's secret**, 256 bits
that no die shows (:func:`game_secret`): the shuffle uses the game's generator (SplitMix64,
:func:`distant_galaxy.core.dice.draw`) on a stream derived from the secret and the bag's name, and
the salt is derived the same way (:func:`secret_shuffle`). The secret is kept as the secret
``secret:game`` (nobody sees it); its sha256 (:func:`commitment`) is in the log's header
(``secret_sha256``) and at the end the secret is logged for the referee (``secret_reveal``, seen by
no seat), who checks it against the header and every bag's order against it. So the dice a
player sees — every roll of the game, which the prompt tells — say nothing about a hidden value,
even to someone who finds the seed by trying seeds against them.

A game made with ``secret=`` uses that secret: ``dg run`` without ``--seed`` gives every game a
fresh one (``secrets.token_hex``) and a 64-bit random seed. Without it — the engine's API, tests,
simulations, ``dg run --seed N`` — the secret is derived from the seed (:func:`derived_secret`),
so the same seed and actions give the same game and logs in any process; then whoever knows the
seed knows the bags, and ``dg run`` warns when such a seed is small. The save keeps the secret (a
save is the host's, like the log); a replay takes it from the log's ``secret_reveal``, or derives
it from the seed when the header's commitment says so.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.dice import draw
from distant_galaxy.errors import EngineError

if TYPE_CHECKING:
    import random

    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import GameState

#: What a seat's view, the board and the prompt show for a value the seat may not see.
UNKNOWN = "?"

#: The id prefix of a bag's secret (its order and salt).
BAG = "bag:"

#: The id of the game's secret, which every bag's shuffle is drawn from.
GAME_SECRET = "secret:game"

SEE_VALUES = ("none", "owner", "all")


class HiddenInformation(EngineError):
    """A read of a value the reader may not see (a seat's view refuses it)."""


def entry(value: Any, see: str | list[str], owner: str | None = None,
          public: dict[str, Any] | None = None) -> dict[str, Any]:
    """A secret's entry in ``GameState.secrets``."""
    if not isinstance(see, list) and see not in SEE_VALUES:
        raise EngineError(f"a secret's 'see' is one of {', '.join(SEE_VALUES)} or a list of "
                          f"seats, not {see!r}")
    if see == "owner" and owner is None:
        raise EngineError("a secret seen by its owner needs an owner")
    out: dict[str, Any] = {"value": value, "see": list(see) if isinstance(see, list) else see}
    if owner is not None:
        out["owner"] = owner
    if public:
        out["public"] = dict(public)
    return out


def may_see(item: dict[str, Any], seat: str | None) -> bool:
    """Whether ``seat`` (None: the public, every player) may see the secret ``item``."""
    see = item["see"]
    if see == "all":
        return True
    if seat is None:
        return False
    if see == "owner":
        return bool(item.get("owner") == seat)
    return isinstance(see, list) and seat in see


class Masked(dict):  # type: ignore[type-arg]
    """A secret's entry without its value, as a seat's view holds it: ``entry["value"]`` raises
    :class:`HiddenInformation` (the value is not there to give)."""

    def __missing__(self, key: str) -> Any:
        if key == "value":
            what = f" ({self['public']['what']})" if "what" in self.get("public", {}) else ""
            raise HiddenInformation(f"the value of a secret{what} is hidden from this view")
        raise KeyError(key)


def masked(item: dict[str, Any]) -> dict[str, Any]:
    """The entry without its value, as a view holds it."""
    out = Masked({k: v for k, v in item.items() if k != "value"})
    out["masked"] = True
    return out


def masked_secrets(secrets: dict[str, dict[str, Any]], seat: str | None) -> dict[str, Any]:
    """The secrets as ``seat`` (None: the public) may hold them: values it may not see removed."""
    return {sid: (item if may_see(item, seat) else masked(item)) for sid, item in secrets.items()}


def hidden_from(secrets: dict[str, dict[str, Any]], seat: str | None) -> bool:
    """Whether some secret is hidden from ``seat``."""
    return any(not may_see(item, seat) for item in secrets.values())


def public_state_json(state: GameState) -> dict[str, Any]:
    """The state's JSON form with every secret masked that not everybody may see (the log's
    header shows this; the save keeps the whole state)."""
    out = state.to_json()
    if state.secrets:
        out["secrets"] = masked_secrets(state.secrets, None)
    return out


def read(secrets: dict[str, dict[str, Any]], sid: str, who: str | None = None) -> Any:
    """The value of the secret ``sid``; :class:`HiddenInformation` when it is masked here."""
    item = secrets.get(sid)
    if item is None:
        raise EngineError(f"there is no secret '{sid}'")
    if item.get("masked"):
        reader = f"{who}'s view" if who else "this copy of the game (a seat's view)"
        what = f" ({item['public']['what']})" if "what" in item.get("public", {}) else ""
        raise HiddenInformation(f"secret '{sid}'{what} is hidden: {reader} may not read it")
    return item["value"]


def known(secrets: dict[str, dict[str, Any]], sid: str) -> bool:
    """Whether the value of ``sid`` is held here (not masked)."""
    item = secrets.get(sid)
    return item is not None and not item.get("masked")


# -- the game's operations (Game.hide / reveal / shuffle_bag delegate here) -------------------
def hide(game: Game, sid: str, value: Any, see: str | list[str] = "none",
         owner: str | None = None, public: dict[str, Any] | None = None) -> None:
    """Keep ``value`` as the secret ``sid`` (nothing is logged: the plugin logs what is public)."""
    if sid in game.state.secrets:
        raise EngineError(f"secret '{sid}' exists already")
    game.state.secrets[sid] = entry(value, see, owner, public)


def reveal(game: Game, sid: str, reason: str, rule: str | None = None,
           to: list[str] | None = None) -> Any:
    """Show the secret ``sid`` to everybody (or to the seats ``to`` as well); log it with its
    value (a ``reveal`` event; ``to`` in it when only some seats see it — the log is the
    referee's); return the value."""
    secrets = game.state.secrets
    value = read(secrets, sid)
    item = secrets[sid]
    if to is None:
        see: str | list[str] = "all"
    else:
        before = item["see"] if isinstance(item["see"], list) else (
            [item["owner"]] if item["see"] == "owner" else [])
        see = "all" if item["see"] == "all" else sorted({*before, *to})
    secrets[sid] = {**item, "see": see}  # replaced, never edited in place (clones share it)
    fields: dict[str, Any] = {"secret": sid, "value": value, "reason": reason}
    fields.update({k: v for k, v in item.get("public", {}).items() if k in ("bag", "slot")})
    if to is not None:  # only those seats may see the event (a seat's view filters it)
        fields["to"] = sorted(to)
        fields["visible_to"] = sorted({*to, *(see if isinstance(see, list) else [])})
    if rule:
        fields["rule"] = rule
    game.emit("reveal", **fields)
    return value


def bag_items(contents: dict[str, int]) -> list[str]:
    """The bag before the shuffle: each item ``count`` times, items in sorted order (the log's
    ``contents`` has its keys sorted, so a referee rebuilds the same list)."""
    return [item for item in sorted(contents) for _ in range(int(contents[item]))]


def shuffle_bag(game: Game, bag: str, contents: dict[str, int], purpose: str,
                rule: str | None = None) -> list[str]:
    """Shuffle the bag of ``contents`` (item → how many; :func:`bag_items` before the shuffle)
    with the game's generator on the bag's own stream drawn from the game's secret (see the module
    text), keep the order and a
    salt as the secret ``bag:<bag>`` and log a ``bag_commit`` event with the contents and the
    sha256 of order and salt; return the order."""
    counts = {str(k): int(n) for k, n in contents.items() if int(n) > 0}
    order, salt = secret_shuffle(game_secret(game), bag, bag_items(counts))
    hide(game, BAG + bag, {"order": order, "salt": salt}, "none",
         public={"bag": bag, "size": len(order), "contents": counts, "what": f"the bag {bag}"})
    fields: dict[str, Any] = {"bag": bag, "size": len(order), "contents": counts,
                              "sha256": bag_digest(bag, order, salt), "purpose": purpose,
                              "secret_sha256": game.state.secrets[GAME_SECRET]["public"]["sha256"]}
    if rule:
        fields["rule"] = rule
    game.emit("bag_commit", **fields)
    return order


def reveal_bags(game: Game) -> None:
    """At the end of the game: log the game's secret (``secret_reveal``) and every bag's order and
    salt (``bag_reveal``, by bag name, so a
    game restored from a save — whose keys are sorted — logs the same) **for the referee alone**:
    the event has ``visible_to: []``, so no seat's view, prompt, board or replay shows it, and
    the bag's secret stays unseen in every view. Items left in a bag went back "to the box"
    unseen (source 003: «Неиспользованные маркеры не подглядывая убираются в коробку»); the
    log file, which holds every event, is the host's and the referee's. A bag this copy does not
    hold (a seat's view) is skipped."""
    secrets = game.state.secrets
    item = secrets.get(GAME_SECRET)
    if item is not None and not item.get("masked") and not item.get("opened"):
        secrets[GAME_SECRET] = {**item, "opened": True}
        game.emit("secret_reveal", secret=item["value"], sha256=commitment(item["value"]),
                  visible_to=[])
    for sid in sorted(s for s in secrets if s.startswith(BAG)):  # by name: a save sorts keys
        item = secrets[sid]
        if item.get("masked") or item.get("opened"):
            continue
        value = item["value"]
        secrets[sid] = {**item, "opened": True}  # replaced, never edited in place
        game.emit("bag_reveal", bag=sid[len(BAG):], order=list(value["order"]),
                  salt=value["salt"], sha256=bag_digest(sid[len(BAG):], value["order"],
                                                        value["salt"]), visible_to=[])


# -- determinization: a hidden value sampled from what a seat's view allows ------------------
def bag_remaining(game: Game, bag: str) -> list[str]:
    """The items of ``bag`` not known to be elsewhere, as ``game`` (a copy made from a seat's
    view, or the game) knows it: the committed contents (public) less every item of that bag
    this copy holds the value of (revealed, or seen by the seat) — what a face-down item of the
    bag may be, each item as often as it may be drawn. ``[]`` when there is no such bag."""
    secrets = game.state.secrets
    item = secrets.get(BAG + bag)
    if item is None:
        return []
    left = Counter({str(k): int(n) for k, n in item.get("public", {}).get("contents", {}).items()})
    for sid, other in secrets.items():
        if not sid.startswith(BAG) and other.get("public", {}).get("bag") == bag \
                and not other.get("masked"):
            left[str(other["value"])] -= 1
    return [face for face in sorted(left) for _ in range(max(0, left[face]))]


def determinize(game: Game, rng: random.Random) -> int:
    """Give every masked secret of ``game`` — a copy made from a seat's view — a value drawn with
    ``rng`` from the values a plugin says it may have there (the ``dg_secret_values`` hook, asked
    on this copy, which holds nothing the seat may not see); return how many were drawn.

    Secrets are taken by id (sorted). Those whose ``public`` names the same ``bag`` are drawn
    together, without replacement, from the values the hook gives for the first of them (two
    face-down markers are never the same one marker); any other secret independently. A secret
    the hook gives no values for stays masked, and so does a bag's own order (``bag:<name>``).
    Search bots call this on each iteration's copy (``mcts``): a world consistent with what the
    seat knows, never one read from the game."""
    if "dg_secret_values" not in game.hooked:
        return 0
    secrets = game.state.secrets
    pools: dict[str, list[Any]] = {}
    drawn = 0
    for sid in sorted(s for s, item in secrets.items() if item.get("masked")):
        if sid.startswith(BAG) or sid == GAME_SECRET:
            continue
        item = secrets[sid]
        bag = item.get("public", {}).get("bag")
        pool = pools.get(bag) if bag is not None else None
        if pool is None:
            values = game.hook.dg_secret_values(game=game, sid=sid)
            if values is None:
                continue
            pool = list(values)
            if bag is not None:
                pools[bag] = pool
        if not pool:
            continue
        i = rng.randrange(len(pool))
        value = pool.pop(i) if bag is not None else pool[i]
        plain = {k: v for k, v in item.items() if k != "masked"}
        secrets[sid] = {**plain, "value": value}  # replaced, never edited in place
        drawn += 1
    return drawn


# -- the commitment -----------------------------------------------------------------------------
def _sha256_hex(text: str) -> str:
    """SHA-256 (hex) of ``text``'s UTF-8 bytes: the keys, commitments and digests below.
    hashlib (it loads OpenSSL, about 3 ms) is imported at the first call, not by every start
    that loads this module (the compiled build's ``dg validate``)."""
    import hashlib
    return hashlib.sha256(text.encode()).hexdigest()


def secret_key(seed: int, label: str) -> str:
    """A 256-bit hex key derived from the game's seed and a label (one-way: it does not tell the
    seed)."""
    return _sha256_hex(f"distant-galaxy/secret/{seed}/{label}")


def derived_secret(seed: int) -> str:
    """The game's secret when none was given: derived from the seed (reproducible; as secret as
    the seed is)."""
    return secret_key(seed, "game")


def fresh_secret() -> str:
    """A new game secret: 256 bits of the operating system's entropy (:mod:`secrets`, imported
    here: it imports hashlib, which loads OpenSSL)."""
    import secrets
    return secrets.token_hex(32)


def commitment(secret: str) -> str:
    """sha256 (hex) of the game's secret as the log's header commits to it."""
    return _sha256_hex(f"distant-galaxy/commit/{secret}")


def game_secret(game: Game) -> str:
    """The game's secret (see the module text): the secret ``secret:game`` once kept, else the
    one the game was made with (``Game(secret=…)``) or :func:`derived_secret`, kept now (seen by
    nobody; its ``public`` holds the commitment)."""
    secrets = game.state.secrets
    if GAME_SECRET in secrets:
        return str(read(secrets, GAME_SECRET))
    value = getattr(game, "bag_secret", None) or derived_secret(game.state.seed)
    hide(game, GAME_SECRET, value, "none",
         public={"sha256": commitment(value), "what": "the game's secret"})
    return str(value)


def saved_secret(state: GameState) -> str | None:
    """The game's secret a full state (a save's) holds, or None."""
    item = state.secrets.get(GAME_SECRET)
    return None if item is None or item.get("masked") else str(item["value"])


def secret_shuffle(secret: str, bag: str, items: list[Any]) -> tuple[list[Any], str]:
    """The order of ``items`` shuffled for the bag (Fisher–Yates over the generator's stream
    keyed by the game's secret and the bag) and the bag's salt; a referee recomputes both from
    the revealed secret."""
    key = f"distant-galaxy/bag/{secret}/{bag}"
    stream = int(_sha256_hex(f"{key}/shuffle")[:16], 16)
    counter = 0
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j, counter = draw(stream, counter, i + 1)
        order[i], order[j - 1] = order[j - 1], order[i]
    return order, _sha256_hex(f"{key}/salt")


def bag_digest(bag: str, order: list[Any], salt: str) -> str:
    """sha256 (hex) of the canonical JSON ``{"bag", "order", "salt"}`` (keys sorted, no spaces)."""
    text = json.dumps({"bag": bag, "order": list(order), "salt": salt}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)
    return _sha256_hex(text)


__all__ = [
    "BAG",
    "GAME_SECRET",
    "UNKNOWN",
    "HiddenInformation",
    "bag_digest",
    "bag_items",
    "bag_remaining",
    "commitment",
    "derived_secret",
    "determinize",
    "entry",
    "fresh_secret",
    "game_secret",
    "hidden_from",
    "hide",
    "known",
    "masked",
    "masked_secrets",
    "may_see",
    "public_state_json",
    "read",
    "reveal",
    "reveal_bags",
    "saved_secret",
    "secret_key",
    "secret_shuffle",
    "shuffle_bag",
]
