"""Who plays whom and who is ahead: Swiss pairing (:mod:`.pairing`, with the
weighted matching in :mod:`.matching`), standings and tiebreakers
(:mod:`.standings`), the single-elimination top cut (:mod:`.elimination`),
what a match result may be (:mod:`.matchrules`) and the event plan
(:mod:`.plan`).  Pure functions of an event; they change nothing."""
