"""The app's leftovers as a store clerk sees them (docs/app.md), at 80x24 and 120x40 in
Japanese and English: Japanese line breaking in dialogs and message lines (禁則, names whole),
keys typed at once after Shift+F2, the event bar on two lines at 80 columns, every deck
builder key reachable, the draft caller's title cut cleanly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.columns import NO_END, NO_START, width, wrap, wrap_spans
from core.desk import Desk
from core.store import DataDir
from tests.app_helpers import LANGS, SIZES, new_event, shown, squash, until, whole_dialog_on_screen
from tests.strategies import WRAP_NAME, wrap_texts
from tui.app import LyceeApp
from tui.screens.event import EventScreen

# -- the wrapper (core.columns.wrap_spans) ---------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(wrap_texts, st.integers(min_value=4, max_value=40))
def test_design7_wrap_keeps_every_character_and_the_kinsoku_rules(text, columns):
    """docs/app.md: the lines hold the whole text (only the blanks at a break go), each fits, none starts
    with 、。」 or a small kana unless the word before filled a line, none ends with （「."""
    spans = wrap_spans(text, columns, keep=[WRAP_NAME])
    lines = [text[a:b] for a, b in spans]
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(width(ln) <= columns for ln in lines), lines
    for prev, ln in zip(lines, lines[1:]):
        if ln and ln[0] in NO_START and width(prev) + width(ln[0]) <= columns:  # unless the line before is full
            pytest.fail(f"a line starts with {ln[0]!r}: {lines}")
        if prev and prev[-1] in NO_END and ln and width(prev) + width(ln[0]) <= columns:
            pytest.fail(f"a line ends with {prev[-1]!r}: {lines}")


def test_design7_wrap_never_breaks_inside_a_name_that_fits():
    """docs/app.md: 佐々木 美加子 goes whole to the next line rather than splitting at its space."""
    text = "あ" * 25 + WRAP_NAME + "さんを途中棄権にしますか？"
    lines = wrap(text, 58, keep=[WRAP_NAME])
    assert any(WRAP_NAME in ln for ln in lines), lines
    assert not any(ln.startswith("？") for ln in lines)
    assert all("ど40枚" in ln for ln in wrap("ちょうど40枚にしてください。", 9) if "4" in ln)  # a number keeps its unit


@pytest.mark.parametrize("columns", range(9, 24))  # 「（第2回戦」 is 9 columns
def test_design7_wrap_keeps_a_counter_whole_after_its_number(columns):
    """docs/app.md: 「4回戦」 in the event bar at 100 columns broke as 「…4回」/「戦…」; a counter's kanji
    stay with their number at any width, and the line still breaks between other kanji."""
    text = "スイスドロー 4回戦（第2回戦 進行中）、残り時間"
    lines = wrap(text, columns)
    assert any("4回戦" in ln for ln in lines) and any("第2回戦" in ln for ln in lines), lines
    assert wrap("漢字漢字漢字漢字", 8) == ["漢字漢字", "漢字漢字"]


@pytest.mark.parametrize("columns", range(40, 81, 2))
def test_design7_wrap_keeps_a_katakana_word_joined_by_its_middle_dot(columns):
    """docs/app.md: the intentional-draw question at 80 columns read 「…開始後のインテンショナル・」 /
    「ドローはできません」; a katakana word joined by 「・」 is one phrase, while names listed
    with 「・」 between kanji still part there."""
    text = "試合タイマーが開始されたので、4卓の試合も開始したものとみなされます。開始後のインテンショナル・ドローはできません（G-ID-2）。"
    lines = wrap(text, columns)
    assert any("インテンショナル・ドロー" in ln for ln in lines), lines
    assert wrap("山田太郎・佐藤花子・鈴木一郎", 20) == ["山田太郎・佐藤花子・", "鈴木一郎"]


@pytest.mark.parametrize("columns", range(14, 30))  # 'constructed ·' is 13 columns
def test_design7_the_bar_never_starts_a_line_with_its_dot(columns):
    """docs/app.md: the event bar at 80 columns began its second line with 「· 2本先取」; the dot
    between a list's parts stays at the end of the line before, in either language."""
    for text in (
        "終了予定 10:20 · 構築戦 · 2本先取 · 50分 · 第1回戦: 未入力 8件",
        "constructed · BO3 · 50 min · round 1",
    ):
        lines = wrap(text, columns)
        assert not any(ln.startswith("·") for ln in lines), lines
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize("columns", range(20, 81, 3))
def test_design7_a_key_stays_with_the_particle_after_it(columns):
    """docs/app.md: the deck builder's hint at 80 columns ended a line with 「- 」 and began the next
    with 「で削除」 (and 「Tab」 / 「でプール…」): a key written in ASCII keeps its particle."""
    text = (
        "Enter でカードを移動（プール→デッキ、デッキ・スペアカード→戻す）、+ で追加、- で削除、s でスペアカードへ。"
        "t a c r で絞り込み、o で並べ替え。 Tab でプールとデッキを切り替えます。"
    )
    lines = wrap(text, columns)
    assert not any(ln.startswith(("で", "を")) for ln in lines), lines
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(width(ln) <= columns for ln in lines)


# -- 1. dialogs and the message line ------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
async def test_design7_a_dialog_and_the_message_line_wrap_japanese_and_keep_names_whole(tmp_path, size):
    """docs/app.md: a question naming 佐々木 美加子 where Textual would break inside the name shows
    the name on one line and no line begins with 、 or 。; the message line too."""
    from tui.screens.dialogs import Confirm

    dd = DataDir(tmp_path)
    store = dd.create({"name": "土曜リセ杯", "date": "2026-12-05", "sanctioned": False})
    Desk(store).add_players([WRAP_NAME, "山田 太郎"])
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang="ja")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.desk is not None, "the event")
        screen = app.screen
        question = "あ" * 25 + WRAP_NAME + "さんを途中棄権にしますか。" + "い" * 22 + "、" + "う" * 10
        app.push_screen(Confirm(question))
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        await pilot.pause()
        whole_dialog_on_screen(app)
        label = app.screen.query_one("Label")
        lines = [ln.strip() for ln in shown(app, label).split("\n") if ln.strip()]
        assert any(WRAP_NAME in ln for ln in lines), lines
        assert not any(ln[0] in NO_START for ln in lines), lines
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen, "the question closed")
        room = screen.query_one("#message").content_size.width
        screen.say("え" * (room // 2 - 4) + WRAP_NAME + "さんの記録は残ります。")
        await until(pilot, lambda: screen.query_one("#message").region.height >= 2, "the message wraps")
        lines = [ln.strip() for ln in shown(app, screen.query_one("#message")).split("\n") if ln.strip()]
        assert any(WRAP_NAME in ln for ln in lines), lines
        assert not any(ln[0] in NO_START for ln in lines), lines


# -- 2. Shift+F2 then Tab and a letter at once ---------------------------------------------------------


async def _rename_typed(tmp_path, fast: bool) -> tuple[str, str, str | None]:
    from textual import events

    from tests.app_helpers import add, cursor_on
    from tui.screens.dialogs import RenameForm

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_event(app, pilot, staff=True)
        screen = app.screen
        await add(pilot, screen, "山田太朗", "やまだ")
        await cursor_on(pilot, screen, "p1")
        keys = (("shift+f2", None), ("tab", "\t"), ("a", "a"))
        if fast:  # as a terminal delivers keys typed at once: all queued before the first is handled
            for key, ch in keys:
                app.post_message(events.Key(key, ch))
        else:
            for key, _ch in keys:
                await pilot.press(key)
                await until(
                    pilot,
                    lambda: isinstance(app.screen, RenameForm) and app.screen.focused is not None,
                    "the rename dialog",
                )
        await until(
            pilot,
            lambda: isinstance(app.screen, RenameForm) and app.screen.query_one("#rename-reading").value != "やまだ",
            "the letter in the dialog",
        )
        dlg = app.screen
        return (
            dlg.query_one("#rename-name").value,
            dlg.query_one("#rename-reading").value,
            dlg.focused.id if dlg.focused else None,
        )


@pytest.mark.asyncio
async def test_l_rename_keys_typed_at_once_after_shift_f2_land_in_the_dialog(tmp_path):
    """L-RENAME: Shift+F2, Tab and a letter typed at once do what they do typed slowly: the Tab
    moves to the reading box and the letter goes in it (before, the letter was lost: it had gone
    to the players table and came back up to the app after the dialog opened)."""
    fast = await _rename_typed(tmp_path / "fast", fast=True)
    slow = await _rename_typed(tmp_path / "slow", fast=False)
    assert fast == slow == ("山田太朗", "a", "rename-reading")


# -- 3. the event bar at 80 columns ---------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_design7_event_bar_takes_two_lines_at_80_columns_title_status_clock_readable(tmp_path, lang):
    """docs/app.md, G-TIME: at 80 columns the bar (title, status, clock) takes at most two lines with
    all of each on screen, before pairing and with the clock running; at 120 the same words show."""
    from core.demo import make_demo
    from core.i18n import set_language

    dd = DataDir(tmp_path)
    store = make_demo(dd, players=16)
    eid = store.id
    store.close()
    app = LyceeApp(dd, open_event=eid, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, EventScreen) and app.screen.desk is not None, "the event")
            screen = app.screen

            def bar_whole() -> bool:
                bar, more = screen.query_one("#event-bar"), screen.query_one("#round-status-more")
                title, status, clock = (screen.query_one(f"#{w}") for w in ("event-title", "round-status", "clock"))
                # the status goes on under the title (the dot at the split is shown on neither line: issue 48)
                status_shown = shown(app, status) + " · " + shown(app, more) if more.plain else shown(app, status)
                return (
                    bar.region.height + more.region.height <= 2
                    and squash(title.render().plain) in squash(shown(app, title))
                    and squash(status.plain) in squash(status_shown)
                    and squash(clock.plain) in squash(shown(app, clock))
                )

            for step in ("open", "f5", "ctrl+t"):
                if step != "open":
                    await pilot.press(step)
                    await app.workers.wait_for_complete()
                await until(pilot, bar_whole, f"the bar whole on two lines after {step}")
                assert screen.query_one("#event-bar").region.height == 1
                # it goes on below at a dot: no part is cut (「未開始」 broke as 「未開」 / 「始」)
                status = screen.query_one("#round-status")
                head, rest = status._text.plain, screen.query_one("#round-status-more").plain
                parts = [p for p in status.plain.split(" · ") if p]
                assert all(p in head or p in rest for p in parts), (head, rest)
                assert not rest.startswith("·") and not head.rstrip().endswith("·"), (head, rest)
            assert screen.query_one("#clock").plain  # the clock shows beside the status
            await pilot.resize_terminal(120, 40)
            await until(pilot, lambda: not screen.query_one("#round-status-more").display, "the wide bar")
            await until(
                pilot,
                lambda: squash(screen.query_one("#round-status").plain) in squash(shown(app)),
                "the status at 120 columns",
            )
    finally:
        set_language("en")


# -- 4. the deck builder's keys at 80x24 ------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_g_sealed_deck_builder_at_80x24_says_f1_has_the_keys_the_footer_leaves_out(tmp_path, lang):
    """G-SEALED, docs/app.md: at 80x24 the footer cannot hold m, Save, Load, Export: it ends with F1
    (more keys), and F1 lists each of them; at 120x40 the footer says so only if keys are cut."""
    from textual.widgets._footer import FooterKey

    from core.i18n import _, set_language
    from limited.sealed import open_sealed
    from tui.screens.deckbuilder import DeckBuilderScreen
    from tui.screens.limited_kit import catalog

    app = LyceeApp(DataDir(tmp_path), lang=lang)
    cs = catalog().set("alpha")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(
                DeckBuilderScreen(cs, "sealed", open_sealed(cs, "1s3b", random.Random(11)).cards, seed=11, name="alpha")
            )
            await until(
                pilot,
                lambda: (
                    isinstance(app.screen, DeckBuilderScreen)
                    and any(k.key == "f1" and k.region.width for k in app.screen.query(FooterKey))
                ),
                "F1 in the footer",
            )
            keys = {k.key for k in app.screen.query(FooterKey)}
            assert not {"m", "ctrl+s", "l", "e"} <= keys  # the footer cannot hold them all ...
            f1 = next(k for k in app.screen.query(FooterKey) if k.key == "f1" and k.region.width)
            assert f1.region.right <= 80 and squash(_("more keys")) in squash(shown(app, f1))  # ... and says so
            await pilot.press("f1")
            await until(pilot, lambda: hasattr(app.screen, "rows"), "the keys")
            ids = {row[2] for row in app.screen.rows}
            assert {"builder.match", "builder.save", "builder.load", "builder.export"} <= ids
    finally:
        set_language("en")


# -- 5. the draft caller's title ----------------------------------------------------------------------------


async def caller_titled(app, pilot) -> None:
    """Wait until the draft table (the caller) shows its title."""
    from tui.screens.draft_table import TableScreen

    await until(
        pilot,
        lambda: (
            isinstance(app.screen, TableScreen)
            and app.screen.query("#table-title")
            and app.screen.query_one("#table-title").region.height > 0
        ),
        "the caller",
    )
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_g_draft_1_table_title_keeps_the_seed_with_its_words_at_80_columns(tmp_path, lang):
    """G-DRAFT-1, docs/app.md: the draft table's title at 80 columns broke 「乱数」 / 「シード 429774699」;
    it breaks at a dot between its parts, and the seating's part (with the seed) stays whole."""
    from core.i18n import _, set_language
    from tui.screens.draft_table import TableScreen

    app = LyceeApp(DataDir(tmp_path), lang=lang)
    names = [f"佐藤 {i}" for i in range(8)]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(
                TableScreen(names, set_code="alpha", packs=4, cards=11, seed=429774699)  # seats drawn, as in practice
            )
            await caller_titled(app, pilot)
            lines = [ln.strip() for ln in shown(app, app.screen.query_one("#table-title")).split("\n") if ln.strip()]
            assert len(lines) == 2, lines
            seating = _("seats drawn, seed {seed}", seed=429774699)
            assert any(seating in ln for ln in lines), lines
    finally:
        set_language("en")


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "event",
    [
        "第12回 リセ公認ブースタードラフト大会 秋葉原店舗予選 きさらぎ杯 決勝ラウンド",
        "リセ公認ブースタードラフト大会秋葉原店舗予選きさらぎ杯決勝ラウンド第十二回記念",
    ],
)
async def test_g_draft_1_caller_title_cuts_a_long_event_name_cleanly(tmp_path, size, event):
    """G-DRAFT-1, docs/app.md: the caller's title never breaks inside an event's name that fits a
    line; a title longer than its two lines ends with an ellipsis."""
    from core.i18n import set_language
    from tui.screens.draft_table import TableScreen, make_pods

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    names = [f"佐藤 {i}" for i in range(8)]
    try:
        async with app.run_test(size=size) as pilot:
            app.push_screen(
                TableScreen(
                    names, set_code="alpha", packs=4, cards=11, seed=1, pods=make_pods(names, 1, True), event_name=event
                )
            )
            await caller_titled(app, pilot)
            title = app.screen.query_one("#table-title")
            lines = [ln.rstrip() for ln in shown(app, title).split("\n")]
            assert len(lines) <= 2
            whole = "".join(ln.strip() for ln in lines)
            if event in title.plain and squash(event) not in squash(whole):
                assert lines[-1].endswith("…"), lines  # cut, and visibly so
            if width(event) <= title.content_size.width:
                assert any(event in ln for ln in lines) or lines[-1].endswith("…"), lines
    finally:
        set_language("en")


@pytest.mark.parametrize("columns", range(50, 121, 2))
def test_design7_the_bar_never_leaves_the_count_of_missing_results_alone_on_a_line(columns):
    """docs/app.md: the event bar at 120 columns put 「5件」 alone on its second line (「未入力 5件」 parted
    at its space); the count stays with 未入力 in the catalog's Japanese."""
    from core import i18n

    i18n.set_language("ja")
    try:
        missing = i18n.ngettext("{k} result missing", "{k} results missing", 5, k=5)
    finally:
        i18n.set_language("en")
    text = f"ドラフト会  終了予定 21:16 · ブースタードラフト戦 · 2本先取 · 50分 · 第1回戦: {missing}"
    lines = wrap(text, columns)
    assert not any(ln.strip() in ("5件", "件") for ln in lines), lines
    assert any("未入力5件" in ln for ln in lines), lines
