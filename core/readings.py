"""A suggested reading (よみ) for a name typed in kanji (docs/names.md, L-READING).

By-name sheets sort in 五十音 order by the reading; a player without one is listed
apart, where nobody scanning for 山田太郎 finds him.  The desk suggests the reading as
the name is typed and the clerk confirms it (the app pre-fills the reading box with it,
selected, so typing replaces it; ``lycee player add --suggest-reading``).  The words come
from janome (Apache-2.0, its IPADIC dictionary inside the wheel), an optional extra:
``pip install 'lycee[readings]'``.  Without it nothing is suggested and everything else
works as before.  A suggestion is only offered whole: a name with a part the dictionary
cannot read (a rare given name, Latin letters) gets none rather than half of one.
"""

from __future__ import annotations

from functools import lru_cache

from core.names import is_kana, to_hiragana


@lru_cache(maxsize=1)
def _tokenizer():
    try:
        from janome.tokenizer import Tokenizer  # an optional extra, and a large dictionary to load
    except ImportError:  # the optional extra is not installed: no suggestions
        return None
    return Tokenizer()


def available() -> bool:
    """Whether readings can be suggested (janome is installed)."""
    return _tokenizer() is not None


@lru_cache(maxsize=1024)
def suggest_reading(name: str) -> str | None:
    """The reading of ``name`` in hiragana (山田太郎 → やまだたろう, 渡辺 美咲 → わたなべ みさき),
    or None: no dictionary, a name already in kana (it is its own reading), or a part
    the dictionary has no reading for."""
    name = name.strip()
    tk = _tokenizer()
    if tk is None or not name or is_kana(name):
        return None
    out: list[str] = []
    for tok in tk.tokenize(name):
        if tok.surface.isspace():
            out.append(" ")
            continue
        reading = _token_reading(tok)
        if reading is None:
            return None
        out.append(reading)
    text = " ".join("".join(out).split())
    return text or None


def _token_reading(tok) -> str | None:
    """A token's reading in hiragana: the dictionary's, or the token itself
    when it is kana; None when the dictionary has none."""
    reading = tok.reading if tok.reading and tok.reading != "*" else None
    if reading is None and is_kana(tok.surface):
        reading = tok.surface
    if reading is None or not is_kana(reading):
        return None
    return to_hiragana(reading)
