"""The combat showdown played out from both players' hands, as a two-player game (RB-SHOW).

* :mod:`.hands`: the scenario's ``hand:`` (each player's cards), read and checked;
* :mod:`.entries`: a play as a showdown entry, the legality check (the one reader and interpreter),
  and the order a chain resolves in;
* :mod:`.trigger_entries`: a trigger awaiting its player's choice, and the trigger entries to try for it;
* :mod:`.triggers`: the triggers the file leaves to their players, chosen before the showdown (and those their
  resolution fires, as they fire);
* :mod:`.responses`: the Reactions played while the combat triggers are on the chain;
* :mod:`.game`: the showdown on the engine's state API (Focus, the chain, passing), then the Combat
  Damage Step's joint game on the board it leaves;
* :mod:`.solve`: the game solved exactly, the line of best play and every option's value.
"""
