"""The action log: undo, the audit trail, registration (docs/storage.md)."""

import pytest

from core.desk import Desk
from core.errors import LyceeError
from core.event.model import Match
from tui.cli import main


@pytest.fixture
def desk(datadir):
    store = datadir.create({"name": "Undo cup", "date": "2026-11-30"})
    yield Desk(store)
    store.close()


def test_design2_undo_takes_back_the_newest_action_and_keeps_the_trail(desk):
    desk.add_players(["A", "B"])
    desk.store_pairing([Match(1, "p1", "p2")])
    desk.record(1, "2-1")
    assert desk.event.rounds[0].matches[0].outcome == "p1"
    undone = desk.undo()
    assert undone["type"] == "result"
    assert desk.event.rounds[0].matches[0].outcome is None
    undone = desk.undo()
    assert undone["type"] == "pair" and desk.event.rounds == ()
    trail = list(desk.store.history())
    assert [t["type"] for t in trail] == ["create", "register", "pair", "result", "undo", "undo"]
    assert [t["undone"] for t in trail] == [False, False, True, True, False, False]
    assert all(t["at"] and t["actor"] == "desk" for t in trail)


def test_design2_undo_with_nothing_to_undo_changes_nothing(desk):
    before = desk.store.path.read_bytes()
    with pytest.raises(LyceeError, match="nothing to undo"):
        desk.undo()
    assert desk.store.path.read_bytes() == before


def test_design2_undo_survives_a_reopen(datadir):
    store = datadir.create({"name": "Reopen", "date": "2026-11-30"})
    Desk(store).add_players(["A", "B", "C"])
    Desk(store).undo()
    eid = store.id
    store.close()
    with datadir.open(eid) as s:
        assert s.event.players == ()


def test_name_typed_twice_is_refused_and_nothing_changes(desk):
    """the command line in README.md (player add): a name already in the event is refused; nothing stored changes."""
    desk.add_players(["山田 太郎"])
    before = desk.store.path.read_bytes()
    for again in [
        "山田 太郎",
        "山田　太郎",
        " 山田 太郎 ",
        "ＹＡＭＡＤＡ",
    ]:
        if again == "ＹＡＭＡＤＡ":
            desk.add_players(["yamada"])
            before = desk.store.path.read_bytes()
        with pytest.raises(LyceeError, match="already registered"):
            desk.add_players([again])
        assert desk.store.path.read_bytes() == before


def test_cli_player_add_prints_ids_and_refuses_duplicates(tmp_path, capsys):
    """the command line in README.md: `player add` prints the new ids; a duplicate is refused in one line."""
    data = str(tmp_path)
    assert main(["--data-dir", data, "event", "new", "Friday", "--date", "2026-12-04"]) == 0
    eid = capsys.readouterr().out.strip()
    assert main(["--data-dir", data, "player", "add", "Fri", "Ann", "Ben"]) == 0
    out, err = capsys.readouterr()
    assert out.split() == ["p1", "p2"]
    # two names may be one full name the shell split: the clerk is told, with the quoted form
    assert "registered two players, Ann (p1) and Ben (p2)" in err and '"Ann Ben"' in err
    assert f"lycee undo {'Fri'} takes both back" in err
    assert main(["--data-dir", data, "player", "add", eid, "ann"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already registered" in err
    assert main(["--data-dir", data, "undo", eid]) == 0
    assert "registered Ann, Ben" in capsys.readouterr().out
    assert main(["--data-dir", data, "undo", eid]) == 1
    assert "nothing to undo" in capsys.readouterr().err


def test_cli_event_new_refuses_bad_settings(tmp_path, capsys):
    """the command line in README.md: `event new` refuses a bad date or tiebreaker (G-TIE-1) and stores nothing."""
    data = str(tmp_path)
    assert main(["--data-dir", data, "event", "new", "X", "--date", "2026-13-01"]) == 1
    assert "YYYY-MM-DD" in capsys.readouterr().err
    assert main(["--data-dir", data, "event", "new", "X", "--tiebreakers", "omw,elo"]) == 1
    assert "elo" in capsys.readouterr().err
    assert main(["--data-dir", data, "event", "list", "--json"]) == 0
    assert '"events": []' in capsys.readouterr().out


def test_g_swiss_pair_1_a_round_can_be_paired_again_before_it_starts(datadir):
    from core.errors import LyceeError

    store = datadir.create({"name": "Again", "date": "2026-11-30", "sanctioned": False})
    desk = Desk(store)
    desk.add_players([f"P{i}" for i in range(12)])
    desk.pair_next()
    first = [(m.p1, m.p2) for m in desk.event.current_round.matches]
    desk.repair()
    second = [(m.p1, m.p2) for m in desk.event.current_round.matches]
    assert len(desk.event.rounds) == 1 and first != second
    assert [a["type"] for a in store.actions][-2:] == ["unpair", "pair"]
    desk.record(1, "2-0")
    before = store.path.read_bytes()
    with pytest.raises(LyceeError, match="has results"):
        desk.repair()
    assert store.path.read_bytes() == before
    store.close()


def test_design2_first_start_creates_a_demo_event_then_never_again(tmp_path, monkeypatch):
    import tui.app
    from core.store import DataDir

    opened = []
    monkeypatch.setattr(tui.app, "run_app", lambda dd, **kw: opened.append(dd.root))
    assert main(["--data-dir", str(tmp_path)]) == 0
    events = DataDir(tmp_path).list_events()
    assert len(events) == 1 and events[0].players == 16 and opened == [tmp_path]
    assert main(["--data-dir", str(tmp_path)]) == 0
    assert len(DataDir(tmp_path).list_events()) == 1
