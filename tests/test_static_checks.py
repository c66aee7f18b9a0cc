"""Static checks run as tests (issue 15): CI runs only `pytest`, so a ruff or mypy
error must fail a test. Both run from this test's own Python (`sys.executable -m`),
not from PATH: the README's command runs .venv/bin/python without activating the venv.
The rule sets live in pyproject.toml ([tool.ruff.lint], [tool.mypy]), with why
each rule left out is left out."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=ROOT)


def test_ruff_finds_nothing_in_the_repository():
    # --no-cache: nothing written into the checkout
    r = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_tree_stays_formatted_and_its_imports_sorted():
    """Issue 24: one `ruff format` (line length 120) and isort's order ("I" in the rule
    set), kept: a file that drifts fails here with its name."""
    r = _run("ruff", "format", "--no-cache", "--check", ".")
    assert r.returncode == 0, r.stdout + r.stderr
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert cfg["line-length"] == 120 and "I" in cfg["lint"]["select"]


def test_mypy_finds_nothing_in_core_limited_and_the_screens(tmp_path):
    # a fresh cache each run: what CI sees, never a stale answer
    r = _run("mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "mypy"))
    assert r.returncode == 0, r.stdout + r.stderr


def test_checks_cover_the_engine_whole():
    """The checks cannot be quietly narrowed: mypy covers all of core/ and limited/
    (no exclude, no module told to ignore its errors) and ruff keeps its bug rules."""
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    mypy = cfg["mypy"]
    assert {"core", "limited"} <= set(mypy["files"])
    # issue 24: every face too (the app, its screens and widgets, the command line, the web pages)
    assert "tui" in set(mypy["files"])
    assert not any(o.get("follow_imports") == "silent" for o in mypy.get("overrides", []))
    assert "exclude" not in mypy
    assert not any(o.get("ignore_errors") for o in mypy.get("overrides", []))
    lint = cfg["ruff"]["lint"]
    assert {"F", "E", "W", "B"} <= set(lint["select"])
    assert not {"F", "E", "W", "B"} & set(lint["ignore"])
    assert "exclude" not in cfg["ruff"] and "extend-exclude" not in cfg["ruff"]
