"""The app shows each finished event's return deadline (issue 47, L-SUBMIT:
event date + 14 days, 必着) and whether its submission was written."""

import pytest

from core.store import DataDir
from tests.app_helpers import on_screen, until
from tests.cli_helpers import run, staffed_event
from tui.app import LyceeApp


def _finished(capsys, data: str) -> str:
    eid = staffed_event(capsys, data, ["Ann", "Bob"], "2026-11-01", "--rounds", "1")
    assert run(capsys, "--data-dir", data, "pair", eid)[0] == 0
    assert run(capsys, "--data-dir", data, "result", eid, "1", "2-0")[0] == 0
    return eid


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang, due, written",
    [("en", "due at the publisher by 2026-11-15", "submission written"), ("ja", "2026-11-15 必着", "提出物作成済み")],
)
async def test_the_event_list_shows_the_return_deadline(capsys, tmp_path, lang, due, written):
    data = str(tmp_path)
    eid = _finished(capsys, data)
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: on_screen(app, due), "the deadline on the status line")
        assert not on_screen(app, written)
    assert (
        run(capsys, "--data-dir", data, "export", eid, "--what", "submission", "-o", str(tmp_path / "sub") + "/")[0]
        == 0
    )
    app = LyceeApp(DataDir(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: on_screen(app, written), "the submission shown as written")
