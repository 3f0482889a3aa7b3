"""Riftbound cards: unit, spell and gear data, the one effect interpreter, the showdown, card lookup."""
