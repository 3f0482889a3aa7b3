"""MECCG combat: strike resolution, body checks, kill MPs, and the combat as a two-player game solved exactly."""
