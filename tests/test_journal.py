"""The event journal (docs/storage.md, "Where this goes next"; issue 14) and
the store's behaviour under faults (issue 13 items 5-8): appends write one
record, a batch is all or none, a damaged journal opens to a prefix of the
acknowledged actions with a message naming what was lost, checkpoints make
an open replay only the tail, reads take no lock."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import rules as A
from core.desk import Desk
from core.errors import LyceeError
from core.rules.eventfile import to_doc
from core.store.journal import MAGIC, encode_record, scan
from core.store.store import DataDir, InvalidAction

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FIXTURES = HERE / "fixtures" / "legacy_events"


def _env(**extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    env.update(extra)
    return env


def cli(tmp_path, *argv, env=None, input=None):
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "--lang", "en", "--data-dir", str(tmp_path), *argv],
        capture_output=True,
        text=True,
        env=env or _env(),
        input=input,
        cwd=ROOT,
        timeout=120,
    )


def _small_event(dd: DataDir, rounds: int = 2):
    """An 8-player event with ``rounds`` rounds played and the next paired."""
    store = dd.create(
        {
            "name": "Journal",
            "date": "2026-11-30",
            "sanctioned": False,
            "rounds_planned": max(3, rounds + 1),  # 8 players would fix 3 (L-ROUNDS)
            "staff": {"organizer": "Org", "judges": ["Judge"], "head_judge": "Judge"},
        }
    )
    desk = Desk(store)
    desk.add_players([f"Player {i}" for i in range(1, 9)])
    for _r in range(rounds):
        ev = desk.pair_next()
        for m in ev.current_round.matches:
            desk.record(m.table, "2-1")
    desk.pair_next()
    return store, desk


# -- files written before the journal (fixtures) ----------------------------------------------


@pytest.mark.parametrize("eid", sorted(p.name[:-5] for p in FIXTURES.glob("*.json") if ".expected" not in p.name))
def test_design2_event_files_of_the_pre_journal_store_still_open_and_migrate(tmp_path, eid):
    """Files written by the store before the journal (tests/fixtures) open to
    the same event, readers leave them untouched, and the first writer turns
    them into a journal that replays to the same event plus the new action."""
    dd = DataDir(tmp_path)
    dd.events_dir.mkdir(parents=True)
    shutil.copy(FIXTURES / f"{eid}.json", dd.event_path(eid))
    expected = json.loads((FIXTURES / f"{eid}.expected.json").read_text(encoding="utf-8"))
    before = dd.event_path(eid).read_bytes()
    assert json.loads(json.dumps(to_doc(dd.read(eid)))) == expected
    assert [s.id for s in dd.list_events()] == [eid]
    assert dd.event_path(eid).read_bytes() == before, "a reader writes nothing"
    n = len(dd.history(eid))
    with dd.open(eid) as store:
        assert json.loads(json.dumps(to_doc(store.event))) == expected
        Desk(store).add_players(["Late Comer"])
    assert dd.event_path(eid).read_bytes().startswith(MAGIC)
    assert (dd.backups_dir / f"{eid}.pre-journal.json").read_bytes() == before
    ev = dd.read(eid)
    assert ev.players[-1].name == "Late Comer" and len(dd.history(eid)) == n + 1
    doc = json.loads(json.dumps(to_doc(ev)))
    doc["players"] = doc["players"][:-1]
    assert doc == expected


def test_design4_import_checks_the_document_once_not_on_every_open(tmp_path, monkeypatch):
    """An imported event is checked at import; opening it later never runs
    the lycee-event/1 checks again (issue 14: 1.2 s of `lycee pair` was that)."""
    dd = DataDir(tmp_path)
    store, _d = _small_event(dd)
    doc = to_doc(store.event)
    store.close()
    out = cli(tmp_path, "export", store.id, "-o", str(tmp_path / "e.json"))
    assert out.returncode == 0, out.stderr
    import core.rules.eventfile as EF

    calls = []
    real = EF.event_from_doc
    monkeypatch.setattr(EF, "event_from_doc", lambda *a, **k: (calls.append(1), real(*a, **k))[1])
    imp = dd.import_event(json.loads(json.dumps(doc)))
    assert len(calls) == 1
    eid = imp.id
    imp.close()
    for _ in range(2):
        with dd.open(eid) as s:
            assert s.event.players == store.event.players
        dd.read(eid)
    assert len(calls) == 1


# -- appends and batches ---------------------------------------------------------------------


def test_design2_an_append_writes_only_its_record(tmp_path):
    """The journal grows by one record per append: old bytes are never rewritten."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    before = store.path.read_bytes()
    desk.record(1, "2-0")
    after = store.path.read_bytes()
    assert after.startswith(before)
    s = scan(after, len(before), after_seq=store.actions[-2]["seq"])
    assert [a["type"] for a in s.actions] == ["result"] and s.damage is None
    store.close()


def test_design2_a_batch_is_one_record_and_cut_anywhere_is_all_or_none(tmp_path):
    """Check-ins of several players are one record: cutting the journal at
    any byte inside it (a kill mid-write) leaves all of them or none."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    desk.start_clock()
    size = store.path.stat().st_size
    desk.checkin("p1", "p2", "p3", "p4")
    data = store.path.read_bytes()
    eid = store.id
    store.close()
    s = scan(data)
    assert [a["type"] for a in s.records[-1].actions] == ["checkin"] * 4
    for cut in range(size, len(data) + 1):
        dd.event_path(eid).write_bytes(data[:cut])
        checked = {c.player for c in dd.read(eid).current_round.checkins}
        assert checked in (set(), {"p1", "p2", "p3", "p4"}), cut
        assert (checked == set()) == (cut < len(data)), cut


def test_design2_results_from_stdin_are_one_record(tmp_path):
    """`lycee result EVENT -` stores its lines as one batch (all or none)."""
    dd = DataDir(tmp_path)
    store, _desk = _small_event(dd)
    eid = store.id
    store.close()
    n = len(scan(dd.event_path(eid).read_bytes()).records)
    out = cli(tmp_path, "result", eid, "-", input="1 2-0\n2 2-1\n3 0-2\n")
    assert out.returncode == 0, out.stderr
    recs = scan(dd.event_path(eid).read_bytes()).records
    assert len(recs) == n + 1 and [a["type"] for a in recs[-1].actions] == ["result"] * 3


def test_design2_killed_batch_writers_leave_all_or_none(tmp_path):
    """A process storing 4-player check-in batches, killed (SIGKILL) at random
    moments: every batch on disk is whole, and every acknowledged one is there."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    desk.start_clock()
    eid = store.id
    store.close()
    child = (
        "import sys\n"
        "from core.desk import Desk\nfrom core.store import DataDir\n"
        "store = DataDir(sys.argv[1]).open(sys.argv[2]); d = Desk(store)\n"
        "while True:\n"
        "    d.undo() if store.event.current_round.checkins else d.checkin('p1', 'p2', 'p3', 'p4')\n"
        "    sys.stdout.write(f\"ack {store.actions[-1]['seq']}\\n\"); sys.stdout.flush()\n"
    )
    rng = random.Random(14)
    acked = 0
    for _kill in range(12):
        p = subprocess.Popen(
            [sys.executable, "-c", child, str(tmp_path), eid],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
            cwd=ROOT,
        )
        line = p.stdout.readline()  # started writing
        time.sleep(rng.uniform(0.0, 0.15))
        p.send_signal(signal.SIGKILL)
        rest = p.communicate()[0]
        for ln in (line + rest).splitlines(keepends=True):
            if re.fullmatch(r"ack \d+\n", ln):  # a line the kill tore is no acknowledgement
                acked = max(acked, int(ln.split()[1]))
        with dd.open(eid) as s:
            assert s.actions[-1]["seq"] >= acked, "an acknowledged batch is kept"
            for rec in scan(s.path.read_bytes()).records:
                kinds = [a["type"] for a in rec.actions]
                assert kinds in (["checkin"] * 4, [kinds[0]]), kinds  # a batch is whole or absent
            assert s.event == A.replay(s.actions)


# -- damage: torn tails, flipped bytes, a full disk --------------------------------------------


def _acked(dd: DataDir, eid: str) -> list[int]:
    return [a["seq"] for a in scan(dd.event_path(eid).read_bytes()).actions]


def test_design2_journal_cut_at_every_byte_of_its_last_records_opens_to_a_prefix(tmp_path):
    """A power cut mid-append: cut the journal at every byte offset of its
    last three records; a reader shows a prefix and says what it left out,
    a writer keeps that prefix, names what was lost and keeps the damaged file."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    desk.record(1, "2-0")
    desk.record(2, "0-2")
    desk.penalty("p3", "notice", "slow play", by="Judge")
    eid = store.id
    store.close()
    data = dd.event_path(eid).read_bytes()
    recs = scan(data).records
    full = [a["seq"] for a in scan(data).actions]
    for cut in range(recs[-3].start, len(data)):
        dd.event_path(eid).write_bytes(data[:cut])
        ev, note = dd.read_view(eid)
        kept = [r for r in recs if r.end <= cut]
        seqs = [a["seq"] for r in kept for a in r.actions]
        assert seqs == full[: len(seqs)]
        if cut in {r.end for r in recs}:
            assert note is None
            continue
        assert note and "damaged" in note and f"up to #{seqs[-1]}" in note, (cut, note)
        with dd.open(eid) as s:
            assert [a["seq"] for a in s.actions] == seqs
            assert "lost" in s.note and s.broken_copy.exists()
            s.broken_copy.unlink()
        assert dd.read_view(eid)[1] is None


def test_design2_flipped_bytes_open_to_the_records_before_them(tmp_path):
    """A byte flipped anywhere in a record: readers show the records before
    it; a writer no longer cuts the journal there (issue 23 item 1: that
    dropped the intact records after it) but refuses, naming the record and
    `lycee repair`, and changes nothing; the repair keeps every intact record
    and names what was lost (lycee log words).  (Until issue 23 this test
    asserted the writer's cut; the flips and the reader's prefix are as before.)"""
    from core.store.store import JournalDamaged

    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    for t in (1, 2, 3):
        desk.record(t, "2-0")
    eid = store.id
    store.close()
    data = dd.event_path(eid).read_bytes()
    recs = scan(data).records
    rng = random.Random(13)
    for r in recs[-4:]:
        for _ in range(8):
            pos = rng.randrange(r.start, r.end)
            bad = bytearray(data)
            bad[pos] ^= 1 << rng.randrange(8)
            dd.event_path(eid).write_bytes(bytes(bad))
            before = [a["seq"] for x in recs if x.end <= r.start for a in x.actions]
            if scan(bytes(bad)).damage is None:  # a hex digit's case flipped: the record still checks out
                continue
            assert [a["seq"] for a in scan(bytes(bad)).actions] == before
            _ev, note = dd.read_view(eid)
            assert note and f"up to #{before[-1]}" in note and "lycee repair" in note
            with pytest.raises(JournalDamaged, match="lycee repair"):
                dd.open(eid)
            assert dd.event_path(eid).read_bytes() == bytes(bad)
            with dd.repair_journal(eid) as s:
                now = {a["seq"]: a for a in s.actions}
                for x in recs:  # every other record kept, or kept whole inside a named "lost" action
                    for a in x.actions:
                        if x is not r:
                            assert now[a["seq"]] == a or now[a["seq"]]["data"]["was"] == a
                assert "not recovered" in s.note
                assert f"#{r.actions[0]['seq']}" in s.note or "unreadable" in s.note
                assert s.broken_copy.read_bytes() == bytes(bad)
                s.broken_copy.unlink()
            dd.event_path(eid).write_bytes(data)
            for _seq, c in dd.checkpoints(eid):
                c.unlink()


def test_design2_disk_full_mid_append_stores_nothing_and_says_so(tmp_path, monkeypatch):
    """ENOSPC after part of a record was written: the record is cut back off,
    the action is refused with a message (no traceback), the next one works."""
    import core.store.journal as J

    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    before = store.path.read_bytes()
    real_write = os.write
    state = {"n": 0}

    def full_disk(fd, data):
        state["n"] += 1
        if state["n"] == 1:
            real_write(fd, bytes(data[: len(data) // 2]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(J.os, "write", full_disk)
    with pytest.raises(LyceeError, match="disk is full"):
        desk.record(1, "2-0")
    monkeypatch.setattr(J.os, "write", real_write)
    assert store.path.read_bytes() == before
    assert not store.event.current_round.matches[0].reported
    desk.record(1, "2-0")
    store.close()
    assert dd.read(store.id).current_round.matches[0].outcome == "p1"
    out = cli(tmp_path, "player", "list", store.id)
    assert out.returncode == 0 and out.stderr == ""


# -- checkpoints -------------------------------------------------------------------------------


def test_design2_open_reads_the_checkpoint_and_replays_only_the_tail(tmp_path, monkeypatch):
    """After a round is paired a checkpoint holds the folded event: opening
    applies only the actions after it."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd, rounds=3)
    desk.record(1, "2-0")
    eid, ev = store.id, store.event
    store.close()
    assert dd.checkpoints(eid)
    applied = []
    real = A.apply
    monkeypatch.setattr(A, "apply", lambda e, a: (applied.append(a["type"]), real(e, a))[1])
    with dd.open(eid) as s:
        assert s.event == ev
    assert applied == ["result"]


def test_design2_undo_works_across_checkpoints(tmp_path):
    """Undo takes back a pairing that a checkpoint already holds, and the
    actions before it, one by one, to the same event a full replay gives."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd, rounds=2)
    eid = store.id
    for _ in range(6):
        desk.undo()
        assert store.event == A.replay(store.actions)
        store.close()
        store = dd.open(eid)
        desk = Desk(store)
        assert store.event == A.replay(store.actions)
    store.close()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["result", "undo", "pair", "checkin", "drop"]), min_size=1, max_size=25))
def test_design2_checkpoint_plus_tail_equals_a_full_replay(tmp_path_factory, steps):
    """Whatever was done, opening (checkpoint + tail) gives the event a full
    replay of the journal gives."""
    dd = DataDir(tmp_path_factory.mktemp("cp"))
    store, desk = _small_event(dd, rounds=1)
    rng = random.Random(len(steps))
    for step in steps:
        ev = store.event
        try:
            if step == "result":
                m = rng.choice(ev.current_round.matches)
                desk.record(m.table, rng.choice(["2-0", "1-2", "1-1"]))
            elif step == "undo":
                desk.undo()
            elif step == "pair":
                desk.pair_next()
            elif step == "checkin":
                desk.start_clock() if ev.current_round.clock is None else desk.checkin("p1", "p2")
            else:
                desk.drop(rng.choice([p.id for p in ev.players]))
        except LyceeError:
            pass
    eid, ev = store.id, store.event
    store.close()
    assert dd.read(eid) == ev == A.replay(scan(dd.event_path(eid).read_bytes()).actions)


def _checkpoint_crcs_hold(dd: DataDir, eid: str) -> int:
    """Every checkpoint of ``eid`` holds the CRC-32 of the journal bytes before
    its offset, as they are on disk; how many there are."""
    import zlib

    from core.event.model import Event
    from core.store.journal import decode_checkpoint

    data = dd.event_path(eid).read_bytes()
    found = dd.checkpoints(eid)
    for _seq, c in found:
        meta, _ev = decode_checkpoint(c.read_bytes(), Event)
        assert meta["crc"] == zlib.crc32(data[: meta["offset"]]), c.name
    return len(found)


@pytest.mark.parametrize("combine_from", [0, 1 << 16])
def test_design2_checkpoints_hold_the_crc_of_the_journal_on_disk(tmp_path, monkeypatch, combine_from):
    """The store keeps the journal's CRC as it appends (a large record's from
    the CRC in its header) instead of reading the journal back for each
    checkpoint: every checkpoint still holds the CRC of the bytes on disk,
    after an import, a create, pairings and results, and after an open."""
    import core.store.journal as J

    monkeypatch.setattr(J, "_COMBINE_FROM", combine_from)  # 0: every record's CRC by combining
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd, rounds=1)
    eid, doc = store.id, to_doc(store.event)
    store.close()
    assert _checkpoint_crcs_hold(dd, eid)
    imp = dd.import_event(json.loads(json.dumps(doc)))
    imp.close()
    assert _checkpoint_crcs_hold(dd, imp.id) == 1
    with dd.open(eid) as s:  # opened from its checkpoint: the CRC goes on from the checkpoint's
        d = Desk(s)
        for m in s.event.current_round.matches:
            d.record(m.table, "2-0")
        d.pair_next()
        s.checkpoint()
    assert _checkpoint_crcs_hold(dd, eid) >= 2
    with dd.open(eid) as s:
        assert s.event == A.replay(s.actions)


def test_design2_crc32_combine_is_zlibs():
    """The CRC of two pieces joined, from theirs, is zlib's CRC of the whole."""
    import zlib

    from core.store.journal import MAGIC as M
    from core.store.journal import crc32_combine, crc_after

    rng = random.Random(3)
    for n in (0, 1, 2, 255, 4096, 70_001, 1 << 20):
        a, b = rng.randbytes(rng.randrange(0, 3000)), rng.randbytes(n)
        assert crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b)) == zlib.crc32(a + b)
    for size in (3, 100_000):
        rec = encode_record([{"seq": 1, "type": "x", "data": {"t": "名前" * size}}])
        assert crc_after(zlib.crc32(M), rec) == zlib.crc32(M + rec)


def test_design2_a_record_is_the_json_dumps_of_its_actions_and_refuses_what_it_refused():
    """A record's payload is what ``json.dumps`` writes of its actions (the
    encoder without the check for a structure that holds itself gives the
    same bytes), and what json refused it still refuses, before anything is
    written: a value of another type, a structure that holds itself."""
    acts = [{"seq": 1, "data": {"x": [1, 2.5, None, True, '名前\n\u2028"', {"k": []}]}}, {"seq": 2, "data": {}}]
    rec = encode_record(acts)
    crc, size, payload = rec.split(b" ", 2)
    assert payload == json.dumps(acts, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    assert int(size) == len(payload) - 1 and scan(MAGIC + rec).actions == acts
    loop: dict = {"seq": 1}
    loop["data"] = loop
    with pytest.raises(ValueError, match="Circular reference"):
        encode_record([loop])
    with pytest.raises(TypeError):
        encode_record([{"seq": 1, "data": {1, 2}}])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
        max_leaves=20,
    )
)
def test_design2_an_imports_record_reads_back_as_json_would_write_it(data):
    """An import's record (``builtins``, encoded by msgspec for speed, issue
    31) reads back as the same actions the json encoding gives, NaN and the
    infinities included (msgspec would write them as null: such a record
    goes the json way), and what json refuses it refuses alike."""
    acts = [{"seq": 1, "type": "import", "data": {"x": data}}]
    fast, plain = encode_record(acts, builtins=True), encode_record(acts)
    back_fast, back_plain = scan(MAGIC + fast).actions, scan(MAGIC + plain).actions
    # equal as JSON text of what was read (NaN is not equal to itself as a float)
    assert json.dumps(back_fast, sort_keys=True) == json.dumps(back_plain, sort_keys=True)
    assert b"null" not in fast or b"null" in plain


def test_design2_an_imports_record_refuses_what_json_refuses():
    """The fast encoding of an import's record (issue 31) refuses what json
    refuses, with json's error: a lone surrogate, a structure that holds itself."""
    with pytest.raises(UnicodeEncodeError):
        encode_record([{"seq": 1, "data": {"name": "\ud800"}}], builtins=True)
    loop: dict = {"seq": 1}
    loop["data"] = loop
    with pytest.raises(ValueError, match="Circular reference"):
        encode_record([loop], builtins=True)
    # a NaN in an import's record is written as json writes it, not as msgspec's null
    assert b"NaN" in encode_record([{"seq": 1, "data": {"s": float("nan"), "t": 1.5}}], builtins=True)


def test_design2_a_checkpoint_of_another_shape_is_refused():
    """A checkpoint that does not decode to its meta and an event is refused
    (ValueError: the open replays the journal instead)."""
    from core.event.model import Event
    from core.store.journal import decode_checkpoint

    for raw in (b"", b"[]", b'{"seq": 1}', b'{"seq": 1, "event": 3}', b'{"seq": [1], "event": {}}', b"{"):
        with pytest.raises(ValueError):
            decode_checkpoint(raw, Event)


# -- one writer (threads, processes), reads without the lock -----------------------------------


def test_design2_results_typed_while_the_pairing_worker_writes_keep_every_action(tmp_path):
    """The app's pairing worker and its key handlers write through one store:
    no two actions share a seq and none is lost."""
    dd = DataDir(tmp_path)
    store = dd.create(
        {
            "name": "Threads",
            "date": "2026-11-30",
            "sanctioned": False,
            "staff": {"organizer": "Org", "judges": ["Judge"], "head_judge": "Judge"},
        }
    )
    desk = Desk(store)
    desk.add_players([f"P{i}" for i in range(64)])
    desk.pair_next()
    errors = []

    def worker(kind, first=0):
        for i in range(40):
            try:
                if kind == "results":
                    # each thread its own 16 tables, each visited again with the other result: a table twice
                    # is a correction (issue 12), and a correction to the result it has is refused
                    desk.record(first + 1 + i % 16, ("2-0", "2-1")[(i // 16) % 2], correct=True)
                else:
                    desk.penalty(f"p{1 + i}", "notice", f"note {i}", by="Judge")
            except LyceeError as err:
                errors.append(err)

    jobs = (("results", 0), ("penalties", 0), ("results", 16))
    threads = [threading.Thread(target=worker, args=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    seqs = [a["seq"] for a in store.actions]
    assert seqs == list(range(1, len(seqs) + 1))
    assert [a["type"] for a in store.actions].count("result") == 80
    assert len(store.event.penalties) == 40
    eid, ev = store.id, store.event
    store.close()
    assert dd.read(eid) == ev


def test_the_owner_file_names_the_host_as_socket_does(tmp_path):
    """The writer's owner file names this machine as ``socket.gethostname()``
    does (read back to tell a live writer's append from damage)."""
    import socket

    from core.store.store import host_name

    assert host_name() == socket.gethostname()
    dd = DataDir(tmp_path)
    store, _desk = _small_event(dd, rounds=0)
    owner = json.loads(store.owner_path.read_text(encoding="utf-8"))
    store.close()
    assert owner["host"] == socket.gethostname() and owner["pid"] == os.getpid()


def test_reads_take_no_lock_and_cli_writers_wait_for_it(tmp_path):
    """Item 7: reading never takes the lock; a command-line writer waits a few
    seconds (LYCEE_LOCK_WAIT) for another command; the app is refused at once."""
    dd = DataDir(tmp_path)
    store, _desk = _small_event(dd)
    eid = store.id
    release = threading.Timer(1.0, store.close)
    release.start()
    out = cli(tmp_path, "result", eid, "1", "2-0", env=_env(LYCEE_LOCK_WAIT="20"))
    release.join()
    assert out.returncode == 0, out.stderr
    with dd.open(eid, role="app") as held:
        t0 = time.monotonic()
        out = cli(tmp_path, "result", eid, "2", "2-0", env=_env(LYCEE_LOCK_WAIT="20"))
        assert out.returncode == 1 and "the app" in out.stderr and "open in another window" in out.stderr
        assert time.monotonic() - t0 < 15
        for argv in (["standings", eid], ["player", "list", eid], ["log", eid], ["event", "list"]):
            out = cli(tmp_path, *argv)
            assert out.returncode == 0 and out.stderr == "", (argv, out.stderr)
        assert held.event.current_round.matches[0].reported


def test_read_only_data_folder(tmp_path, monkeypatch, capsys):
    """Item 5: with a data folder that cannot be written (the lock file cannot
    be made), reading commands work and writing ones say the folder is read-only."""
    from tui.cli import main

    dd = DataDir(tmp_path)
    store, _desk = _small_event(dd)
    eid = store.id
    store.close()
    from core.store import lock

    class ReadOnlyLock:
        def __init__(self, *a, **k):
            raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(lock, "FileLock", ReadOnlyLock)  # the store's lock (core.store.lock)
    for argv in (["standings", eid], ["player", "list", eid], ["log", eid], ["event", "list"], ["export", eid]):
        assert main(["--lang", "en", "--data-dir", str(tmp_path), *argv]) == 0, argv
    capsys.readouterr()
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "result", eid, "1", "2-0"]) == 1
    err = capsys.readouterr().err
    assert "cannot be written" in err and "reading commands" in err and err.count("\n") == 1


def test_temp_files_of_dead_writers_are_removed_on_open(tmp_path):
    """Item 8: temp files left by a killed writer (its process gone) go on the
    next open of that event; those of a live process stay."""
    dd = DataDir(tmp_path)
    store, _desk = _small_event(dd)
    eid = store.id
    store.close()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    stale = [
        dd.events_dir / f".{eid}.json.{dead}.tmp",
        dd.events_dir / f".{eid}.owner.{dead}.tmp",
        dd.checkpoints_dir / f".{eid}.00000009.json.{dead}.tmp",
    ]
    live = dd.events_dir / f".{eid}.json.{os.getppid()}.tmp"
    other = dd.events_dir / f".other-event.json.{dead}.tmp"
    for p in (*stale, live, other):
        p.write_bytes(b"x" * 1000)
    dd.open(eid).close()
    assert not any(p.exists() for p in stale)
    assert live.exists() and other.exists()


def test_an_invalid_action_in_the_log_is_named_and_the_rest_still_reads(tmp_path):
    """Item 6: an action the rules refuse (written by hand or by older code):
    opening names the file, the seq and what is wrong; reading commands show
    the event up to the action before it; `lycee log` lists everything."""
    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    eid = store.id
    last = store.actions[-1]["seq"]
    store.close()
    bad = {
        "seq": last + 1,
        "at": "2026-11-30T12:00:00+09:00",
        "actor": "hand",
        "type": "result",
        "v": 2,
        "data": {"round": 3, "table": 1, "p1_wins": 7, "p2_wins": 1, "draws": 0, "result": "7-1"},
    }
    with open(dd.event_path(eid), "ab") as f:
        f.write(encode_record([bad]))
    with pytest.raises(InvalidAction) as err:
        dd.open(eid)
    msg = str(err.value)
    assert str(dd.event_path(eid)) in msg and f"#{last + 1}" in msg and "G-BO3" in msg
    assert f"up to #{last}" in msg and "lycee log" in msg
    out = cli(tmp_path, "standings", eid)
    assert out.returncode == 0 and f"#{last + 1}" in out.stderr
    out = cli(tmp_path, "log", eid)
    assert out.returncode == 0 and "7-1" in out.stdout
    out = cli(tmp_path, "result", eid, "1", "2-0")
    assert out.returncode == 1 and f"#{last + 1}" in out.stderr and "Traceback" not in out.stderr


def test_event_list_reads_headers_not_a_replay(tmp_path, monkeypatch):
    """`lycee event list` reads a small header per event, never the journal."""
    dd = DataDir(tmp_path)
    for i in range(3):
        s = dd.create({"name": f"E{i}", "date": f"2026-11-2{i}"})
        Desk(s).add_players(["A", "B", "C"])
        s.close()
    import core.store.datadir as S  # where event list reads

    monkeypatch.setattr(S, "scan", lambda *a, **k: pytest.fail("the journal was read"))
    rows = dd.list_events()
    assert [(r.name, r.players) for r in rows] == [("E2", 3), ("E1", 3), ("E0", 3)]


def test_recovery_without_an_intact_record_uses_the_backup_of_the_highest_round(tmp_path):
    """When no record is intact, the backup with the highest round and seq is
    used, whatever the files' times (a copied backup is newer on disk)."""
    dd = DataDir(tmp_path)
    store, _desk = _small_event(dd, rounds=3)
    eid = store.id
    store.close()
    backups = dd.backups(eid)
    assert len(backups) >= 2
    oldest = backups[-1]
    os.utime(oldest, (time.time() + 3600, time.time() + 3600))  # newest by file time
    dd.event_path(eid).write_bytes(b"\x00garbage")
    with dd.open(eid) as s:
        assert s.recovered_from == backups[0]
        assert len(s.event.rounds) == 3
        assert s.broken_copy.read_bytes() == b"\x00garbage"


def test_design2_tinydb_is_the_interface_to_the_journal(tmp_path):
    """TinyDB over the journal (docs/storage.md): inserting several documents
    at once appends one record; documents once written cannot be changed."""
    from tinydb import TinyDB

    from core.store.journal import JournalStorage

    path = tmp_path / "e.json"
    db = TinyDB(path, storage=JournalStorage)
    log = db.table("log")
    log.insert_multiple([{"type": "a"}, {"type": "b"}, {"type": "c"}])
    log.insert({"type": "d"})
    recs = scan(path.read_bytes()).records
    assert [[a["type"] for a in r.actions] for r in recs] == [["a", "b", "c"], ["d"]]
    assert [a["seq"] for a in scan(path.read_bytes()).actions] == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="append-only"):
        log.update({"type": "x"}, doc_ids=[1])
    assert [d["type"] for d in TinyDB(path, storage=JournalStorage).table("log").all()] == ["a", "b", "c", "d"]


def test_reading_commands_work_while_the_app_holds_the_event(tmp_path, capsys):
    """Issue 22 item 3; README "Reading commands ... take no lock and work ...
    while the app has the event open": with the event held as the app holds it
    (role "app"), every command that only reads succeeds, its --json too; a
    command that changes the event is still refused at once, naming the app,
    and nothing is stored."""
    from tui.cli import main

    dd = DataDir(tmp_path)
    store, desk = _small_event(dd)
    eid = store.id
    desk.penalty("p1", "notice", "slow play", by="Judge")
    desk.start_clock()
    store.close()
    reads = (
        ["penalties", eid],
        ["penalties", eid, "--json"],
        ["penalties", eid, "p1"],
        ["staff", eid],
        ["staff", eid, "--json"],
        ["clock", eid, "status"],
        ["clock", eid, "status", "--json"],
        ["late", eid],
        ["late", eid, "--json"],
        ["decklist", "status", eid],
        ["verify", eid],
        ["plan", eid],
        ["standings", eid, "--json"],
        ["log", eid],
    )
    with dd.open(eid, role="app") as held:
        before = len(held.actions)
        for argv in reads:
            code = main(["--lang", "en", "--data-dir", str(tmp_path), *argv])
            err = capsys.readouterr().err
            assert code == 0 and err == "", (argv, err)
        for argv in (
            ["penalty", eid, "p2", "notice", "--reason", "x", "--by", "Judge"],
            ["staff", eid, "--judge", "Other"],
            ["clock", eid, "pause"],
        ):
            assert main(["--lang", "en", "--data-dir", str(tmp_path), *argv]) == 1, argv
            err = capsys.readouterr().err
            assert "the app" in err and "open in another window" in err and err.count("\n") == 1, (argv, err)
        assert len(dd.history(eid)) == before


# -- the typed record (issue 45): a payload Struct encoded once, the same bytes as before ------------

ACTION_JOURNALS = Path(__file__).resolve().parent / "fixtures" / "action_journals"


def _entries(actions: list[dict]):
    """The typed entries of stored actions: each payload decoded to its Struct once."""
    import msgspec

    from core.log.actions import from_data
    from core.store.journal import Entry, data_json

    return [
        Entry(
            a["seq"],
            a["at"],
            a["actor"],
            a["type"],
            a["v"],
            msgspec.Raw(data_json(from_data(a["type"], a["data"]))),
            a.get("device"),
            a.get("redo"),
        )
        for a in actions
    ]


@pytest.mark.parametrize("kind", ["constructed", "draft", "sealed"])
def test_design2_a_typed_record_is_the_bytes_the_journal_always_held(kind):
    """docs/storage.md (one JSON record a line, its CRC): every record of the
    journals in tests/fixtures/action_journals comes out, written as typed
    entries (the payload Struct encoded once, no dict on the way), as the
    bytes the dict way writes for the same actions, and as the file's own
    bytes wherever the file holds today's form (an old journal may keep a
    field at its default, ``"spare":[]``, that today's payload leaves out)."""
    from core.log.actions import from_data, to_data
    from core.store.journal import encode_entries

    data = (ACTION_JOURNALS / f"{kind}.jsonl").read_bytes()
    s = scan(data)
    assert s.damage is None and len(s.records) >= 5
    same_as_file = 0
    for r in s.records:
        typed = encode_entries(_entries(r.actions))
        dict_way = encode_record([{**a, "data": to_data(from_data(a["type"], a["data"]))} for a in r.actions])
        assert typed == dict_way
        same_as_file += typed == data[r.start : r.end]
    assert same_as_file >= len(s.records) // 2


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    note=st.text(max_size=40),
    minutes=st.one_of(st.integers(-(2**70), 2**70), st.floats(allow_nan=False), st.text(max_size=8)),
)
def test_design2_typed_and_dict_records_agree_on_any_text_and_number(note, minutes):
    """Whatever a payload holds (any text, a big integer, a float json spells
    its own way: 1e+16), the typed record is the bytes the dict record was,
    or both refuse it."""
    from core.log.actions import Edit, ResultAction, to_data
    from core.store.journal import encode_entries

    payloads = [
        ResultAction(round=1, table=2, p1_wins=2, p2_wins=1, result="2-1", note=note),
        Edit(doc={"name": note, "minutes": minutes}),
    ]
    acts = [
        {"seq": i + 1, "at": "2026-12-06T10:00:00+09:00", "actor": "desk", "type": t, "v": 6, "data": to_data(p)}
        for i, (t, p) in enumerate(zip(["result", "edit"], payloads))
    ]
    try:
        old = encode_record(acts)
    except (TypeError, ValueError):
        old = None
    try:
        new = encode_entries(_entries(acts))
    except (TypeError, ValueError):
        new = None
    assert new == old


def test_design2_a_result_reaches_its_reducer_as_the_struct_the_desk_built(tmp_path, monkeypatch):
    """A result goes from the desk (a ResultAction Struct) to the journal and
    its reducer with no dict on the way: nothing decodes a payload during the
    append, and the line written reads back as that payload."""
    import core.log.actions as actions
    from core.log.actions import ResultAction, from_data

    dd = DataDir(tmp_path)
    store = dd.create({"name": "Typed", "date": "2026-12-06", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["A", "B", "C", "D"])
    desk.pair_next()
    decoded = []
    real = actions.from_data
    monkeypatch.setattr(actions, "from_data", lambda kind, data: (decoded.append(kind), real(kind, data))[1])
    desk.record(1, "2-1")
    assert decoded == []
    monkeypatch.undo()
    assert store.event.rounds[0].match_at(1).reported
    last = scan(dd.event_path(store.id).read_bytes()).actions[-1]
    assert last["type"] == "result"
    assert from_data("result", last["data"]) == ResultAction(
        round=1, table=1, p1_wins=2, p2_wins=1, draws=0, result="2-1"
    )
    store.close()
