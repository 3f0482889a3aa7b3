"""War of the Ring positions: the board, an action die result and a hand; legal movement."""
