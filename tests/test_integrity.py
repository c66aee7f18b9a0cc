"""Issue 44 ("Integrity"), items 1, 2 and the files of 10: every stored byte
is checked before it is believed (docs/storage.md, "What is checked").

- Item 1: a checkpoint carries a checksum of its own content; one that fails
  is ignored with a note (stderr of reading commands, verify and repair
  output) and the event is folded from its journal.  Before: an edited
  checkpoint was shown as the event, verify passed, repair said "intact",
  a foreign player id crashed the scorecard export and a match type
  ``bo2`` stopped every writer.
- Item 2: ``lycee repair`` places every intact record by its own numbers,
  wherever it sits in the file (before: two swapped lines lost a result).
- Item 10 (files): the desk's files are 0600 in 0700 folders; ``export -o``
  replaces only a regular file; ``--data-dir`` naming a file is refused.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Match
from core.store.journal import MAGIC, decode_checkpoint, scan
from core.store.store import DataDir, rebuild
from tests.cli_helpers import run
from tests.strategies import byte_flips

# -- an event with checkpoints and backups ---------------------------------------------------


def _event(root: Path) -> tuple[DataDir, str]:
    """Four players (山田太郎 among them), round 1 played, round 2 paired with
    one result: checkpoints after #1, #3 and #6 (the newest holds round 2),
    backups before rounds 1 and 2."""
    dd = DataDir(root)
    store = dd.create(
        {
            "name": "Cup",
            "date": "2026-12-05",
            "staff": {"organizer": "O", "judges": ["J"], "head_judge": "J"},
        }
    )
    desk = Desk(store)
    desk.add_players(["山田太郎", "佐藤", "鈴木", "田中"])
    ids = [p.id for p in store.event.players]
    desk.store_pairing([Match(1, ids[0], ids[1]), Match(2, ids[2], ids[3])])
    desk.record(1, "2-0")
    desk.record(2, "0-2")
    desk.store_pairing([Match(1, ids[0], ids[3]), Match(2, ids[1], ids[2])])
    desk.record(2, "2-1")
    eid = store.id
    store.close()
    return dd, eid


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("integrity") / "data"
    _dd, eid = _event(root)
    return root, eid


def _copy(built, dest: Path) -> tuple[DataDir, str]:
    root, eid = built
    shutil.copytree(root, dest)
    return DataDir(dest), eid


def _newest_checkpoint(dd: DataDir, eid: str) -> Path:
    return dd.checkpoints(eid)[0][1]


def _truth(dd: DataDir, eid: str):
    """The event as its journal alone holds it (no checkpoint read)."""
    from core import rules
    from core.store.store import fold

    acts = scan(dd.event_path(eid).read_bytes()).actions
    ev, bad, _why = fold(None, acts, rules.undone_seqs(acts))
    assert bad is None
    return ev


def _doc(ev) -> str:
    from core.rules.eventfile import to_doc

    return json.dumps(to_doc(ev), sort_keys=True, ensure_ascii=False)


def _edit(path: Path, *pairs: tuple[bytes, bytes]) -> None:
    raw = path.read_bytes()
    for old, new in pairs:
        assert old in raw, old
        raw = raw.replace(old, new, 1)
    path.write_bytes(raw)


# -- item 1: a damaged checkpoint is not believed ----------------------------------------------


def test_an_edited_checkpoint_is_ignored_and_every_reader_shows_the_journal(built, tmp_path, capsys):
    """Issue 44 item 1, the storage promise (docs/storage.md, "What is
    checked"): the newest checkpoint edited by hand (山田太郎 → 山田花子,
    one ``"p2_wins":0`` → ``1``).  standings, player list and the scorecard
    show the journal's event and say on stderr which file they ignored;
    ``lycee verify`` names it and exits 1; ``lycee repair`` names it and sets
    it aside; a result stored afterwards lands on the journal's event."""
    dd, eid = _copy(built, tmp_path / "d")
    data = str(dd.root)
    ck = _newest_checkpoint(dd, eid)
    _edit(ck, ("山田太郎".encode(), "山田花子".encode()), (b'"p2_wins":0', b'"p2_wins":1'))

    rc, out, err = run(capsys, "--data-dir", data, "player", "list", eid)
    assert rc == 0 and "山田太郎" in out and "山田花子" not in out
    assert ck.name in err and "ignored" in err
    rc, out, err = run(capsys, "--data-dir", data, "standings", eid, "--json")
    assert rc == 0 and ck.name in err
    from core.tournament.ranking import standings_json

    truth = json.loads(json.dumps(standings_json(_truth(dd, eid)), ensure_ascii=False))
    assert json.loads(out) == truth  # 山田太郎's table 1 of round 1 is the journal's 2-0, not 2-1
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert rc == 0 and "山田太郎" in out and "山田花子" not in out and ck.name in err

    rc, out, err = run(capsys, "--data-dir", data, "verify", eid)
    assert rc == 1 and ck.name in out and "checksum" in out
    rc, out, err = run(capsys, "--data-dir", data, "--lang", "en", "verify", eid, "--json")
    doc = json.loads(out)
    assert rc == 1 and doc["ok"] is False and doc["ignored"][0]["file"] == str(ck) and doc["ignored"][0]["damaged"]

    rc, out, err = run(capsys, "--data-dir", data, "repair", eid)
    assert rc == 0 and "intact" in out and ck.name in out and f"{ck.name}.bad" in out
    assert not ck.exists() and ck.with_name(ck.name + ".bad").exists()  # kept, never read again

    rc, out, err = run(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    assert rc == 0, err
    ev = dd.read(eid)
    assert _doc(ev) == _doc(_truth(dd, eid))
    assert [p.name for p in ev.players][0] == "山田太郎"
    rc, out, err = run(capsys, "--data-dir", data, "verify", eid)
    assert rc == 0 and err == "", (out, err)


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param((b'"p2":"p4"', b'"p2":"p86"'), id="a match player no one is"),
        pytest.param((b'"match":"bo3"', b'"match":"bo2"'), id="a match type that does not exist"),
        pytest.param((b'"round":', b'"round":"'), id="JSON that does not parse"),
        pytest.param((b'"players":[', b'"players":7,"x":['), id="a field of the wrong type"),
    ],
)
def test_a_checkpoint_that_does_not_check_out_crashes_no_reader_and_stops_no_writer(built, tmp_path, capsys, edit):
    """Issue 44 item 1: a checkpoint whose content was changed (a player
    ``p86``, a match type ``bo2``, broken JSON, a wrong type) is ignored with
    a note: the scorecard export (before: KeyError 'p86') and every writer
    (before: all refused on ``bo2`` though the journal was whole) work on the
    journal's event."""
    dd, eid = _copy(built, tmp_path / "d")
    data = str(dd.root)
    ck = _newest_checkpoint(dd, eid)
    _edit(ck, edit)
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "scorecard", "--format", "csv")
    assert rc == 0 and ck.name in err and "Traceback" not in err
    rc, out, err = run(capsys, "--data-dir", data, "result", eid, "1", "2-0")
    assert rc == 0, err
    assert ck.name in err  # the writer said what it set aside
    assert _doc(dd.read(eid)) == _doc(_truth(dd, eid))


def test_a_checkpoint_written_before_the_checksum_is_not_used_and_is_written_anew(built, tmp_path):
    """Issue 44 item 1, old checkpoints (docs/storage.md): one written by an
    older lycee (``lycee-checkpoint/1``, no checksum of its own) is never
    believed: readers fold the journal (no warning: it is not damage), verify
    names it as not used, and the next writer writes a checked one."""
    dd, eid = _copy(built, tmp_path / "d")
    ck = _newest_checkpoint(dd, eid)
    raw = ck.read_bytes()
    end = raw.index(b'",', 10) + 2
    old = b"{" + raw[end:].replace(b"lycee-checkpoint/2", b"lycee-checkpoint/1")
    old = old.replace("山田太郎".encode(), "山田花子".encode())  # what it holds is not read
    ck.write_bytes(old)
    ev, note = dd.read_view(eid)
    assert note is None and _doc(ev) == _doc(_truth(dd, eid))
    found = dd.check_stored(eid)
    assert [(i.path, i.damaged) for i in found] == [(ck, False)] and "older lycee" in found[0].words()
    dd.open(eid).close()  # a writer: the newest checkpoint was not believed, so it writes one (after #7)
    newest = _newest_checkpoint(dd, eid)
    meta, _ev = decode_checkpoint(newest.read_bytes(), type(ev))
    assert newest != ck and meta["format"] == "lycee-checkpoint/2" and meta["seq"] == 7
    assert dd.read_view(eid) == (ev, None)


def _flip(raw: bytes, flips: list[tuple[int, int]]) -> bytes:
    b = bytearray(raw)
    for pos, x in flips:
        b[pos % len(b)] ^= x
    return bytes(b)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 2), flips=byte_flips)
def test_flipped_bytes_in_a_checkpoint_never_reach_a_reader(built, tmp_path_factory, which, flips):
    """Issue 44 item 1, property: any bytes of any checkpoint flipped, every
    reader (the event read, standings, player list, the scorecard export,
    verify) shows the journal's truth; a damaged checkpoint that a reader
    read is named in its note, and verify names every one and fails."""
    from core.reports import exports
    from core.tournament.ranking import standings_json
    from tui.cli.verify import verify_event

    dd, eid = _copy(built, tmp_path_factory.mktemp("flip") / "d")
    truth = _truth(dd, eid)
    cks = dd.checkpoints(eid)
    ck = cks[which % len(cks)][1]
    raw = ck.read_bytes()
    bad = _flip(raw, flips)
    if bad == raw:
        return
    ck.write_bytes(bad)
    ev, note = dd.read_view(eid)
    assert _doc(ev) == _doc(truth)
    assert standings_json(ev) == standings_json(truth)
    assert [(p.id, p.name) for p in ev.players] == [(p.id, p.name) for p in truth.players]
    assert exports.render(ev, "scorecard", "csv") == exports.render(truth, "scorecard", "csv")
    assert verify_event(ev).ok
    if ck == cks[0][1]:  # the newest: the one a reader reads first
        assert note is not None and ck.name in note
    found = dd.check_stored(eid)
    assert [i.path for i in found if i.damaged] == [ck]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 1), flips=byte_flips)
def test_flipped_bytes_in_a_backup_are_never_believed(built, tmp_path_factory, which, flips):
    """Issue 44 item 1, property, backups: with the journal's first record
    damaged a reader falls back on a backup.  Any bytes of a backup flipped,
    the reader shows an intact backup's event (one of the journal's
    states), or says it cannot, never the flipped backup's; the note names
    the damaged backup; verify (check_stored) names it."""
    dd, eid = _copy(built, tmp_path_factory.mktemp("flipb") / "d")
    backups = dd.backups(eid)
    b = backups[which % len(backups)]
    raw = b.read_bytes()
    bad = _flip(raw, flips)
    if bad == raw:
        return
    if scan(bad).damage is None and scan(bad).actions == scan(raw).actions:
        return  # the same records (a hex digit of a record's checksum in the other case): nothing damaged
    b.write_bytes(bad)
    good = {}
    for other in backups:
        if other != b:
            good[other.name] = _doc(_fold_bytes(other.read_bytes()))
    j = dd.event_path(eid)
    _journal = j.read_bytes()
    j.write_bytes(_journal[: len(MAGIC) + 3] + b"#" + _journal[len(MAGIC) + 4 :])  # record 1 damaged
    try:
        ev, note = dd.read_view(eid)
    except LyceeError as err:
        assert b.name in str(err) and not good
    else:
        assert (note is not None and b.name in note) or b != backups[0]
        assert _doc(ev) in good.values()
    found = dd.check_stored(eid)
    assert b in [i.path for i in found if i.damaged]


def _fold_bytes(raw: bytes):
    from core import rules
    from core.store.store import fold

    acts = scan(raw).actions
    ev, bad, _why = fold(None, acts, rules.undone_seqs(acts))
    assert bad is None
    return ev


# -- item 2: repair keeps an intact record wherever it sits -----------------------------------


def test_repair_keeps_two_swapped_records(built, tmp_path, capsys):
    """Issue 44 item 2, the storage promise "never drops an intact record":
    the journal's last two lines swapped (and no backups to lean on),
    ``lycee repair`` keeps both, in sequence order, and names nothing as lost
    (before: "not recovered: #7 an unreadable action: damaged", the result
    gone)."""
    dd, eid = _copy(built, tmp_path / "d")
    shutil.rmtree(dd.backups_dir)
    j = dd.event_path(eid)
    before = j.read_bytes()
    lines = before.split(b"\n")
    lines[-3], lines[-2] = lines[-2], lines[-3]
    j.write_bytes(b"\n".join(lines))
    rc, out, err = run(capsys, "--data-dir", str(dd.root), "repair", eid)
    assert rc == 0, err
    assert "7 actions kept; not recovered: nothing;" in out and "\n  not recovered" not in out
    assert j.read_bytes() == before  # every record back in its place, byte for byte
    rc, out, err = run(capsys, "--data-dir", str(dd.root), "log", eid)
    assert "lost" not in out and "2-1" in out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 1 << 30))
def test_records_in_any_order_are_rebuilt_in_sequence_order(built, seed):
    """Issue 44 item 2, property: the intact records of a journal in any
    order (lines shuffled): the rebuild keeps every action and gives back
    the journal as it was written, byte for byte; nothing is `lost`."""
    root, eid = built
    data = DataDir(root).event_path(eid).read_bytes()
    lines = data[len(MAGIC) :].split(b"\n")[:-1]
    shuffled = lines[:]
    random.Random(seed).shuffle(shuffled)
    if shuffled == lines:
        return
    r = rebuild(MAGIC + b"\n".join(shuffled) + b"\n", [], "2026-12-05T10:00:00")
    assert r.lost == [] and r.misplaced == [] and r.lost_tail == ""
    assert r.data == data


# -- item 10: files private, exports to regular files, the data dir a folder -------------------


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_the_desks_files_are_its_users_alone(tmp_path, monkeypatch):
    """Issue 44 item 10: the data dir the desk makes and every folder in it
    are 0700, every file it keeps 0600 (journal, header, lock, checkpoints,
    backups, the library, the saved decks), even under a umask of 0 (before:
    0644 in 0755: any local user read every report code and PIN hash)."""
    from limited.library import Library

    old = os.umask(0)
    try:
        dd, eid = _event(tmp_path / "data")
        lib = Library(dd.root)
        lib.save({"name": "Deck", "saved": "2026-12-05", "text": "x"})
        lib.export("Deck", "x")
    finally:
        os.umask(old)
    found = list(dd.root.rglob("*")) + [dd.root]
    assert {p.name for p in found} >= {"events", "checkpoints", "backups", "library.json", "decks", f"{eid}.json"}
    for p in found:
        assert _mode(p) == (0o700 if p.is_dir() else 0o600), p


def test_an_older_events_files_are_narrowed_when_it_is_opened(tmp_path):
    """Issue 44 item 10: an event written by an older lycee (0644 files in
    0755 folders) is made its user's alone by the next writer."""
    dd, eid = _event(tmp_path / "data")
    for p in dd.root.rglob("*"):
        p.chmod(0o755 if p.is_dir() else 0o644)
    dd.open(eid).close()
    for folder in (dd.events_dir, dd.checkpoints_dir, dd.backups_dir):
        assert _mode(folder) == 0o700
        for p in folder.iterdir():
            if p.name.startswith(eid) or p.name.startswith(f".{eid}"):
                assert _mode(p) == 0o600, p


def _device_stand_in(tmp_path: Path) -> Path:
    """A file that is not a regular one, as a device is not (a FIFO: the test
    never puts /dev/full at stake; without the fix, as root, the rename
    replaced it)."""
    fifo = tmp_path / "device"
    os.mkfifo(fifo)
    return fifo


def test_export_writes_only_regular_files(built, tmp_path, capsys):
    """Issue 44 item 10 (docs/names.md L-EXPORT-FILE): ``export -o`` naming a
    device (``/dev/full``: as root the rename replaced the device node; here a
    FIFO stands in for it) or a place a folder holds is refused with one line
    naming it; the device and the folder are as they were."""
    dd, eid = _copy(built, tmp_path / "d")
    data = str(dd.root)
    dev = _device_stand_in(tmp_path)
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "-o", str(dev))
    assert rc == 1 and str(dev) in err and "regular file" in err and "Traceback" not in err
    assert stat.S_ISFIFO(os.stat(dev).st_mode)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "standings", "-o", f"{out_dir}/")
    written = Path(out.split("written: ")[1].strip())
    written.unlink()
    written.mkdir()  # a folder where the file would go
    rc, out, err = run(capsys, "--data-dir", data, "export", eid, "--what", "standings", "-o", f"{out_dir}/")
    assert rc == 1 and str(written) in err and "folder" in err
    assert written.is_dir() and not any(written.iterdir())


def test_export_writer_refuses_a_device_itself(tmp_path):
    """Issue 44 item 10: the export writer the app's F9 also uses
    (core.reports.exports.write_export) refuses a file that is not a regular
    one (an OSError naming it, which the faces word) and writes nothing."""
    from core.reports.exports import write_export

    dev = _device_stand_in(tmp_path)
    with pytest.raises(OSError) as err:
        write_export(dev, "x")
    assert err.value.filename == str(dev)
    assert stat.S_ISFIFO(os.stat(dev).st_mode)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(OSError):
        write_export(folder, "x")
    assert folder.is_dir()


@pytest.mark.parametrize("under", [False, True])
def test_a_data_dir_that_is_a_file_is_refused_naming_it(tmp_path, capsys, under):
    """Issue 44 item 10: ``--data-dir`` naming a file (``/etc/hostname``
    answered "no events yet"), or a path under a file, is refused with one
    line naming it; nothing is made."""
    f = tmp_path / "hostname"
    f.write_text("pc\n")
    given_dir = f / "x" if under else f
    rc, out, err = run(capsys, "--data-dir", str(given_dir), "event", "list")
    assert rc != 0 and str(f) in err and "not a folder" in err and "no events" not in (out + err)
    rc, out, err = run(capsys, "--data-dir", str(given_dir), "event", "new", "Cup")
    assert rc != 0 and str(f) in err
    assert f.read_text() == "pc\n"
