"""MECCG rulings: claims about a scenario and the deciders that settle them."""
