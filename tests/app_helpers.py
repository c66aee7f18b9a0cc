"""What the app tests share: typing by keys, waiting on a condition, what the
terminal shows (cut text is absent), and the steps many flows take."""

import re

from core import i18n
from tui.screens.deckbuilder import DeckBuilderScreen
from tui.screens.event import EventScreen


async def type_text(pilot, text):
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


def shown(app, widget=None) -> str:
    """What the terminal shows inside ``widget`` (default: the whole screen),
    line by line: cut text is simply absent."""
    strips = app.screen._compositor.render_strips()
    r = widget.content_region if widget is not None else app.screen.region
    return "\n".join(strips[y].crop(r.x, r.right).text for y in range(r.y, min(r.bottom, len(strips))))


async def until(pilot, cond, what: str, tries: int = 200) -> None:
    """Wait on a condition (bounded: 10 s), never on a fixed sleep."""
    for _i in range(tries):
        if cond():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"never happened: {what}")


def squash(text: str) -> str:
    return re.sub(r"[\s\u2500-\u259f]", "", text)


def fits(app, screen=None) -> None:
    """Nothing of the screen (or dialog) goes past the right or bottom edge."""
    screen = screen or app.screen
    from textual.widgets import Footer

    for w in screen.query("*"):
        if any(isinstance(a, Footer) for a in w.ancestors):
            continue  # the footer scrolls its keys; its order is checked on its own
        if w.display and w.region.width:
            assert w.region.right <= app.size.width, (w, w.region, app.size)


def on_screen(app, text: str, widget=None) -> bool:
    return squash(text) in squash(shown(app, widget))


async def new_event(app, pilot, name="Cup", staff=True):
    await pilot.press("n")
    await pilot.pause()
    await type_text(pilot, name)
    if staff:
        for field, value in (("#organizer", "Tencho"), ("#judges", "Sato"), ("#head_judge", "Sato")):
            app.screen.query_one(field).focus()
            await type_text(pilot, value)
    await pilot.press("ctrl+s")
    await pilot.pause()


SIZES = [(80, 24), (120, 40)]
LANGS = ["ja", "en"]


def whole_dialog_on_screen(app) -> None:
    """Every label, option and button of the dialog shown is wholly on screen."""
    from textual.widgets import Button, Label, OptionList

    dlg = app.screen
    fits(app)
    box = dlg.children[0]
    scrolls = box.virtual_size.height > box.scrollable_content_region.height  # a long form scrolls
    for w in dlg.query(Label):
        if scrolls and not box.scrollable_content_region.contains_region(w.region):
            continue
        text = str(w.render()) if not hasattr(w.render(), "plain") else w.render().plain
        if text.strip():
            assert on_screen(app, text, w), (type(dlg).__name__, text, shown(app, w))
    for ol in dlg.query(OptionList):
        if not ol.display or not ol.region.height:
            continue  # a closed Select's list
        for i in range(ol.option_count):
            prompt = ol.get_option_at_index(i).prompt
            text = prompt if isinstance(prompt, str) else prompt.plain
            assert on_screen(app, text, ol), (type(dlg).__name__, text, shown(app, ol))
    for b in dlg.query(Button):
        if scrolls and not box.scrollable_content_region.contains_region(b.region):
            continue
        assert on_screen(app, str(b.label), b), (type(dlg).__name__, str(b.label))


async def pair(app, pilot):
    await pilot.press("f5")
    await app.workers.wait_for_complete()
    await pilot.pause()


async def build_and_register(app, pilot, name: str, legal: bool = True) -> None:
    """In the deck builder on ``name``'s pool: the bot's suggestion (g), or
    three cards by Enter; Ctrl+R registers the deck; Escape goes back."""
    ja = i18n._
    b = app.screen
    assert isinstance(b, DeckBuilderScreen) and b.player_name == name
    assert on_screen(app, ja("The pool of {name}: build the deck, Ctrl+R registers it to {name}.", name=name))
    if legal:
        await pilot.press("g")
    else:
        await pilot.press("enter", "enter", "enter")
    await pilot.pause()
    await pilot.press("ctrl+r")
    await pilot.pause()
    if legal:
        assert on_screen(app, ja("registered to {name}: a legal deck of {n} cards", name=name, n=40))
    else:
        assert on_screen(
            app,
            ja(
                "registered to {name}, with {n} problem(s): round 1 waits for a legal deck ({first})",
                name=name,
                n=1,
                first=str(b.problems[0]),
            ),
            b.query_one("#message"),
        )
    fits(app)
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, EventScreen)


async def add(pilot, screen, name: str, reading: str = "") -> None:
    screen.query_one("#add-player").focus()
    screen.query_one("#add-player").value = name
    screen.query_one("#add-reading").value = reading
    await pilot.press("enter")
    await pilot.pause()


async def cursor_on(pilot, screen, pid: str) -> None:
    await pilot.press("f2")
    await pilot.pause()
    row = [p.id for p in screen.event.players].index(pid)
    screen.query_one("#player-table").move_cursor(row=row)
    await pilot.pause()


async def pair_the_cut(app, pilot) -> None:
    """Answer the top cut's preview (who is in, who is just out: issue 48 item 8) with y."""
    from tui.screens.dialogs import Confirm

    await until(pilot, lambda: isinstance(app.screen, Confirm), "the top cut's preview")
    await pilot.press("y")
