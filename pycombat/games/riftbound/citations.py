"""Rule numbers by Core Rules version (flag ``rules_version``, digest section 0 and 8).

The digest cites CR v1.3. Its numbering table gives, per topic, the numbers in v1.1, v1.2 and
v1.4 (the wording is unchanged from v1.1 to v1.3; only the numbers moved). With another
``rules_version`` the explanations show the mapped number first and the v1.3 number beside
it; a number the table does not map is shown as the v1.3 number, said so.

>>> source_for("CR 460.2.c.3; Seed \\"Splitting\\"", "v1.2")
'CR1.2 443.1.c.3 [v1.3: CR 460.2.c.3]; Seed "Splitting"'
>>> source_for("CR 815.1.b, 815.1.c.1-2", "v1.1")
'CR1.1 731.1.b, 731.1.c.1-2 [v1.3: CR 815.1.b, 815.1.c.1-2]'
>>> source_for("CR 826.4.b, 460.2.c.5", "v1.2")
'CR 826.4.b (v1.3 only: Backline is new in v1.3; before, the card text "I must be assigned combat damage last"), CR1.2 443.1.c.5 [v1.3: CR 460.2.c.5]'
>>> source_for("CR 460.2.c.3", "v1.3")
'CR 460.2.c.3'
"""
from __future__ import annotations

import re

#: v1.3 prefix -> {version: prefix in that version or None (not in that version)}; digest section 0 table
PREFIXES: dict[str, dict[str, str | None]] = {
    "460.2": {"v1.1": "439.1", "v1.2": "443.1", "v1.4": "465.2"},  # Combat Damage Step
    "461": {"v1.1": "440", "v1.4": "466"},  # Resolution Step (v1.2 number not given)
    "815": {"v1.1": "731", "v1.2": "741"},  # Tank
    "807": {"v1.1": "723"},  # Assault
    "814": {"v1.1": "730", "v1.2": "740", "v1.4": "814"},  # Shield
    "826": {"v1.1": None, "v1.2": None},  # Backline (new in v1.3)
}
_TAG = {"v1.1": "CR1.1", "v1.2": "CR1.2", "v1.4": "CR1.4"}
_NUM = r"\d{3}(?:\.[\w\-–]+)*"
_CR = re.compile(rf"\bCR (?P<nums>{_NUM}(?:,\s*{_NUM})*)")


def _map_number(num: str, version: str) -> tuple[str | None, bool]:
    """(the number in ``version``, whether the table maps it); None: not in that version."""
    for prefix, table in PREFIXES.items():
        if num == prefix or num.startswith(prefix + "."):
            if version not in table:
                return num, False
            new = table[version]
            return (None if new is None else new + num[len(prefix):]), True
    return num, False


def source_for(source: str, version: str) -> str:
    """A digest source with its CR v1.3 numbers given in ``version``'s numbering."""
    if version == "v1.3" or not source:
        return source

    def repl(m: re.Match) -> str:
        nums = [n.strip() for n in m.group("nums").split(",")]
        mapped, unmapped, missing = [], [], []
        for n in nums:
            new, known = _map_number(n, version)
            if new is None:
                missing.append(n)
            elif known:
                mapped.append((n, new))
            else:
                unmapped.append(n)
        parts = []
        if missing:
            parts.append(f"CR {', '.join(missing)} (v1.3 only: Backline is new in v1.3; before, the card text "
                         "\"I must be assigned combat damage last\")")
        if mapped:
            tag = _TAG[version]
            parts.append(f"{tag} {', '.join(new for _, new in mapped)} [v1.3: CR {', '.join(n for n, _ in mapped)}]")
        if unmapped:
            parts.append(f"CR {', '.join(unmapped)} (v1.3 number; the digest gives no {version} number)")
        return ", ".join(parts)

    return _CR.sub(repl, source)
