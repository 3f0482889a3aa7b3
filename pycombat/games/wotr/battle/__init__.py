"""War of the Ring battles: the exact battle process (rounds, hits, re-rolls, casualties, sieges),
attack legality and rearguard splits, and the battle verbs (odds, optimize, replay, plot)."""
