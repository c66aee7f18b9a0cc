"""Issue 23, "nothing intact is ever dropped": a journal damaged in the
middle stops writers (naming the record and `lycee repair`), readers show
the intact start, and `lycee repair` rebuilds it keeping every intact record
and naming every action it could not recover (docs/storage.md, "Damage and
recovery"); temp files of killed writers go on the next open (item 6); a
full disk leaves counts true, no ghost event, and short refusals (item 7)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from core import rules
from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Match
from core.store.journal import MAGIC, scan
from core.store.store import DataDir, JournalDamaged, fold, rebuild

SHM = Path("/dev/shm")


@pytest.fixture
def fast_dir(tmp_path):
    """A data dir in memory where the machine has one (thousands of small writes)."""
    if SHM.is_dir() and os.access(SHM, os.W_OK):
        with tempfile.TemporaryDirectory(dir=SHM) as d:
            yield Path(d)
    else:
        yield tmp_path


def _tiny_event(dd: DataDir):
    """Four players, two rounds played (a result a record) and a notice: 9
    records (#1-#9), and backups before rounds 1 and 2 (up to #2 and #5)."""
    store = dd.create(
        {
            "name": "Repair",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "Org", "judges": ["Judge"], "head_judge": "Judge"},
        }
    )
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "山田", "佐藤"])
    ids = [p.id for p in store.event.players]
    desk.store_pairing([Match(1, ids[0], ids[1]), Match(2, ids[2], ids[3])])
    desk.record(1, "2-0")
    desk.record(2, "2-1")
    desk.store_pairing([Match(1, ids[0], ids[2]), Match(2, ids[1], ids[3])])
    desk.record(1, "1-2")
    desk.penalty(ids[3], "notice", "slow play", by="Judge")
    desk.record(2, "2-0")
    return store


def _backups(dd: DataDir, eid: str) -> list[tuple[str, bytes]]:
    return [(b.name, b.read_bytes()) for b in dd.backups(eid) if b.suffix == ".jsonl"]


def _fold(acts):
    ev, bad, _why = fold(None, acts, rules.undone_seqs(acts))
    assert bad is None
    return ev


def test_every_flipped_byte_stops_writers_and_repair_keeps_every_intact_action(fast_dir):
    """Flip one bit of every byte of a 9-record journal (the magic line
    included).  Each time: readers show the intact start (or the best
    backup) and name `lycee repair`; a writer refuses and changes nothing;
    the repair keeps every action of every other record (as written, or
    whole inside a `lost` action when it no longer applies), names each
    action of the damaged record, and writes a journal that replays with
    whole seqs.  Whenever a backup holds the damaged record, nothing is lost."""
    dd = DataDir(fast_dir)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    path = dd.event_path(eid)
    data = path.read_bytes()
    recs = scan(data).records
    assert len(recs) == 9
    backups = _backups(dd, eid)
    covered = max(scan(raw).last_seq for _n, raw in backups)
    for _seq, c in dd.checkpoints(eid):  # readers replay the journal itself
        c.unlink()
    prefix_event = {k: _fold([a for r in recs[:k] for a in r.actions]) for k in range(1, len(recs) + 1)}
    best_backup = _fold(scan(backups[0][1]).actions)
    flips = 0
    for pos in range(len(data)):
        bad = bytearray(data)
        bad[pos] ^= 1 << (pos % 8)
        bad = bytes(bad)
        s = scan(bad)
        if s.damage is None:  # a hex digit of a checksum changed case: the record still checks out
            assert s.actions == scan(data).actions
            continue
        flips += 1
        hit = next((i for i, r in enumerate(recs) if r.start <= pos < r.end), None)  # None: the magic line
        intact_before = hit if hit is not None else 0
        assert len(s.records) == intact_before
        path.write_bytes(bad)
        # readers: the intact start, and what mends it
        if intact_before:
            ev, note = dd.read_view(eid)
            assert ev == prefix_event[intact_before], pos
        else:
            ev, note = dd.read_view(eid)
            assert ev == best_backup
        assert note and "lycee repair" in note, (pos, note)
        # writers: refused, nothing changed
        with pytest.raises(JournalDamaged, match="lycee repair"):
            dd.open(eid)
        assert path.read_bytes() == bad
        # the repair (in memory)
        r = rebuild(bad, backups, "2026-11-30T20:00:00+09:00", "x.bad")
        out = scan(r.data)
        assert out.damage is None and [a["seq"] for a in out.actions] == list(range(1, len(out.actions) + 1))
        now = {a["seq"]: a for a in out.actions}
        lost = {p["seq"]: p for p in r.lost}
        for i, rec in enumerate(recs):
            for a in rec.actions:
                if i == hit and pos == rec.end - 1:  # only its newline: the payload checks out, it is kept
                    assert now[a["seq"]] == a, pos
                elif i == hit:
                    if a["seq"] > covered:  # named: a placeholder, or in the words for the damaged end
                        assert a["seq"] in lost or (i == len(recs) - 1 and r.lost_tail), (pos, a["seq"])
                    else:
                        assert now[a["seq"]] == a, pos  # from the backup
                else:
                    got = now[a["seq"]]
                    assert got == a or (
                        got["type"] == "lost" and got["data"]["was"] == a and got["data"]["why"] == "refused"
                    ), (pos, a["seq"])
        if hit is None or recs[hit].actions[-1]["seq"] <= covered or pos == recs[hit].end - 1:
            assert r.lost == [] and r.lost_tail == "", pos
        assert r.event == _fold(out.actions)
    assert flips > 0.9 * len(data)
    path.write_bytes(data)


def _undo_event(dd: DataDir):
    """Undos (of a result, then of a notice), a correction by undo, late
    players: 14 records whose meaning depends on the ones before them."""
    store = dd.create(
        {
            "name": "Undo",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "Org", "judges": ["Judge"], "head_judge": "Judge"},
        }
    )
    desk = Desk(store)
    desk.add_players(["Ann", "Ben", "山田", "佐藤"])
    ids = [p.id for p in store.event.players]
    desk.store_pairing([Match(1, ids[0], ids[1]), Match(2, ids[2], ids[3])])
    desk.record(1, "2-0")
    desk.undo()
    desk.record(1, "2-1")
    desk.record(2, "0-2")
    desk.add_players(["Cho", "Dai"])
    ids = [p.id for p in store.event.players]
    desk.store_pairing([Match(1, ids[0], ids[3]), Match(2, ids[1], ids[2]), Match(3, ids[4], ids[5])])
    desk.record(1, "2-0")
    desk.penalty(ids[2], "notice", "slow play", by="Judge")
    desk.undo()
    desk.record(2, "1-2")
    desk.record(3, "2-1")
    return store


def _check_rebuilt(data: bytes, bad: bytes, r, damaged: set[int]) -> None:
    """What every repair must give (issue 23): a journal that scans whole
    with seqs 1..N and replays; every action of an undamaged record kept as
    written or whole inside a refused `lost` action; every action of a
    damaged record kept (a backup held it), a `lost` action, or named in the
    words for the damaged end."""
    out = scan(r.data)
    assert out.damage is None and [a["seq"] for a in out.actions] == list(range(1, len(out.actions) + 1))
    assert r.event == _fold(out.actions)
    now = {a["seq"]: a for a in out.actions}
    recs = scan(data).records
    for i, rec in enumerate(recs):
        for a in rec.actions:
            got = now.get(a["seq"])
            if i in damaged:
                assert got == a or (got is not None and got["type"] == "lost") or (got is None and r.lost_tail), a[
                    "seq"
                ]
            else:
                assert got == a or (
                    got["type"] == "lost" and got["data"]["was"] == a and got["data"]["why"] == "refused"
                ), a["seq"]


def test_a_sample_of_flips_in_a_journal_with_undos(fast_dir):
    """2,000 flips spread over a journal whose undos depend on what they
    undo (issue 23): the repair's invariants hold at each, and a writer
    refuses each; undoing a lost action still reads after the repair."""
    import random

    dd = DataDir(fast_dir)
    store = _undo_event(dd)
    eid = store.id
    store.close()
    data = dd.event_path(eid).read_bytes()
    recs = scan(data).records
    assert len(recs) == 14 and sum(a["type"] == "undo" for a in scan(data).actions) == 2
    backups = _backups(dd, eid)
    rng = random.Random(23)
    for n in range(2000):
        pos = rng.randrange(len(MAGIC), len(data))
        bad = bytearray(data)
        bad[pos] ^= 1 << rng.randrange(8)
        bad = bytes(bad)
        if scan(bad).damage is None:
            continue
        hit = next(i for i, r in enumerate(recs) if r.start <= pos < r.end)
        if hit == 0 and n % 2 == 0 and pos != recs[0].end - 1:  # the creation lost, no backup: refused
            with pytest.raises(LyceeError, match="nothing of the event can be rebuilt"):
                rebuild(bad, [], "2026-11-30T20:00:00+09:00")
            continue
        _check_rebuilt(data, bad, rebuild(bad, backups if n % 2 else [], "2026-11-30T20:00:00+09:00"), {hit})
        if n % 100 == 0:  # the files: a writer refuses and changes nothing
            dd.event_path(eid).write_bytes(bad)
            with pytest.raises(JournalDamaged):
                dd.open(eid)
            assert dd.event_path(eid).read_bytes() == bad
    # the first result, undone later, lost: the undo still applies to its placeholder
    bad = bytearray(data)
    bad[recs[3].start + 30] ^= 0x01
    r = rebuild(bytes(bad), [], "2026-11-30T20:00:00+09:00")
    assert [p["seq"] for p in r.lost] == [4]
    assert scan(r.data).actions[4] == recs[4].actions[0] and recs[4].actions[0]["type"] == "undo"


def test_damaged_spans_property(fast_dir):
    """Hypothesis: any span of any length overwritten anywhere (zeros, or
    bytes that may hold newlines and digits); the repair's invariants hold."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    dd = DataDir(fast_dir)
    store = _undo_event(dd)
    eid = store.id
    store.close()
    data = dd.event_path(eid).read_bytes()
    recs = scan(data).records
    backups = _backups(dd, eid)
    covered = max(scan(raw).last_seq for _n, raw in backups)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        start=st.integers(0, len(data) - 1),
        size=st.integers(1, 600),
        fill=st.one_of(st.just(b"\0"), st.binary(min_size=1, max_size=8)),
        use_backups=st.booleans(),
    )
    def run(start, size, fill, use_backups):
        end = min(len(data), start + size)
        patch = (fill * (end - start))[: end - start]
        bad = data[:start] + patch + data[end:]
        if bad == data:
            return
        damaged = {
            i
            for i, r in enumerate(recs)
            if r.start < end and start < r.end and data[r.start : r.end] != bad[r.start : r.end]
        }
        try:
            r = rebuild(bad, backups if use_backups else [], "2026-11-30T20:00:00+09:00")
        except LyceeError as err:  # only when the creation is lost and no backup holds it
            assert 0 in damaged and not use_backups, err
            return
        _check_rebuilt(data, bad, r, damaged)
        if use_backups and all(recs[i].actions[-1]["seq"] <= covered for i in damaged):
            assert r.lost == [] and r.lost_tail == ""  # the backup held every damaged record

    run()


def test_repair_on_disk_keeps_the_damaged_file_and_the_writer_opens_after(fast_dir, capsys):
    """`lycee repair EVENT`: prints what it kept and each action lost, keeps
    the damaged file beside the journal byte for byte, and afterwards writers
    open, readers have nothing to say and `lycee log` names the lost action."""
    from tui.cli import main

    dd = DataDir(fast_dir)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    for b in dd.backups(eid):  # no backup: the damaged result is lost for good
        b.unlink()
    path = dd.event_path(eid)
    data = path.read_bytes()
    recs = scan(data).records
    victim = recs[6]  # round 2's first result (#7)
    bad = bytearray(data)
    bad[victim.start + 40] ^= 0x10
    path.write_bytes(bytes(bad))
    args = ["--lang", "en", "--data-dir", str(fast_dir)]
    assert main([*args, "result", eid, "1", "2-0", "--correct"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "record 7" in err and "#6" in err and "#8" in err
    assert f"lycee repair {eid}" in err and "nothing was changed" in err
    assert path.read_bytes() == bytes(bad)
    assert main([*args, "repair", eid]) == 0
    out = capsys.readouterr().out
    assert "not recovered: #7" in out and "damaged" in out and "kept as" in out
    kept = list(path.parent.glob(f"{eid}.broken-*.json.bad"))
    assert len(kept) == 1 and kept[0].read_bytes() == bytes(bad)
    with dd.open(eid) as s:
        assert [a["seq"] for a in s.actions] == list(range(1, 10))
        assert s.actions[6]["type"] == "lost"
        assert not s.event.rounds[1].matches[0].reported  # the lost result: to be entered again
        assert s.event.rounds[1].matches[1].reported  # the intact one after it
        Desk(s).record(1, "1-2")
        assert s.actions[-1]["seq"] == 10
    assert dd.read_view(eid)[1] is None
    assert main([*args, "log", eid]) == 0
    assert "lost in a journal repair" in capsys.readouterr().out
    assert main([*args, "repair", eid]) == 0
    assert "intact" in capsys.readouterr().out


def test_an_intact_record_that_no_longer_applies_is_kept_inside_its_lost_action(fast_dir):
    """A damaged pairing: the results of that round are intact but cannot
    apply; each is named as lost with the reason and kept whole in the journal."""
    dd = DataDir(fast_dir)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    for b in dd.backups(eid):
        b.unlink()
    path = dd.event_path(eid)
    data = path.read_bytes()
    recs = scan(data).records
    bad = bytearray(data)
    bad[recs[5].start + 30] ^= 0x01  # round 2's pairing
    path.write_bytes(bytes(bad))
    with dd.repair_journal(eid) as s:
        assert s.rebuilt is not None
        why = {p["seq"]: p["data"]["why"] for p in s.rebuilt.lost}
        assert why == {6: "damaged", 7: "refused", 9: "refused"}  # 8 is the notice: it still applies
        assert s.actions[6]["data"]["was"] == recs[6].actions[0]
        assert "#7" in s.note and "no longer applies" in s.note and "round 2 has not been paired" in s.note
        assert len(s.event.rounds) == 1 and len(s.event.penalties) == 1
        assert Desk(s).undo()["seq"] == 8  # undo passes over the lost actions: the newest real one
        assert s.event.penalties == ()


def test_a_torn_last_line_is_still_cut_by_any_writer(fast_dir):
    """What a crash leaves (an incomplete last line) is cut as before, without
    `lycee repair`; a whole last record whose newline alone changed is not
    torn: it is refused and repaired, losing nothing."""
    dd = DataDir(fast_dir)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    path = dd.event_path(eid)
    data = path.read_bytes()
    path.write_bytes(data[:-7])
    with dd.open(eid) as s:
        assert len(s.actions) == 8 and "lost" in s.note
    path.write_bytes(data[:-1] + b"\r")
    with pytest.raises(JournalDamaged):
        dd.open(eid)
    with dd.repair_journal(eid) as s:
        assert len(s.actions) == 9 and s.rebuilt is not None and s.rebuilt.lost == []


def test_a_damaged_magic_line_loses_nothing(fast_dir):
    dd = DataDir(fast_dir)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    for b in dd.backups(eid):
        b.unlink()
    path = dd.event_path(eid)
    data = path.read_bytes()
    path.write_bytes(b"lycee-journal/9\n" + data[len(MAGIC) :])
    with pytest.raises(JournalDamaged, match=r"record 1 .*no good record comes before it"):
        dd.open(eid)
    with pytest.raises(LyceeError, match="lycee repair"):
        dd.read_view(eid)  # nothing intact before the damage and no backup: said, not shown empty
    with dd.repair_journal(eid) as s:
        assert s.actions == scan(data).actions


# -- item 6: temp files of killed writers -------------------------------------------------------


def test_temp_files_of_killed_writers_go_by_every_name_the_store_makes(tmp_path):
    """`..ID.owner.PID.tmp` and `..ID.head.PID.tmp` (the owner and header
    files start with a dot themselves) go with the others when their process
    is gone, and so do this process's own (it holds the lock); those of a
    live process and of other events stay."""
    dd = DataDir(tmp_path)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    stale = [
        dd.events_dir / f"..{eid}.owner.{dead}.tmp",
        dd.events_dir / f"..{eid}.head.{dead}.tmp",
        dd.events_dir / f".{eid}.json.{dead}.tmp",
        dd.events_dir / f".{eid}.json.{os.getpid()}.tmp",
        dd.events_dir / f".{eid}.broken-20261130T120000.json.bad.{dead}.tmp",
        dd.backups_dir / f".{eid}.r02-s00000005.jsonl.{dead}.tmp",
    ]
    live = dd.events_dir / f"..{eid}.head.{os.getppid()}.tmp"
    other = dd.events_dir / f"..other-event.head.{dead}.tmp"
    for p in (*stale, live, other):
        p.write_bytes(b"x" * 100)
    dd.open(eid).close()
    assert [p.name for p in stale if p.exists()] == []
    assert live.exists() and other.exists()


# -- item 7: a full disk --------------------------------------------------------------------


def _no_space(*_a, **_k):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_failed_event_new_leaves_no_ghost(tmp_path, monkeypatch, capsys):
    """ENOSPC on the first append: no empty journal, no lock, nothing in
    `event list`; the command says why in one line."""
    import core.store.journal as J
    from tui.cli import main

    monkeypatch.setattr(J.os, "write", _no_space)
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "event", "new", "Ghost"]) == 1
    err = capsys.readouterr().err
    assert "disk is full" in err and err.count("\n") == 1
    monkeypatch.undo()
    dd = DataDir(tmp_path)
    assert dd.event_ids() == [] and dd.list_events() == []
    assert [p.name for p in dd.events_dir.iterdir()] == []
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "event", "list"]) == 0
    assert "Ghost" not in capsys.readouterr().out


def test_counts_stay_true_when_the_header_cannot_be_written(tmp_path, monkeypatch):
    """The journal append succeeds but the header write after it fails (the
    disk filled between them): `event list` shows what the journal holds,
    not the count before; a refused batch changes no count anywhere."""
    import core.store.eventstore as S  # the store that writes the header
    import core.store.journal as J

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Full", "date": "2026-11-30"})
    desk = Desk(store)
    desk.add_players([f"P{i}" for i in range(40)])
    real = S.write_durably

    def head_fails(path, data, durable=True):
        if path.name.endswith(".head"):
            _no_space()
        return real(path, data, durable)

    monkeypatch.setattr(S, "write_durably", head_fails)
    desk.add_players([f"Q{i}" for i in range(20)])
    monkeypatch.setattr(S, "write_durably", real)
    assert [r.players for r in dd.list_events()] == [60]
    monkeypatch.setattr(J.os, "write", _no_space)
    with pytest.raises(LyceeError, match="disk is full"):
        desk.add_players([f"R{i}" for i in range(20)])
    monkeypatch.undo()
    assert len(store.event.players) == 60 and [r.players for r in dd.list_events()] == [60]
    store.close()
    assert [r.players for r in dd.list_events()] == [60] and len(dd.read(store.id).players) == 60


def test_a_refused_batch_is_summarised_not_listed(tmp_path, monkeypatch):
    """ "20 players (山田0, 山田1, 山田2 … and 17 more)", not twenty names."""
    import core.store.journal as J

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Full", "date": "2026-11-30"})
    monkeypatch.setattr(J.os, "write", _no_space)
    with pytest.raises(LyceeError) as err:
        Desk(store).add_players([f"山田{i}" for i in range(20)])
    msg = str(err.value)
    assert "20 players (山田0, 山田1, 山田2 … and 17 more)" in msg and "山田19" not in msg
    assert "disk is full" in msg
    store.close()


# -- the app ------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_app_names_the_damage_and_offers_the_repair(fast_dir):
    """Opening an event damaged in the middle: the app says what is wrong and
    asks to repair (`n` leaves the file as it is; `y` runs the repair `lycee
    repair` runs, says what it did and opens the event)."""
    from textual.widgets import Label

    from tui.app import LyceeApp
    from tui.screens.dialogs import Confirm
    from tui.screens.event import EventScreen

    dd = DataDir(fast_dir)
    store = _tiny_event(dd)
    eid = store.id
    store.close()
    path = dd.event_path(eid)
    data = path.read_bytes()
    bad = bytearray(data)
    bad[scan(data).records[3].start + 30] ^= 0x01  # round 1's first result; the backup of round 2 holds it
    path.write_bytes(bytes(bad))
    app = LyceeApp(dd, open_event=eid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        text = str(app.screen.query_one(Label).render())
        assert "record 4" in text and f"lycee repair {eid}" in text and "Repair it now" in text
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, (Confirm, EventScreen)) and path.read_bytes() == bytes(bad)
        app.open_event(eid)
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        for _ in range(50):
            if isinstance(app.screen, EventScreen) and app.screen.desk is not None:
                break
            await pilot.pause()
        assert isinstance(app.screen, EventScreen)
        assert len(app.screen.event.rounds) == 2 and len(app.screen.desk.store.actions) == 9
        assert list(path.parent.glob(f"{eid}.broken-*.json.bad"))
