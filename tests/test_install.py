"""The README's set-up commands, as a store runs them (issue 18).

The README's test command is exactly what CI runs (`.ci/run`), and its app
command installs into a fresh virtual environment made from the machine's own
Python (Debian's /usr/bin/python3 is externally managed: PEP 668 refuses a
plain `pip install` there).  The slow test below does what the README says in a
clean clone, then runs `lycee --version` and a whole command-line event.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    """The indented shell commands of the README's Set-up section (Linux/macOS)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return [ln.strip() for ln in section.splitlines() if ln.startswith("    python3 ")]


def test_ci_runs_exactly_the_readme_test_command():
    """docs/architecture.md / issue 18: CI goes through the README's own path."""
    app, tests = readme_commands()
    assert app.endswith(".venv/bin/lycee") and "pip install -e ." in app
    assert tests.endswith("-m pytest") and "'.[test]'" in tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in [ln.strip() for ln in ci]
    # each command makes its own venv: the test command needs nothing before it
    assert app.startswith("python3 -m venv .venv && ")
    assert tests.startswith("python3 -m venv .venv && ")


def system_python() -> str:
    """Debian's own python3 where it is 3.11+, else the one running the tests."""
    cand = Path("/usr/bin/python3")
    if cand.exists():
        r = subprocess.run(
            [str(cand), "-c", "import sys, venv; print(sys.version_info >= (3, 11))"], capture_output=True, text=True
        )
        if r.stdout.strip() == "True":
            return str(cand)
    return sys.executable


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs git and a git checkout to make a clean clone",
)
def test_readme_app_command_installs_from_a_clean_clone(tmp_path):
    """Issue 18: the README's app command, run with the system python3 in a clean
    clone, installs into its own venv; `lycee --version` says what runs and where
    the data is, and a whole command-line event works (the command line in README.md)."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    app_cmd = readme_commands()[0]
    install = app_cmd.rsplit(" && ", 1)[0]  # everything but starting the app
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
    py = system_python()
    install = install.replace("python3 -m venv", f"{py} -m venv", 1)
    r = subprocess.run(install, shell=True, cwd=clone, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]

    lycee = str(clone / ".venv" / "bin" / "lycee")
    data = tmp_path / "data"

    def run(*args, stdin=None):
        r = subprocess.run(
            [lycee, "--data-dir", str(data), "--lang", "en", *args],
            cwd=tmp_path,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
        )
        assert r.returncode == 0, (args, r.stderr)
        return r.stdout

    out = run("--version")
    assert re.match(r"lycee \d+\.\d+", out)
    assert f"data folder: {data}" in out
    assert re.search(r"^Python 3\.\d+", out, re.M) and re.search(r"^Textual \d+\.", out, re.M)
    assert str(clone / ".venv") in out  # the venv's own Python, not the system's

    eid = run("event", "new", "Install Cup", "--date", "2026-12-05", "--unsanctioned").strip()
    run("player", "add", eid, "A", "B", "C", "D")
    pairs = json.loads(run("pair", eid, "--json"))
    assert [m["table"] for m in pairs["pairings"]] == [1, 2]
    run("result", eid, "-", stdin="1 2-0\n2 2-1\n")
    rows = json.loads(run("standings", eid, "--json"))["standings"]
    assert sorted(r["points"] for r in rows) == [0, 0, 3, 3]
    # an export says where the file is, as a full path (run from tmp_path)
    assert str(tmp_path / "standings.csv") in run(
        "export", eid, "--what", "standings", "--format", "csv", "-o", "standings.csv"
    )
    # the installed app carries its data files (sample sets, Japanese catalog)
    assert run("sealed", "--set", "alpha", "--product", "2s", "--seed", "1", "--json").startswith("{")
