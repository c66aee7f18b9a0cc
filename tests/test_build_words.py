"""Issue 48 item 19, what a draft event's people read: counted words in the singular when there is
one (「1 pod(s)」, 「3 players in 1 pod(s)」, verify's 「8 player(s), 1 round(s), 4 match(es)」), through the
catalog's plural handling (core.i18n.ngettext); the Japanese reads the same for any count."""

from __future__ import annotations

import pytest

from core import i18n
from core.desk import Desk
from core.reports.verify_base import Finding, Report
from core.store import DataDir
from limited.view import draft_pods
from tui.cli import main


@pytest.fixture
def japanese():
    yield
    i18n.set_language("en")


def test_design7_verify_counts_in_the_singular_and_the_plural():
    # L-TEXT: "8 player(s), 1 round(s), 4 match(es)" before
    said = Report(players=8, rounds=1, matches=4, exact=1).summary()
    assert said.startswith("verified: 8 players, 1 round, 4 matches: ") and "(s)" not in said, said
    assert "(1 round checked exactly, 0 locally)" in said, said
    said = Report(players=1, rounds=3, matches=1, exact=3).summary()
    assert said.startswith("verified: 1 player, 3 rounds, 1 match: "), said
    finding = Finding(round=1, table=1, rule="G-SWISS-PAIR-2", message="x")
    assert Report(rounds=1, findings=[finding]).summary() == "1 finding in 1 round"


def test_design7_verify_counts_read_in_japanese(japanese):
    i18n.set_language("ja")
    said = Report(players=8, rounds=1, matches=4, exact=1).summary()
    assert said.startswith("検証済み（8人、1回戦、4試合）。"), said


def test_g_draft_1_the_log_says_one_pod(tmp_path, capsys):
    # G-DRAFT-1: the audit trail said "draft seated: 1 pod(s) (4)"
    store = DataDir(tmp_path).create({"name": "Draft", "kind": "draft", "match": "bo3", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["A", "B", "C", "D"])
    draft_pods(desk, "alpha", 4, 5)
    eid = store.id
    store.close()
    assert main(["--data-dir", str(tmp_path), "--lang", "en", "log", eid]) == 0
    out = capsys.readouterr().out
    assert "draft seated: 1 pod (4)" in out and "pod(s)" not in out, out


@pytest.mark.asyncio
async def test_g_draft_1_the_draft_table_title_says_one_pod_at_120x40(tmp_path):
    # G-DRAFT-1: the caller's title said "3 players in 1 pod(s)"
    from tui.app import LyceeApp
    from tui.screens.draft_table import TableScreen

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(TableScreen(["Ann", "Ben", "Cid"], set_code="alpha", packs=4, cards=11, seed=1))
        await pilot.pause()
        title = app.screen.query_one("#table-title").plain
        assert "3 players in 1 pod (3)" in title and "(s)" not in title, title


def test_g_head_judge_the_trail_names_each_staff_member_once_by_role(japanese):
    # G-HEAD-JUDGE: 「変更: スタッフ = 店長、佐々木、佐々木」 (the head judge is also among the judges)
    from core.rules.settings import show_value

    staff = {"organizer": "店長", "judges": ["佐々木"], "head_judge": "佐々木"}
    assert show_value("staff", staff) == "organizer 店長; head judge 佐々木"
    i18n.set_language("ja")
    assert show_value("staff", staff) == "主催者 店長、ヘッドジャッジ 佐々木"
    staff["judges"] = ["佐々木", "加藤"]
    assert show_value("staff", staff) == "主催者 店長、ヘッドジャッジ 佐々木、ジャッジ 加藤"


def test_g_sealed_a_deck_problem_gives_its_rule_id_as_every_refusal_does(japanese):
    # G-SEALED: the sealed builder read 「…してください [G-SEALED]」, the draft's 「（…G-DRAFT-4）」
    from core.cards.deckmodel import DeckProblem

    p = DeckProblem("G-SEALED", "size", "the deck has 39 cards")
    assert str(p) == "the deck has 39 cards [G-SEALED]"
    i18n.set_language("ja")
    assert str(DeckProblem("G-SEALED", "size", "デッキが39枚です")) == "デッキが39枚です（G-SEALED）"


@pytest.mark.parametrize("kind", ["sealed", "draft"])
def test_g_sealed_the_open_prompt_says_its_syntax_in_words(japanese, kind):
    # G-SEALED, G-DRAFT-2: 「セット パック数 [乱数シード] [real]」 was the syntax itself
    from tui.screens.event_limited import open_hint

    i18n.set_language("ja")
    text = open_hint(kind)
    assert "[" not in text and "セット名" in text and "例: alpha" in text, text
    i18n.set_language("en")
    assert "[SEED]" not in open_hint(kind) and "write the set" in open_hint(kind)


def test_g_draft_4_the_builder_s_registration_with_a_problem_nests_no_parentheses(japanese):
    # G-DRAFT-4: 「…第1回戦は組めません（…ちょうど40枚にしてください（G-DRAFT-4））」 once the rule id is full-width
    import re

    from core.cards.deckmodel import DeckProblem

    i18n.set_language("ja")
    said = i18n._(
        "registered to {name}, with {n} problem(s): round 1 waits for a legal deck ({first})",
        name="鈴木",
        n=1,
        first=str(DeckProblem("G-DRAFT-4", "size", "デッキが3枚です。ちょうど40枚にしてください")),
    )
    assert said.endswith("（G-DRAFT-4）") and not re.search(r"（[^）]*（", said), said
