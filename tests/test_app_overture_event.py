"""A whole Lycee Overture constructed event by keys in the app, at 80x24 in
Japanese (issue 43's "Done when"): the store's card list in the official
layout imported with `lycee cards import` and its products dated with
`lycee cards on-sale`; the event created with the rule set in the new-event
form (O-RULES); decklists registered at the desk by F11 and one from a phone
(the desk's phone_decklist call, as tui.web.decklists makes it through the
door; tests/test_phone_decklists_browser.py covers the page in Chromium);
the decklists pane shows each deck's class (O-DECK-CLASS), its problems and
what the desk did not check (O-DECK-RESTRICT), and counts only blocking
problems; pairing, a penalty with a match loss (O-PEN-2, recorded 0-2),
the standings and the scorecard."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest
from textual.widgets import Select

from core import i18n, paths
from core.store import DataDir
from tests.app_helpers import fits, on_screen, pair, type_text, until, whole_dialog_on_screen
from tests.cli_helpers import run
from tui.app import LyceeApp

CARD_LIST = Path(__file__).parent / "fixtures" / "cards" / "official-v1.csv"
PRODUCTS = (
    ("ミライ書房 1.0(MRS)", "2017-02-25"),
    ("ソラノオト Project 1.0(SME)", "2018-03-01"),
    ("ほしぞら学園 2.0(HSG)", "2019-01-01"),
)
#: single SME, parallels mixed in (LO-0105 [SME] binds it, LO-0110 needs 星の約束)
SME = {
    **{f"LO-{n:04d}": 4 for n in (101, 102, 103, 104, 106, 107, 108, 109, 110, 111, 112, 113)},
    "LO-0105": 2,
    "LO-0105-A": 2,
    "LO-0115": 2,
    "LO-0116": 2,
    "LO-0118": 2,
    "LO-0118-K": 2,
}
#: single MRS, a parallel mixed in
MRS = {
    **{f"LO-{n:04d}": 4 for n in (2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18)},
    "LO-0001": 2,
    "LO-0001-A": 2,
}
#: single HSG: legal, but LO-6006's 【ＥＸ２でコストが４点以下】 is not settled by any source (not checked)
HSG = {f"LO-{n:04d}": 4 for n in range(6001, 6016)}
#: 65 cards, 7 of LO-0018, 2 of LO-0010 (its 構築制限 allows one)
BAD = {**MRS, "LO-0018": 7, "LO-0010": 2}


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg))).replace("\xa0", " ")


def lines(counts: dict[str, int]) -> str:
    return "".join(f"{n} {number}\n" for number, n in counts.items())


@pytest.fixture
def store(tmp_path, capsys):
    """A data folder with the fixture card list imported and its products dated."""
    data = tmp_path / "data"
    rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "import", str(CARD_LIST))
    assert rc == 0, err
    for product, day in PRODUCTS:
        rc, _out, err = run(capsys, "--data-dir", str(data), "cards", "on-sale", product, day)
        assert rc == 0, err
    before = paths.use_root(data)  # as `lycee` does for the app: the store's list joins every catalog
    yield data
    paths.use_root(before)


async def choose(pilot, select: Select, value: str) -> None:
    """A Select by keys: Enter opens it, Down to ``value``, Enter takes it."""
    values = [v for _label, v in select._options]
    select.focus()
    await pilot.press("enter")
    await pilot.pause()
    for _i in range(values.index(value) - values.index(select.value)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert select.value == value


async def register_at_desk(app, pilot, pid: str, path: Path) -> None:
    await pilot.press("f11")  # a constructed event: the decklists pane, and the prompt
    await pilot.pause()
    await type_text(pilot, f"{pid} {path}")
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.asyncio
async def test_a_whole_overture_event_by_keys_at_80x24_in_japanese(store, tmp_path, monkeypatch):
    monkeypatch.setattr("tui.screens.event_list.today", lambda: "2026-12-05")
    ja = i18n._
    files = {}
    for name, counts in (("sme", SME), ("hsg", HSG), ("bad", BAD)):
        files[name] = tmp_path / f"{name}.txt"
        files[name].write_text(lines(counts), encoding="utf-8")
    dd = DataDir(store)
    app = LyceeApp(dd, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # -- the new-event form: the rule set, decklists collected, the staff (O-RULES) --
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        await type_text(pilot, "水曜リセ")
        await choose(pilot, form.query_one("#rules", Select), "overture")
        for field, value in (("#organizer", "店長"), ("#judges", "佐藤,HJ"), ("#head_judge", "HJ")):
            form.query_one(field).focus()
            await type_text(pilot, value)
        form.query_one("#decklists_required").focus()
        await pilot.press("space")
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        ev = screen.event
        assert (ev.rules, ev.kind, ev.decklists_required, ev.sanctioned) == ("overture", "constructed", True, True)
        assert "オーバーチュア" in screen_text(app)  # the event bar names the rule set
        for name in ("佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎"):
            screen.query_one("#add-player").focus()
            await type_text(pilot, name)
            await pilot.press("enter")
            await pilot.pause()
        assert [p.name for p in screen.event.players] == ["佐藤 花子", "鈴木 一郎", "高橋 次郎", "田中 三郎"]

        # -- decklists at the desk (F11): a legal one, one with a line not checked, one with problems --
        await register_at_desk(app, pilot, "p1", files["sme"])
        assert on_screen(app, ja("decklist registered for {who}", who="佐藤 花子"))
        await register_at_desk(app, pilot, "p3", files["hsg"])
        # O-DECK-RESTRICT: a line not checked is said, and is not a problem
        assert on_screen(
            app,
            ja(
                "decklist registered for {who}: {n} line(s) not checked, for a judge to decide (F11)",
                who="高橋 次郎",
                n=1,
            ),
        )
        await register_at_desk(app, pilot, "p4", files["bad"])
        said = ja(
            "decklist registered for {who}, with {n} problem(s): see the decklists (F11) ({first})",
            who="田中 三郎",
            n=3,
            first="デッキが65枚です。",
        )
        assert on_screen(app, said.split("。")[0], screen.query_one("#message"))

        # -- one from the player's phone: what POST /api/decklist asks of the desk through the door --
        await pilot.press("shift+f12")  # report codes: the decklist page takes the player's code too
        await pilot.pause()

        codes = dict(screen.event.report_codes)
        await pilot.press("escape")
        await pilot.pause()
        answer = await asyncio.to_thread(
            screen.link.writer.call,
            "phone_decklist",
            codes["p2"],
            " ".join(n for n, k in MRS.items() for _i in range(k)),  # a deck code, as community tools share it
            actor="player p2 (phone)",
            device="192.0.2.50",
        )
        assert answer["deck"] == 60 and answer["problems"] == []
        await until(pilot, lambda: screen.event.decklist_of("p2") is not None, "the phone's list registered")
        assert screen.event.decklist_of("p2").source == "phone"

        # -- the decklists pane: class (O-DECK-CLASS), problems, lines not checked (O-DECK-RESTRICT) --
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("escape")  # the prompt closed: the pane stays
        await pilot.pause()
        text = screen_text(app)
        assert "シングルデッキ（SME）" in text and "シングルデッキ（MRS）" in text
        counts = ja(
            "Decklists: {done} registered, {faulty} with problems, {missing} without a list · "
            "F11 registers one at the desk",
            done=3,
            faulty=1,
            missing=0,
        )
        assert on_screen(app, counts)
        table = screen.query_one("#build-table")
        table.focus()
        table.move_cursor(row=2)  # 高橋 次郎: the line not checked, in full under the table
        await pilot.pause()
        detail = screen.query_one("#build-detail")
        assert on_screen(app, "未確認: 【EX2でコストが4点以下】", detail)
        assert on_screen(app, "デッキの種類: シングルデッキ（HSG）", detail)
        table.move_cursor(row=3)
        await pilot.pause()
        assert on_screen(app, "デッキが65枚です。オーバーチュアのデッキはちょうど60枚です（O-DECK-60）", detail)
        assert on_screen(app, "LO-0010が2枚です。", detail)  # not 「LO-0010（LO-0010）」: the base number alone
        fits(app)
        await pilot.press("f2")  # the players tab counts only blocking problems
        await pilot.pause()
        rows = {line.split()[1]: line for line in screen_text(app).splitlines() if re.match(r"\s*p\d ", line)}
        assert rows["高橋"].rstrip().endswith("登録済み") and rows["田中"].rstrip().endswith("問題3件")

        # -- round 1 waits for legal decks (L-DECK-WAIT): F5 names 田中; the head judge rules that
        # the decks play as registered (F11), then F5 pairs and says who pairs with problems --
        await pair(app, pilot)
        assert not screen.event.rounds and on_screen(app, "田中 三郎", screen.query_one("#message"))
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "enter")  # the head judge's ruling
        await pilot.pause()
        whole_dialog_on_screen(app)
        await type_text(pilot, "デッキは第1回戦後に修正")
        await pilot.press("enter")
        await pilot.pause()
        assert [r.by for r in screen.event.rulings] == [screen.event.staff.head_judge]
        await pair(app, pilot)
        assert len(screen.event.rounds) == 1
        warned = ja(
            "round 1 paired, but {n} deck(s) are missing or have problems: {names} (build tab, F11)",
            n=1,
            names="田中 三郎",
        )
        assert on_screen(app, warned, screen.query_one("#message"))
        rnd = screen.event.current_round
        [bad_table] = [m for m in rnd.matches if "p4" in (m.p1, m.p2)]
        [other] = [m for m in rnd.matches if m is not bad_table]

        # -- a penalty with a match loss (Ctrl+B), by keys (O-PEN-2: recorded 0-2) --
        await pilot.press("ctrl+b")
        await pilot.pause()
        form = app.screen
        form.query_one("#player").focus()
        await type_text(pilot, "p4")
        await choose(pilot, form.query_one("#level", Select), "warning")
        form.query_one("#reason").focus()
        await type_text(pilot, "デッキリストと異なるデッキ")
        await choose(pilot, form.query_one("#action", Select), "match_loss")
        if form.query_one("#by", Select).value != "佐藤":
            await choose(pilot, form.query_one("#by", Select), "佐藤")
        fits(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        [pen] = screen.event.penalties
        assert (pen.player, pen.level, pen.action) == ("p4", "warning", "match_loss")
        [m] = [x for x in screen.event.current_round.matches if x.table == bad_table.table]
        loser_games = m.p1_wins if m.p1 == "p4" else m.p2_wins
        assert m.outcome == ("p2" if m.p1 == "p4" else "p1") and (loser_games, m.p1_wins + m.p2_wins) == (0, 2)
        await type_text(pilot, f"{other.table} 2-1")
        await pilot.press("enter")
        await pilot.pause()

        # -- round 2, its results, the standings --
        await pair(app, pilot)
        assert len(screen.event.rounds) == 2
        for mm in screen.event.current_round.matches:
            await type_text(pilot, f"{mm.table} 2-0")
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        text = screen_text(app)
        assert "最終順位" in text and "田中 三郎" in text
        fits(app)

        # -- the scorecard (F9): the rule set and the penalty's match loss in Overture's words --
        await pilot.press("f9")
        await pilot.pause()
        for _i in range(4):  # スコアカード（HTML）
            await pilot.press("down")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        [card] = list((store / "exports").glob("*スコアカード.html"))
        page = html.unescape(re.sub(r"<[^>]+>", " ", card.read_text(encoding="utf-8")))
        assert "オーバーチュアルール" in page and "ペナルティによる敗北" in page


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_g_decklist_ctrl_w_names_the_decklist_page_and_does_not_say_read_only(tmp_path, lang):
    """Ctrl+W's dialog for an event that collects decklists: the pages take the
    players' lists (through the desk's door), so the title does not say
    read-only, and the decklist page's address is shown with the others, all
    in view at 80x24 in Japanese."""
    from textual.containers import VerticalScroll

    from core.desk import Desk
    from tui.screens.serving import ServingDialog

    dd = DataDir(tmp_path / "data")
    st = dd.create({"name": "水曜リセ", "date": "2026-12-09", "sanctioned": False, "rules": "overture"})
    Desk(st).add_players(["Ann", "Ben"])
    eid = st.id
    st.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        page = i18n._("decklists: {path} on the phones' address", path="/decklist")
        read_only = i18n._("Serving this event read-only (Ctrl+W stops, Esc closes)")
        for collects in (False, True):
            screen.open_desk.set_settings({"decklists_required": collects})
            app.push_screen(ServingDialog(screen, ["http://192.0.2.1:8765/"]))
            await pilot.pause()
            dlg = app.screen
            texts = [str(lbl.render()) for lbl in dlg.query("Label")]
            assert dlg.query_one(VerticalScroll).max_scroll_y == 0
            assert (page in texts) is collects
            assert (read_only in texts) is not collects
            await pilot.press("escape")
            await pilot.pause()
