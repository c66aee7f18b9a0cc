"""Issue 27, done when: a real sealed and a real draft event at the store, in
Japanese at 80x24, by keys: pools from packs opened at the table entered by
card number (G-SEALED: one starter's list + three boosters' worth; G-DRAFT-1:
packs x booster size), decks built from them and registered, round 1 paired
without the head judge's override; the draft called from the event's F11
caller on the event's own seating, its pools entered after the last pack.
Each step asserts what the organizer sees."""

import random
from collections import Counter

import pytest
from textual import events

from core import i18n
from core.rules.decklists import default_catalog
from core.store import DataDir
from limited.packs import open_booster
from limited.sealed import open_sealed
from limited.tablepool import card_echo
from tests.app_helpers import build_and_register, fits, on_screen, pair, shown, type_text, until
from tui.app import LyceeApp
from tui.screens.dialogs import Choose
from tui.screens.draft_table import TableScreen
from tui.screens.event import EventScreen
from tui.screens.pool_entry import EntryLine, PoolEntryScreen


class FakeClock:
    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def in_order(counts: Counter) -> list[str]:
    return sorted(counts, key=lambda n: ("CH", "EV", "IT", "AR").index(n[:2]) * 10000 + int(n[3:7]))


def entry_lines(counts: Counter) -> list[str]:
    """The pool as the organizer types it: NUMBER COUNT, the prefix only when it changes."""
    out, prefix = [], "CH"
    for num in in_order(counts):
        p, digits = num.split("-")
        out.append(f"{digits} {counts[num]}" if p == prefix else f"{num} {counts[num]}")
        prefix = p
    return out


async def new_limited_event(app, pilot, name: str, kind: str, players: int) -> EventScreen:
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    for field, value in (
        ("#name", name),
        ("#kind", kind),
        ("#organizer", "店長"),
        ("#judges", "佐藤"),
        ("#head_judge", "佐藤"),
    ):
        form.query_one(field).value = value  # (Japanese is typed through an IME)
    form.query_one("#sanctioned").value = False  # the sample sets are for unsanctioned events
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, EventScreen)
    await pilot.press("ctrl+f")
    await pilot.pause()
    app.screen.query_one("Input").value = str(players)
    await pilot.press("enter")
    await pilot.pause()
    assert len(screen.event.players) == players
    return screen


async def open_real(app, pilot, line: str) -> None:
    await pilot.press("f11")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    # the open prompt lists the set codes and says what 1s3b and real mean
    assert on_screen(app, "alpha") and on_screen(app, "real")
    if "1s3b" in line:
        assert on_screen(app, "1s3b")
    await type_text(pilot, line)
    await pilot.press("enter")
    await pilot.pause()


async def paste(pilot, app, text: str) -> None:
    app.screen.query_one(EntryLine).post_message(events.Paste(text))
    await pilot.pause()


@pytest.mark.asyncio
async def test_g_sealed_real_pools_entered_by_number_to_round_1_in_japanese_at_80x24(tmp_path):
    # G-SEALED
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    cs = default_catalog().set("alpha")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_limited_event(app, pilot, "シールド杯", "sealed", 4)
        names = [p.name for p in screen.event.players]
        await open_real(app, pilot, "alpha 1s3b real")
        b = screen.event.build
        assert b is not None and b.real and b.product == "1s3b" and not screen.event.pools
        assert on_screen(
            app, ja("build phase opened for packs opened at the table: F11 → enter each player's pool by number")[:20]
        )

        # F11 → "enter a pool": the players without one, each said
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("end", "up", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert on_screen(app, ja("no pool yet")) and on_screen(app, names[0])
        await pilot.press("enter")
        await pilot.pause()
        for i, name in enumerate(names):
            pe = app.screen
            assert isinstance(pe, PoolEntryScreen) and pe.player_name == name
            pool = Counter(open_sealed(cs, "1s3b", random.Random(100 + i)).cards)
            lines = entry_lines(pool)
            want = sum(pool.values())
            if i == 0:
                # a typo is refused aloud, nothing changes
                await type_text(pilot, "9999 2")
                await pilot.press("enter")
                await pilot.pause()
                assert on_screen(app, ja("{number} is not a card of set {set}", number="CH-9999", set="alpha"))
                assert not pe.counts
                # every card by keys; each echoed with its name and attributes
                for line in lines:
                    await type_text(pilot, line)
                    await pilot.press("enter")
                await pilot.pause()
                last = cs.card(in_order(pool)[-1])
                assert on_screen(app, card_echo(last), pe.query_one("#pe-echo")), (
                    str(pe.query_one("#pe-echo").render()),
                    dict(pe.counts),
                )
                # one card too many: the check line says so with the numbers
                await type_text(pilot, lines[0].split()[0] + " 1")
                await pilot.press("enter")
                await pilot.pause()
                assert on_screen(
                    app,
                    ja(
                        "{n} cards entered, {want} expected ({what}): {extra} too many",
                        n=want + 1,
                        want=want,
                        what=ja("product {name}", name=ja("1s3b")),
                        extra=1,
                    ),
                )
                await pilot.press("ctrl+r")
                await pilot.pause()
                assert screen.event.pool_of(screen.event.players[0].id) is None  # refused: not the product
                await type_text(pilot, "-" + lines[0].split()[0])
                await pilot.press("enter")
                await pilot.pause()
            else:
                # a few by keys, the rest pasted
                for line in lines[:3]:
                    await type_text(pilot, line)
                    await pilot.press("enter")
                await pilot.pause()
                await paste(pilot, app, "\n".join(lines[3:]))
            assert Counter(pe.counts) == pool
            assert on_screen(app, ja("The pool is the whole product: Ctrl+R records it to {name}.", name=name))
            assert on_screen(app, f"{want}/{want}")
            fits(app)
            await pilot.press("ctrl+r")
            await pilot.pause()
            pid = screen.event.players[i].id
            assert Counter(screen.event.pool_of(pid).cards) == pool
            await pilot.press("escape")
            await pilot.pause()
            if i < 3:
                assert isinstance(app.screen, Choose)  # the next player still without a pool comes first
                assert on_screen(app, names[i + 1])
                await pilot.press("enter")
                await pilot.pause()
        assert isinstance(app.screen, EventScreen)
        assert screen.event.build.clock is not None  # the last pool started the building timer

        # decks built from those pools in the deck builder and registered
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        screen.action_tab("build")
        await pilot.pause()
        for row in range(4):
            if row:
                await pilot.press("down")
                await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await build_and_register(app, pilot, names[row], True)

        # a registered deck's pool is no longer corrected
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("end", "up", "up", "enter")
        await pilot.pause()
        assert on_screen(app, ja("deck registered"))
        await pilot.press("escape")
        await pilot.pause()

        await pair(app, pilot)
        ev = screen.event
        assert len(ev.rounds) == 1 and not ev.build.overridden
        assert on_screen(app, ja("Round {n}", n=1)) or ev.rounds[0].matches
        fits(app)


@pytest.mark.asyncio
async def test_g_draft_called_from_the_event_then_pools_entered_to_round_1_in_japanese_at_80x24(tmp_path):
    # G-DRAFT-1, G-DRAFT-2
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    cs = default_catalog().set("alpha")
    clock = FakeClock()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_limited_event(app, pilot, "ドラフト杯", "draft", 6)
        await open_real(app, pilot, "alpha 4 real")
        ev = screen.event
        assert ev.build.real and len(ev.pods) == 1 and len(ev.pods[0]) == 6
        # the product squeeze, with its numbers
        assert on_screen(app, "44") and on_screen(app, "40")

        # Shift+F11 (also in F11 and the palette): the caller on the event's own seating
        await pilot.press("shift+f11")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.clock = clock
        seats = [s.name for s in ev.pods[0]]
        assert [s.name for s in table.pods[0]] == seats
        assert on_screen(app, ja("the seating of {event}", event="ドラフト杯")[:8])
        # the pick timer's seconds, set by the organizer
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("Input").value = "30"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert table.call_state.phase == "pick"
        assert on_screen(app, ja("Pack {round}: pass {how}", round=1, how=ja("clockwise")))
        clock.t += 10
        table.tick()
        await pilot.pause()
        assert on_screen(app, ja("{n} seconds left", n=20))
        for pack in range(4):
            if pack:
                await pilot.press("space")
                await pilot.pause()
                if pack == 1:
                    assert on_screen(app, ja("Pack {round}: pass {how}", round=2, how=ja("counter-clockwise")))
            for _pick in range(cs.booster.size):
                await pilot.press("n", "n")
        await pilot.pause()
        assert table.call_state.phase == "done"
        assert on_screen(
            app, ja("Draft over: p enters each player's drafted pool; b starts the deck-building timer.")[:10]
        )

        # p: each player's drafted pool
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        await pilot.press("enter")
        await pilot.pause()
        for i in range(6):
            pe = app.screen
            assert isinstance(pe, PoolEntryScreen)
            rng = random.Random(200 + i)
            pool = Counter(n for _ in range(4) for n in open_booster(cs, rng))
            lines = entry_lines(pool)
            await paste(pilot, app, "\n".join(lines))
            assert on_screen(app, "44/44")
            await pilot.press("ctrl+r")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            if i < 5:
                assert isinstance(app.screen, Choose)
                await pilot.press("enter")
                await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EventScreen)
        ev = screen.event
        assert all(ev.pool_of(p.id) is not None for p in ev.players)

        # bot-built decks from those pools (F11), then round 1
        await pilot.press("f11")
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")
        await pilot.pause()
        await pair(app, pilot)
        ev = screen.event
        assert len(ev.rounds) == 1 and not ev.build.overridden
        fits(app)


@pytest.mark.asyncio
async def test_esc_in_the_empty_add_player_box_stays_in_the_event(tmp_path):
    # issue 27 item 5: Esc leaves the box first, a second Esc goes back to the event list
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    ja = i18n._
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_limited_event(app, pilot, "シールド杯", "sealed", 2)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id == "add-player"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and on_screen(app, ja("Esc again: back to the event list"))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


@pytest.mark.asyncio
async def test_g_sealed_a_pasted_block_leaves_the_entry_line_empty(tmp_path):
    """G-SEALED, issue 48 item 16: a pasted block of entries is added whole and
    the line stays empty (its first line stayed in the box, and Enter added it
    a second time)."""
    from tui.screens.pool_entry import PoolEntryScreen

    cs = default_catalog().set("alpha")
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "sealed", name="山田", product="1s3b"))
        await pilot.pause()
        pe = app.screen
        await paste(pilot, app, "5001 2\n5002 1\n5003 1\n")
        assert pe.counts == Counter({"CH-5001": 2, "CH-5002": 1, "CH-5003": 1})
        assert pe.query_one("#pe-entry").value == ""
        await pilot.press("enter")
        await pilot.pause()
        assert pe.counts == Counter({"CH-5001": 2, "CH-5002": 1, "CH-5003": 1})


@pytest.mark.asyncio
async def test_l_deck_size_a_pool_file_is_read_bounded_in_utf8_or_shift_jis(tmp_path):
    """L-DECK-SIZE, L-FILE (G-SEALED): Ctrl+O reads a pool file as a decklist is read: a Shift_JIS
    file is added (it was refused: UTF-8 only), and a file of megabytes is refused at once naming
    the limit, the pool unchanged (it was read whole, however large)."""
    from tui.screens.pool_entry import PoolEntryScreen

    cs = default_catalog().set("alpha")
    sjis = tmp_path / "pool.txt"
    sjis.write_bytes("# 山田のプール\n5001 2\n5002 1\n".encode("cp932"))
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"5001 1\n" * 500_000)
    app = LyceeApp(DataDir(tmp_path), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PoolEntryScreen(cs, "sealed", name="山田", product="1s3b"))
        await pilot.pause()
        pe = app.screen
        for path in (sjis, huge):
            await pilot.press("ctrl+o")
            await until(pilot, lambda: app.screen is not pe, "the file prompt")
            app.screen.query_one("Input").value = str(path)
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is pe, "back at the pool")
        assert pe.counts == Counter({"CH-5001": 2, "CH-5002": 1})
        assert on_screen(app, "32,768") or on_screen(app, "32768"), shown(app)
