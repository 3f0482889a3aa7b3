"""The MECCG scenario schema (``game: meccg``): a file -> a checked :class:`Scenario`.

A scenario names two companies by card name; stats come from the shipped card database
(``pycombat/games/meccg/data``, built from ``../shared/data/meccg``) and may be overridden
inline.  A character that is not in the database can be given in full with ``custom: true``.
See ``examples/meccg/wind_throne.yaml`` for a commented example and the README for the
field list.  Every mistake is a :class:`~pycombat.errors.ScenarioError` naming the file,
the field path and the reason.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from ...errors import PycombatError, ScenarioError
from ...names import closest, normalize, with_article
from ...scenario import Node, numbered_copies, read_document, read_flags
from ...schemaspec import validate
from .cards.database import CardDB, CharacterCard, load_carddb
from .cards.interpreter import MODES
from .model import ALIGNMENTS, FW_STATUSES, STATUSES, Combat, Company, Member, Placed, Rolls, Scenario, StrikeChoice

from .sites import SITE_KINDS, misspelled_site, site_named
from .spec import CARD_TYPES, COMBAT, COMPANY, DECLARATION_MOMENTS, MEMBER, OVERRIDABLE, ROLLS, SCENARIO, STRIKE

# the keys each part accepts: declared once, in .spec (which also gives the JSON Schema)
COMPANY_KEYS = COMPANY.keys
MEMBER_KEYS = MEMBER.keys
TOP_KEYS = SCENARIO.keys
STRIKE_KEYS = STRIKE.keys
ROLLS_KEYS = ROLLS.keys
COMBAT_KEYS = COMBAT.keys
PREFERRED = {"hero": "hero", "minion": "minion", "balrog": "balrog", "fallen-wizard": "fallen-wizard"}


def load_scenario(path: str | Path, flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    """Read and check a MECCG scenario file; ``flag_overrides`` come from ``--flag``."""
    data = read_document(path)
    return scenario_from_dict(data, file=str(path), flag_overrides=flag_overrides)


def scenario_from_dict(data: Mapping[str, Any], *, file: str | None = None,
                       flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    validate(SCENARIO, dict(data), file=file)  # types, ranges and unknown keys: one place (.spec)
    root = Node(dict(data), file=file)
    game = root.str("game")
    if game != "meccg":
        raise root.error(f"this reader is for `game: meccg`, not {game!r}", "game")
    db = load_carddb()
    title = root.str("title", None)
    root.raw("description", None)
    attacker = _company(root.child("attacker"), "attacker", db)
    defender = _company(root.child("defender"), "defender", db)
    in_play = tuple(_card(n, db, None) for n in root.list("in_play", []))
    attacker, defender = _one_site(root, attacker, defender)
    _unique_cards(root, attacker, defender, in_play, db)  # (first: a unique card is not made legal by a label)
    _unique_names(root, attacker, defender)
    _one_avatar(root, attacker, defender)
    _environments_together(root, attacker, defender, in_play)
    flags, origin = _flags(root, flag_overrides or {})
    made: list[tuple[str, str]] = []  # (card, member) of the checks whose maker a combat card names
    combat = _combat(root.child("combat"), attacker, defender, made) if root.has("combat") else None
    defender = _with_makers(defender, made, root.file)
    _check_placed(root, attacker, defender, in_play)
    _check_in_play_alignment(root, attacker, defender)
    _check_turn_abilities(root, attacker, defender)
    attacker, defender = (_with_granted_skills(c, in_play) for c in (attacker, defender))
    claims = tuple(root.list("claims", []))  # read by `verify`, once the scenario is built
    root.finish(TOP_KEYS)
    scenario = Scenario(attacker=attacker, defender=defender, flags=flags, flag_origin=origin,
                        in_play=in_play, title=title, file=file, combat=combat, claims=claims)
    from .assignment.legal import with_excess
    from .cards.play import possession

    scenario = with_excess(scenario)  # MECCG-STRUCT-9/ASSIGN-5: committed strikes no target received

    for role, i, why in possession(scenario)[:1]:  # items no member may carry: refused, never given a bonus
        raise ScenarioError(why.text, file=file, path=f"{role}.members[{i}].items")
    if claims:  # every verb reads the claims as `verify` does: a bad entry is refused whatever the verb
        from ...verdicts import parse_claims
        from .claims.verify import book

        parse_claims(claims, book(), scenario)
    return scenario


#: what a company states about its site that is a fact of the place: one site, one answer (MECCG-INIT-2).
#: Not ``site_kind``: each player plays his own version of the site card (Moria is a hero's shadow-hold and
#: The Balrog's haven), so the two companies' kinds may differ.
SITE_FACTS = ("site_region", "under_deeps")


def _one_site(root: Node, attacker: Company, defender: Company) -> tuple[Company, Company]:
    """Both companies at one site (MECCG-INIT-2: the attack needs that) state one set of facts about the
    place (:data:`SITE_FACTS`): one both state differently in the file is refused (exit 2, naming the
    defender's field); one the file states for one company only holds for both, over the other's site card
    (The Sun Shone Fiercely and Glance of Arien read the site of each company)."""
    if attacker.site.casefold() != defender.site.casefold():
        return attacker, defender
    shared = {}
    a_node, d_node = root.child("attacker"), root.child("defender")
    for key in SITE_FACTS:
        a, d = getattr(attacker, key), getattr(defender, key)
        a_said, d_said = a_node.has(key), d_node.has(key)
        if a_said and d_said and a != d:
            raise d_node.error(
                f"{defender.site} is the attacking company's site too, where it states {key}: {_yaml(a)}; one site "
                f"has one {key} (MECCG-INIT-2: both companies are at the same site)", key)
        if a_said != d_said:
            shared[key] = a if a_said else d
    return replace(attacker, **shared), replace(defender, **shared)


def _yaml(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _combat(node: Node, attacker: Company, defender: Company, made: list | None = None) -> Combat:
    """``combat: {strikes: [...]}``: the complete assignment in the defender's strike order; ``made``
    collects ``(card, member)`` for each card played with the maker of the check it costs."""
    node._mapping()
    made = [] if made is None else made
    strikes = _strikes(node, attacker, defender, made)
    payers: list[tuple[str, str]] = []
    before = tuple(_paid_by(n, defender, payers) or _made_by(n, defender, made, _before_card)
                   for n in node.list("before_assignment", []))
    cancel_roll = node.int("cancel_roll", None)
    cost_item = node.str("cost_item") if node.has("cost_item") else None
    check_roll = node.int("check_roll", None)
    after_attack = []
    for n in node.list("after_attack", []):  # the dice of the strikes after the attack (MECCG-FX-32)
        n._mapping()
        after_attack.append((n.str("ally"), n.int("roll", minimum=2), n.int("body", None, minimum=2), n.path))
        n.finish(("ally", "roll", "body"))
    wound_rolls = []
    for n in node.list("wound_rolls", []):  # the dice of wound rolls before strikes are assigned (MECCG-FX-31)
        n._mapping()
        who = n.child("member")
        name = who.as_str()
        if not any(m.name == name for m in attacker.members + defender.members):
            raise who.error(f"{name!r} is in neither company")
        roll = n.int("roll", minimum=2)
        if roll > 12:
            raise n.error(f"{roll} is not a 2d6 total (2 to 12)", "roll")
        wound_rolls.append((name, roll, n.path))
        n.finish(("member", "roll"))
    after_check = None
    if node.has("after_check"):  # the assignment after a failed check before it (MECCG-FX-31)
        sub = node.child("after_check")
        sub._mapping()
        after = _strikes(sub, attacker, defender, made)
        sub.finish(("strikes",))
        after_check = Combat(strikes=tuple(after), excess=(), path=sub.path)  # (excess: with_excess, below)
    node.finish(COMBAT_KEYS)
    # the excess strikes are those committed that no target received: who commits a strike is the attack's
    # verdict (MECCG-STRUCT-1/2), read once the scenario is built (:func:`.assignment.legal.with_excess`)
    return Combat(strikes=tuple(strikes), excess=(), path=node.path, before_assignment=before,
                  cancel_roll=cancel_roll, cost_item=cost_item, check_roll=check_roll, after_check=after_check,
                  after_attack=tuple(after_attack), wound_rolls=tuple(wound_rolls), cost_payers=tuple(payers))


def _paid_by(node: Node, company: Company, payers: list[tuple[str, str]]) -> str | None:
    """A before-assignment entry ``{card: X, member: Y}`` for a card whose cost taps a member (Concealment:
    "tap a scout"): Y, of the defending company, taps for it (MECCG-FX-15/27), appended to ``payers``.
    None: another entry (a name, or a card whose cost is a check its caster makes, :func:`_made_by`)."""
    if not isinstance(node.value, dict) or "card" not in node.value:
        return None
    from .cards import play

    cid = _before_card(node.child("card"))
    if not play.cost_taps(cid):
        return None
    who = _ref(node.child("member"), company, "defending")
    node.finish(("card", "member"))
    if any(c == cid for c, _w in payers):
        raise node.error(f"{play.record(cid).name}'s cost is already paid by "
                         f"{next(w for c, w in payers if c == cid)}: one payer per card (MECCG-FX-15)", "member")
    payers.append((cid, who))
    return cid


def _strikes(node: Node, attacker: Company, defender: Company, made: list | None = None) -> list[StrikeChoice]:
    """``strikes:``: one strike per character and per attacking member (MECCG-STRUCT-5)."""
    strikes = [_strike(n, attacker, defender, made) for n in node.list("strikes")]
    seen_d: dict[str, str] = {}
    seen_a: dict[str, str] = {}
    for st in strikes:
        if st.defender in seen_d:
            raise ScenarioError(f"{st.defender!r} already faces a strike ({seen_d[st.defender]}); one strike per "
                                "character (MECCG-STRUCT-5)", file=node.file, path=f"{st.path}.defender")
        if st.attacker in seen_a:
            raise ScenarioError(f"{st.attacker!r} already strikes ({seen_a[st.attacker]}); one strike per attacking "
                                "member (MECCG-STRUCT-5)", file=node.file, path=f"{st.path}.attacker")
        seen_d[st.defender] = seen_a[st.attacker] = st.path
    return strikes


def _before_card(node: Node) -> str:
    """A card the defender plays before strikes are assigned: one that changes the attack as a whole
    (MECCG-PRE-5) or cancels it (MECCG-PRE-1; on a roll, MECCG-FX-16). Whether it may be played
    here is the play check's answer (:func:`.combat.strikes.setup_strikes`)."""
    from .cards.interpreter import all_models

    from ...errors import PycombatError

    db = load_carddb()
    try:
        card = db.card(node.as_str(), file=node.file, path=node.path)
    except PycombatError:
        try:  # an ally's or character's ability that cancels the attack (the Two-headed Troll)
            card = db.character(node.as_str(), file=node.file, path=node.path)
        except PycombatError:
            card = None
        if card is None or all_models()[card.id].play != "cancel":
            raise
    m = all_models()[card.id]
    if m.play == "strike":  # the same refusal as the play check's (MECCG-SEQ-2/7)
        raise node.error(f"{card.name} is a strike card, played in a strike sequence (MECCG-SEQ-2, MECCG-SEQ-7), "
                         "not before strikes are assigned: list it in a strike's attacker_cards or defender_cards")
    if m.play not in ("before_assignment", "cancel"):
        raise node.error(f"{card.name} neither cancels nor changes the attack as a whole before strikes are assigned "
                         f"(it is a {m.play} card; see `pycombat card {card.name!r}`)")
    return card.id


def _ref(n: Node, company: Company, what: str) -> str:
    """A member of ``company`` named at ``n`` (with the closest name suggested)."""
    name = n.as_str()
    names = [m.name for m in company.members]
    if name not in names:  # the same name typed plainly (Radagast's Black Bird for Radagast’s, Eomer for Éomer)
        alike = [x for x in names if normalize(x) == normalize(name)]
        if len(alike) == 1:
            return alike[0]
        hint = closest(name, names, n=1)
        extra = f"; did you mean {hint[0]!r}?" if hint else ""
        raise n.error(f"{name!r} is not a member of the {what} company{extra}")
    return name


def _ref_either(n: Node, defender: Company, attacker: Company) -> str:
    """A member of either company named at ``n`` (the defending one's first)."""
    if any(normalize(m.name) == normalize(n.as_str()) for m in attacker.members) and not any(
            normalize(m.name) == normalize(n.as_str()) for m in defender.members):
        return _ref(n, attacker, "attacking")
    return _ref(n, defender, "defending")


def _strike(node: Node, attacker: Company, defender: Company, made: list | None = None) -> StrikeChoice:
    from .cards.strike_effects import load_effects

    node._mapping()
    reg = load_effects()
    d = _ref(node.child("defender"), defender, "defending")
    a = _ref(node.child("attacker"), attacker, "attacking")
    cards = {}
    for key, company in (("attacker_cards", attacker), ("defender_cards", defender)):
        def find(n: Node, company=company, key=key) -> str:
            try:
                return reg.find(n.as_str(), prefer_alignment=PREFERRED.get(company.alignment), file=n.file,
                                path=n.path).id
            except PycombatError:
                known = _known_card(n.as_str().strip(), company.alignment)
                if known is None:
                    raise
                # a known card that is no strike card (Wizard's Flame: before strikes are assigned): say where it goes
                raise n.error(f"{known.partition('; a `hand:`')[0]}, not a strike card (MECCG-SEQ-7)") from None
        if key == "defender_cards":
            cards[key] = tuple(_made_by(n, company, [] if made is None else made, find)
                               for n in node.list(key, []))
        else:
            cards[key] = tuple(find(n) for n in node.list(key, []))
    excess = tuple(_ref(n, attacker, "attacking") for n in node.list("excess", []))
    support = tuple(_ref(n, defender, "defending") for n in node.list("support", []))
    untaps = tuple(_ref_either(n, defender, attacker) for n in node.list("untaps", []))
    payers = tuple(_ref_either(n, defender, attacker) for n in node.list("payers", []))
    weapons = {}
    for key, who in (("attacker_weapon", a), ("defender_weapon", d)):
        weapons[key] = None
        if node.has(key):
            wname = node.str(key)
            company = attacker if key == "attacker_weapon" else defender
            carried = {i.id: i for i in company.member(who).items}
            match = [i for i in carried.values() if i.name.casefold() == wname.casefold() or i.id == wname.upper()]
            if not match:
                raise node.error(f"{who} carries no {wname!r} (carries: {', '.join(i.name for i in carried.values()) or 'nothing'})", key)
            if "Weapon" not in match[0].item_keywords:  # the one weapon a character uses (MECCG-FX-3)
                arms = [i.name for i in carried.values() if "Weapon" in i.item_keywords]
                raise node.error(f"{match[0].name} is not a weapon ({who}'s weapons: {', '.join(arms) or 'none'}; "
                                 "MECCG-FX-3)", key)
            weapons[key] = match[0].id
    rolls = _rolls(node.child("rolls")) if node.has("rolls") else None
    choice = StrikeChoice(defender=d, attacker=a, attacker_cards=cards["attacker_cards"], excess=excess,
                          attacker_untapped=node.bool("attacker_untapped", False),
                          defender_untapped=node.bool("defender_untapped", False), support=support,
                          defender_cards=cards["defender_cards"], rolls=rolls, path=node.path, untaps=untaps,
                          payers=payers, discards=node.str("discards") if node.has("discards") else None, **weapons)
    node.finish(STRIKE_KEYS)
    return choice


def _dice_total(n: Node) -> int:
    if isinstance(n.value, bool) or not isinstance(n.value, int) or not 2 <= n.value <= 12:
        raise n.error(f"a 2d6 roll is a whole number from 2 to 12, not {n.value!r}")
    return n.value


def _rolls(node: Node) -> Rolls:
    """``rolls: {attacker: 8 or [8, 8], defender: 6, body: 6}`` (2d6 totals)."""
    node._mapping()
    out = {}
    for key in ("attacker", "defender", "cards", "payer_body"):
        if node.has(key):
            v = node.raw(key)
            items = v if isinstance(v, list) else [v]
            out[key] = tuple(_dice_total(Node(x, file=node.file, path=f"{node.path}.{key}")) for x in items)
    body = _dice_total(node.child("body")) if node.has("body") else None
    payer_body = out.get("payer_body")  # one total per payer, in the order the cards were played (MECCG-FX-24)
    payer_body = payer_body[0] if payer_body is not None and len(payer_body) == 1 else payer_body
    node.finish(ROLLS_KEYS)
    return Rolls(attacker=out.get("attacker", ()), defender=out.get("defender", ()), body=body,
                 cards=out.get("cards", ()), payer_body=payer_body)


def _flags(root: Node, cli: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    return read_flags(root, "meccg", cli)


def _company(node: Node, role: str, db: CardDB) -> Company:
    node._mapping()
    alignment = node.str("alignment", choices=ALIGNMENTS)
    player = node.str("player", role)
    status = node.str("status", None, choices=FW_STATUSES)
    if status is not None and alignment != "fallen-wizard":
        raise node.error("only a Fallen-wizard company is declared overt or covert "
                         "(other companies' kinds follow from the player's alignment, MECCG-ALIGN-1..3)", "status")
    site = node.str("site")
    card = site_named(site, alignment)
    # a site of the file's own is far from every site card, or declared as one (its kind or region stated); this one
    # misspells one
    declared = node.has("site_kind") or node.has("site_region")
    meant = misspelled_site(site) if card is None and not declared else None
    if meant is not None:
        raise node.error(f"{site!r} is not a site card; did you mean {meant!r}? (a site of the file's own may be any "
                         "name that is not a letter or two away from a site card's: the two companies' sites are compared "
                         "by name, MECCG-INIT-2)", "site")
    site_kind = node.str("site_kind", card.kind if card else None, choices=SITE_KINDS)
    site_region = node.str("site_region", card.region if card else None)
    under_deeps = node.bool("under_deeps", card.under_deeps if card else None)
    stage = node.int("stage_points", None, minimum=0)
    if stage is not None and alignment != "fallen-wizard":
        raise node.error("stage points matter only for a Fallen-wizard player (MECCG-ALIGN-8)", "stage_points")
    entered = node.bool("entered_site", True)
    declared_at = node.str("declared_at", "end_of_site_phase", choices=DECLARATION_MOMENTS)
    influence = node.bool("influence_attempt_this_turn", False)
    attacked = node.bool("attacked_this_turn", False)
    in_play = tuple(_card(n, db, alignment, company=True) for n in node.list("in_play", []))
    hand_nodes = node.list("hand", [])
    member_nodes = node.list("members")
    if not member_nodes:
        raise node.error("a company needs at least one member", "members")
    members = [_member(m, alignment, db) for m in member_nodes]
    members = numbered_copies(members)
    _check_allies(members, member_nodes)
    _check_mode_company(members, member_nodes)
    avatar, avatar_race = _avatar_in_play(node, alignment, members, db)
    node.finish(COMPANY_KEYS)
    company = Company(role=role, player=player, alignment=alignment, site=site, members=tuple(members),
                      declared_status=status, stage_points=stage, entered_site=entered,
                      influence_attempt_this_turn=influence, attacked_this_turn=attacked, in_play=in_play,
                      declared_at=declared_at, site_kind=site_kind, site_region=site_region,
                      under_deeps=under_deeps, avatar_in_play=avatar, avatar_race=avatar_race)
    made: list[tuple[str, str]] = []
    hand = tuple(_made_by(n, company, made, lambda n: _hand_card(n, alignment)) for n in hand_nodes)
    return _with_makers(replace(company, hand=hand), made, node.file)


def _avatar_in_play(node: Node, alignment: str, members: list[Member], db: CardDB) -> tuple[str | None, str | None]:
    """The player's avatar in play wherever it is, and its race (MECCG-FX-34: one at most): the company's avatar
    member, else the stated ``avatar_in_play:`` (a card name, or ``none``), else not known (None, None). A stated
    avatar is an avatar card of the player's alignment (MECCG-FX-20), and the one in the company when he is there."""
    own = next((m for m in members if m.avatar), None)
    if not node.has("avatar_in_play"):
        return (own.card_name, own.race) if own is not None else (None, None)
    raw = node.str("avatar_in_play")
    if normalize(raw) == "none":
        if own is not None:
            raise node.error(f"the company holds {own.name}, an avatar: its player has one in play (MECCG-FX-34)",
                             "avatar_in_play")
        return "", None
    child = node.child("avatar_in_play")
    card = db.character(raw, prefer_alignment=PREFERRED.get(alignment), file=child.file, path=child.path)
    if card.card_type != "avatar":
        raise node.error(f"{card.name} is no avatar (a {card.card_type}): name the player's Wizard, Ringwraith, "
                         "Balrog or Fallen-wizard in play, or `none`", "avatar_in_play")
    if card.alignment not in _OWN_CARDS.get(alignment, (alignment,)):
        raise node.error(f"{card.name} is a {card.alignment} avatar; a {alignment} player's avatar is of his own "
                         "alignment (MECCG-FX-20)", "avatar_in_play")
    if own is not None and own.card_id != card.id:
        raise node.error(f"the company holds {own.name}, its player's avatar; {card.name} would be a second "
                         "(MECCG-FX-34)", "avatar_in_play")
    return card.name, card.race


#: the card alignments a player's avatar may be of (MECCG-FX-20)
_OWN_CARDS = {"hero": ("hero",), "minion": ("minion",), "balrog": ("balrog", "minion"),
              "fallen-wizard": ("fallen-wizard", "hero", "minion")}


def _made_by(node: Node, company: Company, made: list, read) -> str:
    """A card entry read by ``read``: a name, or ``{card: X, member: Y}`` naming the character of
    ``company`` who makes the corruption check the card costs where the card leaves him to its player
    (``cost_check: {stated: true}``; MECCG-FX-25/30/31), appended to ``made``."""
    if not isinstance(node.value, dict):
        return read(node)
    from .cards.interpreter import model

    cid = read(node.child("card"))
    m = model(cid)
    who = _ref(node.child("member"), company, "defending" if company.role == "defender" else "attacking")
    node.finish(("card", "member"))
    if not (m.cost_check or {}).get("stated"):
        raise node.error(f"{m.name} leaves no corruption check to a character its player names: `member:` is for a "
                         "card whose cost is a check made by its caster (MECCG-FX-25)", "member")
    if company.member(who).card_type == "ally":
        raise node.error(f"{who} is an ally: the corruption check {m.name} costs is made by a character "
                         "(MECCG-FX-25)", "member")
    made.append((m.name, who))
    return cid


def _with_makers(company: Company, made: list[tuple[str, str]], file: str | None) -> Company:
    """``company`` with the makers named for its cards' checks (one maker per card, MECCG-FX-25)."""
    known = dict(company.makers)
    for card, who in made:
        if known.setdefault(card, who) != who:
            raise ScenarioError(f"{card}'s corruption check is made by {known[card]} and by {who}: name one maker "
                                "per card (MECCG-FX-25)", file=file, path=f"{company.role}")
    return replace(company, makers=tuple(known.items())) if known else company


def _hand_card(node: Node, alignment: str | None) -> str:
    """A card in hand for ``optimize``: one played during a strike sequence (card_effects.yaml)."""
    from .cards.strike_effects import load_effects

    if not isinstance(node.value, str) or not node.value.strip():
        raise node.error("a card name (a string)")
    try:
        effect = load_effects().find(node.value.strip(), prefer_alignment=PREFERRED.get(alignment or ""),
                                     file=node.file, path=node.path)
    except PycombatError:
        known = _known_card(node.value.strip(), alignment)
        if known is None:
            raise
        raise node.error(known) from None
    if effect.source != "hand":
        raise node.error(f"{effect.name} is not played from the hand (it is an {effect.source}'s ability)")
    return effect.id


#: what a card that is no strike card is played as, and where a scenario lists it (card_effects.yaml ``play``)
_NOT_IN_HAND = {
    "cancel": "a card played before strikes are assigned to cancel the attack: list it in the combat's "
              "`before_assignment:` (MECCG-PRE-1)",
    "before_assignment": "a card played before strikes are assigned: list it in the combat's `before_assignment:` "
                         "(MECCG-PRE-1, MECCG-PRE-5)",
    "in_play": "a card in play before the attack: list it in `in_play:` (MECCG-FX-7)",
    "mode": "a Ringwraith's mode card: give the member's `mode:` (MECCG-FX-6)",
    "state": "a card in play before the attack: list it in `in_play:` (MECCG-FX-7)",
    "ability": "a character's ability, not a card in hand",
}


def _known_card(name: str, alignment: str | None) -> str | None:
    """Why a known card that is no strike card cannot be in a ``hand:`` (which holds the cards played during a
    strike sequence, MECCG-SEQ-2/7), or None for a name no card has."""
    from .cards import interpreter as cardfx

    db = load_carddb()
    try:
        card = db.card(name, prefer_alignment=PREFERRED.get(alignment or ""))
    except PycombatError:
        try:
            who = db.character(name, prefer_alignment=PREFERRED.get(alignment or ""))
        except PycombatError:
            return None
        return (f"{who.name} is a character or ally: list him in a company's `members:`; a `hand:` holds only "
                "cards played during a strike sequence (MECCG-SEQ-2, MECCG-SEQ-7)")
    try:
        model = cardfx.model(card.id)
        play, kind = model.play, model.kind
    except PycombatError:
        play = kind = None
    if kind == "item":
        what = "an item: give it to its bearer's `items:` (MECCG-FX-3, MECCG-FX-17)"
    else:
        what = _NOT_IN_HAND.get(play or "", f"a {getattr(card, 'card_kind', None) or 'card'} with no effect on a "
                                            "strike in company vs. company combat")
    return (f"{card.name} is {what}; a `hand:` holds only cards played during a strike sequence "
            "(MECCG-SEQ-2, MECCG-SEQ-7)")


def _card(node: Node, db: CardDB, alignment: str | None, *, company: bool = False) -> Any:
    """A card in play: a name, or ``{card, member}`` for one placed on a member (checked once both
    companies are read, :func:`_check_placed`). In a company's ``in_play:`` also a character whose
    ability was used on that company earlier in the turn (Dwar the Ringwraith, :func:`_check_turn_abilities`)."""
    if company and isinstance(node.value, str):
        used = _turn_ability(node.value, db)
        if used is not None:
            return used
    if isinstance(node.value, dict):
        card = db.card(node.child("card").as_str(), prefer_alignment=PREFERRED.get(alignment or ""), file=node.file,
                       path=f"{node.path}.card")
        on = node.str("member")
        item = node.str("item", None)
        node.finish(("card", "member", "item"))
        return Placed(card, on, item)
    return db.card(node.as_str(), prefer_alignment=PREFERRED.get(alignment or ""), file=node.file, path=node.path)


def _with_granted_skills(company: Company, in_play: tuple) -> Company:
    """A card that gives its member a skill (To Fealty Sworn placed on him, a Magic Ring he carries)
    gives it for every rule and card that asks for the skill (MECCG-FX-3/7); ``granted_skills``
    keeps which (a bonus "only if the bearer is already a warrior" asks for his own)."""
    from .cards.interpreter import model

    grants: dict[str, list[str]] = {}
    for c in tuple(company.in_play) + tuple(in_play):
        if isinstance(c, Placed) and model(c.id).grants_skill:
            grants.setdefault(c.on, []).append(model(c.id).grants_skill)
    for m in company.members:
        for item in m.items:
            if model(item.id).grants_skill:
                grants.setdefault(m.name, []).append(model(item.id).grants_skill)
    if not grants:
        return company
    members = tuple(replace(m, skills=m.skills + tuple(s for s in dict.fromkeys(grants[m.name]) if s not in m.skills),
                            granted_skills=tuple(s for s in dict.fromkeys(grants[m.name]) if s not in m.skills))
                    if m.name in grants else m for m in company.members)
    return replace(company, members=members)


def _turn_ability(name: str, db: CardDB) -> Any:
    """The character called ``name`` if it has an ability used on a company for the rest of the turn
    (card_effects.yaml ``turn_fx``), else None (the name is then read as a card)."""
    from .cards.interpreter import model

    if db._combat.lookup(name.strip()) or db._items.lookup(name.strip()):
        return None  # a card of that name comes first
    hits = [c for c in db.characters_named(name.strip()) if model(c.id).turn_fx]
    return hits[0] if hits else None


def _check_turn_abilities(root: Node, attacker: Company, defender: Company) -> None:
    """A character's ability used on a company earlier in the turn, named in its ``in_play:``
    (MECCG-FX-4). Dwar the Ringwraith: "tap (as your Ringwraith, at a Darkhaven): one of your companies
    +1 prowess, +1 body until end of turn": the company is a Ringwraith player's, Dwar is not in the
    other company, and when he is in this one he is no longer untapped (he tapped for it) and its site
    is a Darkhaven (a minion player's haven, when the site's kind is known). Dwar in a company of the
    player not in this combat is taken as the scenario states him."""
    from .cards.interpreter import model

    for role, company, other in (("attacker", attacker, defender), ("defender", defender, attacker)):
        for i, c in enumerate(company.in_play):
            if isinstance(c, Placed) or not model(c.id).turn_fx:
                continue
            path = f"{role}.in_play[{i}]"
            why = None
            if company.alignment != "minion":
                why = f"{c.name}'s ability is for a Ringwraith player's company; this one is {company.alignment}"
            elif any(m.card_id == c.id for m in other.members):
                why = f"{c.name} is in the other company: not this player's Ringwraith"
            else:
                own = next((m for m in company.members if m.card_id == c.id), None)
                if own is not None and own.status == "untapped":
                    why = f"{own.name} taps to use his ability; he is untapped"
                elif own is not None and company.site_kind not in (None, "haven"):
                    why = f"{c.name} uses his ability at a Darkhaven; this site is a {company.site_kind}"
            if why:
                raise ScenarioError(f"{why} (MECCG-FX-4)",
                                    file=root.file, path=path)


def _check_in_play_alignment(root: Node, attacker: Company, defender: Company) -> None:
    """A resource in a company's ``in_play:`` is its player's: of his alignment (MECCG-FX-20).
    Hazards there are the opponent's; the scenario's own ``in_play:`` names no owner (a resource
    under no company is named as not modelled, cards/coverage.py)."""
    from .assignment.facts import asp_const
    from .cards.play import own_card_alignments

    own = [(f"{co.role}.in_play[{i}]", c, co) for co in (attacker, defender) for i, c in enumerate(co.in_play)]
    for path, c, company in own:
        alignment = getattr(c, "alignment", None)
        if company is None or getattr(c, "type", None) != "resource" or alignment is None:
            continue
        if asp_const(alignment) not in own_card_alignments(company.alignment):
            raise ScenarioError(f"{c.name} is a {alignment} card; the {company.role}'s {company.alignment} player "
                                "has no such card in play (MECCG-FX-20)", file=root.file, path=path)


#: the races of a Balrog player's characters (CoE 1.3.B4)
BALROG_RACES = ("Orc", "Troll")

#: the five skills of MECCG characters (the card database's, characters.json ``skills``)
SKILLS = ("Warrior", "Scout", "Ranger", "Sage", "Diplomat")


def _race_override(node: Node, db: CardDB) -> str:
    """A member's inline ``race``: a race of the card database in its spelling (case and accents folded:
    "dunadan" is Dúnadan), or a race of the file's own (an ally's Ent, Eagle). Refused: "Half-orc", which the
    data gives as race Orc with the keyword Half-orc (a Half-orc counts as an Orc but for overtness,
    MECCG-ALIGN-6), and a name a letter or two from a database race, a misspelling that every race test
    (race-based cancels, "+N against R", overtness) would miss."""
    from rapidfuzz.distance import OSA

    race = node.str("race")
    query = normalize(race)
    if query == normalize("Half-orc"):
        raise node.error("a Half-orc is `race: Orc` with `keywords: [Half-orc]` (as the card database gives "
                         "Half-orcs): he counts as an Orc for every purpose but overtness (MECCG-ALIGN-6)", "race")
    known = sorted({c.race for c in db.characters if c.race})
    for k in known:
        if normalize(k) == query:
            return k
    plural = {normalize(k) + s: k for k in known for s in ("s", "es")}
    plural.update({normalize(p): k for p, k in (("Elves", "Elf"), ("Dwarves", "Dwarf"), ("Men", "Man"),
                                                 ("Dúnedain", "Dúnadan"), ("Half-elves", "Half-elf"))
                   if k in known})
    limit = 1 if len(query) < 8 else 2
    near = [plural[query]] if query in plural else [
        k for k in known if OSA.distance(query, normalize(k), score_cutoff=limit) <= limit]
    if near:
        raise node.error(f"{race!r} is not a race of the card database; did you mean {near[0]!r}? (a race of the "
                         f"file's own may be any name but one a letter or two from these: {', '.join(known)})", "race")
    return race


def _skills_override(node: Node) -> tuple[str, ...]:
    """A member's inline ``skills``, each one of :data:`SKILLS` (case folded), in its spelling."""
    out = []
    for n in node.list("skills"):
        name = n.as_str()
        hit = next((k for k in SKILLS if k.casefold() == name.strip().casefold()), None)
        if hit is None:
            hint = closest(name, SKILLS, n=1)
            raise ScenarioError(f"{name!r} is not a skill: the skills are {', '.join(SKILLS)}"
                                + (f"; did you mean {hint[0]!r}?" if hint else ""), file=n.file, path=n.path)
        out.append(hit)
    return tuple(out)


def _check_member_alignment(node: Node, card: Any, alignment: str) -> None:
    """A company's characters, allies and avatar are its player's cards: of his alignment (MECCG-FX-20), as the
    items they bear and the resources he has in play are. A Wizard player's company holds no minion character
    (Shagrat), a Ringwraith player's no hero one (Aragorn II); a Fallen-wizard player's holds both; a Balrog
    player's characters are Orcs and Trolls (CoE 1.3.B4)."""
    from .assignment.facts import asp_const
    from .cards.play import own_card_alignments

    if asp_const(card.alignment) not in own_card_alignments(alignment):
        kind = card.card_type if card.card_type != "agent" else "character (an agent)"
        raise node.error(f"{card.name} is a {card.alignment} {kind}; a {alignment} player's company holds no such "
                         "card (MECCG-FX-20)", "name")
    if card.balrog_specific and alignment != "balrog":
        raise node.error(f"{card.name} is Balrog specific (printed: \"Balrog specific\"); only a Balrog player's "
                         f"company holds him, not a {alignment} player's (MECCG-FX-20)", "name")
    if alignment == "balrog" and card.card_type in ("character", "agent") and card.race not in BALROG_RACES:
        raise node.error(f"{card.name} is {with_article(card.race or 'character')}; "
                         "a Balrog player's characters are Orcs and Trolls (MECCG-FX-20, CoE 1.3.B4)", "name")


def _check_placed(root: Node, attacker: Company, defender: Company, in_play: tuple) -> None:
    """A placed card is on a member of its company (or, in the scenario's ``in_play``, of either),
    and only cards that act on one member are placed (MECCG-FX-7)."""
    from .cards.interpreter import Ctx, holds, model

    for where, cards, companies in (("attacker.in_play", attacker.in_play, (attacker,)),
                                    ("defender.in_play", defender.in_play, (defender,)),
                                    ("in_play", in_play, (attacker, defender))):
        for i, c in enumerate(cards):
            if not isinstance(c, Placed):
                continue
            names = [m.name for co in companies for m in co.members]
            if c.on not in names:
                hint = closest(c.on, names, n=1)
                raise ScenarioError(f"{c.on!r} is not a member{' of this company' if len(companies) == 1 else ''}"
                                    + (f"; did you mean {hint[0]!r}?" if hint else ""), file=root.file,
                                    path=f"{where}[{i}].member")
            m = model(c.id)
            if not m.placed_on:
                raise ScenarioError(f"{c.name} is not placed on a member; list it by name", file=root.file,
                                    path=f"{where}[{i}]")
            company, member = next((co, x) for co in companies for x in co.members if x.name == c.on)
            # the card's requirements on the member it is played on, read by the one interpreter
            own = {k: v for k, v in (m.carrier_requires if m.source == "placed" else m.requires).items()
                   if k in ("race", "not_race", "skill", "keyword", "status", "carries")}
            failed = holds(own, Ctx(me=member, company=company, scenario=None))
            if failed is not None:
                raise ScenarioError(f"{c.name} is not played on {c.on}: it needs {failed} (MECCG-FX-7)",
                                    file=root.file, path=f"{where}[{i}].member")
            _check_placed_with(root, f"{where}[{i}]", c, m, member)


def _check_placed_with(root: Node, path: str, c: Placed, m: Any, member: Member) -> None:
    """A card placed with an item (``placed_with``: Map to Mithril with a non-unique weapon, Barrow-blade
    with a Dagger of Westernesse) names that item (``item:``), one its member carries and of the kind
    the card allows; no other card names one (MECCG-FX-21)."""
    from .cards.database import load_carddb

    want = m.placed_with
    if not want:
        if c.item is not None:
            raise ScenarioError(f"{c.name} is not placed with an item; leave out `item:` (MECCG-FX-7)", file=root.file,
                                path=f"{path}.item")
        return
    if c.item is None:
        raise ScenarioError(f"{c.name} is placed with {_placed_with_text(want)}: name it (`item:`, one that "
                            f"{c.on} carries) (MECCG-FX-21)", file=root.file, path=f"{path}.item")
    carried = [i for i in member.items if i.name.casefold() == c.item.casefold() or i.id == c.item]
    if not carried:
        raise ScenarioError(f"{c.on} carries no {c.item!r} ({', '.join(i.name for i in member.items) or 'no items'}) "
                            "(MECCG-FX-21)", file=root.file, path=f"{path}.item")
    item = load_carddb().item(carried[0].id)
    why = []
    if want.get("slot") and want["slot"] not in item.item_keywords:
        why.append(f"a {want['slot']}")
    if want.get("unique") is False and item.unique:
        why.append("a non-unique item")
    if want.get("names") and item.name not in want["names"]:
        why.append(" or ".join(want["names"]))
    if why:
        raise ScenarioError(f"{c.name} is placed with {_placed_with_text(want)}; {item.name} is not "
                            f"{', '.join(why)} (MECCG-FX-21)", file=root.file, path=f"{path}.item")


def _placed_with_text(want: Mapping[str, Any]) -> str:
    """``a non-unique Weapon`` / ``a Dagger of Westernesse``: what a card is placed with, in words."""
    if want.get("names"):
        return "a " + " or a ".join(want["names"])
    return "a " + ("non-unique " if want.get("unique") is False else "") + str(want.get("slot", "item"))


def _member(node: Node, alignment: str, db: CardDB) -> Member:
    """A company member; the same entry under the same alignment reads the same (only entries that
    read without an error are remembered, so an error always names its own file and path)."""
    try:
        key = (json.dumps(node.value, sort_keys=True), alignment, id(db))
    except (TypeError, ValueError):
        return _read_member(node, alignment, db)
    got = _MEMBERS.get(key)
    if got is None or got[0] is not db:  # the id of a database since freed may be reused
        got = (db, _read_member(node, alignment, db))
        if len(_MEMBERS) >= 4096:
            _MEMBERS.clear()
        _MEMBERS[key] = got
    return got[1]


#: (entry as JSON, alignment, id of the card database) -> (that database, Member): a batch's
#: scenarios repeat their members
_MEMBERS: dict[tuple, tuple[CardDB, Member]] = {}


def _read_member(node: Node, alignment: str, db: CardDB) -> Member:
    if isinstance(node.value, str):  # shorthand: just the card name
        node = Node({"name": node.value}, file=node.file, path=node.path)
    node._mapping()
    name = node.str("name")
    custom = node.bool("custom", False)
    fields: dict[str, Any] = {}
    if custom:
        ctype = node.str("type", "character", choices=CARD_TYPES)
        fields.update(card_id=None, card_name=name, card_type=ctype, race=None, skills=(), prowess=None,
                      body=None, mp=None, avatar=ctype == "avatar")
        for required in ("prowess", "body"):
            if not node.has(required):
                raise node.error(f"a custom member (custom: true) needs `{required}`", required)
    else:
        if node.has("type"):
            raise node.error("`type` is only for custom members (custom: true); a card's type comes from the "
                             "card database", "type")
        card = db.character(name, prefer_alignment=PREFERRED[alignment], file=node.file, path=f"{node.path}.name")
        _check_member_alignment(node, card, alignment)
        fields.update(card_id=card.id, card_name=card.name, card_type=card.card_type, race=card.race,
                      skills=tuple(card.skills), prowess=card.prowess, body=card.body, mp=card.mp,
                      avatar=card.avatar, keywords=tuple(card.keywords),
                      may_not_be_attacked=card.may_not_be_attacked,
                      may_not_face_strikes_at_site=card.may_not_face_strikes_at_site,
                      makes_company_overt=card.makes_company_overt,
                      discard_on_body_check=tuple(card.discard_on_body_check or ()),
                      mp_if_eliminated=card.mp_if_eliminated,
                      prowess_mods=tuple(card.prowess_mods or ()), mind=card.mind,
                      direct_influence=card.direct_influence,
                      check_modifier=card.check_modifier,
                      check_modifier_source=next((t for t in card.terms_source if "corruption check" in t), None)
                      if card.check_modifier else None,
                      assignable_as_untapped=_ability(card, "assignable_as_untapped"),
                      struck_before_controller=_ability(card, "must_be_assigned_first"),
                      discarded_with_controller=_ability(card, "discarded_if_controller_wounded"))
    overridden = []
    for key in OVERRIDABLE:
        if not node.has(key):
            continue
        overridden.append(key)
        if key in ("prowess", "body", "mp", "mind"):
            fields[key] = node.int(key, minimum=0 if key != "mp" else None)
        elif key == "race":
            fields[key] = _race_override(node, db)
        elif key == "skills":
            fields[key] = _skills_override(node)
        elif key == "keywords":
            fields[key] = tuple(n.as_str() for n in node.list(key))
        elif key == "discard_on_body_check":
            fields[key] = tuple(_int_item(n) for n in node.list(key))
        else:
            fields[key] = node.bool(key)
    status = node.str("status", "untapped", choices=STATUSES)
    mode = node.str("mode", None, choices=MODES)
    if mode is not None and (fields.get("race") or "").lower() != "ringwraith":
        raise node.error("`mode` is for Ringwraiths (Fell Rider, Heralded Lord or Black Rider mode, MECCG-FX-6)",
                         "mode")
    items = tuple(db.item(n.as_str(), prefer_alignment=PREFERRED[alignment], file=n.file, path=n.path)
                  for n in node.list("items", []))
    ally_of = node.str("ally_of", None)
    if ally_of is not None and fields["card_type"] != "ally":
        raise node.error(f"`ally_of` is for allies; {name!r} is a {fields['card_type']}", "ally_of")
    follower_of = node.str("follower_of", None)
    if follower_of is not None and fields["card_type"] not in ("character", "agent"):
        raise node.error(f"`follower_of` is for characters controlled by another's direct influence; {name!r} "
                         f"is a{'n' if fields['card_type'][0] in 'aeiou' else ''} {fields['card_type']}", "follower_of")
    label = node.str("label", None)
    corruption = node.int("corruption_points", None, minimum=0) if node.has("corruption_points") else None
    if corruption is not None and fields["card_type"] == "ally":
        raise node.error("`corruption_points` is for characters: an ally makes no corruption check (MECCG-FX-22)",
                         "corruption_points")
    restored = tuple(_restored_item(n, items) for n in node.list("restored", []))
    node.finish(MEMBER_KEYS)
    return Member(name=label or fields["card_name"], status=status, items=items, ally_of=ally_of, follower_of=follower_of,
                  fell_rider=mode == "fell-rider", mode=mode, overridden=tuple(overridden),
                  corruption_points=corruption, restored=restored, **fields)


def _restored_item(n: Node, items: tuple) -> str:
    """An item of the member's ``items:`` that has a restored form (its data names Reforging), by name."""
    from .cards.interpreter import has_restored_form

    name = n.as_str()
    got = next((i for i in items if i.name.casefold() == name.strip().casefold()), None)
    if got is None:
        raise n.error(f"{name!r} is not one of this member's items")
    if not has_restored_form(got):
        raise n.error(f"{got.name} has no restored form (only an item whose text names Reforging does)")
    return got.name


def _ability(card, effect: str) -> bool:
    """Whether the card's structured combat abilities (characters.json ``combat_effects``) include
    ``effect`` in company vs. company combat (read by the assignment rules, MECCG-FX-18)."""
    return any(e.get("effect") == effect and e.get("cvcc") is not False for e in card.combat_effects)


def _int_item(n: Node) -> int:
    if isinstance(n.value, bool) or not isinstance(n.value, int):
        raise n.error("must be a whole number")
    return n.value


def _check_allies(members: list[Member], nodes: list[Node]) -> None:
    """An ally's ``ally_of`` and a follower's ``follower_of`` name another member of the company, a character (an
    ally is controlled by a character, and a follower by a character's direct influence): not an ally."""
    from pycombat.names import normalize

    by_name = {normalize(m.name): m for m in members}
    for i, (m, n) in enumerate(zip(members, nodes)):
        for key, whose in (("ally_of", m.ally_of), ("follower_of", m.follower_of)):
            if whose is None:
                continue
            # a member's name as `members:` accepts it ("Eomer" for Éomer), kept as the member's own name
            other = by_name.get(normalize(whose))
            if other is None or other is m:
                raise n.error(f"{whose!r} is not another member of this company", key)
            if other.card_type == "ally":
                raise n.error(f"{whose} is an ally; {'an ally' if key == 'ally_of' else 'a follower'} is controlled "
                              "by a character", key)
            m = members[i] = replace(m, **{key: other.name})


def _check_mode_company(members: list[Member], nodes: list[Node]) -> None:
    """A member's mode card may keep kinds of member out of his company (Fell Rider: "Discard all allies ...;
    none may join the company", MECCG-FX-6): a company with one such member is refused."""
    from .cards.interpreter import mode_cards

    for m in members:
        for card in mode_cards():
            if m.mode != card.mode or not card.company_excludes:
                continue
            for other, n in zip(members, nodes):
                if other.card_type in card.company_excludes:
                    raise n.error(f"{m.name} is in {card.name} mode: his company holds no {other.card_type}, "
                                  f"none may join it ({card.id}, {card.rule})")


def _unique_names(root: Node, attacker: Company, defender: Company) -> None:
    seen = {m.name for m in attacker.members}
    for i, m in enumerate(defender.members):
        if m.name in seen:
            raise ScenarioError(f"{m.name!r} is in both companies; give one of them a `label`",
                                file=root.file, path=f"defender.members[{i}].name")


def _one_avatar(root: Node, attacker: Company, defender: Company) -> None:
    """MECCG-FX-34: a player (a company) has one avatar in play at most; MECCG-FX-33: a unique avatar is one
    player's (the two players' ``avatar_in_play:`` name two avatars)."""
    if attacker.avatar_in_play and attacker.avatar_in_play == defender.avatar_in_play:
        raise ScenarioError(f"{defender.avatar_in_play} is the attacker's avatar in play already: a unique card is "
                            "in play once at most (MECCG-FX-33)", file=root.file, path="defender.avatar_in_play")
    for company in (attacker, defender):
        avatars = [(i, m) for i, m in enumerate(company.members) if m.avatar]
        if len(avatars) > 1:
            (_, first), (i, second) = avatars[:2]
            raise ScenarioError(f"{second.name} is an avatar and the {company.role}'s company has one already "
                                f"({first.name}): a player has one avatar in play at most (MECCG-FX-34)",
                                file=root.file, path=f"{company.role}.members[{i}].name")


def _environment_side(card: Any) -> str | None:
    """``hazard`` or ``resource`` for an environment card (keyword ``Environment``), else None."""
    if isinstance(card, CharacterCard) or "Environment" not in (getattr(card, "keywords", ()) or ()):
        return None
    return card.type if card.type in ("hazard", "resource") else None


def _discarded_sides(card: Any) -> set[str]:
    """The environments a card discards when played (its data's ``environment`` effect, ``discards``:
    Doors of Night "resource environments", Gates of Morning and Skies of Fire "hazard environments")."""
    out = set()
    for e in getattr(card, "effects", ()) or ():
        words = str(e.get("discards", "")).split() if e.get("effect") == "environment" else []
        if len(words) == 2 and words[1] == "environments" and words[0] in ("hazard", "resource"):
            out.add(words[0])
    return out


def _environments_together(root: Node, attacker: Company, defender: Company, in_play: tuple) -> None:
    """MECCG-FX-7: two environments each of which discards the other's kind when played (Doors of Night
    discards resource environments; Gates of Morning and Skies of Fire discard hazard environments) are never
    in play together: whichever came later discarded the other. A board that lists both is refused, naming
    both entries. (One that only the later discards, such as The Sun Shone Fiercely played after Gates of
    Morning, stays: it came after.)"""
    listed = []  # (path, card, its environment side)
    for where, cards in (("attacker.in_play", attacker.in_play), ("defender.in_play", defender.in_play),
                         ("in_play", in_play)):
        for i, c in enumerate(cards):
            card = c.card if isinstance(c, Placed) else c
            side = _environment_side(card)
            if side is not None:
                listed.append((f"{where}[{i}]", card, side))
    for k, (path, card, side) in enumerate(listed):
        for first, other, other_side in listed[:k]:
            if other_side in _discarded_sides(card) and side in _discarded_sides(other):
                raise ScenarioError(
                    f"{card.name} and {other.name} ({first}) are never in play together: played, {card.name} "
                    f"discards {other_side} environments and {other.name} {side} ones, so the later discarded "
                    "the other (MECCG-FX-7)",
                    file=root.file, path=path)


def _unique_cards(root: Node, attacker: Company, defender: Company, in_play: tuple, db: CardDB) -> None:
    """MECCG-FX-33: a unique card (a character, an ally, an item or a permanent event the data marks ``unique``) is
    in play once at most, in either company or in an ``in_play:`` list; a card and its manifestations
    (``manifestation_of``) count as one. A character named in ``in_play:`` for the ability he used on a company
    earlier in the turn (:func:`_turn_ability`) is not a second copy of him."""
    cards: list[tuple[str, str, str | None]] = []  # (where, the unique card's name, the card it manifests)
    for role, company in (("attacker", attacker), ("defender", defender)):
        for i, m in enumerate(company.members):
            card = next((c for c in db.characters_named(m.card_id) if c.id == m.card_id), None) \
                if m.card_id is not None else None
            if card is not None and card.unique:
                cards.append((f"{role}.members[{i}].name", card.name, card.manifestation_of))
            cards += [(f"{role}.members[{i}].items[{k}]", it.name, None) for k, it in enumerate(m.items) if it.unique]
    for where, listed in (("attacker.in_play", attacker.in_play), ("defender.in_play", defender.in_play),
                          ("in_play", in_play)):
        for i, c in enumerate(listed):
            card = c.card if isinstance(c, Placed) else c
            if isinstance(card, CharacterCard) or not card.unique:
                continue
            cards.append((f"{where}[{i}]" + (".card" if isinstance(c, Placed) else ""), card.name, None))
    seen: dict[str, str] = {}  # a unique card's name, and each it is a manifestation of -> where it is
    for path, name, of in cards:
        names = {name} | ({of} if of else set())
        other = next((seen[n] for n in names if n in seen), None)
        if other is not None:
            raise ScenarioError(f"{name} is unique and is in play already ({other}): a unique card is in play "
                                "once at most, a manifestation of it counted as the same card (MECCG-FX-33)",
                                file=root.file, path=path)
        seen.update(dict.fromkeys(names, path))
