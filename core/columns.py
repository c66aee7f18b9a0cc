"""Text laid out in terminal columns, for every plain-text table (the
command line's, the plan's): a full-width character (漢字, ｶﾅ is not) takes
two columns, so Japanese names line up."""

from __future__ import annotations

import re
from unicodedata import east_asian_width

__all__ = ["ljust", "rjust", "width", "wrap", "wrap_spans"]


def width(text: str) -> int:
    """Terminal columns of ``text``: full-width (F) and wide (W) characters take two."""
    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, n: int) -> str:
    """``text`` padded on the right to ``n`` terminal columns (full-width aware)."""
    return text + " " * max(0, n - width(text))


def rjust(text: str, n: int) -> str:
    """``text`` padded on the left to ``n`` terminal columns (full-width aware)."""
    return " " * max(0, n - width(text)) + text


#: Characters a line never starts with, and never ends with (禁則: 、。）」ょ... / （「).
NO_START = frozenset("、。，．・：；！？）」』】〕ー～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)]}:;,.!?%·")
NO_END = frozenset("（「『【〔([{")


def wrap_spans(text: str, columns: int, keep: tuple[str, ...] | list[str] | set[str] = ()) -> list[tuple[int, int]]:
    """Where ``text`` breaks into lines of at most ``columns`` terminal columns, as
    (start, end) offsets into it, one pair a line (a newline ends a line; the spaces at a
    break are left out).  A line breaks at a space or between two Japanese characters,
    never inside an ASCII word (a rule id G-NEXT-GAME, an option --time-called) nor a katakana one
    (インテンショナル・ドロー), never
    before 、。）」, a small kana or the dot · that parts a list, never after （「 (禁則), never between a key
    written in ASCII and the particle after it (「Tab で」), never beside a digit nor inside the kanji of a counter after one (50分, 第1回戦,
    4回戦 stay whole), and never inside a text of ``keep`` (a player's name) that fits a line whole.  A word wider than a line is cut."""
    columns = max(2, columns)
    whole = _kept_spans(text, (*keep, *WHOLE_WORDS), columns)
    tokens: list[tuple[int, int]] = []  # words (no break inside) and runs of blanks
    pos = 0
    for s, e in [*whole, (len(text), len(text))]:
        for m in re.finditer(r"\n|[^\S\n]+|[\x21-\x7e]+|[ァ-ヺーヽヾ・]+|.", text[pos:s]):
            tokens += _katakana_parts(text, pos + m.start(), pos + m.end(), columns)
        if e > s:
            tokens.append((s, e))
        pos = e
    return _fill(text, tokens, columns)


#: Words whose kana and kanji the phrase rule (:func:`_in_phrase`) would part: 「もう」 / 「一度」.
WHOLE_WORDS = ("もう一度",)


def _katakana_parts(text: str, a: int, b: int, columns: int) -> list[tuple[int, int]]:
    """A token: whole, but a katakana compound wider than a line in its words, each with the 「・」
    after it (オポネント・ / ゲーム・ / …, not 「ウィン・パーセンテー」 / 「ジ」)."""
    if width(text[a:b]) <= columns or "・" not in text[a:b]:
        return [(a, b)]
    return [(a + m.start(), a + m.end()) for m in re.finditer(r"[^・]*・|[^・]+", text[a:b])]


def _kept_spans(text: str, keep, columns: int) -> list[tuple[int, int]]:
    """Where the texts of ``keep`` that fit a line stand in ``text`` (the
    longest first, never overlapping), in order."""
    whole: list[tuple[int, int]] = []
    # ``in`` first: of an event's 512 names a line holds one or two (no regex a name: Python keeps only 512)
    for name in sorted({k for k in keep if k in text and k.strip() and width(k) <= columns}, key=len, reverse=True):
        _add_free_spans(text, name, whole)
    whole.sort()
    return whole


def _add_free_spans(text: str, name: str, whole: list[tuple[int, int]]) -> None:
    """Each place ``name`` stands in ``text`` added to ``whole``, but where it overlaps a span kept already."""
    at = text.find(name)
    while at != -1:
        end = at + len(name)
        if not any(s < end and at < e for s, e in whole):
            whole.append((at, end))
        at = text.find(name, end)


#: A number and the kanji of its counter so far (4回 of 4回戦): the counter's next kanji binds too.
_COUNTED = re.compile(r"[0-9０-９][\u4e00-\u9fff々]+$")


#: Particles that follow a key or a short code in a help line (「Tab で」, 「- で削除」, 「F5 を」).
_PARTICLES = frozenset("でをにはがと")


def _key_word(chunk: str) -> bool:
    """A key or short code written in ASCII (Tab, F5, Ctrl+S, -, G-BO3): the particle after it stays
    on its line (at 80 columns 「- 」 ended a line and 「で削除」 began the next)."""
    return 0 < len(chunk) <= 16 and chunk.isascii() and not any(c.isspace() for c in chunk)


def _kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch == "々"


def _script(ch: str) -> str:
    """K a kanji, H a hiragana, T a katakana (the long mark and the middle dot too: インテンショナル・ドロー
    is one phrase, never 「インテンショナル・」 / 「ドロー」), else O."""
    if _kanji(ch):
        return "K"
    if "ぁ" <= ch <= "ゖ" or ch in "ゝゞ":
        return "H"
    if "ァ" <= ch <= "ヺ" or ch in "ーヽヾ・":
        return "T"
    return "O"


#: Where a Japanese phrase goes on (文節: kanji then their kana, a katakana word, a run of
#: hiragana): no break between these two scripts while the phrase is short.
_PHRASE = frozenset({("K", "K"), ("K", "H"), ("T", "T"), ("T", "H"), ("H", "H")})


#: One-kana particles: after one of them a new phrase may begin (卓で / 時間).
_ONE_KANA_PARTICLES = frozenset("のでをはにがとへもや")


def _in_phrase(before: str, prev: str, ch: str, phrase_width: int, columns: int) -> bool:
    """A break between ``prev`` and ``ch`` would cut a phrase (許 / す限り, 時間切 / れ,
    置き換えます / か？, 置き / 換える): kept together while the phrase is at most half a
    line.  ``before`` is the character before ``prev`` (a kana between two kanji that is
    not a particle is inside a word: 置き換え, 取り消し)."""
    if phrase_width > columns // 2:
        return False
    pair = (_script(prev), _script(ch))
    if pair in _PHRASE:
        return True
    return pair == ("H", "K") and _script(before) == "K" and prev not in _ONE_KANA_PARTICLES


def _fill(text: str, tokens: list[tuple[int, int]], columns: int) -> list[tuple[int, int]]:
    lines: list[tuple[int, int]] = []
    for at, chunks in _paragraphs(text, tokens, columns):
        lines += _paragraph_lines(text, at, chunks, columns)
    return lines


def _paragraphs(text: str, tokens: list[tuple[int, int]], columns: int) -> list[tuple[int, list[list]]]:
    """The paragraphs of ``text`` (where each starts, and its chunks): a chunk
    is the tokens no line breaks between (:func:`_binds`), as [start, end, a
    blank before it]; a paragraph's indent stays with its first chunk."""
    chunks: list[list] = []
    paragraphs: list[tuple[int, list[list]]] = [(0, chunks)]
    blank = False
    lead: int | None = None  # where the blanks that begin a paragraph start
    for a, b in tokens:
        tok = text[a:b]
        if tok == "\n":
            chunks = []
            paragraphs.append((b, chunks))
            blank, lead = False, None
            continue
        if tok.isspace():
            if not chunks and lead is None:
                lead = a  # a paragraph's indent stays
            else:
                blank = True
            continue
        _add_token(text, chunks, a, b, blank, lead, columns)
        blank, lead = False, None
    return paragraphs


def _add_token(text: str, chunks: list[list], a: int, b: int, blank: bool, lead: int | None, columns: int) -> None:
    """The token ``text[a:b]`` joined to the last chunk when no line breaks between
    them (:func:`_binds`), else a chunk of its own (from the paragraph's indent ``lead``)."""
    if chunks and _binds(text, chunks[-1], text[a:b], b, blank, columns):
        chunks[-1][1] = b
    else:
        chunks.append([a if lead is None else lead, b, blank])


def _binds(text: str, last: list, tok: str, b: int, blank: bool, columns: int) -> bool:
    """No line breaks between the chunk ``last`` and the token ``tok`` (which
    ends at ``b``; ``blank``: blanks between them): 禁則 (（「 binds to what
    follows, a blank between or not); a key written in ASCII keeps its particle;
    without a blank, ASCII next to ASCII, a digit, a counter's kanji after its
    number (4回戦), or a short Japanese phrase (:func:`_in_phrase`)."""
    prev = text[last[1] - 1]
    if tok[0] in NO_START or prev in NO_END:
        return True
    if blank:
        return tok[0] in _PARTICLES and _key_word(text[last[0] : last[1]])
    if _glued(text, last, tok[0], prev):
        return True
    before = text[last[1] - 2] if last[1] - 2 >= 0 else ""
    return _in_phrase(before, prev, tok[0], width(text[last[0] : b]), columns)


def _glued(text: str, last: list, first: str, prev: str) -> bool:
    """Without a blank between: ASCII next to ASCII, a digit, or a counter's kanji after its number (4回戦)."""
    if (first.isascii() and prev.isascii()) or prev.isdigit() or first.isdigit():
        return True
    return _kanji(first) and _kanji(prev) and _COUNTED.search(text, last[0], last[1]) is not None


def _paragraph_lines(text: str, at: int, chunks: list[list], columns: int) -> list[tuple[int, int]]:
    """A paragraph's chunks filled into lines of at most ``columns`` (an empty paragraph is one empty line)."""
    lines: list[tuple[int, int]] = []
    start: int | None = None
    end = at
    used = 0
    for a, b, _blank in chunks:
        w = width(text[a:b])
        if w > columns:  # a word wider than a line: cut where the line is full
            if start is not None:
                lines.append((start, end))
            start, used = _cut_word(text, a, b, columns, lines)
            end = b
            continue
        gap = width(text[end:a]) if start is not None else 0  # the blanks between (none between kanji)
        if start is not None and used + gap + w > columns:
            lines.append((start, end))
            start, end, used = a, b, w
        else:
            if start is None:
                start = a
            end, used = b, used + gap + w
    lines.append((at, at) if start is None else (start, end))
    return lines


def _cut_word(text: str, a: int, b: int, columns: int, lines: list[tuple[int, int]]) -> tuple[int, int]:
    """The word ``text[a:b]``, wider than a line, cut where each line is full
    (its full lines appended to ``lines``): where its last line starts, and its width."""
    start, used = a, 0
    for i in range(a, b):
        cw = width(text[i])
        if used + cw > columns:
            lines.append((start, i))
            start, used = i, 0
        used += cw
    return start, used


def list_parts(text: str) -> tuple[str, ...]:
    """The parts of a line that lists them between dots (``a · b · c``), for ``keep``: a bar or a
    title breaks at a dot before it breaks inside a part (「未開始」 broke as 「未開」 / 「始」)."""
    return tuple(p for p in text.split(" · ") if p.strip())


def wrap(text: str, columns: int, keep: tuple[str, ...] | list[str] | set[str] = ()) -> list[str]:
    """``text`` as lines of at most ``columns`` terminal columns (:func:`wrap_spans`)."""
    return [text[a:b] for a, b in wrap_spans(text, columns, keep)]
