"""War of the Ring rulings: claims about a battle or a position, and their verdicts."""
