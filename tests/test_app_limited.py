"""Limited play in the app, driven from the keyboard (Pilot): a practice draft
to a saved deck, a sealed build to a legal 40-card deck, the draft table
calling picks with a fake clock (G-SEALED, G-DRAFT-1..4, G-SPARE-1)."""

import random

import pytest
from rich.cells import cell_len

from core.cards.decks import check_draft, check_sealed, parse_decklist
from core.store import DataDir
from limited.draft import PickTimer
from limited.draftlog import read_log, replay
from limited.facts import catalog_for
from tests.app_helpers import type_text
from tui.app import LyceeApp
from tui.screens.deckbuilder import DeckBuilderScreen, Library
from tui.screens.draft import DraftScreen, PackReview
from tui.screens.draft_table import BuildTimerScreen, TableCall, TableScreen, TableSetup
from tui.screens.limited_kit import PausableClock, catalog
from tui.screens.practice import PracticeScreen
from tui.screens.sealed import SealedScreen
from tui.widgets.cards import seat_ring
from tui.widgets.plain import PlainTable


class FakeClock:
    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


async def practice_draft(app, pilot, *, seats: int, seed: int) -> DraftScreen:
    """A practice draft of alpha, 4 packs, Aki and bots, no pick timer, on screen."""
    screen = DraftScreen(
        catalog().set("alpha"), packs=4, seats=seats, name="Aki", seed=seed, clock=FakeClock(), timer=False
    )
    app.push_screen(screen)
    await pilot.pause()
    return screen


async def open_practice(pilot, app, clock):
    await pilot.press("p")  # the event list's binding (events.practice)
    await pilot.pause()
    assert isinstance(app.screen, PracticeScreen)
    app.screen.clock = clock


@pytest.mark.asyncio
async def test_practice_draft_to_a_saved_deck(tmp_path):
    """8 seats, 1 human, 4 packs: pick by keys (one pick timed out by the fake
    clock, G-DRAFT-1), a review after every pack, the builder's suggestion
    (G-DRAFT-4: 40 cards), saved in the library and exported as text."""
    dd = DataDir(tmp_path)
    clock = FakeClock()
    app = LyceeApp(dd, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_practice(pilot, app, clock)
        await pilot.press("d")
        await pilot.pause()
        app.screen.query_one("#seed").focus()
        await type_text(pilot, "7")
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        d = screen.draft
        assert len(d.seats) == 8 and sum(not s.bot for s in d.seats) == 1
        me = screen.me
        target = d.state().passes_to(me)
        assert d.seats[target].name in str(screen.query_one("#passing").render())
        assert str(screen.query_one("#timer").value) == str(int(PickTimer().seconds(11)))

        # pause: time passes but no pick is lost
        await pilot.press("space")
        clock.t += 500
        screen.tick()
        assert len(d.pool(me)) == 0
        await pilot.press("space")
        # the deadline passes: the bot's choice is taken for the player
        clock.t += 100
        screen.tick()
        await pilot.pause()
        assert len(d.pool(me)) == 1
        assert [p for p in d.picks if p.seat == me][0].timeout
        assert "time!" in str(screen.query_one("#message").render())

        reviews = 0
        for _ in range(200):
            if isinstance(app.screen, PackReview):
                reviews += 1
                await pilot.press("enter")
            elif isinstance(app.screen, DraftScreen):
                await pilot.press("a" if d.pick_number % 4 == 0 else "enter")  # sometimes the bot's choice
            else:
                break
            await pilot.pause()
        assert reviews == 4
        builder = app.screen
        assert isinstance(builder, DeckBuilderScreen)
        assert builder.kind == "draft" and builder.want == 40
        assert sum(builder.pool.values()) == 44  # 4 packs of 11, every card taken
        log = tmp_path / "drafts" / "draft-alpha-7.json"
        cs = catalog().set("alpha")
        assert replay(read_log(log, cs), cs).pools[me] == d.pool(me)

        await pilot.press("g")
        await pilot.pause()
        assert builder.problems == []
        assert "✓" in str(builder.query_one("#checks").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the proposed name
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
    docs = Library(tmp_path).decks()
    assert [doc["name"] for doc in docs] == ["alpha draft 7"]
    doc = docs[0]
    assert sum(doc["deck"].values()) == 40 and doc["kind"] == "draft" and doc["packs"] == 4
    deck = parse_decklist((tmp_path / "decks" / "alpha-draft-7.txt").read_text(encoding="utf-8"))
    assert dict(deck.counts("deck")) == doc["deck"]
    assert check_draft(deck, catalog_for(cs), packs=4, pool=doc["pool"]) == []


@pytest.mark.asyncio
async def test_sealed_from_opening_to_a_legal_40_card_deck(tmp_path):
    """1 starter + 3 boosters opened from a shown seed; a deck built card by card
    with filters, spares and the live checks (G-SEALED, R-DECK-4, G-SPARE-1)."""
    dd = DataDir(tmp_path)
    app = LyceeApp(dd, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_practice(pilot, app, FakeClock())
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#product").value = "1s3b"
        app.screen.query_one("#seed").focus()
        await type_text(pilot, "11")
        await pilot.press("ctrl+s")
        await pilot.pause()
        sealed = app.screen
        assert isinstance(sealed, SealedScreen)
        assert "seed 11" in str(sealed.query_one("#sealed-title").render())
        assert [p.kind for p in sealed.pool.packs] == ["starter", "booster", "booster", "booster"]
        await pilot.press("b")
        await pilot.pause()
        b = app.screen
        assert isinstance(b, DeckBuilderScreen) and b.want == 40
        assert b.problems and b.problems[0].rule == "G-SEALED"

        # filters: characters only, then everything again
        await pilot.press("t")
        await pilot.pause()
        assert {b.card(n).type for n in b._rows["pool"]} == {"character"}
        await pilot.press("0")
        await pilot.pause()
        assert len(b._rows["pool"]) == len(b.pool)

        pool_table = b.query_one("#pool")
        for row in range(len(b._rows["pool"])):
            num = b._rows["pool"][row]
            while b.left(num) > 0 and sum(b.deck.values()) < 40:
                await pilot.press("enter")
                if any(p.code == "name_limit" for p in b.problems):  # the live check says no
                    await pilot.press("minus")
                    break
            if sum(b.deck.values()) == 40:
                break
            await pilot.press("down")
            assert pool_table.cursor_row == row + 1
        assert sum(b.deck.values()) == 40
        assert b.problems == []

        # a spare card from what is left, then best of one refuses spares (G-SPARE-1)
        while b.left(b._rows["pool"][pool_table.cursor_row]) == 0:
            await pilot.press("down")
        await pilot.press("s")
        await pilot.pause()
        assert sum(b.spare.values()) == 1 and b.problems == []
        await pilot.press("m")
        assert [p.code for p in b.problems] == ["spare_match"]
        await pilot.press("m")
        assert b.problems == []

        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*["backspace"] * 40)
        await type_text(pilot, "my sealed")
        await pilot.press("enter")
        await pilot.pause()
        assert not b.dirty
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is sealed
    (doc,) = Library(tmp_path).decks()
    assert doc["name"] == "my sealed" and doc["product"] == "1s3b" and doc["seed"] == 11
    cs = catalog().set("alpha")
    from core.cards.decks import Decklist

    deck = Decklist.from_counts(doc["deck"], doc["spare"])
    assert check_sealed(deck, catalog_for(cs), pool=doc["pool"]) == []


@pytest.mark.asyncio
async def test_deck_builder_loads_from_the_library(tmp_path):
    """docs/storage.md (library file) and docs/app.md: a saved deck comes back from the library."""
    dd = DataDir(tmp_path)
    cs = catalog().set("beta")
    from limited.sealed import open_sealed

    pool = open_sealed(cs, "2s", random.Random(3)).cards
    app = LyceeApp(dd, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(DeckBuilderScreen(cs, "sealed", pool, seed=3, name="beta one"))
        await pilot.pause()
        await pilot.press("g", "tab", "minus")  # one fewer in the deck (the pool lists only cards left)
        app.screen.save_as("beta one")
        await pilot.press("escape")  # saved: leaves without asking
        await pilot.pause()
        await pilot.press("escape")  # back to the event list
        await open_practice(pilot, app, FakeClock())
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        b = app.screen
        assert isinstance(b, DeckBuilderScreen)
        assert b.deck_name == "beta one" and sum(b.deck.values()) == 39
        assert [p.code for p in b.problems] == ["size"]
        await pilot.press("f1")  # every key of the builder, footer or not, with its id
        await pilot.pause()
        ids = {row[2] for row in app.screen.rows}
        assert {
            "builder.move",
            "builder.filter_type",
            "builder.filter_attr",
            "builder.filter_cost",
            "builder.filter_rarity",
            "builder.sort",
            "builder.save",
            "builder.export",
        } <= ids


@pytest.mark.asyncio
async def test_draft_table_calls_picks_with_a_fake_clock(tmp_path):
    """The real table (G-DRAFT-1): players from an event, seats drawn, the pick
    called by the timer, pause and resume, passing, the direction turning."""
    dd = DataDir(tmp_path)
    from core.desk import Desk

    store = dd.create({"name": "Draft night", "date": "2024-05-01", "kind": "draft"})
    eid = store.id
    Desk(store).add_players(["Aki", "佐藤 花子", "Ben", "Chika", "Dai", "Emi"])
    store.close()
    clock = FakeClock()
    app = LyceeApp(dd, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_practice(pilot, app, clock)
        await pilot.press("t")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, TableSetup)
        setup.query_one("#event").value = eid
        await pilot.pause()
        assert setup.query_one("#names").text.splitlines()[1] == "佐藤 花子"
        setup.query_one("#seed").focus()
        await type_text(pilot, "5")
        await pilot.press("ctrl+s")
        await pilot.pause()
        t = app.screen
        assert isinstance(t, TableScreen)
        st = t.call_state
        assert [len(p) for p in t.pods] == [6] and st.cards == 11
        pod = t.pods[0]
        seats = t.query_one("#seats")
        assert str(seats.get_row_at(0)[3]) == f"2. {pod[1].name}"  # pack 1 passes to the next seat

        await pilot.press("space")
        assert st.phase == "pick" and st.left(clock()) == PickTimer().seconds(11)
        assert "Pick up!" in str(t.query_one("#call").render())
        clock.t += 5
        t.tick()
        assert str(t.query_one("#big").value) == str(int(PickTimer().seconds(11) - 5))
        assert "seconds left" in str(t.query_one("#call").render())
        await pilot.press("space")  # pause
        clock.t += 1000
        t.tick()
        assert st.phase == "pick" and st.paused
        await pilot.press("space")  # resume
        clock.t += PickTimer().seconds(11) - 5
        t.tick()
        assert st.phase == "draft" and "Draft!" in str(t.query_one("#call").render())
        clock.t += 3
        t.tick()
        assert st.phase == "pick" and st.pick == 1 and st.left(clock()) == PickTimer().seconds(10)
        for _ in range(40):
            if st.phase == "pack_done":
                break
            await pilot.press("n")
        assert st.phase == "pack_done" and st.round == 0
        await pilot.press("space")  # pack 2: the other way
        await pilot.pause()
        assert st.round == 1 and st.direction == -1
        assert str(seats.get_row_at(0)[3]) == f"6. {pod[5].name}"
        assert "counter-clockwise" in str(t.query_one("#direction").render())
        for _ in range(200):
            if st.phase == "done":
                break
            await pilot.press("space" if st.phase == "pack_done" else "n")
        assert st.phase == "done" and st.round == 3
        await pilot.press("b")
        await pilot.pause()
        await pilot.press(*["backspace"] * 4)
        await type_text(pilot, "25")  # instead of the proposed core.rules.decklists.DEFAULT_BUILD_MINUTES
        await pilot.press("enter")
        await pilot.pause()
        assert st.phase == "build" and str(t.query_one("#big").value) == "25:00"
        clock.t += 25 * 60
        t.tick()
        assert st.phase == "built"


@pytest.mark.asyncio
async def test_build_timer_for_an_event(tmp_path):
    """G-SEALED: the deck-building countdown runs on a fake clock."""
    clock = FakeClock()
    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_practice(pilot, app, clock)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("backspace", "backspace", "2", "0", "enter")
        await pilot.pause()
        t = app.screen
        assert isinstance(t, BuildTimerScreen)
        assert str(t.query_one("#big").value) == "20:00"
        clock.t += 61
        t.tick()
        assert str(t.query_one("#big").value) == "18:59"
        await pilot.press("space")
        clock.t += 3600
        t.tick()
        assert str(t.query_one("#big").value) == "18:59" and "Paused" in str(t.query_one("#call").render())
        await pilot.press("space")
        clock.t += 19 * 60
        t.tick()
        assert t.call_state.phase == "built"


def test_table_call_passes_every_card_of_every_pack():
    """G-DRAFT-1: Every pick of every pack is called once; time jumps catch up in order
    (the pack's last card is taken, not passed: issue 48 item 15)."""
    st = TableCall(packs=4, cards=11, timer=PickTimer())
    assert st.start(0.0) == "pick"
    events = st.update(10_000.0)  # one long gap: stops between packs
    assert events.count("draft") == 10 and events[-2:] == ["last", "pack_done"]
    assert st.skip(10_000.0) == "pick" and st.round == 1 and st.direction == -1


def test_pausable_clock_stands_still():
    """G-DRAFT-1: a paused pick timer stands still."""
    base = FakeClock(10.0)
    c = PausableClock(base)
    c.pause()
    base.t = 50.0
    assert c() == 10.0
    c.resume()
    base.t = 60.0
    assert c() == 20.0


def test_seat_ring_keeps_full_width_names_aligned():
    """docs/app.md: full-width names keep the seat ring aligned."""
    names = ["Aki", "佐藤 花子", "Ben", "髙橋 美咲子", "Dai", "Emi", "Fumi"]
    for d in (1, -1):
        lines = seat_ring(names, d).plain.splitlines()
        assert len({cell_len(line) for line in lines}) == 1
        assert ("→" in lines[0]) == (d > 0)


def test_library_round_trip(tmp_path):
    """docs/storage.md: the deck library stores and returns a deck unchanged."""
    lib = Library(tmp_path)
    assert lib.decks() == []
    lib.save({"name": "a", "set": "alpha", "kind": "sealed", "pool": [], "deck": {}, "spare": {}, "saved": "1"})
    lib.save(
        {"name": "a", "set": "alpha", "kind": "sealed", "pool": [], "deck": {"CH-5001": 1}, "spare": {}, "saved": "2"}
    )
    assert [d["deck"] for d in lib.decks()] == [{"CH-5001": 1}]
    lib.remove("a")
    assert lib.decks() == []


@pytest.mark.asyncio
@pytest.mark.parametrize("lang,size", [("en", (80, 24)), ("ja", (120, 40))])
async def test_practice_draft_shows_ratings_the_bots_suggestion_and_upstream(tmp_path, lang, size):
    """Issue 28 practice aids: each card of the pack shows its rating; `w` says what
    the bot would take and why (the cursor moves to it); `a` takes that card; after
    enough passed packs the pool head says what the seats upstream seem to be in."""
    from core import i18n
    from limited.bots import colour_text

    app = LyceeApp(DataDir(tmp_path), lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            screen = await practice_draft(app, pilot, seats=8, seed=3)
            t = screen.query_one("#pack")
            first = screen.rows[0]
            assert str(t.get_row_at(0)[2]) == str(screen.cs.card(first).rating)
            for _ in range(4):
                await pilot.press("enter")
            await pilot.pause()
            r = screen.suggestion()
            await pilot.press("w")
            await pilot.pause()
            msg = str(screen.query_one("#message").render())
            assert r.choice in msg and r.text() in msg
            assert screen.rows[t.cursor_row] == r.choice
            await pilot.press("a")
            await pilot.pause()
            assert screen.draft.pool(screen.me)[-1] == r.choice
            # the upstream read is said once it is real and steady (issue 48), within the draft
            for _ in range(40):
                if screen.suggestion().upstream:
                    break
                await pilot.press("enter")
                await pilot.pause()
            up = screen.suggestion().upstream
            assert up
            assert colour_text(up) in str(screen.query_one("#pool-head").render())
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_practice_draft_suggestion_is_the_bot_of_the_seat_however_seldom_asked(tmp_path):
    """Issue 28: `w` in pack 2, after a pack picked by keys without asking
    (and its last card taken for the player), says what a bot shown every pack
    of the seat would take, with its reason (as `lycee draft review` will)."""
    from limited.bots import Bot
    from limited.facts import facts_for

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await practice_draft(app, pilot, seats=8, seed=4)
        for _ in range(60):
            if len(screen.draft.pool(screen.me)) >= 15:
                break
            if isinstance(app.screen, PackReview):
                await pilot.press("enter")
            else:
                await pilot.press("end", "enter")  # the pack's last card: not the bot's
            await pilot.pause()
        assert app.screen is screen and len(screen.draft.pool(screen.me)) >= 15
        d, me = screen.draft, screen.me
        seen, pool = d.seen(me), d.pool(me)
        ref = Bot(facts_for(screen.cs), d.deck_size, pack_size=len(d.opened[0][0]))
        for i, pack in enumerate(seen):
            ref.explain(pack, pool[:i])
        want = ref.explain(d.offered(me), pool)
        await pilot.press("w")
        await pilot.pause()
        msg = str(screen.query_one("#message").render())
        assert want.choice in msg and want.text() in msg
        assert screen.suggestion() == want


@pytest.mark.asyncio
async def test_practice_draft_suggestion_keeps_each_card_with_its_score_at_80_columns(tmp_path):
    """Issue 28 / docs/app.md: the `w` message wraps by Japanese rules and never
    parts a card's number from its score, nor breaks inside the card's name (at
    80 columns in Japanese, over the picks of a pack)."""
    from core import i18n

    app = LyceeApp(DataDir(tmp_path), lang="ja")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await practice_draft(app, pilot, seats=8, seed=9)
            wrapped = 0
            for _ in range(10):
                r = screen.suggestion()
                await pilot.press("w")
                await pilot.pause()
                label = screen.query_one("#message")
                lines = [x.plain for x in label.render().lines(label.content_region.width)]
                wrapped += len(lines) > 1
                for x in r.top:
                    score = f"{x.number} {x.total:.1f}"
                    assert any(score in line for line in lines), (score, lines)
                name = screen.cs.card(r.choice).name
                assert any(name in line for line in lines), (name, lines)
                await pilot.press("a")
                await pilot.pause()
            assert wrapped >= 5  # the message did wrap
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_practice_draft_ends_with_a_pick_review(tmp_path):
    """Issue 28 review screen: after the last pack, `r` opens the pick review of the
    player's seat: one row a pick, `*` where the player's card is not the bot's
    choice, the reason of the highlighted pick below."""
    from tui.screens.draft import PickReviewScreen

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await practice_draft(app, pilot, seats=4, seed=2)
        for _ in range(200):
            if isinstance(app.screen, PackReview):
                if app.screen.last:
                    break
                await pilot.press("enter")
            else:
                await pilot.press("end", "enter")  # the last card of the pack: often not the bot's
            await pilot.pause()
        assert isinstance(app.screen, PackReview) and app.screen.last
        await pilot.press("r")
        await pilot.pause()
        rv = app.screen
        assert isinstance(rv, PickReviewScreen)
        t = rv.query_one("#why").render()
        assert len(rv.review.picks) == 44 and rv.review.name == "Aki"
        table = rv.query_one(PlainTable)
        marks = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert table.row_count == 44
        assert [m.startswith("*") for m in marks] == [p.differs for p in rv.review.picks]
        assert any(p.differs for p in rv.review.picks)
        assert rv.review.picks[0].reason.text() in str(t)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["ja", "en"])
async def test_g_draft_1_between_packs_the_picks_and_the_pool_show_whole_at_80x24(tmp_path, lang):
    """G-DRAFT-1: at 80x24 the review after a pack cut the pool's cost curve after its top rows
    (no costs, no counts) and the cards' names past the table's edge; now after every pack each
    pick's number, name (a long one cut with … at what the row leaves it, 10 cells or more), attribute
    and cost, and the whole curve with its counts are on screen."""
    from core.columns import NO_START, width
    from core.i18n import set_language
    from tests.app_helpers import fits, on_screen, shown
    from tui.widgets.cards import attr_glyphs, cost_glyphs
    from tui.widgets.wrapped import fit_cell

    app = LyceeApp(DataDir(tmp_path), lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await practice_draft(app, pilot, seats=8, seed=1)  # among its picks: names wider than 12 cells
            reviews = cut = 0
            for _ in range(60):
                if not isinstance(app.screen, PackReview):
                    await pilot.press("a")
                    await pilot.pause()
                    continue
                rv = app.screen
                reviews += 1
                await pilot.pause()
                fits(app)
                room = rv.query_one(PlainTable).ordered_columns[2].width  # what the row leaves the name
                assert room >= 10, room
                for p in rv.picks:  # number, name (whole, or cut and marked …) and cost on the row
                    c = rv.cs.card(p.took)
                    name = c.name if width(c.name) <= room else fit_cell(c.name, room).rstrip()
                    cut += name != c.name
                    assert on_screen(app, f"{c.number}{name}{attr_glyphs(c).plain}{cost_glyphs(c).plain}"), c.name
                curve = rv.query_one("#review-charts").render().plain.splitlines()
                assert all(on_screen(app, ln) for ln in curve if ln.strip()), [
                    ln for ln in curve if ln.strip() and not on_screen(app, ln)
                ]
                assert any("5+" in ln for ln in curve)
                if rv.last:
                    break
                await pilot.press("enter")
                await pilot.pause()
            assert reviews == 4 and cut  # every pack's review, and a long name among the picks
            # the pick review's lines below the table wrap by Japanese rules (none begins with 「）」)
            await pilot.press("r")
            await pilot.pause()
            for label in app.screen.query(".hint"):
                lines = [ln.strip() for ln in shown(app, label).splitlines() if ln.strip()]
                assert lines and not any(ln[0] in NO_START for ln in lines[1:]), lines
    finally:
        set_language("en")


@pytest.mark.asyncio
async def test_g_sealed_practice_menu_opens_the_line_chosen_with_enter(tmp_path):
    """G-SEALED: the limited menu opens the line the arrows chose when Enter is
    pressed, as its letter does (the menu's Enter ran an action it never awaited,
    so nothing opened; mypy's unused-coroutine found it)."""
    from tui.screens.limited_kit import SealedSetup

    app = LyceeApp(DataDir(tmp_path), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_practice(pilot, app, FakeClock())
        await pilot.press("down")  # from Draft practice to Sealed practice
        await pilot.press("enter")
        for _ in range(50):
            if isinstance(app.screen, SealedSetup):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, SealedSetup)


@pytest.mark.asyncio
async def test_g_draft_1_the_pick_timer_stands_still_while_f1_is_open(tmp_path):
    """G-DRAFT-1, issue 48 item 17: the keys (F1) over a practice draft stop
    its pick timer (it ran on, and the pick timed out behind the help); Esc
    back to the draft runs it again from where it stood."""
    clock = FakeClock()
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = DraftScreen(catalog().set("alpha"), packs=4, seats=8, name="Aki", seed=3, clock=clock, timer=True)
        app.push_screen(screen)
        await pilot.pause()
        left = screen.draft.time_left(screen.me)
        assert left is not None and left > 10
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is not screen
        clock.t += 600  # ten minutes reading the keys
        screen.tick()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.clock.paused
        assert screen.draft.time_left(screen.me) == left and not screen.draft.pool(screen.me)
        clock.t += 5
        assert screen.draft.time_left(screen.me) == left - 5


@pytest.mark.asyncio
@pytest.mark.parametrize("lang,size", [("ja", (80, 24)), ("en", (120, 40))])
async def test_l_draft_pod_the_store_seats_eight_players_in_two_pods_of_four(tmp_path, lang, size):
    """L-DRAFT-POD (issue 48 item 17): the draft table's form takes the most players a pod,
    so a store with two tables of four splits 8 players 4+4 (the form had no such field:
    8 always sat in one pod); a size outside 2 to 8 is refused in the form, which stays."""
    clock = FakeClock()
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            await open_practice(pilot, app, clock)
            await pilot.press("t")
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, TableSetup)
            setup.query_one("#names").text = "\n".join(["Aki", "Ben", "Chika", "Dai", "Emi", "Fumi", "Gen", "Hana"])
            setup.query_one("#pod").value = "9"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is setup and ("2" in str(setup.query_one("#form-error").render()))
            setup.query_one("#pod").value = "4"
            await pilot.press("ctrl+s")
            await pilot.pause()
            t = app.screen
            assert isinstance(t, TableScreen)
            assert [len(p) for p in t.pods] == [4, 4]
    finally:
        from core import i18n

        i18n.set_language("en")
