"""What is shown or handed out about an event: exports (:mod:`.exports`), why
a pairing was made (:mod:`.explain`) and the independent verifier of an
exported event (:mod:`.verify`)."""
