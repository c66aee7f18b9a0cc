"""One catalog for every visible string, Japanese and English (docs/app.md).

Messages are written in English in the code, with named placeholders:
``_("no player {ref!r} in {event}", ref=..., event=...)``.  ``locale/ja.json``
maps each English template to its Japanese one.  The language is chosen once,
by ``--lang`` or the locale (Japanese when LANG starts with ``ja``).
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

LANGS = ("ja", "en")
_lang = "en"
#: One request's language where it is not the process's (a phone page asks in its own:
#: tui.web.decklists); threads started with the context (asyncio.to_thread) keep it.
_asked: ContextVar[str | None] = ContextVar("lycee_language", default=None)


def default_language() -> str:
    for var in ("LYCEE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var, "")
        if v:
            return "ja" if v.lower().startswith("ja") else "en"
    return "en"


def set_language(lang: str | None) -> str:
    global _lang
    lang = lang or default_language()
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: choose ja or en")
    _lang = lang
    return lang


def language() -> str:
    return _asked.get() or _lang


@contextmanager
def speaking(lang: str | None):
    """Messages in ``lang`` for what runs in this context (a request of a
    phone page in English on a Japanese desk), the process's language unchanged."""
    token = _asked.set(lang if lang in LANGS else None)
    try:
        yield
    finally:
        _asked.reset(token)


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    # beside this module, read without importlib.resources (a fifth of `lycee result`'s start-up)
    with open(os.path.join(os.path.dirname(__file__), "locale", f"{lang}.json"), encoding="utf-8") as f:
        return json.load(f)


def _(msgid: str, /, **kw) -> str:
    """Translate ``msgid`` into the current language and fill its placeholders."""
    text = catalog(_asked.get() or _lang).get(msgid, msgid)
    return text.format(**kw) if kw else text


#: How a language joins the items of a list, short words (names) and whole sentences: Japanese
#: 「伊藤、佐藤」「主催者・ジャッジ」「…です。…です」, English ", " and "; ".  Code never joins
#: visible text with a literal separator; it calls :func:`join_list` or :func:`join_sentences`.
SEPARATORS = {
    "ja": {"list": "、", "words": "・", "sentences": "。"},
    "en": {"list": ", ", "words": ", ", "sentences": "; "},
}


def join_list(items, words: bool = False) -> str:
    """``items`` as one list in the current language: 「1、2、3」 (``words``: 「佐藤・店長」 for
    short words such as names), "1, 2, 3" in English."""
    return SEPARATORS[language()]["words" if words else "list"].join(str(x) for x in items)


def join_sentences(items) -> str:
    """Whole sentences one after the other: 「…です。…です」 in Japanese (no doubled 「。」),
    "…; …" in English."""
    parts = [str(x).strip() for x in items if str(x).strip()]
    if language() == "ja":
        return "。".join(x.rstrip("。") for x in parts)
    return SEPARATORS[language()]["sentences"].join(parts)


def missing(lang: str, msgids) -> list[str]:
    """Templates the catalog of ``lang`` lacks (for the tests)."""
    cat = catalog(lang)
    return [m for m in msgids if m not in cat]


def ngettext(singular: str, plural: str, n: int, /, **kw) -> str:
    """``singular`` when ``n`` is 1, else ``plural``, translated ("1 result
    missing", "2 results missing"); Japanese has one form, the plural's entry.
    ``n`` is passed to the template as ``n`` unless given otherwise."""
    kw.setdefault("n", n)
    lang = language()
    msgid = singular if n == 1 and lang == "en" else plural
    text = catalog(lang).get(msgid, msgid)
    return text.format(**kw)
