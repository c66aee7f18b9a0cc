"""core and limited never import the UI (docs/architecture.md)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_design1_engine_imports_without_textual_or_rich():
    code = (
        "import sys, pkgutil, importlib\n"
        "import core, limited\n"
        "for pkg in (core, limited):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'tui'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_design1_import_linter_contracts_hold():
    # import-linter from this Python, not from PATH: the README's command runs
    # .venv/bin/python without activating the venv, so lint-imports is not on PATH
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import sys; from importlinter.cli import lint_imports_command; "
                "sys.argv = ['lint-imports', '--config', sys.argv[1]]; sys.exit(lint_imports_command())"
            ),
            str(ROOT / "pyproject.toml"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_import_linter_checks_the_layers_inside_core():
    """The contracts inside core (layers, the log importing no rule, store and
    reports independent) are among those checked, and hold: a new upward
    import or cycle between core's packages fails here."""
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import sys; from importlinter.cli import lint_imports_command; "
                "sys.argv = ['lint-imports', '--config', sys.argv[1]]; sys.exit(lint_imports_command())"
            ),
            str(ROOT / "pyproject.toml"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    out = " ".join(r.stdout.split())
    for name in (
        "core layers:",
        "the action log imports no rule",
        "core.store and core.reports",
        "the tournament engines are pure",
    ):
        assert name in out, out[-1500:]
    assert r.returncode == 0 and " broken" in out and "0 broken" in out, out[-1500:]


def test_design1_command_line_never_loads_textual_or_rich(tmp_path):
    """The command line (tui.cli) is a face of its own (docs/architecture.md, issue 15): importing it,
    building every command's parser and running a command in a fresh interpreter loads neither
    textual nor rich; only `lycee` / `lycee demo` open the app, through tui.launch."""
    code = (
        "import sys, pkgutil, importlib, contextlib, io\n"
        "import tui.cli\n"
        "for m in pkgutil.walk_packages(tui.cli.__path__, 'tui.cli.'):\n"
        "    if m.name != 'tui.cli.__main__':\n"
        "        importlib.import_module(m.name)\n"
        "tui.cli.parser.build_parser()\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert tui.cli.main(['--data-dir', sys.argv[1], 'event', 'list']) == 0\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m == 'tui.app')\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, env=env, cwd=ROOT, check=False
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_design1_the_command_line_contract_is_checked():
    """import-linter checks the command line's contract (issue 15): it is in pyproject.toml,
    so test_design1_import_linter_contracts_hold fails on a textual import under tui.cli."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
        "contracts"
    ]
    cli = [c for c in contracts if c.get("source_modules") == ["tui.cli"]]
    assert cli and {"textual", "rich"} <= set(cli[0]["forbidden_modules"])
    assert cli[0].get("allow_indirect_imports") is False
