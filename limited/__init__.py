"""The limited formats: packs (``packs``), sealed pools (``sealed``), draft
tables (``draft``), bots and the deck builder (``bots``), the deck score
(``score``) and the ``lycee-draft/1`` log (``draftlog``).  Plain Python over
``core``; never imports the UI (docs/architecture.md)."""
