"""Fleets, models and their states.

A *model* is a token placed from a fleet's ``models:`` list. Its token attributes hold its
fleet (``fleet``), whether it belongs to the main force (``main``), its state (``state``:
``ok``, ``abandoned``, ``prize`` — captured and held by ``held_by`` —, or ``trophy``) and this
turn's ``moved``/``acted`` flags; its hull is the engine's token counter ``hull``
(``unit_counters:``). A destroyed model leaves the board and is remembered in
``game.state.attrs["fb_lost"]``; orders, initiative and the last tally are there too. Nested
values are always replaced, never changed in place (docs/plugins.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from distant_galaxy import StashKey

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Scenario, Token

SECTION = "fleet_battle"
LOST, ORDERS, INITIATIVE, TALLY = "fb_lost", "fb_orders", "fb_initiative", "fb_tally"
#: Secret orders (RB.4, secret.py): fleet → the id of the secret holding its roll; fleet → the
#: orders D6.8 replaces by the default one (public: it follows from the fleets, not the roll).
SECRET_ORDERS, INAPPLICABLE = "fb_secret_orders", "fb_inapplicable"
OK, ABANDONED, PRIZE, TROPHY, DESTROYED = "ok", "abandoned", "prize", "trophy", "destroyed"
ESCORT, TOKEN = "escort", "token"
#: unit type → what a :class:`Model` of it holds from ``unit_types:`` (start hull, cost, size,
#: transport, scoring), read once per scenario: models are made at every victory check
TYPE_FACTS = StashKey[dict[str, tuple[int, int, str, bool, bool]]]()


def section(scenario: Scenario) -> dict[str, Any]:
    """The scenario's ``fleet_battle:`` section."""
    return scenario.data[SECTION]


def fleet_names(scenario: Scenario) -> list[str]:
    """The two fleets, in the section's order."""
    return list(section(scenario)["fleets"])


def enemy_of(scenario: Scenario, fleet: str) -> str:
    """The other fleet."""
    return next(f for f in fleet_names(scenario) if f != fleet)


def fleet_of_seat(scenario: Scenario, seat: str) -> str | None:
    """The fleet a seat commands a squadron of, or None."""
    for name, spec in section(scenario)["fleets"].items():
        if seat in spec.get("seats", []):
            return name
    return None


def auto_fleet(scenario: Scenario) -> str | None:
    """The fleet moved by the plugin's AI (``auto: true``), or None (two human fleets)."""
    return next((n for n, s in section(scenario)["fleets"].items() if s.get("auto")), None)


def seats_of(game: Game, fleet: str) -> list[str]:
    """The seats of this game that command a squadron of ``fleet``, in seat order."""
    listed = section(game.scenario)["fleets"][fleet].get("seats", [])
    return [s for s in game.state.seats if s in listed]


def stat(scenario: Scenario, unit: str, name: str, default: Any = 0) -> Any:
    """A unit type's stat."""
    return scenario.unit_types.get(unit, {}).get(name, default)


def role(scenario: Scenario, unit: str) -> str:
    """``model``, ``escort`` or ``token`` (escorts and tokens score nothing, RB.5)."""
    return str(stat(scenario, unit, "role", "model"))


def scores(scenario: Scenario, unit: str) -> bool:
    """Whether losing a model of this type gives the enemy points (RB.5: not escorts, tokens)."""
    return role(scenario, unit) not in (ESCORT, TOKEN)


@dataclass(frozen=True)
class Model:
    """One model of a fleet as the rules see it: on the board, or destroyed."""

    id: str
    type: str
    fleet: str
    main: bool
    state: str          # ok, abandoned, prize, trophy, destroyed
    hull: int
    start_hull: int
    cost: int
    size: str
    transport: bool
    scoring: bool
    token: Token | None  # None once destroyed

    @property
    def taken(self) -> bool:
        """Destroyed or captured (abandoned by its crew, a prize, a Trophy) — RB.1's wording."""
        return self.state != OK

    @property
    def captured(self) -> bool:
        """Abandoned by its crew, a prize or a Trophy (the source: «захвачены (Покинуты командой
        или являются Трофеями)»)."""
        return self.state in (ABANDONED, PRIZE, TROPHY)


def type_facts(scenario: Scenario, unit: str) -> tuple[int, int, str, bool, bool]:
    """A unit type's start hull, cost, size, whether it is a transport and whether losing it
    scores (RB.5), from ``unit_types:`` (read once per scenario)."""
    table = scenario.stash.get(TYPE_FACTS, None)
    if table is None:
        table = scenario.stash[TYPE_FACTS] = {}
    facts = table.get(unit)
    if facts is None:
        facts = table[unit] = (int(stat(scenario, unit, "hull")), int(stat(scenario, unit, "cost")),
                               str(stat(scenario, unit, "size")),
                               bool(stat(scenario, unit, "transport", False)),
                               scores(scenario, unit))
    return facts


def _model(game: GameLike, tid: str, unit: str, fleet: str, main: bool, state: str,
           hull: int, tok: Token | None) -> Model:
    start_hull, cost, size, transport, scoring = type_facts(game.scenario, unit)
    return Model(tid, unit, fleet, main, state, hull, start_hull, cost, size, transport, scoring,
                 tok)


def models(game: Game, fleet: str | None = None) -> list[Model]:
    """Every model (on the board and destroyed) of ``fleet`` or of both, by id."""
    out = []
    for tok in game.state.tokens.values():
        f = tok.attrs.get("fleet")
        if f is None or (fleet is not None and f != fleet):
            continue
        out.append(_model(game, tok.id, tok.type, f, bool(tok.attrs.get("main")),
                          str(tok.attrs.get("state", OK)), game.token_counter(tok, "hull"), tok))
    for tid, rec in game.state.attrs.get(LOST, {}).items():
        if fleet is None or rec["fleet"] == fleet:
            out.append(_model(game, tid, rec["type"], rec["fleet"], bool(rec.get("main")),
                              DESTROYED, 0, None))
    return sorted(out, key=lambda m: (len(m.id), m.id))


def active_models(game: GameLike, fleet: str) -> list[Token]:
    """The tokens of ``fleet`` whose crews still fight (state ``ok``), by id (the order of
    :func:`models`)."""
    out = [tok for tok in game.state.tokens.values()
           if tok.attrs.get("fleet") == fleet and str(tok.attrs.get("state", OK)) == OK]
    out.sort(key=_by_id)
    return out


def _by_id(tok: Token) -> tuple[int, str]:
    return (len(tok.id), tok.id)


def model_of(game: GameLike, tok: Token) -> Model:
    """The model behind a token."""
    return _model(game, tok.id, tok.type, str(tok.attrs.get("fleet")),
                  bool(tok.attrs.get("main")), str(tok.attrs.get("state", OK)),
                  game.token_counter(tok, "hull"), tok)


def set_attrs(tok: Token, **fields: Any) -> None:
    """Change a token's attributes (flat values only)."""
    tok.attrs = {**tok.attrs, **fields}


def param(game: GameLike, *path: str) -> Any:
    """A number of the ``fleet_battle:`` section."""
    value: Any = section(game.scenario)
    for key in path:
        value = value[key]
    return value


def order_of(game: GameLike, fleet: str) -> int:
    """A fleet's battle order (RB.2: the default order unless the Battle Orders option set one).
    A secret order (RB.4) is read through ``game.secret``: a seat's view that may not see it
    raises ``HiddenInformation`` (use :func:`known_order` there)."""
    attrs = game.state.attrs
    default = int(param(game, "default_order"))
    sid = attrs.get(SECRET_ORDERS, {}).get(fleet)
    if sid is None:
        return int(attrs.get(ORDERS, {}).get(fleet, default))
    roll = int(game.secret(sid))
    return default if roll in attrs.get(INAPPLICABLE, {}).get(fleet, []) else roll


def known_order(game: Game, fleet: str) -> int | None:
    """A fleet's battle order as this game or view may know it: None when it is secret from it."""
    sid = game.state.attrs.get(SECRET_ORDERS, {}).get(fleet)
    if sid is not None and not game.knows(sid):
        return None
    return order_of(game, fleet)


def order_hidden(game: Game, fleet: str) -> bool:
    """Whether a fleet's order is still secret from somebody (RB.4: not yet revealed to all)."""
    sid = game.state.attrs.get(SECRET_ORDERS, {}).get(fleet)
    return sid is not None and game.state.secrets[sid]["see"] != "all"


def crippled(game: GameLike, tok: Token) -> bool:
    """Damaged down to ``crippled_at`` hull points or fewer (D6.5): it may be boarded (a model
    that never had more hull than that is not crippled until it is hit)."""
    hull = game.token_counter(tok, "hull")
    return hull <= int(param(game, "crippled_at")) and hull < int(stat(game.scenario, tok.type,
                                                                       "hull"))
