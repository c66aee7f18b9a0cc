"""What is shown or handed out about an event: exports (:mod:`.exports`, with
the sheets in :mod:`.sheet_words`, :mod:`.scorecard`, :mod:`.event_report`
and :mod:`.sheet_html`), why a pairing was made (:mod:`.explain`) and the
independent verifier of an exported event (:mod:`.verify`, with its parts
``verify_*``)."""
