"""Riftbound: showdown combat, legal damage splits, outcomes."""
