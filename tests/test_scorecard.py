"""Issue 48 item 10, the scorecard (G-SCORECARD): an intentional draw is said once (結果,
not again in 備考); a 1-1-1 time-out says why the match ended there (G-BO3-TIME); a player
who dropped during round 3 with the forfeit reads 途中棄権（第3回戦中）, not 第3回戦後
(G-DROP-2); the head judge is listed once, as head judge, while the event file keeps them
among staff.judges."""

from __future__ import annotations

import json

from core import i18n
from core.desk import Desk
from core.reports.exports import render
from core.store import DataDir


def test_g_scorecard_says_each_thing_once_and_as_it_happened(tmp_path):
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "rounds_planned": 3,
            "staff": {"organizer": "店長", "judges": ["佐藤", "鈴木"], "head_judge": "佐藤"},
        }
    )
    d = Desk(st)
    d.add_players([f"選手{i}" for i in range(1, 9)])
    d.pair_next()
    d.record(1, "id")
    d.record(2, "1-1-1", time_called=True)
    for m in d.event.current_round.matches[2:]:
        d.record(m.table, "2-0")
    d.pair_next()
    for m in d.event.current_round.matches:
        d.record(m.table, "2-1")
    d.pair_next()
    leaver = d.event.current_round.matches[0].p1
    d.drop(leaver)  # during round 3: the match is lost by the drop (G-DROP-2)
    for m in d.event.current_round.matches:
        if not m.reported:
            d.record(m.table, "2-0")
    assert list(d.event.staff.judges) == ["佐藤", "鈴木"]  # the file keeps the head judge among the judges
    i18n.set_language("ja")
    try:
        doc = json.loads(render(d.event, "scorecard", "json"))
        rows = {(r[0], r[2]): r for r in doc["rows"] if r[0] != "-"}
        assert rows[(1, 1)][7] == "インテンショナル・ドロー" and rows[(1, 1)][8] == ""
        assert rows[(1, 2)][7] == "1-1-1" and rows[(1, 2)][8] == "時間切れ"
        assert rows[(1, 3)][8] == ""  # a 2-0 needs no note
        html = render(d.event, "scorecard", "html")
        assert "ヘッドジャッジ: 佐藤　ジャッジ: 鈴木" in html
        text = render(d.event, "scorecard", "csv")
        assert "途中棄権（第3回戦中）" in text and "途中棄権（第3回戦後）" not in text
    finally:
        i18n.set_language("en")


def test_g_scorecard_only_a_sanctioned_events_sheets_name_a_date_due_at_the_publisher(tmp_path):
    """G-SCORECARD: a sanctioned event's scorecard and decklists go back to the publisher within
    2 weeks, and their titles say by when; an unsanctioned event's (a store's own draft of the
    sample sets) go nowhere: no date due on them, and the event report says none is due."""
    dd = DataDir(tmp_path)
    staff = {"organizer": "店長", "judges": ["佐藤"], "head_judge": "佐藤"}
    i18n.set_language("ja")
    try:
        for sanctioned in (True, False):
            st = dd.create(
                {"name": "日曜杯", "date": "2026-12-06", "rounds_planned": 1, "sanctioned": sanctioned, "staff": staff}
            )
            d = Desk(st)
            d.add_players(["選手1", "選手2"])
            d.pair_next()
            d.record(1, "2-0")
            for what in ("scorecard", "decklists"):
                title = json.loads(render(d.event, what, "json"))["title"]
                assert ("2026年12月20日（日）までにシルバーブリッツへ返送（必着）" in title) is sanctioned, title
            report = render(d.event, "report", "html")
            assert ("なし（非公認大会）" in report) is not sanctioned
            st.close()
    finally:
        i18n.set_language("en")
