"""Which cards are legal on a date, and which text of a card applies.

- G-CARDS-VERSIONS: only the listed product versions are legal, each from its
  release date.  The list is the calendar (``sample_packs/calendar.json``);
  a set file names its version.  A sanctioned event checks decks with a
  ``strict_versions`` catalog (:meth:`Catalog.for_event`): a card of a
  version not on the list is illegal, the sample sets included (they are
  for unsanctioned events and practice).  Unsanctioned events and practice
  accept any loaded set, from its own release date.  A store may list later
  products in a calendar file of its own (same format, checked), which
  :func:`merge_calendars` adds to the guideline's.
- G-CARDS-PROMO: the listed promotion cards are legal from their listed dates.
- G-CARDS-PARALLEL: a parallel/foil number (ending in a letter) is legal when
  its base number is.
- G-CARDS-TEXT: where printings differ, the newest published text applies;
  among promos and foils the earlier suffix wins (none before A before B);
  published errata override.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from os import PathLike
from typing import Any

from core.cards.cardlist import join_active
from core.cards.model import (
    Card,
    CardSet,
    Errata,
    base_number,
    is_overture_number,
    normalize_number,
    number_suffix,
)
from core.cards.sets import load_sample_sets, parse_json, read_source
from core.errors import NotFound, ValidationError
from core.i18n import _, join_list
from sample_packs import calendar_path

__all__ = [
    "CALENDAR_SCHEMA",
    "Calendar",
    "CardText",
    "Catalog",
    "Legality",
    "ProductVersion",
    "Promo",
    "as_date",
    "load_calendar",
    "merge_calendars",
    "parse_calendar",
]

CALENDAR_SCHEMA = "lycee-calendar/1"
VERSION_STATUSES = ("on_sale", "released", "scheduled")


def as_date(value: date | str) -> date:
    """A date from a date or an ISO ``YYYY-MM-DD`` string."""
    if isinstance(value, date):
        return value
    return date.fromisoformat(value)


@dataclass(frozen=True, slots=True)
class ProductVersion:
    """One product version of the guideline's list (G-CARDS-VERSIONS)."""

    name: str  # as listed, e.g. "Lycee Version Leaf 1.X"
    legal_from: date
    #: "month" where the list gives only a month (stored as the 1st), else "day".
    precision: str = "day"
    #: The date as the list writes it, typos included (e.g. "2005年7月23月").
    listed_as: str = ""
    #: on_sale (on sale since), released, or scheduled (usable from its release date).
    status: str = "released"


@dataclass(frozen=True, slots=True)
class Promo:
    """One row of the promotion-card table (G-CARDS-PROMO)."""

    number: str
    name: str
    legal_from: date
    remarks: str = ""


def _version_key(name: str) -> str:
    t = unicodedata.normalize("NFKC", name).casefold()
    t = re.sub(r"\s+", " ", t).strip()
    return re.sub(r"^lycee version ", "", t)


@dataclass(frozen=True)
class Calendar:
    versions: tuple[ProductVersion, ...] = ()
    promos: tuple[Promo, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_versions", {_version_key(v.name): v for v in self.versions})
        object.__setattr__(self, "_promos", {p.number: p for p in self.promos})

    def version(self, name: str) -> ProductVersion | None:
        """The listed version of that name (case, width and a leading
        "Lycee Version" ignored), or None."""
        return self._versions.get(_version_key(name))  # type: ignore[attr-defined]

    def promo(self, number: str) -> Promo | None:
        return self._promos.get(number)  # type: ignore[attr-defined]


def parse_calendar(data: Any, source: str = "<calendar>") -> Calendar:
    """A Calendar from the parsed JSON of a ``lycee-calendar/1`` file; every
    problem is reported with its JSON path."""
    if not isinstance(data, dict):
        raise ValidationError(source, [("$", _("expected a JSON object"))])
    read = _CalendarRead()
    if data.get("schema") != CALENDAR_SCHEMA:
        read.add("$.schema", _("expected {schema!r}", schema=CALENDAR_SCHEMA))
    versions = read.versions(data)
    promos = read.promos(data)
    if read.problems:
        raise ValidationError(source, read.problems)
    return Calendar(tuple(versions), tuple(promos))


class _CalendarRead:
    """What a calendar file says, read entry by entry, and every problem with its JSON path."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []
        self.names: set[str] = set()
        self.numbers: set[str] = set()

    def add(self, where: str, what: str) -> None:
        self.problems.append((where, what))

    def versions(self, data: dict) -> list:
        """Every version entry that reads well (each bad one's problems added)."""
        return [v for i, x in enumerate(self.items(data, "versions")) if (v := self.version(i, x)) is not None]

    def promos(self, data: dict) -> list:
        """Every promo entry that reads well (each bad one's problems added)."""
        return [p for i, x in enumerate(self.items(data, "promos")) if (p := self.promo(i, x)) is not None]

    def items(self, data: dict, key: str) -> list:
        raw = data.get(key)
        if not isinstance(raw, list):
            self.add(f"$.{key}", _("expected a list"))
            return []
        return raw

    def get_date(self, obj: dict, path: str) -> date | None:
        v = obj.get("legal_from")
        if not isinstance(v, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            self.add(f"{path}.legal_from", _("expected a date YYYY-MM-DD"))
            return None
        try:
            return date.fromisoformat(v)
        except ValueError:
            self.add(f"{path}.legal_from", _("{v!r} is not a date", v=v))
            return None

    def get_str(self, obj: dict, key: str, path: str, required: bool = True) -> str:
        v = obj.get(key, None if required else "")
        if not isinstance(v, str) or (required and not v.strip()):
            self.add(f"{path}.{key}", _("expected a non-empty string") if required else _("expected a string"))
            return ""
        return v

    def _once(self, name: str, path: str) -> None:
        """A version's name is listed once (compared as :func:`_version_key` does)."""
        if name and _version_key(name) in self.names:
            self.add(f"{path}.name", _("{name!r} listed twice", name=name))
        self.names.add(_version_key(name))

    def version(self, i: int, v: Any) -> ProductVersion | None:
        """The product version ``$.versions[i]``, or None when it has a problem."""
        path = f"$.versions[{i}]"
        if not isinstance(v, dict):
            self.add(path, _("expected an object"))
            return None
        n0 = len(self.problems)
        name = self.get_str(v, "name", path)
        d = self.get_date(v, path)
        prec, status, listed = self.version_notes(v, path)
        self._once(name, path)
        if len(self.problems) == n0 and d is not None:
            return ProductVersion(name, d, prec, listed, status)
        return None

    def version_notes(self, v: dict, path: str) -> tuple[str, str, str]:
        """A version's optional fields: (precision, status, the date as listed)."""
        prec = v.get("precision", "day")
        if prec not in ("day", "month"):
            self.add(f"{path}.precision", _("expected day or month"))
        status = v.get("status", "released")
        if status not in VERSION_STATUSES:
            self.add(f"{path}.status", _("expected one of {items}", items=", ".join(VERSION_STATUSES)))
        return prec, status, self.get_str(v, "listed_as", path, required=False)

    def promo_number(self, p: dict, path: str) -> str:
        """A promotion card's number: written as a card number is, and listed once."""
        number = self.get_str(p, "number", path)
        if number and normalize_number(number) != number:
            self.add(f"{path}.number", _("{number!r} is not a card number like CH-0063", number=number))
        elif number in self.numbers:
            self.add(f"{path}.number", _("{number} listed twice", number=number))
        self.numbers.add(number)
        return number

    def promo(self, i: int, p: Any) -> Promo | None:
        """The promotion card ``$.promos[i]``, or None when it has a problem."""
        path = f"$.promos[{i}]"
        if not isinstance(p, dict):
            self.add(path, _("expected an object"))
            return None
        n0 = len(self.problems)
        number = self.promo_number(p, path)
        name = self.get_str(p, "name", path)
        d = self.get_date(p, path)
        remarks = self.get_str(p, "remarks", path, required=False)
        if len(self.problems) == n0 and d is not None:
            return Promo(number, name, d, remarks)
        return None


def merge_calendars(base: Calendar, extra: Calendar, source: str = "<store calendar>") -> Calendar:
    """The guideline's calendar plus a store's own (later products).  A
    store calendar only adds: a version or promo the guideline already lists
    is refused (ValidationError naming the JSON path), so the guideline's
    dates always stand."""
    problems = _versions_listed_twice(base, extra) + _promos_listed_twice(base, extra)
    if problems:
        raise ValidationError(source, problems)
    return Calendar(base.versions + extra.versions, base.promos + extra.promos)


def _versions_listed_twice(base: Calendar, extra: Calendar) -> list[tuple[str, str]]:
    """The versions of a store's calendar the guideline's lists already."""
    return [
        (
            f"$.versions[{i}].name",
            _("{name!r} is on the guideline's list already: a store calendar only adds later products", name=v.name),
        )
        for i, v in enumerate(extra.versions)
        if base.version(v.name) is not None
    ]


def _promos_listed_twice(base: Calendar, extra: Calendar) -> list[tuple[str, str]]:
    """The promotion cards of a store's calendar the guideline's lists already."""
    return [
        (f"$.promos[{i}].number", _("{number} is on the guideline's list already", number=pr.number))
        for i, pr in enumerate(extra.promos)
        if base.promo(pr.number) is not None
    ]


def load_calendar(path: str | PathLike | Any | None = None) -> Calendar:
    """The calendar file at ``path``, or the shipped one (sample_packs/calendar.json)."""
    if path is None:
        path = calendar_path()
    text, source = read_source(path)
    return parse_calendar(parse_json(text, source), source)


@dataclass(frozen=True, slots=True)
class Legality:
    """The answer to "may this card be played on that date?"; truthy when legal."""

    number: str
    legal: bool
    rule: str  # G-CARDS-VERSIONS | G-CARDS-PROMO | G-CARDS-PARALLEL
    reason: str
    legal_from: date | None = None
    #: Overture cards (O-CARDS-ONSALE): the card's product, and how it stands:
    #: "legal", "not_yet" (its product's date is later), "undated" (its product has no
    #: on-sale date: reported, never legal or illegal by default) or "unknown" (not in
    #: the store's card list).  "" for 2008 numbers.
    product: str = ""
    status: str = ""

    def __bool__(self) -> bool:
        return self.legal


@dataclass(frozen=True, slots=True)
class CardText:
    """The text that applies to a card (G-CARDS-TEXT) and where it comes from."""

    number: str  # the number asked about
    text: str | None  # None when no loaded set prints the card
    source: str  # "errata" | "printing" | "none"
    from_number: str | None = None  # the printing whose text applies
    set_code: str | None = None
    errata: Errata | None = None
    reason: str = ""
    rule: str = "G-CARDS-TEXT"


@dataclass(frozen=True, slots=True)
class _Source:
    legal_from: date
    rule: str
    what: str


def _legal_since(n: str, base: str, first: _Source) -> Legality:
    """Legal: its first source was legal by the day asked about."""
    when = first.legal_from.isoformat()
    if n != base:
        why = _("{n} is a parallel of {base}, legal since {when} as {what}", n=n, base=base, when=when, what=first.what)
        return Legality(n, True, "G-CARDS-PARALLEL", why, first.legal_from)
    why = _("{n}: legal since {when} as {what}", n=n, when=when, what=first.what)
    return Legality(n, True, first.rule, why, first.legal_from)


def _not_yet(n: str, base: str, first: _Source) -> Legality:
    """Not legal yet: its first source becomes legal after the day asked about."""
    when = first.legal_from.isoformat()
    if n != base:
        why = _(
            "{n} is a parallel of {base}, not legal before {when} ({what})", n=n, base=base, when=when, what=first.what
        )
        return Legality(n, False, "G-CARDS-PARALLEL", why, first.legal_from)
    why = _("{n}: not legal before {when} ({what})", n=n, when=when, what=first.what)
    return Legality(n, False, first.rule, why, first.legal_from)


def _by(day: date | None, when: date) -> bool:
    """Published by ``day`` (None: whatever the day)."""
    return day is None or when <= day


def _errata_text(n: str, base: str, printings: list, day: date | None) -> CardText | None:
    """The latest erratum published by ``day`` of any printing of the card, or None."""
    errata = [(e, v, s) for v, s, c in printings for e in c.errata if _by(day, e.date)]
    if not errata:
        return None
    # the latest by date; of one day's, the one stored last (a list imported twice that day: the later wins)
    e, v, s = max(reversed(errata), key=lambda t: t[0].date)
    return CardText(
        n, e.text, "errata", v, s.code, e, _("errata of {date} for {base}", date=e.date.isoformat(), base=base)
    )


def _on_sale_legality(n: str, day: date, on_sale: date, card: Card) -> Legality:
    """An Overture card whose product is on sale from ``on_sale``: legal by ``day`` or not yet (O-CARDS-ONSALE)."""
    when = on_sale.isoformat()
    if day >= on_sale:
        why = _("{n}: legal since {when} ({product_name} on sale)", n=n, when=when, product_name=card.product)
        return Legality(n, True, "O-CARDS-ONSALE", why, on_sale, card.product, "legal")
    why = _("{n}: not legal before {when} ({product_name} goes on sale)", n=n, when=when, product_name=card.product)
    return Legality(n, False, "O-CARDS-ONSALE", why, on_sale, card.product, "not_yet")


@lru_cache(maxsize=4)
def _shipped(strict_versions: bool) -> Catalog:
    return Catalog(load_sample_sets(), load_calendar(), strict_versions=strict_versions)


def _suffix_rank(number: str) -> int:
    s = number_suffix(number)
    return 0 if not s else ord(s) - ord("A") + 1


class Catalog:
    """Loaded sets plus the calendar: card lookup, legality and text.

    Lookups take a card number typed loosely (``ch-63``); an unknown parallel
    number falls back to its base number.
    """

    def __init__(
        self, sets: Iterable[CardSet] = (), calendar: Calendar | None = None, *, strict_versions: bool = False
    ):
        self.sets: tuple[CardSet, ...] = tuple(sets)
        self.calendar: Calendar = calendar if calendar is not None else Calendar()
        self.strict_versions = strict_versions
        self._by_code = {s.code.casefold(): s for s in self.sets}
        self._for_event: dict[tuple[bool, Calendar | None], Catalog] = {}
        # number -> [(set, card)], newest printing first
        self._printings: dict[str, list[tuple[CardSet, Card]]] = {}
        self._variants: dict[str, list[str]] = {}
        self._index_printings()

    def _index_printings(self) -> None:
        """Every card number's printings (newest first) and every base number's variants (by suffix)."""
        for s in self.sets:
            for c in s.cards:
                self._printings.setdefault(c.number, []).append((s, c))
                vs = self._variants.setdefault(c.base_number, [])
                if c.number not in vs:
                    vs.append(c.number)
        self._sort_indexes()

    def _sort_indexes(self) -> None:
        """Each number's printings newest first, each base number's variants by suffix (none first)."""
        for lst in self._printings.values():
            lst.sort(key=lambda sc: self.set_legal_from(sc[0]), reverse=True)
        for vs in self._variants.values():
            vs.sort(key=_suffix_rank)

    @classmethod
    def default(cls, *, strict_versions: bool = False) -> Catalog:
        """The shipped sample sets and calendar, with the store's card list of the
        data folder in use (core.cards.cardlist.join_active) when it holds one."""

        return join_active(cls.shipped(strict_versions=strict_versions))

    @classmethod
    def shipped(cls, *, strict_versions: bool = False) -> Catalog:
        """The shipped sample sets and calendar alone (loaded once a process: read only)."""
        return _shipped(strict_versions)

    def for_event(self, sanctioned: bool, extra: Calendar | None = None) -> Catalog:
        """The catalog a deck check of an event uses (G-CARDS-VERSIONS):
        strict (only listed versions and promos, from their dates) for a
        sanctioned event, with a store's calendar ``extra`` added; as it is
        for an unsanctioned one (any loaded set)."""
        if not sanctioned and extra is None:
            return self
        # kept: an event's deck checks (one a player) ask again and again, and with a
        # store's card list of thousands of cards a catalog is worth building once
        key = (sanctioned, extra)
        hit = self._for_event.get(key)
        if hit is None:
            hit = self._event_catalog(sanctioned, extra)
        return hit

    def _event_catalog(self, sanctioned: bool, extra: Calendar | None) -> Catalog:
        """A new catalog for an event's deck checks (see :meth:`for_event`), kept for the next ask."""
        cal = merge_calendars(self.calendar, extra) if extra is not None else self.calendar
        cat = Catalog(self.sets, cal, strict_versions=sanctioned)
        if len(self._for_event) > 16:
            self._for_event.clear()
        self._for_event[(sanctioned, extra)] = cat
        return cat

    # -- sets ---------------------------------------------------------------
    def set(self, code: str) -> CardSet:
        try:
            return self._by_code[code.casefold()]
        except KeyError:
            known = join_list(s.code for s in self.sets) or _("none loaded")
            raise NotFound(_("no card set {code!r} (known: {known})", code=code, known=known)) from None

    def set_version(self, cs: CardSet) -> ProductVersion | None:
        """The calendar entry of a set's version, if it is on the list."""
        return self.calendar.version(cs.version)

    def set_legal_from(self, cs: CardSet) -> date:
        """When a set's cards become legal: its version's listed date, else its release date
        (an Overture product: its on-sale date in the store's calendar, ``date.max`` without one)."""
        if cs.overture:
            return cs.release_date
        v = self.set_version(cs)
        return v.legal_from if v is not None else cs.release_date

    # -- cards --------------------------------------------------------------
    def printings(self, number: str) -> list[tuple[CardSet, Card]]:
        """Every printing of exactly this number, newest first."""
        n = normalize_number(number)
        return list(self._printings.get(n, ())) if n else []

    def variants(self, number: str) -> list[str]:
        """The numbers in the loaded sets sharing this base number, no suffix first."""
        n = normalize_number(number)
        return list(self._variants.get(base_number(n), ())) if n else []

    def get(self, number: str) -> Card | None:
        """The newest printing of the number; for an unknown parallel, of its base
        number (or its earliest-suffix variant); None when unknown."""
        n = normalize_number(number)
        if n is None:
            return None
        if n in self._printings:
            return self._printings[n][0][1]
        for v in self._variants.get(base_number(n), ()):
            return self._printings[v][0][1]
        return None

    def card(self, number: str) -> Card:
        card = self.get(number)
        if card is None:
            raise NotFound(_("unknown card number {number!r}", number=number))
        return card

    def cards(self) -> list[Card]:
        """One card per number (the newest printing), in set order."""
        seen: dict[str, Card] = {}
        for s in self.sets:
            for c in s.cards:
                seen.setdefault(c.number, self._printings[c.number][0][1])
        return list(seen.values())

    def name_of(self, number: str) -> str | None:
        """The card's name, from the sets or else the promotion-card table."""
        card = self.get(number)
        if card is not None:
            return card.name
        n = normalize_number(number)
        promo = self.calendar.promo(base_number(n)) if n else None
        return promo.name if promo else None

    def known(self, number: str) -> bool:
        return self.name_of(number) is not None

    # -- legality -------------------------------------------------------------
    def _sources(self, base: str) -> tuple[list[_Source], list[str]]:
        """Ways the base number becomes legal, and versions rejected as unlisted."""
        sources: list[_Source] = self._promo_sources(base)
        unlisted: list[str] = []
        for s in self._base_sets(base):
            source = self._set_source(s)
            if source is None:
                unlisted.append(s.version)
            else:
                sources.append(source)
        return sources, unlisted

    def _promo_sources(self, base: str) -> list[_Source]:
        """The promotion-card table's entry for the base number, if it has one (G-CARDS-PROMO)."""
        promo = self.calendar.promo(base)
        if promo is None:
            return []
        what = _("promotion card {number} {name}", number=promo.number, name=promo.name)
        return [_Source(promo.legal_from, "G-CARDS-PROMO", what)]

    def _base_sets(self, base: str) -> list[CardSet]:
        """The 2008 sets printing the base number (else its variants), one entry a printing;
        Overture products are O-CARDS-ONSALE's (:meth:`overture_legality`)."""
        numbers = [base] if base in self._printings else self._variants.get(base, [])
        return [s for n in numbers for s, _card in self._printings.get(n, ()) if not s.overture]

    def _set_source(self, s: CardSet) -> _Source | None:
        """How a set makes its cards legal: its listed version, else (not strict)
        its release date; None for a version the calendar does not list."""
        v = self.set_version(s)
        if v is not None:
            return _Source(v.legal_from, "G-CARDS-VERSIONS", f"{v.name} ({s.code})")
        if self.strict_versions:
            return None
        return _Source(
            s.release_date,
            "G-CARDS-VERSIONS",
            _("{version} ({code}, not on the calendar: its release date)", version=s.version, code=s.code),
        )

    def legal_from(self, number: str) -> date | None:
        """The first date the card may be played, None when it never may."""
        n = normalize_number(number)
        if n is None:
            return None
        if is_overture_number(n):
            return self.overture_legality(n, date.max).legal_from
        sources, _unlisted = self._sources(base_number(n))
        return min((s.legal_from for s in sources), default=None)

    def is_legal(self, number: str, on: date | str) -> Legality:
        """May ``number`` be played in a sanctioned event on ``on``?  The answer
        carries the deciding rule and a one-line reason."""
        day = as_date(on)
        n = normalize_number(number)
        if n is None:
            return Legality(str(number), False, "G-CARDS-VERSIONS", _("{number!r} is not a card number", number=number))
        if is_overture_number(n):
            return self.overture_legality(n, day)
        base = base_number(n)
        parallel = n != base
        sources, unlisted = self._sources(base)
        if not sources:
            return self._unsourced(n, parallel, unlisted)
        first = min(sources, key=lambda s: s.legal_from)
        if day >= first.legal_from:
            return _legal_since(n, base, first)
        return _not_yet(n, base, first)

    def _unsourced(self, n: str, parallel: bool, unlisted: list[str]) -> Legality:
        """Not legal: in no set of a listed version (or in no set at all)."""
        if unlisted:
            why = _(
                "{n} {name}: version {version!r} is not on the list of legal product versions (the guideline's), "
                "so it is not legal in a sanctioned event (sample sets are for unsanctioned events "
                "and practice)",
                n=n,
                name=f"「{self.name_of(n) or '?'}」",
                version=unlisted[0],
            )
        else:
            why = _("{n}: unknown card number (in no loaded set and not a listed promotion card)", n=n)
        return Legality(n, False, "G-CARDS-PARALLEL" if parallel and unlisted else "G-CARDS-VERSIONS", why)

    def overture_legality(self, number: str, on: date | str) -> Legality:
        """May an Overture card (LO-0923, LO-0923-A) be played on ``on``?
        (O-CARDS-ONSALE) A card is legal from its product's on-sale date in the
        store's calendar (``lycee cards on-sale``); a number (a parallel too) must
        be in the list itself.  The answer's ``status`` tells apart a card
        not yet legal, one whose product has no on-sale date (never silently
        legal or illegal: the reason says how to set it) and an unknown one."""
        day = as_date(on)
        n = normalize_number(number) or str(number)
        rule = "O-CARDS-ONSALE"
        hits = [(s, c) for s, c in self._printings.get(n, ()) if s.overture]
        if not hits:
            why = _(
                "{n}: not in the store's card list (load the official list with lycee cards import FILE)",
                n=n,
            )
            return Legality(n, False, rule, why, status="unknown")
        s, card = min(hits, key=lambda sc: sc[0].release_date)
        if s.release_date == date.max:
            why = _(
                "{n} 「{name}」: its product {product_name} has no on-sale date: set it with "
                'lycee cards on-sale "{product_name}" YYYY-MM-DD',
                n=n,
                name=card.name,
                product_name=card.product,
            )
            return Legality(n, False, rule, why, None, card.product, "undated")
        return _on_sale_legality(n, day, s.release_date, card)

    # -- text -----------------------------------------------------------------
    def text_for(self, number: str, on: date | str | None = None) -> CardText:
        """The text that applies to a card (G-CARDS-TEXT): errata published by
        ``on`` (latest first) override; otherwise, among the printings of the
        card's base number, the earliest suffix wins (none, then A, then B) and
        within a number the newest printing published by ``on``."""
        n = normalize_number(number)
        if n is None:
            return CardText(str(number), None, "none", reason=_("{number!r} is not a card number", number=number))
        day = as_date(on) if on is not None else None
        base = base_number(n)
        printings = self._base_printings(base)
        found = _errata_text(n, base, printings, day)
        if found is not None:
            return found
        if not printings:
            return CardText(n, None, "none", reason=_("{n}: no loaded set prints this card", n=n))
        return self._printed_text(n, printings, day)

    def _base_printings(self, base: str) -> list[tuple[str, CardSet, Card]]:
        """(number, set, card) of every printing of every variant of the base number."""
        return [(v, s, c) for v in self._variants.get(base, []) for s, c in self._printings[v]]

    def _printed_text(self, n: str, printings: list, day: date | None) -> CardText:
        """The text of the printing that applies: the earliest suffix, then the newest published by ``day``."""
        published = [t for t in printings if _by(day, self.set_legal_from(t[1]))] or printings
        v, s, c = min(published, key=lambda t: (_suffix_rank(t[0]), -self.set_legal_from(t[1]).toordinal()))
        how = _("no suffix") if not number_suffix(v) else _("suffix {suffix}", suffix=number_suffix(v))
        reason = _(
            "printing {v} in {version} ({code}); {how}, newest published", v=v, version=s.version, code=s.code, how=how
        )
        return CardText(n, c.text, "printing", v, s.code, None, reason)
