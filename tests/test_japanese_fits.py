"""Issue 48 item 11: Japanese that reads well and fits 80x24 (docs/app.md).  No line
starts with 「。」 and no rule id is cut in two (F12's locked settings, the PIN dialog); F12
opens at its top; F1 shows as many keys as the screen holds and PageDown scrolls them at
once; an event reopened mid-round opens on the round; the players tab's heads show whole;
no raw code is shown to people (tiebreaker codes get their words, no "log2", no command
line on the judge page); 「第3回戦が進行中です」; 途中棄権 on the phone as at the desk; the
Ctrl+W dialog does not say read-only while phones report results."""

from __future__ import annotations

import re

import pytest

from core import i18n, labels, readmodel
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import on_screen, shown, until
from tui.app import LyceeApp


def _event(tmp_path, pair=True, **extra):
    dd = DataDir(tmp_path)
    st = dd.create(
        {
            "name": "土曜杯",
            "date": "2026-12-05",
            "rounds_planned": 3,
            "staff": {"organizer": "店長", "judges": ["佐藤", "鈴木"], "head_judge": "佐藤"},
            **extra,
        }
    )
    d = Desk(st)
    d.add_players(["山田太郎", "佐藤花子", "高橋健太", "加藤陸"])
    d.keep_apart("p1", "p2")
    if pair:
        d.pair_next()
    eid = st.id
    st.close()
    return dd, eid


def _lines(app) -> list[str]:
    """The screen's lines without the dialog's borders and margins."""
    return [re.sub(r"^[\s█▊▎▌▐]+|[\s█▊▎▌▐▅▇▃▂▆▄▁▔]+$", "", ln) for ln in shown(app).splitlines()]


@pytest.mark.asyncio
async def test_design7_f12_and_pin_dialog_wrap_by_japanese_rules_at_80x24(tmp_path):
    """F12 mid-round at 80x24: opens at its title, each reason for the locked settings once,
    no line starting with 「。」, G-CARDS-VERSIONS whole; the PIN dialog (F2) likewise."""
    dd, eid = _event(tmp_path)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f12")
        await until(pilot, lambda: on_screen(app, "大会の設定"), "the settings at their top")
        lines = _lines(app)
        assert not any(ln.startswith(("。", "、", "）")) for ln in lines), lines
        assert any("G-CARDS-VERSIONS" in ln for ln in lines), lines
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "ジャッジページ用PIN"), "the PIN")
        lines = _lines(app)
        assert not any(ln.startswith(("。", "、")) for ln in lines), lines


@pytest.mark.asyncio
async def test_design7_reopened_mid_round_f1_and_the_players_heads_at_80x24(tmp_path):
    """Reopened mid-round: the round tab; F1 holds more than 10 keys and PageDown scrolls
    them without a Tab first; the players tab's heads (and p2 kept apart) show whole."""
    dd, eid = _event(tmp_path, decklists_required=True)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import TabbedContent

        await until(pilot, lambda: app.screen.query_one(TabbedContent).active == "round", "the round tab")
        screen = app.screen
        await pilot.press("f1")
        await until(pilot, lambda: app.screen is not screen, "the keys")
        keys = app.screen.query_one("DataTable")
        assert keys.has_focus and keys.size.height > 12
        last = "".join(str(c) for c in keys.get_row_at(keys.row_count - 1))  # its key and what it does
        assert not on_screen(app, last)
        await pilot.press("pagedown", "pagedown", "pagedown")
        await until(pilot, lambda: on_screen(app, last), "the last key after PageDown")
        await pilot.press("escape")
        await pilot.press("f2")
        await until(pilot, lambda: screen.query_one(TabbedContent).active == "players", "the players tab")
        await pilot.pause()
        head = shown(app).splitlines()[4]
        assert "デッキ " in head and "対戦回避" in head, head
        assert re.search(r"山田太郎.*\bp2\b", shown(app)), shown(app)


def test_design7_no_raw_code_and_one_word_for_a_drop(tmp_path):
    """Words, not codes: the rounds suggestion says what it is; the tiebreaker codes typed in
    the settings get the guideline's words beside them; the judge page asks for a PIN
    without a command line; 第3回戦が進行中です; the phone says 途中棄権 as the desk does."""
    from tui.screens.forms import tiebreaker_hint
    from tui.web.pages import T

    dd = DataDir(tmp_path)
    st = dd.create({"name": "Cup", "date": "2026-12-05"})
    Desk(st).add_players(["A", "B"])
    assert "log2" not in readmodel.round_status(st.event)
    st.close()
    t = T("ja")
    assert "lycee staff" not in t._("PIN (the desk gives it to you)")
    i18n.set_language("ja")
    try:
        assert tiebreaker_hint("omw,gw,ogw") == " > ".join(labels.tiebreaker_label(c) for c in ("omw", "gw", "ogw"))
        assert "omw" not in tiebreaker_hint("omw,gw,ogw")
        quit_q = i18n._(
            "Round {r} is in progress. Quit lycee? Every result typed is already saved; open the event again to go on.",
            r=3,
        )
        assert quit_q.startswith("第3回戦が進行中です")
        assert "ドロップ" not in t._("{name} dropped after round {r}: no result is reported", name="A", r=2)
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_design7_serving_dialog_does_not_say_read_only_while_phones_report(tmp_path):
    """Ctrl+W with phone reports on: the dialog says players report from their phones,
    not 「閲覧専用で配信しています」."""
    from tui.screens.serving import ServingDialog

    dd, eid = _event(tmp_path, phone_reports=True)
    app = LyceeApp(dd, open_event=eid, lang="ja")
    app.serve_at = ("127.0.0.1", 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+w")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: isinstance(app.screen, ServingDialog), "the serving dialog")
        texts = " ".join(str(lbl.render()) for lbl in app.screen.query("Label"))
        assert "閲覧専用" not in texts and "スマートフォンから結果を報告" in texts
        await pilot.press("ctrl+w")
        await until(pilot, lambda: screen.web is None, "serving stopped")


@pytest.mark.parametrize("columns", range(30, 81, 2))
def test_design7_wrap_keeps_a_japanese_phrase_whole(columns):
    """docs/app.md (core.columns.wrap): a short phrase is not cut at the end of a line (「許」 /
    「す限り」, 「時間切」 / 「れ」, 「置き換えます」 / 「か？」, 「置き」 / 「換え」): the line breaks
    where a phrase begins, and every character is still shown."""
    from core.columns import wrap

    texts = {
        i18n.catalog("ja")[msgid].format(name="佐藤花子", t=1, old="○ 2-0", new="2-1", res="1-1"): words
        for msgid, words in (
            (
                (
                    "Keep {name} apart from which player? (id or exact name; never paired in Swiss while the points "
                    "order allows it)"
                ),
                ("許す", "限り"),
            ),
            ("Table {t} already has {old}. Replace it with {new}?", ("置き換えますか？",)),
            (
                "{res} at table {t} ends a match only at time. Was time called at this table? (G-BO3-TIME)",
                ("時間切れ",),
            ),
        )
    }
    for text, words in texts.items():
        lines = wrap(text, columns)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for word in words:
            assert any(word in ln for ln in lines), (columns, lines)
