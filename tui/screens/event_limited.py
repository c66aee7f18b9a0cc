"""The event screen's limited items for packs at the table (G-SEALED, G-DRAFT-1):
what F11 and the palette open on a sealed or draft event.

- :func:`open_build`: the "open" line ``SET PRODUCT|PACKS [SEED] [real]``;
  ``real`` (or 実物) records that the packs are opened or drafted at the
  table (limited.tablepool.open_real), the squeeze warning said with its numbers.
- :func:`choose_pool_player` / :func:`enter_pool`: a player's pool typed in
  by number (tui.screens.pool_entry), recorded as a ``table_pool`` action.
- :func:`open_caller`: the draft caller (tui.screens.draft_table.TableScreen)
  on the event's own pods, one seating per event; after the last pack it
  offers to enter each player's drafted pool.

The event screen (tui.screens.event) calls these with itself: ``desk``,
``event``, ``say`` and ``post_message`` (EventChanged after a write) are all that is used of it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Any

from core.errors import LyceeError
from core.i18n import _, join_list, ngettext
from core.names import whole
from limited import view as limited_view  # the limited engine's names load when first used (limited/view.py)

from .dialogs import Choose
from .event.messages import EventChanged

__all__ = ["open_hint", "open_first_hint", "open_build", "choose_pool_player", "enter_pool", "open_caller"]


def open_hint(kind: str) -> str:
    """The "open" prompt: the set codes there are, and what 2s / 1s3b / real mean."""

    cat = limited_view.default_catalog()
    if kind == "sealed":
        codes = join_list(s.code for s in cat.sets if s.starters)
        return _(
            "Open the build phase: write the set, then the product (2s = 2 starters, 1s3b = 1 starter + 3 "
            "boosters), then real when the packs are opened at the table (each pool is then entered by card "
            "number); a seed number may go before real. Sets: {codes}. E.g. alpha 1s3b real, or alpha 2s 7 "
            "(seed 7).",
            codes=codes,
        )
    codes = join_list(f"{s.code} ({s.booster.size})" for s in cat.sets if s.booster is not None)
    return (
        _(
            "Open the build phase: write the set, then the packs, 4 to 6 per player, then real when the draft "
            "is called at the table (the pools are entered afterwards); a seed number may go before real. "
            "Sets (cards per booster): {codes}. E.g. alpha 4 real.",
            codes=codes,
        )
        + "\n"
        + _("Add pod=4 for pods of at most 4 players (8 players: 2 pods of 4).")
    )


def open_first_hint(kind: str) -> str:
    """F11 → the bots draft before the draft is seated: the open prompt, saying the bots draft once it is open."""
    first = _("The draft is not seated yet: open the build phase here, and the bots draft right after.")
    return first + "\n" + open_hint(kind)


def pod_size_of(text: str) -> tuple[str, int | None]:
    """The open line without its ``pod=N`` (ポッド=N) word, and N (None when
    not given): the most players a draft pod seats, as the store chooses."""

    size = None
    kept = []
    for word in unicodedata.normalize("NFKC", text).split():
        m = re.fullmatch(r"(?:pod|ポッド)[=:]?(\d{1,2})", word, re.IGNORECASE)
        if m:
            size = int(m.group(1))
        else:
            kept.append(word)
    return " ".join(kept), size


def open_build(screen: Any, text: str, pod_size: int | None = None) -> bool:
    """Open the build phase for packs at the table when ``text`` ends in real; False: not such a line."""
    parts = text.split()
    if not parts or parts[-1].casefold() not in ("real", "実物", "実パック"):
        return False

    parts = parts[:-1]
    if len(parts) not in (2, 3) or (len(parts) == 3 and whole(parts[2], 18) is None):
        screen.say(_("write the set, the product or packs, and optionally a seed, then real"), error=True)
        return True
    seed = whole(parts[2], 18) if len(parts) == 3 else None
    try:
        if screen.event.kind == "sealed":
            warn = limited_view.open_real(screen.desk, parts[0], product=parts[1])
            done = _("build phase opened for packs opened at the table: F11 → enter each player's pool by number")
        else:
            packs = whole(parts[1])
            if packs is None:
                screen.say(_("write the number of packs, 4 to 6"), error=True)
                return True
            warn = limited_view.open_real(screen.desk, parts[0], packs=packs, seed=seed, pod_size=pod_size)
            done = _("pods seated for a draft at the table: F11 → the draft caller (Shift+F11) calls it")
    except LyceeError as err:
        screen.say(str(err), error=True)
        return True
    screen.post_message(EventChanged())
    screen.say(done + (" " + _("Warning: {text}", text=warn) if warn else ""), error=bool(warn))
    return True


def choose_pool_player(screen: Any, highlighted: str | None = None) -> None:
    """Which player's pool to enter: every player in seat order (a draft) or registration order,
    each with how it stands (✓ recorded), the cursor on ``highlighted`` or the first without one."""

    ev = screen.event
    b = ev.build
    if b is None:
        screen.say(_("open the build phase first (F11 → open)"), error=True)
        return
    if ev.kind == "sealed" and not b.real:
        screen.say(
            _(
                "the pools of {event} were opened by the desk; entering them by number needs a build phase "
                "opened with real (packs opened at the table)",
                event=ev.name,
            ),
            error=True,
        )
        return
    if ev.kind == "draft":
        ids = [s.player for pod in ev.pods for s in pod if s.player]
    else:
        ids = [p.id for p in ev.players if p.active]
    if not ids:
        screen.say(_("no player to enter a pool for"), error=True)
        return
    # a stable order (the seats, else registration), the cursor on the highlighted player or the next
    # without a pool: Down+Enter picks the player below, as the table reads (recorded pools moved
    # to the bottom, and Down+Enter picked another player)
    start = (
        ids.index(highlighted)
        if highlighted in ids
        else next((i for i, pid in enumerate(ids) if ev.pool_of(pid) is None), 0)
    )
    choices = []
    for pid in ids:
        pool = ev.pool_of(pid)
        state = (
            _("no pool yet")
            if pool is None
            else (
                _("deck registered")
                if ev.decklist_of(pid) is not None
                else ngettext(
                    "{n} card: Enter corrects it", "{n} cards: Enter corrects it", len(pool.cards), n=len(pool.cards)
                )
            )
        )
        mark = "✓ " if pool is not None else "  "
        choices.append((pid, f"{mark}{ev.player(pid).name} · {state}"))

    def chosen(pid: str | None) -> None:
        if pid:
            enter_pool(screen, pid, then=lambda: choose_pool_player(screen))

    missing = sum(ev.pool_of(pid) is None for pid in ids)
    screen.app.push_screen(
        Choose(
            ngettext(
                "Enter a pool from the table ({n} player still without one)",
                "Enter a pool from the table ({n} players still without one)",
                missing,
                n=missing,
            ),
            choices,
            start,
        ),
        chosen,
    )


def enter_pool(screen: Any, pid: str, then=None) -> None:
    """The pool entry screen on ``pid``'s pool; Ctrl+R there records it."""

    from .pool_entry import PoolEntryScreen  # lazy: the pool screen and its card data (69 ms) load when opened

    ev = screen.event
    b = ev.build
    assert b is not None
    name = ev.player(pid).name
    if ev.decklist_of(pid) is not None:
        screen.say(
            _(
                "{name} has registered a deck built from their pool: the pool can no longer be corrected "
                "(undo the decklist first)",
                name=name,
            ),
            error=True,
        )
        return
    pool = ev.pool_of(pid)

    def record(counts: Counter) -> str:
        limited_view.enter_table_pool(screen.desk, pid, counts)
        screen.post_message(EventChanged())
        after = screen.event
        left = [p for p in (ids_of(after)) if after.pool_of(p) is None]
        if not left:
            return _(
                "pool of {name} recorded ({n} cards): every pool is in; the building timer runs. Esc, then "
                "Enter on the build tab builds a deck",
                name=name,
                n=sum(counts.values()),
            )
        return ngettext(
            "pool of {name} recorded ({n} cards); {left} player still without a pool (Esc)",
            "pool of {name} recorded ({n} cards); {left} players still without a pool (Esc)",
            len(left),
            name=name,
            n=sum(counts.values()),
            left=len(left),
        )

    def closed(_recorded) -> None:
        if then is not None and any(screen.event.pool_of(p) is None for p in ids_of(screen.event)):
            then()

    screen.app.push_screen(
        PoolEntryScreen(
            limited_view.event_set(ev),
            ev.kind,
            name=name,
            product=b.product,
            packs=b.packs,
            cards=Counter(pool.cards) if pool is not None else None,
            record=record,
        ),
        closed,
    )


def ids_of(ev) -> list[str]:
    if ev.kind == "draft":
        return [s.player for pod in ev.pods for s in pod if s.player]
    return [p.id for p in ev.players if p.active]


def open_caller(screen: Any) -> None:
    """The draft caller on the event's pods (its seats are the event's; one seating per event)."""

    from .draft_table import TableScreen  # lazy: the draft table and its card data (85 ms) load when opened

    ev = screen.event
    if ev.kind != "draft":
        screen.say(_("the draft caller is for a draft event"), error=True)
        return
    if not ev.pods:
        screen.say(
            _("the draft of {event} is not seated: F11 → open (e.g. alpha 4 real) seats the pods first", event=ev.name),
            error=True,
        )
        return
    b = ev.build
    assert b is not None
    cs = limited_view.event_set(ev)
    pods = tuple(tuple(limited_view.Seat(s.name, s.player is None) for s in pod) for pod in ev.pods)
    names = [s.name for pod in pods for s in pod]
    assert cs.booster is not None, "seating the pods read this set's booster (limited.event)"
    screen.app.push_screen(
        TableScreen(
            names,
            set_code=cs.code,
            packs=b.packs,
            cards=cs.booster.size,
            seed=b.seed or 0,
            draw_seats=False,
            pods=pods,
            event_name=ev.name,
            enter_pools=lambda: choose_pool_player(screen),
        )
    )
