"""One catalog for every visible string (DESIGN section 7): every English
template used with _() and every key description has a Japanese entry whose
placeholders match."""

import ast
import json
import string
from pathlib import Path

import pytest

from core import i18n

ROOT = Path(__file__).resolve().parents[1]
#: Strings translated through a variable (_(event.kind), _(row.status) ...).
DYNAMIC = ["constructed", "sealed", "draft", "active", "dropped", "excluded", "deck", "spare",
           "Final", "Semi-finals", "Quarter-finals", "Round of 16", "Round of 32", "BO3", "BO1"]


def msgids() -> set[str]:
    found = set(DYNAMIC)
    for folder in ("core", "limited", "tui"):
        for f in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(f.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                fn = node.func
                name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                if name == "_" and node.args and isinstance(node.args[0], ast.Constant) \
                        and isinstance(node.args[0].value, str):
                    found.add(node.args[0].value)
                if name == "ngettext" and len(node.args) >= 2:  # both forms
                    found.update(a.value for a in node.args[:2] if isinstance(a, ast.Constant))
                if name == "Binding" and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                    found.add(node.args[2].value)
    return found


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_design7_every_visible_string_has_a_japanese_entry():
    cat = json.loads((ROOT / "core" / "locale" / "ja.json").read_text(encoding="utf-8"))
    missing = sorted(m for m in msgids() if m not in cat)
    assert not missing, f"{len(missing)} strings lack Japanese: {missing[:20]}"


def test_design7_japanese_placeholders_match_the_english():
    cat = json.loads((ROOT / "core" / "locale" / "ja.json").read_text(encoding="utf-8"))
    bad = [k for k, v in cat.items() if fields(k) != fields(v)]
    assert not bad, bad[:10]


def test_design7_language_follows_lang_and_locale(monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LYCEE_LANG", raising=False)
    assert i18n.set_language(None) == "ja"
    assert i18n._("Players") != "Players"
    assert i18n.set_language("en") == "en" and i18n._("Players") == "Players"
    with pytest.raises(ValueError):
        i18n.set_language("fr")
