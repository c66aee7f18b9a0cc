"""What a name (or any text a user types) may be, and how a name or an id is
told apart when a command is given one (docs/names.md).

One module decides for every face: the command line, the app and import call
these functions (the store calls :func:`check_action_text` on every action it
is asked to append, so no path can store text that skipped them).

- Control and format characters (Unicode categories Cc and Cf: ESC, newline,
  CR, zero-width space, bidi overrides...), line and paragraph separators and
  lone surrogates are refused, naming the first one and its position.
- Each kind of text has a length limit (in characters): :data:`LIMITS`.
- Text with no visible character (only spaces, blank fillers such as U+3164
  or U+2800, variation selectors, combining marks without a base) is refused.
- Names are compared after NFKC with case and all runs of white space folded
  and look-alike letters mapped to one (:func:`fold_name`, the confusables
  skeleton of UTS #39): '山田　太郎' and '山田 太郎' are one player, and a
  Cyrillic 'Ѕато' is the Latin 'Sato'.
- Anything printed to a terminal passes :func:`escaped` (no ESC, CSI, OSC or
  bidi override ever reaches it, whatever an old journal holds).
- A PLAYER or EVENT given to a command may say what it is: ``id:p3`` or
  ``name:p3``.  A plain ``p3`` is an id or a name as before, but refused as
  ambiguous when it is the id of one and the name of another.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import unicodedata
from pathlib import Path

from core.codecache import kept_value
from core.errors import LyceeError, NotFound
from core.i18n import _, join_list

#: Longest text of each kind, in characters.
PLAYER_NAME_MAX = 64
EVENT_NAME_MAX = 100
STAFF_NAME_MAX = 64
TEXT_MAX = 500  # a penalty reason, a match note, an appeal note
LIMITS = {"player": PLAYER_NAME_MAX, "event": EVENT_NAME_MAX, "staff": STAFF_NAME_MAX, "text": TEXT_MAX}

#: Event and player ids in files (import): letters, digits, '_' and '-', not
#: starting with '-' or '_' (so never a hidden file or an option), 1-64 long.
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
_ID = re.compile(ID_PATTERN)
#: A run of white space (one space in a folded key or a reading).
_SPACES = re.compile(r"\s+")

#: Unicode categories refused anywhere in user text.
REFUSED_CATEGORIES = ("Cc", "Cf", "Zl", "Zp", "Cs")

ID_PREFIX = "id:"
NAME_PREFIX = "name:"


#: Letters and symbols that show as nothing or as a blank: the Hangul fillers
#: and the braille blank.  In a name they count as a space (docs/names.md).
BLANK_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as
#: nothing (variation selectors, the combining grapheme joiner, tags...).
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def is_ignorable(ch: str) -> bool:
    """A default-ignorable code point (drawn as nothing)."""
    o = ord(ch)
    return any(a <= o <= b for a, b in _IGNORABLE)


def is_visible(ch: str) -> bool:
    """A character that draws something by itself: not a space, a control or
    format character, a combining mark, a default-ignorable or a blank filler."""
    return ch not in BLANK_FILLERS and unicodedata.category(ch)[0] not in "ZCM" and not is_ignorable(ch)


def has_visible(text: str) -> bool:
    """Whether ``text`` (after NFKC) has at least one visible character."""
    return any(is_visible(ch) for ch in unicodedata.normalize("NFKC", text))


def fold_text(name: str, fold_case: bool = True) -> str:
    """NFKC, blank fillers as spaces, other ignorables removed, trimmed,
    case-folded, runs of white space as one space: the key of
    :func:`fold_name` without the skeleton (event names; a log written
    before format 4)."""
    n = unicodedata.normalize("NFKC", name)
    if not n.isascii():
        n = "".join(" " if c in BLANK_FILLERS else c for c in n if c in BLANK_FILLERS or not is_ignorable(c))
    n = n.strip().casefold() if fold_case else n.strip()
    return _SPACES.sub(" ", n)


def kept_when_typed(ch: str) -> bool:
    """L-NAME-KEY: a typed character that a text field must keep although
    Python does not call it printable: a space separator (category Zs, the
    ideographic space U+3000 of a Japanese keyboard).  The command line keeps
    it as typed, so the app's fields keep it too: '山田　太郎' typed in
    either is the same player (:func:`fold_name`)."""
    return len(ch) == 1 and unicodedata.category(ch) == "Zs"


@functools.cache
def _confusables() -> tuple[dict[str, str], dict[str, str]]:
    """Each character of the Unicode confusables table (UTS #39, as shipped by
    the confusable_homoglyphs package) to one representative of the characters
    it is confusable with; a character confusable with a sequence ('m' and
    'rn') to that sequence.  The package's table lists each pair both ways, so
    the classes are rebuilt here (union-find); any member of a class serves as
    its prototype, since only equality of skeletons is used.

    Also, for names compared without case: each capital letter confusable
    with one Latin capital (Cyrillic 'Т', Greek 'Τ') to that capital, so that
    'ТОМ' is 'TOM' although 'т' does not look like 't'.

    Built once from the package's table and kept while that file is unchanged
    (core.codecache.kept_value: an import or ``player add`` reads it back)."""
    source = _confusables_file()
    table, upper = kept_value("confusables", source, _build_confusables)
    return table, upper


def _confusables_file():
    """The confusable_homoglyphs package's table: found without importing the
    package or importlib.resources (40 ms) when it is a file on disk."""
    spec = importlib.util.find_spec("confusable_homoglyphs")
    places = list(spec.submodule_search_locations or ()) if spec is not None else []
    for place in places:
        path = Path(place) / "confusables.json"
        if path.is_file():
            return path
    from importlib import resources  # 40 ms to import: only where the table is no plain file

    return resources.files("confusable_homoglyphs").joinpath("confusables.json")


def _build_confusables(source) -> tuple[dict[str, str], dict[str, str]]:
    """:func:`_confusables` made from the package's table ``source``."""
    data = json.loads(source.read_text(encoding="utf-8"))
    table = _prototypes(data)
    return {k: v for k, v in table.items() if k != v}, _latin_capitals(table)


def _confusable_pairs(data: dict):
    """(a character of the table, one text it is confusable with), the
    left-to-right marks the package wraps right-to-left letters in removed."""
    for key, homoglyphs in data.items():
        key = key.replace("\u200e", "")
        if len(key) != 1:
            continue  # a sequence: listed again from the side of its single character
        for h in homoglyphs:
            yield key, h["c"].replace("\u200e", "")


def _root(parent: dict[str, str], x: str) -> str:
    """The prototype of ``x`` so far in the union-find ``parent`` (paths halved)."""
    while parent.setdefault(x, x) != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _union(parent: dict[str, str], x: str, y: str) -> None:
    """``x`` and ``y`` confusable: one class, the smallest character its prototype."""
    a, b = _root(parent, x), _root(parent, y)
    if a != b:
        parent[max(a, b)] = min(a, b)


def _prototypes(data: dict) -> dict[str, str]:
    """Each character of the table to its prototype: the smallest of the
    characters it is confusable with, one way or another (a union-find), and a
    character confusable with a sequence to that sequence's prototypes."""
    parent: dict[str, str] = {}
    sequences: dict[str, str] = {}
    for key, c in _confusable_pairs(data):
        if len(c) == 1:
            _union(parent, key, c)
        elif c:
            sequences[key] = c
    table = {c: _root(parent, c) for c in parent}
    for key, seq in sequences.items():
        table[key] = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", seq))
    return table


def _latin_capitals(table: dict[str, str]) -> dict[str, str]:
    """Each capital letter confusable with one Latin capital, to that capital."""
    classes: dict[str, list[str]] = {}
    for c, r in table.items():
        classes.setdefault(r, []).append(c)
    upper: dict[str, str] = {}
    for members in classes.values():
        upper.update(_to_latin_capital(members))
    return upper


def _to_latin_capital(members: list[str]) -> dict[str, str]:
    """The capitals of a class of confusables to its one Latin capital (none when it has none or several)."""
    latin = [c for c in members if "A" <= c <= "Z"]
    if len(latin) != 1:
        return {}
    return {c: latin[0] for c in members if c.isupper() and c != latin[0]}


def skeleton(text: str) -> str:
    """The confusables skeleton of UTS #39: NFD, each character to its
    prototype, NFD again.  Two strings that look alike have one skeleton
    ('Ѕато' in Cyrillic and 'Sato', '山ロ' with a katakana ro and '山口');
    different kanji stay different (佐藤 and 左藤, 太田 and 大田)."""
    table = _confusables()[0]
    n = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in n))


def fold_name(name: str) -> str:
    """The key two names are compared by (L-NAME-KEY): NFKC (full-width =
    half-width), blank fillers as spaces and other invisible characters
    removed, trimmed, case-folded, every run of white space as one space
    ('山田　太郎' and '山田 太郎' are one name), then the confusables skeleton
    (:func:`skeleton`: a Cyrillic or Greek look-alike is the same name)."""
    upper = _confusables()[1]
    n = fold_text(name, fold_case=False)
    return skeleton("".join(upper.get(c, c) for c in n).casefold())


def lookalike_note(name: str, other: str) -> str:
    """When ``name`` and ``other`` fold to one key but differ as typed: which
    character of ``name`` only looks like one of ``other``, for the same-name
    question ('' when they are the same by NFKC alone)."""
    a, b = fold_text(name, fold_case=False), fold_text(other, fold_case=False)
    if a.casefold() == b.casefold():
        return ""
    for x, y in zip(a, b):
        if x.casefold() != y.casefold():
            return " · " + _(
                "they only look alike: {a} ({an}) is not {b} ({bn})",
                a=escaped(x),
                an=unicodedata.name(x, f"U+{ord(x):04X}"),
                b=escaped(y),
                bn=unicodedata.name(y, f"U+{ord(y):04X}"),
            )
    return " · " + _("they only look alike")


def is_id(text: str) -> bool:
    return isinstance(text, str) and _ID.fullmatch(text) is not None


def refused_char(text: str) -> tuple[int, str] | None:
    """The first refused character of ``text`` as (position from 1, char), or None."""
    for i, ch in enumerate(text, 1):
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            return i, ch
    return None


def _escape(ch: str) -> str:
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def escaped(text: str, keep: str = "") -> str:
    """``text`` safe to print to a terminal: every refused character (ESC, so
    every ESC/CSI/OSC sequence, the C1 controls, bidi overrides and isolates,
    line separators, lone surrogates) as a visible escape such as ``\\x1b``
    or ``\\u202e``; the characters in ``keep`` (a newline, a tab) pass.  The
    one terminal sanitiser: the command line routes all it prints through it."""
    if text.isprintable():
        return text
    return "".join(
        _escape(ch) if ch not in keep and unicodedata.category(ch) in REFUSED_CATEGORIES else ch for ch in text
    )


def visible(text: str, limit: int = 40) -> str:
    """``text`` safe to print in a message: refused characters as ``\\u....``
    escapes, cut to ``limit`` characters."""
    return escaped(text[:limit]) + ("…" if len(text) > limit else "")


def _what(kind: str) -> str:
    return {"player": _("player name"), "event": _("event name"), "staff": _("staff name"), "text": _("text")}.get(
        kind, kind
    )


def _name_of(what: str | None, kind: str) -> str:
    """``what`` if given, else the name of ``kind`` (translated only when an error is raised)."""
    return what or _what(kind)


def _readable(text: str) -> bool:
    """``text`` is empty or has a visible character (ASCII without a refused
    character is printable: each character but the space is visible)."""
    return not text or text.isascii() or has_visible(text)


def check_text(text, kind: str = "text", required: bool = True, what: str | None = None) -> str:
    """``text`` trimmed, or :class:`LyceeError` naming what is wrong and where.

    ``kind``: player, event, staff or text (see :data:`LIMITS`)."""
    if not isinstance(text, str):
        raise LyceeError(_("{what}: {value!r} is not text", what=_name_of(what, kind), value=text))
    _refuse_refused_chars(text, what, kind)
    text = text.strip()
    if required and not text:
        raise LyceeError(_("{what} is empty: type one", what=_name_of(what, kind)))
    if not _readable(text):
        raise _invisible_error(text, _name_of(what, kind))
    if len(text) > LIMITS[kind]:
        raise _too_long_error(text, _name_of(what, kind), LIMITS[kind])
    return text


def _refuse_refused_chars(text: str, what: str | None, kind: str) -> None:
    """Refuse a text that holds a refused character (REFUSED_CATEGORIES)."""
    # a printable text holds no refused character (str.isprintable is false for
    # each of REFUSED_CATEGORIES): the characters are looked at one by one only
    # when it is not (an import checks thousands of names)
    bad = None if text.isprintable() else refused_char(text)
    if bad is not None:
        raise _refused_char_error(text, bad, _name_of(what, kind))


def _too_long_error(text: str, what: str, limit: int) -> LyceeError:
    """A text longer than its kind's limit (docs/names.md)."""
    return LyceeError(
        _(
            "{what} '{shown}' has {n} characters: at most {limit} (docs/names.md)",
            what=what,
            shown=visible(text),
            n=len(text),
            limit=limit,
        )
    )


def _refused_char_error(text: str, bad: tuple[int, str], what: str) -> LyceeError:
    """A control or invisible character in a text (docs/names.md), named with its position."""
    pos, ch = bad
    return LyceeError(
        _(
            "{what} '{shown}': character U+{code} ({cat}) at position {pos} is a control or "
            "invisible character: remove it (docs/names.md)",
            what=what,
            shown=visible(text),
            code=f"{ord(ch):04X}",
            cat=unicodedata.category(ch),
            pos=pos,
        )
    )


def _invisible_error(text: str, what: str) -> LyceeError:
    """A text with no visible character (docs/names.md), its first code points named."""
    return LyceeError(
        _(
            "{what} '{shown}' ({codes}) has no visible character: only spaces, blank fillers "
            "(U+3164, U+2800...), variation selectors or combining marks without a letter; type "
            "one that can be read (docs/names.md)",
            what=what,
            shown=visible(text),
            codes=" ".join(f"U+{ord(c):04X}" for c in text[:6]) + (" …" if len(text) > 6 else ""),
        )
    )


def split_ref(ref: str) -> tuple[str | None, str]:
    """``id:x`` -> ("id", "x"), ``name:x`` -> ("name", "x"), else (None, ref)."""
    if ref.startswith(ID_PREFIX):
        return "id", ref[len(ID_PREFIX) :]
    if ref.startswith(NAME_PREFIX):
        return "name", ref[len(NAME_PREFIX) :]
    return None, ref


def ambiguous(ref: str, id_of: str, name_of: str) -> LyceeError:
    return LyceeError(
        _(
            "{ref!r} is ambiguous: it is the id of {a} and the name of {b}; use id:{ref} or name:{ref}",
            ref=ref,
            a=id_of,
            b=name_of,
        )
    )


# -- the text of each action, checked when it is appended (never on replay) ----------


def _staff_names(staff: dict) -> list[str]:
    return [
        x
        for x in (
            staff.get("organizer"),
            staff.get("head_judge"),
            *staff.get("judges", ()),
            *staff.get("event_staff", ()),
        )
        if x
    ]


def check_action_text(kind: str, data: dict) -> None:
    """Refuse an action whose user text breaks the rules of this module.

    Called by the store before a new action is applied; a log written before
    these rules is replayed as it is."""
    check = _TEXT_CHECKS.get(kind)
    if check is not None:
        check(data)


def _register_text(data: dict) -> None:
    for p in data.get("players", ()):
        check_text(p.get("name"), "player")
        check_reading(p.get("reading"))


def _rename_text(data: dict) -> None:
    check_text(data.get("name"), "player")
    check_reading(data.get("reading"))


def _staff_text(data: dict) -> None:
    for x in _staff_names(data.get("staff") or {}):
        check_text(x, "staff", required=False)


def _create_text(data: dict) -> None:
    check_text(data.get("name"), "event")
    _staff_text(data)


def _edit_text(data: dict) -> None:
    if "name" in data:
        check_text(data.get("name"), "event")
    _staff_text(data)


def _judgement_text(data: dict) -> None:
    """A penalty's or an appeal's reason and note, and the judge's name."""
    for k in ("reason", "note"):
        if data.get(k):
            check_text(data[k], "text", required=False, what=_("reason") if k == "reason" else _("note"))
    if data.get("by"):
        check_text(data["by"], "staff", required=False)


def _report_decision_text(data: dict) -> None:
    if data.get("op") == "call":
        check_text(data.get("note"), "text", what=_("the call's note"))


def _result_text(data: dict) -> None:
    if data.get("note"):
        check_text(data["note"], "text", required=False, what=_("note"))
    if data.get("override_by"):
        check_text(data["override_by"], "staff", required=False)


#: The user text of each kind of action :func:`check_action_text` checks (the others carry none).
_TEXT_CHECKS = {
    "register": _register_text,
    "rename": _rename_text,
    "create": _create_text,
    "edit": _edit_text,
    "penalty": _judgement_text,
    "appeal": _judgement_text,
    "report_decision": _report_decision_text,
    "result": _result_text,
}


def resolve_event(ref: str, ids: list[str], names, where) -> str:
    """An event id from ``ref``: ``id:X`` (an id or a unique id prefix),
    ``name:X`` (a unique name prefix, NFKC-folded) or a plain ref, which is
    an exact id, else a unique id prefix or name prefix; a plain ref that
    matches an id prefix of one event and a name of another is refused as
    ambiguous.  ``names`` is called (it reads every event) only when needed."""
    how, value = split_ref(ref)
    if how != "name" and value in ids:
        return value
    id_hits, name_hits = _event_hits(how, value, ids, names)
    if how is None:
        _refuse_ambiguous(value, id_hits, name_hits)
    return _one_event(ref, id_hits or name_hits, where)


def _event_hits(how: str | None, value: str, ids: list[str], names) -> tuple[list[str], list[str]]:
    """The events whose id ``value`` begins (unless ``name:``) and those it names (unless ``id:``)."""
    id_hits = [] if how == "name" else [i for i in ids if i.startswith(value)]
    name_hits = [] if how == "id" else _events_named(value, names)
    return id_hits, name_hits


def _refuse_ambiguous(value: str, id_hits: list[str], name_hits: list[str]) -> None:
    """A plain ref that begins the id of one event and the name of another is refused."""
    if not (id_hits and name_hits) or set(id_hits) == set(name_hits):
        return
    raise LyceeError(
        _(
            "{ref!r} is ambiguous: it begins the id of {a} and the name of {b}; use id:{ref} or name:{ref}",
            ref=value,
            a=id_hits[0],
            b=name_hits[0],
        )
    )


def _events_named(value: str, names) -> list[str]:
    """The events whose name is ``value`` (NFKC and spaces folded), else those it begins."""
    if not value:
        return []
    key = fold_text(value)  # event names: NFKC and spaces, no skeleton (fast)
    listed = names()
    exact = [i for i, n in listed if fold_text(n) == key]
    return exact or _events_begun(listed, key)


def _events_begun(listed, key: str) -> list[str]:
    """The events whose folded name begins with ``key``."""
    return [i for i, n in listed if fold_text(n).startswith(key)]


def _one_event(ref: str, hits: list[str], where) -> str:
    """The one event ``ref`` found, else refused: none, or several (named)."""
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise NotFound(_("no event {ref!r} in {events_dir}", ref=ref, events_dir=where))
    raise LyceeError(_("{ref!r} matches {x} events ({x2}): say more", ref=ref, x=len(hits), x2=join_list(hits[:5])))


_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


#: What the Japanese input gives for ASCII: full-width forms (U+FF01-FF5E), the ideographic space, and
#: for a hyphen the long-vowel mark ー, a minus or a dash.  Only these: a superscript ² stays what it is.
_TYPED = str.maketrans(
    {**{chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}, "\u3000": " ", **dict.fromkeys("ー−‐‑–—―ｰ", "-")}
)


def as_typed(text: str) -> str:
    """A short code or result as typed with the IME on or off, as ASCII: full width folded
    (「３　２－１」 -> "3 2-1") and every dash a hyphen (「２ー１」 -> "2-1")."""
    return str(text).translate(_TYPED)


def whole(text: str, max_digits: int = 9) -> int | None:
    """A whole number typed by a user (ASCII or full-width digits only, at
    most ``max_digits`` of them), or None: '²', '٣' or a 5,000-digit string
    are not numbers here."""
    t = text.strip().translate(_FULLWIDTH_DIGITS)
    if not t or len(t) > max_digits or not all("0" <= c <= "9" for c in t):
        return None
    return int(t)


def wholes(text: str, *max_digits: int) -> tuple[int, ...] | None:
    """Whole numbers typed on one line, one for each of ``max_digits`` (each as :func:`whole`
    takes it), or None when the line holds another count of words or a word is not one."""
    words = text.split()
    found = [whole(w, d) for w, d in zip(words, max_digits)]
    return None if len(words) != len(max_digits) or None in found else tuple(n for n in found if n is not None)


# -- readings (ふりがな): what one may be, and the 五十音 sort key (docs/names.md, L-READING) ----

READING_MAX = 64
LIMITS["reading"] = READING_MAX
_VOWEL_ROWS = (
    "あぁかがさざただなはばぱまやゃらわゎ",
    "いぃきぎしじちぢにひびぴみりゐ",
    "うぅくぐすずつづっぬふぶぷむゆゅるゔ",
    "えぇけげせぜてでねへべぺめれゑ",
    "おぉこごそぞとどのほぼぽもよょろを",
)
_VOWEL = {ch: "あいうえお"[i] for i, row in enumerate(_VOWEL_ROWS) for ch in row}
_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
_LONG_MARKS = "ー〜～"  # the long mark (and a wave dash typed for it)


def to_hiragana(text: str) -> str:
    """``text`` after NFKC (half-width kana become full-width) with katakana
    read as hiragana: 'ｽｽﾞｷ', 'スズキ' and 'すずき' are all 'すずき'."""
    s = unicodedata.normalize("NFKC", text)
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" or "ヽ" <= c <= "ヾ" else c for c in s)


def _kana_char(ch: str) -> bool:
    return "ぁ" <= ch <= "ゖ" or ch in "ゝゞ" or ch in _LONG_MARKS or ch in "・ ゛゜"


def is_kana(text: str) -> bool:
    """Only kana (hiragana or katakana, any width), the long mark, middle dots
    and spaces, and at least one kana: a name that is its own reading."""
    s = to_hiragana(text)
    return any("ぁ" <= c <= "ゖ" for c in s) and all(_kana_char(c) or c.isspace() for c in s)


def _check_kana_only(text: str, what: str) -> None:
    """Each character of a reading is kana (or a space): the first that is not is named with its position."""
    for i, ch in enumerate(to_hiragana(text), 1):
        if not (_kana_char(ch) or ch.isspace()):
            raise LyceeError(
                _(
                    "{what} {shown!r}: {ch!r} at position {pos} is not kana: write the reading in "
                    "hiragana or katakana (spaces and ー allowed), e.g. すずき いちろう",
                    what=what,
                    shown=visible(text),
                    ch=ch,
                    pos=i,
                )
            )


def check_reading(text, where: str | None = None) -> str | None:
    """A reading as typed, checked: None (or "") for no reading; else the
    text after NFKC (half-width kana stored full-width) with its spaces
    folded, or :class:`LyceeError` naming the field and the first character
    that is not kana."""
    if text is None:
        return None
    what = where or _("reading (よみ)")
    text = check_text(text, "reading", required=False, what=what)
    if not text:
        return None
    text = _SPACES.sub(" ", unicodedata.normalize("NFKC", text))
    _check_kana_only(text, what)
    if not is_kana(text):
        raise LyceeError(
            _(
                "{what} {shown!r} holds no kana: write the reading in hiragana or katakana",
                what=what,
                shown=visible(text),
            )
        )
    return text


def _kana_source(name: str, reading: str | None) -> str | None:
    """What a player sorts by: the reading, else the name when it is kana only, else None."""
    if reading:
        return reading
    return name if is_kana(name) else None


def reading_key(name: str, reading: str | None) -> str | None:
    """The kana a player sorts by in 五十音 order: their reading, else their
    name when it is written in kana only, else None (no reading to sort by)."""
    src = _kana_source(name, reading)
    if src is None:
        return None
    return "".join(c for c in to_hiragana(src) if "ぁ" <= c <= "ゖ" or c in "ゝゞ" or c in _LONG_MARKS)


def _gojuon(key: str) -> str:
    """Primary 五十音 order: voiced and small kana sort as their plain kana,
    a long mark as the vowel before it, an iteration mark as the kana before it."""
    out: list[str] = []
    for c in key:
        if c in _LONG_MARKS:
            out.append(_VOWEL.get(out[-1], "") if out else "")
            continue
        if c in "ゝゞ":
            c = out[-1] if out else ""
        base = unicodedata.normalize("NFD", c)[:1].translate(_SMALL) if c else ""
        out.append(base)
    return "".join(out)


def name_sort_key(name: str, reading: str | None = None) -> tuple:
    """The one order of by-name lists (docs/names.md, L-READING): players with
    a reading (or a kana-only name) first, in 五十音 order of it; then those
    without, by their name in Unicode order (NFKC, case folded: kanji by radical
    and strokes, 伊藤 佐藤 山田 田中 鈴木 高橋; the look-alike skeleton of
    :func:`fold_name` turned 山 into a Kangxi radical and 一 into a Hangul letter)."""
    key = reading_key(name, reading)
    if key is None:
        return (1, "", "", fold_text(name), name)
    return (0, _gojuon(key), key, fold_name(name), name)
