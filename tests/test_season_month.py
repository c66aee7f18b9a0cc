"""A whole month as a store would (issue 47's "done when"): four weekly events
of the same regulars registered from the member list, a season with best 3 of
4, the standings on the TV page, a submission written and verified, and
another store's event imported."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from core.season.season import standings
from core.store import DataDir
from tests.cli_helpers import run
from tui.web.feed import Feed, FileSource
from tui.web.season import season_page
from tui.web.server import create_app

REGULARS = [
    ("田中美咲", "たなかみさき"),
    ("佐藤健", "さとうけん"),
    ("鈴木一郎", "すずきいちろう"),
    ("高橋花子", "たかはしはなこ"),
]


def _lycee(capsys, data, *argv):
    rc, out, err = run(capsys, "--data-dir", data, *argv)
    assert rc == 0, err
    return out


def test_a_month_at_the_store(capsys, tmp_path):
    data = str(tmp_path / "store")
    _lycee(capsys, data, "store", "set", "--name", "カードショップ森", "--number", "0042")
    for name, reading in REGULARS:
        _lycee(capsys, data, "members", "add", name, "--reading", reading)
    sid = _lycee(
        capsys, data, "season", "new", "12月", "--points", "win=3,draw=1,loss=0,attend=1", "--best", "3"
    ).split()[-1]
    events = []
    for week, day in enumerate(("2026-12-05", "2026-12-12", "2026-12-19", "2026-12-26")):
        eid = _lycee(
            capsys,
            data,
            "event",
            "new",
            f"土曜大会 {week + 1}",
            "--date",
            day,
            "--rounds",
            "2",
            "--organizer",
            "O",
            "--judge",
            "J",
            "--head-judge",
            "J",
        ).strip()
        _lycee(capsys, data, "player", "add", eid, "--member", "M001", "M002", "M003", "M004")
        for _r in range(2):
            _lycee(capsys, data, "pair", eid)
            for table in (1, 2):
                _lycee(capsys, data, "result", eid, str(table), "2-1" if (week + table) % 2 else "1-2")
        events.append(eid)
    _lycee(capsys, data, "season", "add", sid, *events)
    doc = json.loads(_lycee(capsys, data, "season", "standings", sid, "--json"))
    assert {r["member"] for r in doc["rows"]} == {"M001", "M002", "M003", "M004"}
    assert all(r["events"] == 3 and r["played"] == 4 for r in doc["rows"])  # best 3 of 4
    assert all(e["key"].startswith("0042/") and not e["running"] for e in doc["events"])
    # the standings on the TV
    dd = DataDir(data)
    app = create_app(
        Feed(FileSource(dd, events[-1])),
        rate=None,
        season=lambda: season_page(standings(dd.root, dd, sid), "ja"),
    )
    from core import i18n

    i18n.set_language("ja")  # the desk's language (`lycee --lang ja serve ...`): the TV's
    page = TestClient(app).get("/season").text
    i18n.set_language("en")
    assert "12月" in page and "田中美咲" in page and "不戦勝" in page
    # the submission of the last event, written and verified
    out = _lycee(capsys, data, "export", events[-1], "--what", "submission", "-o", str(tmp_path / "sub") + "/")
    key = out.split("store public key: ")[1].split()[0]
    assert "submission verified" in _lycee(capsys, data, "verify", str(tmp_path / "sub"), "--key", key)
    # another store's event, imported into the same season
    other = str(tmp_path / "other")
    _lycee(capsys, other, "store", "set", "--name", "駅前店", "--number", "0043")
    _lycee(capsys, other, "members", "add", "田中美咲", "--number", "M001")
    oid = _lycee(
        capsys,
        other,
        "event",
        "new",
        "駅前大会",
        "--date",
        "2026-12-20",
        "--rounds",
        "1",
        "--organizer",
        "O",
        "--judge",
        "J",
        "--head-judge",
        "J",
    ).strip()
    _lycee(capsys, other, "player", "add", oid, "--member", "M001")
    _lycee(capsys, other, "player", "add", oid, "山田太郎")
    _lycee(capsys, other, "pair", oid)
    _lycee(capsys, other, "result", oid, "1", "2-0")
    _lycee(capsys, other, "export", oid, "-o", str(tmp_path / "other.json"))
    out = _lycee(capsys, data, "season", "import", sid, str(tmp_path / "other.json"))
    assert "0043/" in out and "山田太郎" in out  # a name without a member number is asked about
    doc = json.loads(_lycee(capsys, data, "season", "standings", sid, "--json"))
    m001 = next(r for r in doc["rows"] if r["member"] == "M001")
    assert m001["played"] == 5 and len(doc["events"]) == 5
