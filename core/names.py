"""What a name (or any text a user types) may be, and how a name or an id is
told apart when a command is given one (docs/names.md).

One module decides for every face: the command line, the app and import call
these functions (the store calls :func:`check_action_text` on every action it
is asked to append, so no path can store text that skipped them).

- Control and format characters (Unicode categories Cc and Cf: ESC, newline,
  CR, zero-width space, bidi overrides...), line and paragraph separators and
  lone surrogates are refused, naming the first one and its position.
- Each kind of text has a length limit (in characters): :data:`LIMITS`.
- Names are compared after NFKC with case and all runs of white space folded
  (:func:`fold_name`): '山田　太郎' and '山田 太郎' are one player.
- A PLAYER or EVENT given to a command may say what it is: ``id:p3`` or
  ``name:p3``.  A plain ``p3`` is an id or a name as before, but refused as
  ambiguous when it is the id of one and the name of another.
"""

from __future__ import annotations

import re
import unicodedata

from core.errors import LyceeError
from core.i18n import _

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

#: Unicode categories refused anywhere in user text.
REFUSED_CATEGORIES = ("Cc", "Cf", "Zl", "Zp", "Cs")

ID_PREFIX = "id:"
NAME_PREFIX = "name:"


def fold_name(name: str) -> str:
    """Names compare after NFKC (full-width = half-width), trimmed, case-folded,
    with every run of white space folded to one space: '山田　太郎' and
    '山田 太郎' are one name."""
    n = unicodedata.normalize("NFKC", name).strip().casefold()
    return re.sub(r"\s+", " ", n)


def kept_when_typed(ch: str) -> bool:
    """L-NAME-KEY: a typed character that a text field must keep although
    Python does not call it printable: a space separator (category Zs, the
    ideographic space U+3000 of a Japanese keyboard).  The command line keeps
    it as typed, so the app's fields keep it too: '山田　太郎' typed in
    either is the same player (:func:`fold_name`)."""
    return len(ch) == 1 and unicodedata.category(ch) == "Zs"


def is_id(text: str) -> bool:
    return isinstance(text, str) and _ID.fullmatch(text) is not None


def refused_char(text: str) -> tuple[int, str] | None:
    """The first refused character of ``text`` as (position from 1, char), or None."""
    for i, ch in enumerate(text, 1):
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            return i, ch
    return None


def visible(text: str, limit: int = 40) -> str:
    """``text`` safe to print in a message: refused characters as ``\\u....``
    escapes, cut to ``limit`` characters."""
    out = []
    for ch in text[:limit]:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out) + ("…" if len(text) > limit else "")


def _what(kind: str) -> str:
    return {"player": _("player name"), "event": _("event name"), "staff": _("staff name"),
            "text": _("text")}.get(kind, kind)


def check_text(text, kind: str = "text", required: bool = True, what: str | None = None) -> str:
    """``text`` trimmed, or :class:`LyceeError` naming what is wrong and where.

    ``kind``: player, event, staff or text (see :data:`LIMITS`)."""
    what = what or _what(kind)
    if not isinstance(text, str):
        raise LyceeError(_("{what}: {value!r} is not text", what=what, value=text))
    bad = refused_char(text)
    if bad is not None:
        pos, ch = bad
        raise LyceeError(_("{what} '{shown}': character U+{code} ({cat}) at position {pos} is a control or "
                           "invisible character: remove it (docs/names.md)", what=what, shown=visible(text),
                           code=f"{ord(ch):04X}", cat=unicodedata.category(ch), pos=pos))
    text = text.strip()
    if required and not text:
        raise LyceeError(_("{what} is empty: type one", what=what))
    limit = LIMITS[kind]
    if len(text) > limit:
        raise LyceeError(_("{what} '{shown}' has {n} characters: at most {limit} (docs/names.md)",
                           what=what, shown=visible(text), n=len(text), limit=limit))
    return text


def split_ref(ref: str) -> tuple[str | None, str]:
    """``id:x`` -> ("id", "x"), ``name:x`` -> ("name", "x"), else (None, ref)."""
    if ref.startswith(ID_PREFIX):
        return "id", ref[len(ID_PREFIX):]
    if ref.startswith(NAME_PREFIX):
        return "name", ref[len(NAME_PREFIX):]
    return None, ref


def ambiguous(ref: str, id_of: str, name_of: str) -> LyceeError:
    return LyceeError(_("{ref!r} is ambiguous: it is the id of {a} and the name of {b}; "
                        "use id:{ref} or name:{ref}", ref=ref, a=id_of, b=name_of))


# -- the text of each action, checked when it is appended (never on replay) ----------


def _staff_names(staff: dict) -> list[str]:
    return [x for x in (staff.get("organizer"), staff.get("head_judge"),
                        *staff.get("judges", ()), *staff.get("event_staff", ())) if x]


def check_action_text(kind: str, data: dict) -> None:
    """Refuse an action whose user text breaks the rules of this module.

    Called by the store before a new action is applied; a log written before
    these rules is replayed as it is."""
    if kind == "register":
        for p in data.get("players", ()):
            check_text(p.get("name"), "player")
            check_reading(p.get("reading"))
    elif kind == "rename":
        check_text(data.get("name"), "player")
        check_reading(data.get("reading"))
    elif kind in ("create", "edit"):
        if "name" in data or kind == "create":
            check_text(data.get("name"), "event")
        for x in _staff_names(data.get("staff") or {}):
            check_text(x, "staff", required=False)
    elif kind in ("penalty", "appeal"):
        for k in ("reason", "note"):
            if data.get(k):
                check_text(data[k], "text", required=False, what=_("reason") if k == "reason" else _("note"))
        if data.get("by"):
            check_text(data["by"], "staff", required=False)
    elif kind == "result":
        if data.get("note"):
            check_text(data["note"], "text", required=False, what=_("note"))
        if data.get("override_by"):
            check_text(data["override_by"], "staff", required=False)


def resolve_event(ref: str, ids: list[str], names, where) -> str:
    """An event id from ``ref``: ``id:X`` (an id or a unique id prefix),
    ``name:X`` (a unique name prefix, NFKC-folded) or a plain ref, which is
    an exact id, else a unique id prefix or name prefix; a plain ref that
    matches an id prefix of one event and a name of another is refused as
    ambiguous.  ``names`` is called (it reads every event) only when needed."""
    from core.errors import NotFound

    how, value = split_ref(ref)
    if how != "name" and value in ids:
        return value
    id_hits = [] if how == "name" else [i for i in ids if i.startswith(value)]
    name_hits: list[str] = []
    if how != "id" and value:
        key = fold_name(value)
        listed = names()
        exact = [i for i, n in listed if fold_name(n) == key]
        name_hits = exact or [i for i, n in listed if fold_name(n).startswith(key)]
    if how is None and id_hits and name_hits and set(id_hits) != set(name_hits):
        raise LyceeError(_("{ref!r} is ambiguous: it begins the id of {a} and the name of {b}; "
                           "use id:{ref} or name:{ref}", ref=value, a=id_hits[0], b=name_hits[0]))
    hits = id_hits or name_hits
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise NotFound(_("no event {ref!r} in {events_dir}", ref=ref, events_dir=where))
    raise LyceeError(_("{ref!r} matches {x} events ({x2}): say more", ref=ref, x=len(hits),
                       x2=", ".join(hits[:5])))


_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


def whole(text: str, max_digits: int = 9) -> int | None:
    """A whole number typed by a user (ASCII or full-width digits only, at
    most ``max_digits`` of them), or None: '²', '٣' or a 5,000-digit string
    are not numbers here."""
    t = text.strip().translate(_FULLWIDTH_DIGITS)
    if not t or len(t) > max_digits or not all("0" <= c <= "9" for c in t):
        return None
    return int(t)


# -- readings (ふりがな): what one may be, and the 五十音 sort key (docs/names.md, L-READING) ----

READING_MAX = 64
LIMITS["reading"] = READING_MAX
_VOWEL_ROWS = ("あぁかがさざただなはばぱまやゃらわゎ", "いぃきぎしじちぢにひびぴみりゐ",
               "うぅくぐすずつづっぬふぶぷむゆゅるゔ", "えぇけげせぜてでねへべぺめれゑ",
               "おぉこごそぞとどのほぼぽもよょろを")
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
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))
    for i, ch in enumerate(to_hiragana(text), 1):
        if not (_kana_char(ch) or ch.isspace()):
            raise LyceeError(_("{what} {shown!r}: {ch!r} at position {pos} is not kana: write the reading in "
                               "hiragana or katakana (spaces and ー allowed), e.g. すずき いちろう",
                               what=what, shown=visible(text), ch=ch, pos=i))
    if not is_kana(text):
        raise LyceeError(_("{what} {shown!r} holds no kana: write the reading in hiragana or katakana",
                           what=what, shown=visible(text)))
    return text


def reading_key(name: str, reading: str | None) -> str | None:
    """The kana a player sorts by in 五十音 order: their reading, else their
    name when it is written in kana only, else None (no reading to sort by)."""
    src = reading if reading else (name if is_kana(name) else None)
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
    without, by their name as before (code-point order of the folded name)."""
    key = reading_key(name, reading)
    if key is None:
        return (1, "", "", fold_name(name), name)
    return (0, _gojuon(key), key, fold_name(name), name)
