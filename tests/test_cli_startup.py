"""the command line in README.md (the command line): what start-up cuts (issue 31) leave as it was.
A command builds only its own parser, and runs without the cyclic garbage
collector; neither may change what the user sees."""

from __future__ import annotations

import gc

import pytest

import tui.cli as cli
from tui.cli import parser, start


def _commands() -> list[list[str]]:
    """Every command path of ``lycee`` (``pair``, ``event new``...), read from its help."""
    p = parser.build_parser()
    out: list[list[str]] = []
    for action in p._subparsers._group_actions:  # argparse's own record of the commands
        for name, sub in action.choices.items():
            out.append([name])
            if sub._subparsers is not None:
                for inner in sub._subparsers._group_actions:
                    out.extend([name, n] for n in inner.choices)
    return out


def _help(parser, argv, capsys) -> tuple[str, str]:
    with pytest.raises(SystemExit):
        parser.parse_args(argv)
    got = capsys.readouterr()
    return got.out, got.err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_design3_each_command_has_the_same_help_and_errors_from_its_own_parser(lang, capsys):
    from core import i18n

    i18n.set_language(lang)
    try:
        cmds = _commands()
        assert ["pair"] in cmds and ["event", "new"] in cmds and len(cmds) > 40
        for argv in cmds:
            whole = _help(parser.build_parser(), [*argv, "--help"], capsys)
            own = _help(parser.build_parser(only=parser.peek_command(argv)), [*argv, "--help"], capsys)
            assert own == whole, argv
        # a bad argument to a command: the same one-line refusal
        bad = ["pair", "--no-such-option"]
        assert _help(parser.build_parser(only="pair"), bad, capsys) == _help(parser.build_parser(), bad, capsys)
    finally:
        i18n.set_language("en")


def test_design3_the_command_word_is_found_past_the_options_and_a_non_command_gets_every_choice(capsys):
    assert parser.peek_command(["--data-dir", "pair", "result", "ev", "1", "2-0"]) == "result"
    assert parser.peek_command(["--lang", "ja", "--data-dir=/x", "pair", "ev"]) == "pair"
    assert parser.peek_command(["--version"]) is None
    whole = _help(parser.build_parser(), ["pari"], capsys)
    assert "invalid choice" in whole[1] and "pair" in whole[1]
    assert _help(parser.build_parser(only="pari"), ["pari"], capsys) == whole


def test_design3_a_command_runs_without_the_cyclic_collector_and_puts_it_back(monkeypatch, tmp_path, capsys):
    seen = []
    monkeypatch.setattr(start, "version_text", lambda data_dir: seen.append(gc.isenabled()) or "lycee")
    assert gc.isenabled()
    assert cli.main(["--data-dir", str(tmp_path), "--version"]) == 0
    assert seen == [False], "the command ran with the collector off"
    assert gc.isenabled(), "and the test process has it back"
    gc.disable()
    try:
        cli.main(["--data-dir", str(tmp_path), "--version"])
        assert not gc.isenabled(), "a caller that had it off keeps it off"
    finally:
        gc.enable()
    capsys.readouterr()


def test_design3_serve_keeps_the_cyclic_collector_on(monkeypatch, tmp_path):
    """`lycee serve` runs for hours: its cycles are collected."""
    args = parser.build_parser(only="serve").parse_args(["serve", "ev"])
    assert args.long_running is True
    seen = []
    args.func = lambda a: seen.append(gc.isenabled()) or 0  # the server itself is not started

    class Parsed:
        def parse_args(self, argv):
            return args

    monkeypatch.setattr(start, "parser_for", lambda words: Parsed())
    assert cli.main(["--data-dir", str(tmp_path), "serve", "ev"]) == 0
    assert seen == [True]
    assert gc.isenabled()
