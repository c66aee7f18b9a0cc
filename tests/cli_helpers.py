"""What the in-process command-line tests share: run ``lycee`` with its
output captured, and a staffed event with players made by the command line."""

from __future__ import annotations

from tui.cli import main


def run(capsys, *argv):
    """``lycee ARGV`` in this process: (exit code, standard output, standard error)."""
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def staffed_event(capsys, data: str, players, date: str = "2026-12-05", *options: str) -> str:
    """``lycee event new Cup`` with organizer O and judge/head judge J (and
    ``options``), then ``player add`` of ``players``: the new event's id."""
    rc, out, err = run(
        capsys,
        *("--data-dir", data, "event", "new", "Cup", "--date", date),
        *("--organizer", "O", "--judge", "J", "--head-judge", "J", *options),
    )
    assert rc == 0, err
    eid = out.strip()
    rc, _out, err = run(capsys, "--data-dir", data, "player", "add", eid, *players)
    assert rc == 0, err
    return eid
