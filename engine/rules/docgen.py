"""The rule-language reference: markdown rendered from a registry and view types.

:func:`render_reference` documents the language (grammar, operators, comprehensions, effects)
and the functions and views it is given; it knows nothing of the game. The reference of the shipped
game, ``docs/rules.md``, is wired in :mod:`distant_galaxy.scenario.reference`.
"""

from __future__ import annotations

from distant_galaxy.rules.registry import Registry
from distant_galaxy.rules.syntax import grammar_text
from distant_galaxy.rules.views import ViewType

_INTRO = """\
# The rule language

Scenario files use short strings of this language for costs, modifiers, conditions, victory
conditions and AI priority rows (*expressions*), and for what happens (*effects*). Rules are
checked when the scenario loads — unknown names, attributes and functions, wrong argument counts
and syntax errors are reported with the file, line and column inside the string — and compiled
once; there is no `eval`, names starting with `_` are refused, and only the functions listed below
exist.

```yaml
victory:
  - id: R1
    if: "player.points >= 15 or count(s in sites where s.owner == player.seat) >= 3"
    reason: fifteen points or three sites
triggers:
  - id: bonus
    on: capture
    do: 'player.resources += 2; log("capture bonus")'
```

Values: integers (`3`), decimals (`1.5`), strings (`"scout"` or `'scout'`, escapes `\\n \\t \\\\
\\" \\'`), `true`/`false`/`none` (also `True`/`False`/`None`), lists (`["x", "y"]`), dice (`2d6`
rolls two six-sided dice with the game's seeded dice; every roll is logged with the rule text),
the names the engine provides for the rule (`player`, `unit`, `units`...) and their attributes
(`unit.speed`), indexing (`params["x"]`, `units[0]`).
"""

_OPERATORS = """\
## Operators and precedence

From loosest to tightest binding (as in Python):

| operators | meaning |
|---|---|
| `x if cond else y` | conditional |
| `or` | either (returns the first true operand, else the last) |
| `and` | both (returns the first false operand, else the last) |
| `not` | negation |
| `==` `!=` `<` `<=` `>` `>=` `in` `not in` | comparisons; chains like `1 <= x < 4` work |
| `+` `-` | addition, subtraction (`+` also joins strings) |
| `*` `/` `//` `%` | multiplication, division, floor division, remainder |
| `-x` `+x` | sign |
| `**` | power (right-associative; huge integer exponents are refused) |
| `x.attr` `x[i]` `f(...)` | attribute, index, call |

Division by zero and other failures while a rule runs raise a runtime error naming the rule.
"""

_COMPREHENSIONS = """\
## Comprehensions

One form tests elements, the other aggregates a value over them; `where COND` is optional in both:

| form | result |
|---|---|
| `count(u in units where COND)` | how many elements satisfy COND |
| `any(u in units where COND)` | whether at least one element satisfies COND |
| `all(u in units where COND)` | whether every element satisfies COND |
| `sum(EXPR for u in units where COND)` | the sum of EXPR over the elements satisfying COND (0 if none) |
| `min(EXPR for u in units where COND)` | the smallest EXPR (an error if no element matches) |
| `max(EXPR for u in units where COND)` | the largest EXPR (an error if no element matches) |

Example: `count(u in units where u.owner == player.seat and u.type == "scout") >= 2`.
The variable (`u`) is visible only inside the parentheses. `count`, `any`, `all` and `sum` are
reserved words; `min` and `max` with ordinary arguments are the built-in functions below.
"""

_EFFECTS = """\
## Effects

An effect is one or more statements separated by `;`:

- `target = value` and `target += value` (also `-=`, `*=`, `/=`, `//=`, `%=`), where the target is
  an attribute marked *settable* below, e.g. `player.points = player.points + site.points`. A
  counter (a player's, a token's) holds whole numbers: `/` gives a decimal (`7 / 2` is 3.5), and
  setting a counter to one is a runtime error naming the rule — write `7 // 2` (3) or
  `round(7 / 2)` (4) — rather than a value cut silently; a decimal that is whole (`6 / 2`) is
  kept as that number;
- a call of a registered *effect*, keyword arguments allowed:
  `move_token(unit, x=unit.x + 1, y=unit.y)`.

Assignments are refused in expressions; effects cannot be called inside expressions.

Effects may also hold these statements:

- `name = value` — a *local* name, read by the statements after it in its block (a name of the
  rules such as `player` cannot be assigned): `n = unit.seeds; unit.seeds = 0`;
- `for VAR in COLLECTION: BODY`, with an optional filter `for VAR in COLLECTION where COND:
  BODY` — BODY runs once per element, the variable bound to it (a list of the game, `cells()`,
  `range(a, b)`, a list literal); the collection is computed before the loop starts, so every
  loop ends;
- `if COND: BODY`.

A BODY is one statement, or a block of them in braces: `for c in cells() where unit_at(c[0],
c[1]) != none: { player.points += 1; log(c) }`. A `;` after a one-statement body ends the loop
(or the `if`): in `for u in units: a += 1; b += 1` only `a += 1` is repeated. Loops nest:
`for d in dirs: for k in range(1, 4): ...`.
"""

_DEFINES = """\
## Named expressions (`define:`)

A scenario's `define:` section names expressions, with parameters, once for all its rules
(`where:`, effects, victory conditions, triggers, tests' facts):

```yaml
define:
  owner_at(x, y): 'unit_at(x, y).owner if unit_at(x, y) != none else none'
  dirs: '[[1, 0], [0, 1], [-1, 0], [0, -1]]'          # no parameters: used as a name
  mine(x, y): 'owner_at(x, y) == seat'                 # defines may use other defines
```

A rule calls `owner_at(3, 4)` like a function (arguments in order, each evaluated once) and
names `dirs` like a value. The body is checked where it is used: it sees its parameters (which
hide names of that place they share) and the names of that place (`seat`, `player`, a `where:`'s
`x` and `y`…). A define may not call itself, directly or through another define — refused at
load, at the call that closes the cycle; loop over a list instead (`count(k in range(1, 8) where
...)`). A define's name may not be a function's or a name of the rules.
"""


def _functions(registry: Registry, origins: dict[str, str] | None = None) -> str:
    out = ["## Functions", ""]
    if not len(registry):
        out.append("No functions are registered.")
    for spec in registry:
        kind = "effect" if spec.effect else f"function → {spec.returns}"
        plugin = (origins or {}).get(spec.name)
        only = f" — only in a scenario with `plugins: [{plugin}]`" if plugin else ""
        out += [f"### `{spec.signature()}`", "", f"*{kind}*{only}", "", spec.doc, "",
                f"Example: `{spec.example}`", ""]
    return "\n".join(out).rstrip() + "\n"


def _views(views: dict[str, ViewType]) -> str:
    intro = "The attributes a rule may read (and, where settable, an effect may assign)."
    out = ["## Views", "", intro, ""]
    for name in sorted(views):
        view = views[name]
        out += [f"### `{name}`", ""]
        if view.doc:
            out += [view.doc, ""]
        out += ["| attribute | type | settable | description |", "|---|---|---|---|"]
        for attr_name in sorted(view.attrs):
            attr = view.attrs[attr_name]
            settable = "yes" if attr.set is not None else "no"
            out.append(f"| `{attr_name}` | `{attr.type}` | {settable} | {attr.doc} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def render_reference(registry: Registry, views: dict[str, ViewType],
                     origins: dict[str, str] | None = None) -> str:
    """The whole markdown reference for ``registry`` and ``views``; ``origins``: the plugin
    each function comes from, where a scenario has it only by naming that plugin."""
    grammar = "## Grammar\n\nThe Lark grammar (LALR) of the language:\n\n```lark\n" \
        + grammar_text().rstrip() + "\n```\n"
    parts = [_INTRO, grammar, _OPERATORS, _COMPREHENSIONS, _EFFECTS, _DEFINES,
             _functions(registry, origins),
             _views(views)]
    return "\n".join(parts)

