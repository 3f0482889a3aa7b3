"""War of the Ring cards: action dice and Event cards in a position, and the Combat cards played in battle."""
