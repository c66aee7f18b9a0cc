"""How a sheet is written: CSV that a spreadsheet never runs (every cell
that starts with = + - @, a tab or a carriage return is prefixed with '),
print-ready HTML with every name escaped, and the match slips of a round
(the reminders players need, and with phone reports on, each player's stub
with the QR code of their own report page)."""

from __future__ import annotations

import csv
import html
import io

from core.errors import LyceeError
from core.event.model import Event
from core.i18n import _
from core.reports.sheet_words import match_words
from core.rules.phonereports import code_of, report_url
from core.tournament.elimination import round_label

__all__ = ["csv_safe", "slip_reminders", "slips_html", "to_csv", "to_html"]


def csv_safe(value) -> str:
    s = "" if value is None else str(value)
    if s and s[0] in "=+-@\t\r" and s != "-":  # a lone "-" (no round, no table) runs nothing
        return "'" + s
    return s


def to_csv(header, rows) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    w.writerow([csv_safe(h) for h in header])
    for r in rows:
        w.writerow([csv_safe(c) for c in r])
    return buf.getvalue()


_CSS = """
body { font-family: "Noto Sans JP", "Hiragino Sans", "Yu Gothic", sans-serif; margin: 1.5em; }
h1 { font-size: 1.3em; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #444; padding: 0.25em 0.5em; text-align: left; }
th { background: #eee; }
tr:nth-child(even) td { background: #fafafa; }
.meta { color: #555; font-size: 0.9em; }
@media print { body { margin: 0; } h1 { margin-top: 0; } tr { page-break-inside: avoid; } }
"""


def to_html(title: str, header, rows, meta: str = "") -> str:
    e = html.escape
    head = "".join(f"<th>{e(str(h))}</th>" for h in header)
    body = "\n".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>\n"
        f"<h1>{e(title)}</h1>\n"
        + (f'<p class="meta">{e(meta)}</p>\n' if meta else "")
        + f"<table><thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>\n</body></html>\n"
    )


def slip_reminders(event: Event) -> list[tuple[str, str]]:
    """(rule ids, reminder) printed on every match slip, in our own words.  Players never see
    the rule ids (the guideline has no numbers): the slip prints the words, the ids ride along
    in the markup (``data-rule``) for the desk and the tests."""
    notes = [
        ("G-MULLIGAN", _("Opening hand without a character: show it, shuffle it back and draw 7 again, once.")),
        ("G-SLEEVES", _("Cards must be uniform: one card per sleeve, no double sleeves, no home-printed sleeves.")),
    ]
    if event.match == "bo3":
        notes.insert(
            1, ("G-NEXT-GAME", _("From game 2 on, the loser of the previous game chooses to play first or second."))
        )
        notes.insert(
            2,
            (
                "G-SPARE-1 G-SPARE-2",
                _(
                    "Between games you may swap deck cards with your spares (at most "
                    "12), within 5 minutes; never before game 1."
                ),
            ),
        )
        notes.insert(
            3,
            (
                "G-SPARE-3",
                _(
                    "After the match, put deck and spares back as they started; a card swapped "
                    "out may come back in during the same match."
                ),
            ),
        )
    if not event.spectating:
        notes.append(("G-SPECTATE", _("Spectating is not allowed at this event.")))
    return notes


def report_stubs(event: Event, m) -> str:
    """With phone reports on: one stub per player, to cut off and keep, with
    the QR code of their own report page and their code."""
    codes = _report_codes(event, m) if event.phone_reports else []
    if not codes:
        return ""
    import segno  # lazy: the QR library (~0.1 s to import) serves this export alone

    out = [
        _stub(event, pid, code, segno.make(report_url(code), error="m").svg_inline(scale=3, border=2))
        for pid, code in codes
    ]
    return '<div class="stubs">' + "".join(out) + "</div>"


def _report_codes(event: Event, m) -> list[tuple[str, str]]:
    """(player, report code) of each player of the match who has a code."""
    out = []
    for pid in (m.p1, m.p2):
        code = code_of(event, pid)
        if code is not None:
            out.append((pid, code))
    return out


def _stub(event: Event, pid: str, code: str, svg: str) -> str:
    """A player's stub: the words, the QR code ``svg`` of their report page, and their code."""
    e = html.escape
    words = _(
        "{name}: report your result from your phone (keep this part, it is yours only)", name=event.player(pid).name
    )
    return f'<div class="stub"><p>{e(words)}</p>{svg}<p class="code">{e(_("code {code}", code=code))}</p></div>'


def slips_html(event: Event) -> str:
    """One slip per table of the current round: who plays, boxes for the
    result and signatures, and the reminders players need."""
    rnd = event.current_round
    if rnd is None:
        raise LyceeError(_("no round has been paired yet"))
    e = html.escape
    reminders = _reminders_html(event)
    slips = [_slip(event, rnd, m, match_words(event), reminders) for m in rnd.matches if m.p2 is not None]
    css = (
        _CSS
        + ".slip { border: 2px dashed #888; padding: 0.5em 1em; margin-bottom: 1em; page-break-inside: avoid; }"
        + " .stubs { display: flex; gap: 1em; } .stub { border-top: 1px dashed #888; flex: 1; }"
        + " .stub .code { font: bold 1.2em monospace; letter-spacing: .1em; }"
    )
    title = _("{event}: match slips, round {r}", event=event.name, r=rnd.number)
    return (
        f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{e(title)}</title>'
        f"<style>{css}</style></head><body>\n" + "\n".join(slips) + "\n</body></html>\n"
    )


def _reminders_html(event: Event) -> str:
    """The slip's reminders as list items, each with its rule ids in ``data-rule``."""
    e = html.escape
    return "".join(f'<li data-rule="{e(rule)}">{e(r)}</li>' for rule, r in slip_reminders(event))


def _slip(event: Event, rnd, m, match: str, reminders: str) -> str:
    """One table's slip: who plays, boxes for the result and signatures, the reminders and report stubs."""
    e = html.escape
    p1, p2 = event.player(m.p1).name, event.player(m.p2).name
    head = _("Round {r}", r=rnd.number)
    if rnd.stage != "swiss":
        head = _("Round {r} ({label})", r=rnd.number, label=round_label(event, rnd.number, m))
    return (
        f'<div class="slip"><h2>{e(_("{event} · {round} · {table}", event=event.name, round=head, table=_("Table {t}", t=m.table)))}</h2>'
        f"<p>{e(_('{how} · {n} min', how=match, n=event.minutes))}</p>"
        f"<table><tr><th>{e(_('Player'))}</th><th>{e(_('Games won'))}</th><th>{e(_('Drawn games'))}</th>"
        f"<th>{e(_('Signature'))}</th></tr>"
        f'<tr><td>{e(p1)}</td><td></td><td rowspan="2"></td><td></td></tr>'
        f"<tr><td>{e(p2)}</td><td></td><td></td></tr></table>"
        f"<ul>{reminders}</ul>{report_stubs(event, m)}</div>"
    )
