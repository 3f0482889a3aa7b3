"""Riftbound's Combat Damage Step: legal damage splits, outcomes, the judge's view, the two-player game."""
