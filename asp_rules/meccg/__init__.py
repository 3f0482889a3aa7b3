"""MECCG company-vs-company combat encodings (see the header of each .lp file)."""
