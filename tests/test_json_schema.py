"""The JSON Schema of each game: generated from the same declaration the reader
checks files with (``pycombat/games/<game>/spec.py``), so the two cannot drift apart.

* every shipped example (``examples/**/*.yaml``, rulings included) is valid for the ``jsonschema``
  library against its game's schema;
* broken files (an unknown key, a wrong type, a number out of range, a value not allowed, a
  missing required key) are refused by the schema *and* by the loader, at the same field path,
  written here by hand for each case;
* each generated schema is itself a valid draft 2020-12 schema.
"""
from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema")
from jsonschema import Draft202012Validator  # noqa: E402
from jsonschema.exceptions import best_match  # noqa: E402

from pycombat import registry  # noqa: E402
from pycombat.errors import ScenarioError  # noqa: E402
from pycombat.scenario import read_document  # noqa: E402
from pycombat.schemaspec import validate  # noqa: E402
from budget import examples  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))
GAMES = ("meccg", "riftbound", "wotr")


def _schema(game: str) -> dict:
    from importlib import import_module

    return import_module(f"pycombat.games.{game}.spec").json_schema()


_SCHEMAS: dict[str, dict] = {}


def schema(game: str) -> dict:
    if game not in _SCHEMAS:
        _SCHEMAS[game] = _schema(game)
    return _SCHEMAS[game]


def _spec(game: str):
    """The declaration the schema is printed from (claims closed by the claim book)."""
    from importlib import import_module

    return import_module(f"pycombat.games.{game}.spec").full_spec()


def field_path(error) -> str:
    """A jsonschema error as a field path in the loader's format (``a.b[2].c``).

    jsonschema places an unknown key (``additionalProperties``) and a missing one (``required``,
    ``dependentRequired``) at the mapping that holds them; the loader names the key itself, so the key is added here."""
    parts: list = list(error.absolute_path)
    if error.validator == "additionalProperties":
        extra = [k for k in error.instance if k not in error.schema.get("properties", {})]
        assert len(extra) == 1, extra
        parts.append(extra[0])
    elif error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        parts.append(missing[0])
    elif error.validator == "dependentRequired":  # a key that another key needs
        needed = [k for ks in error.validator_value.values() for k in ks if k not in error.instance]
        parts.append(needed[0])
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def schema_error(game: str, data: dict):
    errors = list(Draft202012Validator(schema(game)).iter_errors(data))
    return best_match(errors) if errors else None


# ---- the schemas themselves ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_schema_is_valid_draft_2020_12(game):
    s = schema(game)
    Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] == f"urn:pycombat:scenario:{game}"
    json.loads(json.dumps(s))  # plain JSON, nothing Python-only


@pytest.mark.parametrize("game", GAMES)
def test_registered_schema_is_the_spec_one(game):
    """The registry's ``json_schema`` (if wired) gives this same schema."""
    g = registry.get(game)
    if g.json_schema is None:
        pytest.skip(f"{game}: json_schema not registered yet")
    assert registry.resolve(g.json_schema)() == schema(game)


@pytest.mark.parametrize("game", GAMES)
def test_rule_flags_come_from_the_digest(game):
    from pycombat.rulebook import load_rulebook

    book = load_rulebook(game)
    s = schema(game)
    rules = (s.get("else") or s)["properties"]["rules"]
    assert set(rules["properties"]) == set(book.flags)
    assert rules["additionalProperties"] is False
    for name, flag in book.flags.items():
        prop = rules["properties"][name]
        enums = [o["enum"] for o in prop.get("anyOf", [prop]) if "enum" in o]
        assert enums == ([list(flag.values)] if flag.values else []), name
        assert prop["default"] == flag.default


def _closed_objects(node, where="$"):
    """Every object schema with properties, and whether it refuses unknown keys."""
    if isinstance(node, dict):
        if "properties" in node:
            yield where, node.get("additionalProperties")
        for k, v in node.items():
            yield from _closed_objects(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _closed_objects(v, f"{where}[{i}]")


@pytest.mark.parametrize("game", GAMES)
def test_every_object_refuses_unknown_keys(game):
    """The readers refuse unknown keys everywhere (Node.finish), so does the schema."""
    objects = list(_closed_objects(schema(game)))
    assert len(objects) >= 5
    assert [w for w, extra in objects if extra is not False] == []


# ---- every shipped example is valid ------------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example_is_valid(path):
    data = read_document(path)
    game = data["game"]
    error = schema_error(game, data)
    assert error is None, f"{field_path(error)}: {error.message}"
    validate(_spec(game), data, file=str(path))  # and the reader's structural check agrees


def test_every_game_has_examples():
    games = {read_document(p)["game"] for p in EXAMPLES}
    assert games == set(GAMES)
    assert len(EXAMPLES) >= 30


# ---- broken files: refused by both, at the same field path --------------------------------------------
def _set(data: dict, path: tuple, value) -> None:
    *head, last = path
    for p in head:
        data = data[p]
    if value is _DELETE:
        del data[last]
    else:
        data[last] = value


_DELETE = object()

#: (game, example, what breaks it: ((path, new value), ...), the field path both must name)
BROKEN = [
    # MECCG
    ("meccg", "meccg/two_on_two.yaml", ((("attacker", "members", 1, "prowes"), 5),), "attacker.members[1].prowes"),
    ("meccg", "meccg/two_on_two.yaml", ((("defender", "entered_site"), "yes"),), "defender.entered_site"),
    ("meccg", "meccg/two_on_two.yaml", ((("attacker", "members", 1, "body"), -1),), "attacker.members[1].body"),
    ("meccg", "meccg/two_on_two.yaml", ((("attacker", "alignment"), "heroic"),), "attacker.alignment"),
    ("meccg", "meccg/two_on_two.yaml", ((("defender", "site"), _DELETE),), "defender.site"),
    ("meccg", "meccg/two_on_two.yaml", ((("rules",), {"phase2_assignment": "sometimes"}),),
     "rules.phase2_assignment"),
    ("meccg", "meccg/two_on_two.yaml", ((("rules",), {"phase2_asignment": "optional"}),), "rules.phase2_asignment"),
    ("meccg", "meccg/two_on_two.yaml", ((("defender", "members"), []),), "defender.members"),
    ("meccg", "meccg/two_on_two.yaml", ((("atacker",), {}),), "atacker"),
    ("meccg", "meccg/two_on_two.yaml", ((("combat",), {"strikes": [
        {"defender": "Aragorn II", "attacker": "Shagrat", "rolls": {"attacker": [7, 13]}}]}),),
     "combat.strikes[0].rolls.attacker[1]"),
    ("meccg", "meccg/two_on_two.yaml", ((("claims",), [{"claim": "x" * 2001}]),), "claims[0].claim"),
    # War of the Ring, battles
    ("wotr", "wotr/osgiliath.yaml", ((("attacker", "units", "Sauron", "elits"), 2),), "attacker.units.Sauron.elits"),
    ("wotr", "wotr/osgiliath.yaml", ((("attacker", "nazgul"), "two"),), "attacker.nazgul"),
    ("wotr", "wotr/osgiliath.yaml", ((("politics", "Gondor"), 5),), "politics.Gondor"),
    ("wotr", "wotr/osgiliath.yaml", ((("battle", "action"), "walk"),), "battle.action"),
    ("wotr", "wotr/osgiliath.yaml", ((("battle", "cards"), [{"round": 1, "by": "attacker",
                                                              "attacker": {"hit": 9}}]),),
     "battle.cards[0].attacker.hit"),
    ("wotr", "wotr/osgiliath.yaml", ((("defender", "region"), _DELETE),), "defender.region"),
    ("wotr", "wotr/osgiliath.yaml", ((("defender", "retreat_to"), "Minas Tirith"),), "defender.retreat_to"),
    # War of the Ring, positions
    ("wotr", "wotr/moves_companions.yaml", ((("decks",), {"strategy": 30}),), "decks.strategy"),
    ("wotr", "wotr/moves_companions.yaml", ((("action", "die"), "sword"),), "action.die"),
    ("wotr", "wotr/moves_companions.yaml", ((("position", "regions", "Moria", "nazgull"), 1),),
     "position.regions.Moria.nazgull"),
    ("wotr", "wotr/moves_companions.yaml", ((("action", "elven_rings"), True),), "action.elven_rings"),
    ("wotr", "wotr/moves_companions.yaml", ((("hand",), [{"name": "Foo", "type": "spell"}]),), "hand[0].type"),
    # Riftbound
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("attacker", "units", 0), {"name": "Sharkling",
                                                                                 "keyword": "Tank"}),),
     "attacker.units[0].keyword"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("showdown", 2, "prevent"), "two"),), "showdown[2].prevent"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("attacker", "units", 1), {"name": "Sharkling",
                                                                                 "damage": -1}),),
     "attacker.units[1].damage"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("showdown", 0, "by"), "both"),), "showdown[0].by"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("showdown", 0, "unit"), _DELETE),), "showdown[0].unit"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("splits",), {"attacker": {"Sharkling": -1}}),),
     "splits.attacker.Sharkling"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("attackers",), {}),), "attackers"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("battlefield",), {"name": "Zaun", "scored": True}),),
     "battlefield.scored"),
    ("riftbound", "riftbound/showdown_tricks.yaml", ((("defender", "units"), []),), "defender.units"),
]


def _broken(example: str, changes) -> dict:
    data = copy.deepcopy(read_document(ROOT / "examples" / example))
    for path, value in changes:
        _set(data, path, value)
    return data


@pytest.mark.parametrize("game,example,changes,where", BROKEN, ids=[f"{b[0]}:{b[3]}" for b in BROKEN])
def test_broken_file_refused_by_schema_and_loader_at_the_same_path(game, example, changes, where):
    data = _broken(example, changes)
    error = schema_error(game, data)
    assert error is not None, "the JSON Schema accepts the broken file"
    assert field_path(error) == where, error.message
    with pytest.raises(ScenarioError) as exc:
        registry.get(game).read_scenario(data, file="broken.yaml")
    assert exc.value.path == where, str(exc.value)
    assert exc.value.file == "broken.yaml"
    assert "\n" not in str(exc.value)


def test_every_game_has_the_four_kinds_of_breakage():
    """Unknown key, wrong type, out-of-range number, value not allowed: each game has all four."""
    for game in GAMES:
        cases = [_broken(e, c) for g, e, c, _ in BROKEN if g == game]
        messages = []
        for data in cases:
            with pytest.raises(ScenarioError) as exc:
                registry.get(game).read_scenario(data, file="b.yaml")
            messages.append(exc.value.message)
        assert any(m.startswith("unknown field") for m in messages), game
        assert any(" not a " in m or "must be a" in m or "must be true or false" in m for m in messages), game
        assert any("at least" in m or "at most" in m or " to " in m for m in messages), game
        assert any("is not one of" in m for m in messages), game


def test_unknown_key_suggests_the_closest():
    data = _broken("meccg/two_on_two.yaml", ((("attacker", "members", 1, "prowes"), 5),))
    with pytest.raises(ScenarioError, match=r"unknown field 'prowes' in attacker\.members\[1\]; did you mean "
                                            r"'prowess'\?"):
        validate(_spec("meccg"), data)


def test_reader_keys_are_the_spec_keys():
    """The key tuples the readers pass to ``Node.finish`` are the spec's (not a second copy)."""
    from pycombat.games.meccg import schema as m
    from pycombat.games.meccg import spec as ms
    from pycombat.games.riftbound import schema as r
    from pycombat.games.riftbound import spec as rs
    from pycombat.games.wotr.position import scenario as p
    from pycombat.games.wotr import schema as w
    from pycombat.games.wotr import spec as ws

    assert m.TOP_KEYS == tuple(ms.SCENARIO.fields) and m.MEMBER_KEYS == tuple(ms.MEMBER.fields)
    assert r.TOP_KEYS == tuple(rs.SCENARIO.fields) and r.UNIT_KEYS == tuple(rs.UNIT_OBJ.fields)
    assert w.TOP_KEYS == tuple(ws.BATTLE_SCENARIO.fields) and p.TOP_KEYS == tuple(ws.POSITION_SCENARIO.fields)
    assert "prowess" in m.MEMBER_KEYS and "showdown" in r.TOP_KEYS and "position" in p.TOP_KEYS


# ---- the two checks agree on any small change to an example (hypothesis) -----------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

#: replacement values: every JSON type, edges of the usual ranges, words that are and are not allowed
POOL = (None, True, False, -1, 0, 1, 3, 7, 13, 25, 1.5, "", " ", "x", "army", "on", "all", "setup",
        [], [1], ["x"], {}, {"zzz": 1}, {"name": "x"})
@functools.cache
def _docs() -> dict:
    """Every example read once, when a test first draws from them (not at collection)."""
    return {p: read_document(p) for p in EXAMPLES}


@functools.cache
def _bases(game: str) -> list:
    return [p for p, d in _docs().items() if d["game"] == game]


_VALIDATORS: dict = {}
_SPECS: dict = {}


def _locations(data, prefix=()):
    """Every (container path, key) of a document."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield prefix, k
            yield from _locations(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield prefix, i
            yield from _locations(v, prefix + (i,))


def _containers(data, prefix=()):
    if isinstance(data, dict):
        yield prefix
        for k, v in data.items():
            yield from _containers(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _containers(v, prefix + (i,))


def _at(data, path):
    for p in path:
        data = data[p]
    return data


@st.composite
def mutated(draw, game):
    data = copy.deepcopy(_docs()[draw(st.sampled_from(_bases(game)))])
    action = draw(st.sampled_from(("replace", "replace", "delete", "add")))
    if action == "add":
        where = draw(st.sampled_from(list(_containers(data))))
        _at(data, where)[draw(st.sampled_from(("zzz", "Gondor", "name", "units")))] = draw(st.sampled_from(POOL))
        return data
    container, key = draw(st.sampled_from(list(_locations(data))))
    if action == "delete":
        holder = _at(data, container)
        del holder[key]
    else:
        _at(data, container)[key] = copy.deepcopy(draw(st.sampled_from(POOL)))
    return data


def _validate_path(game, data):
    spec = _SPECS.get(game) or _SPECS.setdefault(game, _spec(game))
    try:
        validate(spec, data)
    except ScenarioError as exc:
        return exc.path or ""
    return None


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_schema_and_validate_agree(game, data):
    """A random small change to a shipped example (a value replaced, a key deleted or added):
    the JSON Schema (the jsonschema library) and the reader's check accept or refuse it alike, and
    when both refuse a change they name a field at or above the changed one, the same for both
    when there is a single error."""
    doc = data.draw(mutated(game))
    validator = _VALIDATORS.get(game) or _VALIDATORS.setdefault(game, Draft202012Validator(schema(game)))
    errors = list(validator.iter_errors(doc))
    mine = _validate_path(game, doc)
    assert (mine is None) == (not errors), (mine, [e.message for e in errors])
    if errors and len(errors) == 1 and not errors[0].context:
        assert field_path(errors[0]) == mine, errors[0].message
