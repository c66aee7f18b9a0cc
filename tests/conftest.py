
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
