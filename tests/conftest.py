import pytest

from core import i18n


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Tests read messages in English unless they switch language themselves."""
    monkeypatch.delenv("LYCEE_DATA_DIR", raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def datadir(tmp_path):
    from core.store import DataDir

    return DataDir(tmp_path / "data")


@pytest.fixture(autouse=True, scope="session")
def _schema_validators_built():
    """The event file's structure check (core.rules.eventfile.structure) run
    once here, strict and not, so that no hypothesis example pays for a first
    use (msgspec's decoders of the model are built when first used) against its deadline."""
    from core.rules.eventfile import structure_problems

    structure_problems({}, strict=True)
    structure_problems({}, strict=False)


@pytest.fixture
def browser():
    """Headless Chromium for the browser tests (tests/browser_helpers.py, which a
    browser test module imports first, skipping itself where none exists)."""
    from tests.browser_helpers import ARGS, CHROMIUM, sync_api

    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()
