"""MECCG attack legality and the three-phase strike assignment (MECCG-ASSIGN)."""
