"""Issue 31: a message line counts its wrapped lines without wrapping a text
that fits (the results box's message after every result, 512 names to keep
whole); the count is the one the Japanese wrapping gives (core.columns.wrap_spans)."""

import asyncio

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.line import Line
from tui.widgets.wrapped import Wrapped

TEXTS = [
    "",
    "table 12: Alice 2-1 Bob · 117 results missing",
    "x" * 40,
    "x" * 41,
    "a\n",
    "first line\nsecond line that is rather longer than forty columns wide",
    "  indented line",
    "trailing blanks      ",
    "卓12: 佐々木 美加子 2-1 山田 太郎 · 残り117件",
    "卓12: 佐々木 美加子 2-1 山田 太郎 · 残り117件の結果を待っています、あと少し。",
    "漢" * 20,
    "漢" * 21,
    "G-BO3-TIME --time-called " * 3,
]


class One(App):
    def compose(self) -> ComposeResult:
        yield Line("", id="line")


def test_lines_counted_as_wrapped():
    async def go():
        app = One()
        async with app.run_test(size=(80, 10)):
            line = app.query_one(Line)
            for columns in (1, 2, 10, 39, 40, 41, 80):
                for text in TEXTS:
                    line.set(Text(text))
                    want = len(Wrapped(Text(text)).lines(columns))
                    assert line._lines_at(columns) == want, (text, columns)

    asyncio.run(go())
