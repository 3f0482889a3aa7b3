"""War of the Ring 2nd edition: battles, rearguards, action dice, movement and cards."""
