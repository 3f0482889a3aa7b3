"""MECCG cards: the shipped card data, the one effect interpreter, lookups and what is not modelled."""
