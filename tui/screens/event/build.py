"""The build tab of a sealed or draft event (G-SEALED, G-DRAFT-*): the
build phase's timer, each player's seat, pool and decklist."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Label, TabPane

from core import labels, readmodel
from core.event.model import Event
from core.i18n import _

from ...widgets.plain import PlainTable


class BuildPane(TabPane):
    def __init__(self) -> None:
        super().__init__(_("Build"), id="build")

    def compose(self) -> ComposeResult:
        yield Label("", id="build-status", markup=False)
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="build-table")

    def draw(self, ev: Event, st) -> None:
        """``st``: the desk's build status (core.decklists.build_status), None
        for a constructed event."""
        lbl = self.query_one("#build-status", Label)
        t = self.query_one("#build-table", PlainTable)
        row = t.cursor_row if t.row_count else None  # the highlighted player stays highlighted
        t.clear(columns=True)
        if ev.kind == "constructed":
            lbl.update(_("A constructed event has no build phase."))
            return
        if st.state == "none":
            lbl.update(_("No build phase yet: F11 opens it (pools for sealed, pods for a draft)."))
            return
        what = (
            _("{set}, product {p}", set=st.set_code, p=labels.product_label(st.product))
            if ev.kind == "sealed"
            else _(
                "{set}, {n} packs a player, pods {pods}",
                set=st.set_code,
                n=st.packs,
                pods="+".join(map(str, st.pods)) or "-",
            )
        )
        timer = readmodel.build_time_left(st)
        line = Text(
            _(
                "Build phase: {state} · {what} · seed {seed} · time left {t} · {k} decklists missing",
                state=labels.build_state_label(st.state),
                what=what,
                seed=st.seed if ev.build is None or not ev.build.real else _("none (packs opened at the table)"),
                t=timer,
                k=len(st.missing_decklists),
            )
        )
        if st.override_at:
            line.append(
                "\n" + _("Head judge override by {by}: {reason}", by=st.override_by, reason=st.override_reason),
                style="bold yellow",
            )
        elif not ev.rounds:
            line.append(
                "\n"
                + (
                    _("Every deck is legal: F5 pairs round 1 (and closes the phase).")
                    if st.ready
                    else _(
                        "Enter opens the highlighted player's pool in the deck builder; Ctrl+R there "
                        "registers the deck. Round 1 waits for every legal deck."
                    )
                )
            )
        lbl.update(line)
        t.add_columns(_("ID"), _("Name"), _("Seat"), _("Pool"), _("Decklist"), _("Deck"), _("Problems"))
        for d in readmodel.decklists(ev):
            pool = ev.pool_of(d.player)
            t.add_row(
                d.player,
                d.name,
                readmodel.draft_seat(ev, d.player),
                str(len(pool.cards)) if pool else "-",
                labels.decklist_status_label(d.status),
                f"{d.deck_size}+{d.spare_size}" if d.status != "none" else "",
                labels.sentences(p.message for p in d.problems[:2]),
                key=d.player,
            )
        if row is not None and t.row_count:
            t.move_cursor(row=min(row, t.row_count - 1), animate=False)

    def tick(self, ev: Event, st) -> None:
        """Redraw while the timer runs, keeping the cursor's row."""
        t = self.query_one("#build-table", PlainTable)
        row = t.cursor_row
        self.draw(ev, st)
        if row is not None and row < t.row_count:
            t.move_cursor(row=row)
