"""The build tab of a sealed or draft event (G-SEALED, G-DRAFT-*): the
build phase's timer, each player's seat, pool and decklist."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Label

from core import labels, readmodel
from core.event.model import Event
from core.i18n import _, ngettext

from ...widgets.plain import PlainTable
from ...widgets.wrapped import WrapLabel, list_parts
from .messages import EventRead
from .pane import EventPane


class BuildPane(EventPane):
    FOCUS = "#build-table"
    TYPES_ON = "round"  # a result typed here (``1 2-0``) goes to the round tab's box

    def __init__(self) -> None:
        super().__init__(_("Build"), id="build")

    def compose(self) -> ComposeResult:
        yield WrapLabel("", id="build-status")  # a part (「残り時間 0:15」) is never split across lines
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="build-table")
        yield Label("", id="build-detail", markup=False)

    #: A constructed event's players: their list's class, problems and lines not checked, in full
    #: (the table's cells are cut at 80 columns), shown under the table for the highlighted row.
    _details: dict[str, Text] = {}

    def on_data_table_row_highlighted(self, message) -> None:
        if message.data_table.id == "build-table":
            key = message.row_key.value if message.row_key is not None else None
            self.query_one("#build-detail", Label).update(self._details.get(str(key), Text()))

    def draw_read(self, read: EventRead) -> None:
        self.draw(read.event, read.build_status())

    def draw(self, ev: Event, st) -> None:
        """``st``: the desk's build status (core.rules.builds.build_status), None
        for a constructed event."""
        lbl = self.query_one("#build-status", WrapLabel)
        t = self.query_one("#build-table", PlainTable)
        row = t.cursor_row if t.row_count else None  # the highlighted player stays highlighted
        t.clear(columns=True)
        self._details = {}
        self.query_one("#build-detail", Label).update("")
        if ev.kind == "constructed":
            self._draw_decklists(ev, lbl, t, row)
            return
        if st.state == "none":
            lbl.update(_("No build phase yet: F11 opens it (pools for sealed, pods for a draft)."))
            return
        what = (
            _("{set}, product {p}", set=st.set_code, p=labels.product_label(st.product))
            if ev.kind == "sealed"
            else ngettext(
                "{set}, {n} packs per player, {k} pod: {sizes}",
                "{set}, {n} packs per player, {k} pods: {sizes}",
                len(st.pods),
                set=st.set_code,
                n=st.packs,
                k=len(st.pods),
                sizes=" + ".join(ngettext("{n} player", "{n} players", x, n=x) for x in st.pods) or "-",
            )
        )
        head = _(
            "Build phase: {state} · {what} · seed {seed} · {timer} · {missing}",
            state=labels.build_state_label(readmodel.build_stage(st)),
            what=what,
            seed=st.seed if ev.build is None or not ev.build.real else _("none (packs opened at the table)"),
            timer=readmodel.build_timer_part(st),
            missing=ngettext("{n} decklist missing", "{n} decklists missing", len(st.missing_decklists)),
        )
        line = Text(head)
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
        lbl.update(line, keep=list_parts(head))
        t.add_columns(_("ID"), _("Name"), _("Seat"), _("Pool"), _("Decklist"), _("Deck"), _("Problems"))
        for d in readmodel.build_rows(ev):
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

    def _draw_decklists(self, ev: Event, lbl: WrapLabel, t: PlainTable, row: int | None) -> None:
        """A constructed event: no build phase; when it collects decklists, each
        player's list with its problems (only blocking ones), its シングル/ミックス
        class under Overture (O-DECK-CLASS) and what the desk did not check
        ("not checked: <the line>", O-DECK-RESTRICT)."""
        if not (ev.decklists or ev.decklists_required):
            lbl.update(_("A constructed event has no build phase."))
            return
        rows = readmodel.decklists(ev)
        lbl.update(
            _(
                "Decklists: {done} registered, {faulty} with problems, {missing} without a list · "
                "F11 registers one at the desk",
                done=sum(d.status == "registered" for d in rows),
                faulty=sum(d.status == "problems" for d in rows),
                missing=sum(d.status == "none" for d in rows),
            )
        )
        overture = ev.rules == "overture"
        cols = [_("ID"), _("Name"), _("Decklist"), _("Deck")]
        if overture:
            cols.append(_("Class"))
        t.add_columns(*cols, _("Problems"), _("Not checked"))
        for d in rows:
            cells = [
                d.player,
                d.name,
                labels.decklist_status_label(d.status),
                f"{d.deck_size}+{d.spare_size}" if d.status != "none" else "",
            ]
            if overture:
                cells.append(d.deck_class)
            cells.append(labels.sentences(p.message for p in d.blocking[:2]))
            cells.append(labels.sentences(p.message for p in d.not_checked))
            t.add_row(*cells, key=d.player)
            self._details[d.player] = _detail(d)
        if t.row_count:
            t.move_cursor(row=min(row or 0, t.row_count - 1), animate=False)
            key = t.coordinate_to_cell_key(t.cursor_coordinate).row_key.value
            self.query_one("#build-detail", Label).update(self._details.get(str(key), Text()))

    def tick(self, ev: Event, st) -> None:
        """Redraw while the timer runs, keeping the cursor's row."""
        t = self.query_one("#build-table", PlainTable)
        row = t.cursor_row
        self.draw(ev, st)
        if row is not None and row < t.row_count:
            t.move_cursor(row=row)


def _detail(d) -> Text:
    """One player's registered list in full: its class (O-DECK-CLASS), each
    problem (✗) and each line the desk did not check (?, O-DECK-RESTRICT)."""
    out = Text()
    if d.status == "none":
        return out
    out.append(d.name, style="bold")
    if d.deck_class:
        out.append(" · " + _("deck class: {what}", what=d.deck_class))
    for p in d.blocking:
        out.append("\n✗", style="bold red")  # no space after the mark: a long Japanese line folds beside it
        out.append(str(p))  # its rule id as every refusal gives it: 「…（G-SEALED）」 in Japanese
    for p in d.not_checked:
        out.append("\n?", style="bold yellow")
        out.append(str(p))  # its rule id as every refusal gives it: 「…（G-SEALED）」 in Japanese
    return out
