"""One catalog for every visible string (docs/app.md): every English
template used with _() and every key description has a Japanese entry whose
placeholders match."""

import ast
import json
import re
import string
from pathlib import Path

import pytest

from core import i18n

ROOT = Path(__file__).resolve().parents[1]
#: Strings translated through a variable (_(event.kind), _(row.status) ...).
#: An internal value goes through its core.labels function instead (issue 19).
DYNAMIC = ["Final", "Semi-finals", "Quarter-finals", "Round of 16", "Round of 32"]
#: The only places that hand _() a variable, and what the variable holds.
DYNAMIC_CALLS = {
    "tui/cli/argparsing.py": "argparse's own msgids (ARGPARSE_WORDS)",
    "tui/cli/engine.py": "literal column headers",
    "tui/i18n.py": "binding descriptions (literal in Binding(...) and in tui/actions.py's table)",
    "tui/screens/dialogs.py": "the export dialog's literal CHOICES",
    "tui/widgets/bracket.py": "bracket round names (DYNAMIC)",
}


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
                if (
                    name == "_"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    found.add(node.args[0].value)
                if name == "ngettext" and len(node.args) >= 2:  # both forms
                    found.update(a.value for a in node.args[:2] if isinstance(a, ast.Constant))
                if name == "Binding" and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                    found.add(node.args[2].value)
                if name in ("app_action", "event_action") and isinstance(node.args[3], ast.Constant):  # tui/actions.py
                    found.add(node.args[3].value)
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


# -- Japanese as staff write it (issue 19; docs/glossary.md) ---------------------------------------

from core import labels as L  # noqa: E402

#: Placeholder names that carry one of the code's internal values when they are not labelled.
ENUM_PLACEHOLDERS = {
    "stage",
    "op",
    "outcome",
    "decision",
    "kind",
    "level",
    "act",
    "action",
    "status",
    "state",
    "section",
    "game",
    "rule",
    "match",
    "product",
    "pool",
    "other",
    "res",
    "fields",
    "type",
    "p",
    "given",
    "out",
    "actor",
}
#: Uses of those names that are not internal codes, with why.
NOT_CODES = {
    ("changed {fields}", "fields"): "setting names and values, each through settings.field_label/show_value",
    (
        ("This penalty excludes {name} from the event ({rule}): they play no more; {what}. Issue it?"),
        "rule",
    ): "a rule id (G-PEN-1, G-PEN-2)",
    (
        (
            "This penalty disqualifies {name} ({rule}, O-PEN-2): they play no more and are left out "
            "of the ranking; {what}. Issue it?"
        ),
        "rule",
    ): "a rule id (G-PEN-1, G-PEN-2)",
    ("{rule} {limit} not met ({kind} too long to show)", "rule"): "a JSON-schema keyword beside the JSON path (import)",
    ("{rule} {limit} not met ({kind} too long to show)", "kind"): "the JSON type of a value too long to show (import)",
    ("store calendar {source} ({v} versions, {p} promotion cards)", "p"): "a count",
    ("store calendar {source}: {v} versions, {p} promotion cards added to the guideline's list", "p"): "a count",
    ("{minutes} minutes a match is outside the recommended {range} ({rule})", "rule"): "a rule id (G-MATCH-TIME)",
    ("round {r} ({rule})", "rule"): "the rule id a head judge's ruling excuses (G-SWISS-PAIR-1), on the report",
    ("exactly {want} [{rule}]", "rule"): "the rule id of a deck's size (G-DRAFT-4, G-SEALED), in the builder",
    ("{name} gets a bye number {k} while {other} has had fewer", "other"): "a player's name",
    ("{name} gets the bye but {other} ranks lower", "other"): "a player's name",
    (
        "{res} at table {t} ends a match only at time. Was time called at this table? (G-BO3-TIME)",
        "res",
    ): "a result as typed (1-1), through result_label",
    (
        "{section} line {i} of {who}'s decklist is not [count, number, name]",
        "section",
    ): "a decklist section name as written",
    ("{section} line {i} of {who}'s decklist: count {count!r} is not between 1 and {max}", "section"): "as written",
    ("{section} line {i} of {who}'s decklist: {number!r} is not a card number like CH-0063", "section"): "as written",
    ("{section} line {i} of {who}'s decklist: the name is not text", "section"): "as written",
    ("the {section} of {who}'s decklist is not a list of lines", "section"): "as written",
    (
        "nothing is due under {rule} at table {t} for {players} (not late, already decided, or the time has not come)",
        "rule",
    ): "a rule id (G-LATE-1) the user typed",
    ("cannot store {kind}: {err}", "kind"): "an action type name, a programming error",
    ("{what} deck has {have} cards; it must be exactly {want}", "what"): "a phrase, not a code",
    ("{fmt} · round {r}: {state}", "state"): "a translated phrase",
    ("round {r}: {left} left of {m} minutes ({state})", "state"): "a translated phrase",
    ("build phase: {kind} {set} {what}, seed {seed}: {state}", "state"): "a translated phrase",
    ("{section}: {card}: registered {r}, presented {p} ({how})", "p"): "a count",
    ("{set}, product {p}", "p"): "labelled by the caller",
    ("{prefix}- numbers are {type} cards, not {ctype}", "type"): "labelled (card_type_label)",
    ("{why} ({rule})", "rule"): "a rule id",
    ("{where}: [{rule}] {message}", "rule"): "a rule id (a verify finding, for staff)",
    ("{message} [{rule}]", "rule"): "a rule id after a refusal (core.errors), full-width （G-…） in Japanese",
    ("{mark} ({rule}: {reason})", "rule"): "a rule id",
    ("legal {kind} deck: {n} cards, {s} spare cards ({rule})", "rule"): "a rule id",
    ("recommended: {lo}-{hi} minutes ({rule})", "rule"): "a rule id",
    ("recommended: {lo} minutes or more ({rule})", "rule"): "a rule id",
    ("{event}: {r} registered, {p} with problems, {n} without a list{req}", "p"): "a count",
}
#: Rule ids (G-LATE-1) and results (2-1) are not words.
_WORD = re.compile(r"(?<![A-Za-z0-9_-])[a-z][a-z_-]*[a-z0-9](?![A-Za-z0-9_])")
#: A dictionary-form verb before できません: 「組むできません」 (write 「組むことができません」).
DICTIONARY_FORM_CANNOT = re.compile(r"[うくぐすつぬぶむる]できません")


def internal_words() -> set[str]:
    words = set()
    for values in L.LABELS.values():
        for v in values:
            words |= {
                w
                for w in _WORD.findall(v)
                if len(w) > 2 and w not in ("head", "judge", "overrode", "decided", "winner", "no")
            }
    return words


def _label_fn(value):
    """The core.labels function a keyword's value is passed through, if any."""
    for node in ast.walk(value):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
        aliases = {
            "kind_label": "kind_label",
            "match_label": "match_label",
            "stage_label": "stage_label",
            "outcome_label": "appeal_outcome_label",
            "action_label": "penalty_action_label",
            "type_label": "card_type_label",
            "_type_label": "card_type_label",
            "_attribute_label": "attribute_label",
            "attribute_label": "attribute_label",
            "_outcome_label": "match_outcome_label",
        }
        f = getattr(L, aliases.get(name, name), None)
        if f in L.LABELS:
            return f
    return None


def _choice_list(node) -> bool:
    """``", ".join(CONSTANT)`` or ``L.choices(...)``: the values the command line takes."""
    if not isinstance(node, ast.Call):
        return False
    fn = node.func
    if isinstance(fn, ast.Attribute) and fn.attr == "choices":
        return True
    return (
        isinstance(fn, ast.Attribute)
        and fn.attr == "join"
        and node.args
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id.isupper()
    )


def sentences():
    """Every ``_("template", k=v)`` in the code, with how each placeholder is filled."""
    for folder in ("core", "limited", "tui"):
        for f in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "_"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and node.keywords
                ):
                    continue
                yield f"{f.relative_to(ROOT)}:{node.lineno}", node.args[0].value, node.keywords


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_design7_every_enum_value_has_a_japanese_label_without_its_code(japanese):
    """Each label function gives every value of its enum a Japanese word (docs/glossary.md)."""
    from core.cards import decks
    from core.cards.model import ATTRIBUTES, TYPE_PREFIX
    from core.rules import clock, decklists
    from core.rules.results import ID_DECISIONS

    assert (L.CLOCK_OPS, L.BUILD_OPS, L.ID_DECISIONS) == (clock.CLOCK_OPS, decklists.BUILD_OPS, ID_DECISIONS)
    assert (L.DECKLIST_STATUSES, L.SECTIONS, L.ATTRIBUTES) == (decklists.STATUSES, decks.SECTIONS, ATTRIBUTES)
    assert set(L.CARD_TYPES) == set(TYPE_PREFIX)
    words = internal_words()
    bad = []
    for fn, values in L.LABELS.items():
        for v in values:
            text = fn(v)
            if set(_WORD.findall(text)) & words or (text == v and _WORD.fullmatch(v)):
                bad.append(f"{fn.__name__}({v!r}) = {text!r}")
    assert not bad, bad


def test_design7_every_sentence_renders_in_japanese_without_internal_codes(japanese):
    """Render every message in Japanese with its placeholders filled by every value the code can
    pass (each enum through its label); no internal code appears and no できません follows a
    dictionary-form verb ('対戦を組むできません')."""
    words = internal_words()
    unlabelled, broken = [], []
    for where, msgid, keywords in sentences():
        template = i18n.catalog("ja").get(msgid, msgid)
        specs = {f: spec for _t, f, spec, _c in string.Formatter().parse(msgid) if f}
        quoted = {f for _t, f, _s, conv in string.Formatter().parse(msgid) if f and conv == "r"}
        fills, allowed = {}, set(_WORD.findall(re.sub(r"\{[^}]*\}", " ", template)))
        for kw in keywords:
            fn = _label_fn(kw.value)
            if fn is not None:
                fills[kw.arg] = [fn(v) for v in L.LABELS[fn]]
            elif _choice_list(kw.value) or kw.arg in quoted:
                fills[kw.arg] = ["start, pause"]
                allowed |= {"start", "pause"}
            elif kw.arg in ENUM_PLACEHOLDERS and (msgid, kw.arg) not in NOT_CODES:
                unlabelled.append(f"{where}: {{{kw.arg}}} in {msgid!r} is {ast.unparse(kw.value)}")
                continue
            else:
                fills[kw.arg] = [1 if specs.get(kw.arg) else "山田"]
        base = {k: v[0] for k, v in fills.items()}
        for k, values in fills.items():
            for v in values:
                try:
                    text = template.format(**{**base, k: v})
                except (KeyError, IndexError, ValueError):
                    continue
                leaked = set(_WORD.findall(text)) & words - allowed
                if leaked or DICTIONARY_FORM_CANNOT.search(text):
                    broken.append(f"{where}: {text!r} ({sorted(leaked)})")
    assert not unlabelled, "pass these through a core.labels function:\n" + "\n".join(unlabelled)
    assert not broken, "\n".join(broken[:30])


def test_design7_the_audit_trail_is_japanese_for_every_action(japanese):
    """`lycee log` lines (core.log.describe) name no internal code in Japanese."""
    from core.rules import describe

    words = internal_words()
    samples = [("pair", {"round": 1, "stage": s, "matches": [{}]}) for s in ("swiss", "top", "playoff")]
    samples += [("result", {"round": 1, "table": 2, "result": r}) for r in ("2-1", "id")]
    samples += [("clock", {"op": op, "round": 1, "table": 1, "minutes": 5}) for op in L.CLOCK_OPS]
    samples += [("id_decision", {"round": 4, "table": 1, "decision": x, "by": "主催者"}) for x in L.ID_DECISIONS]
    samples += [
        ("late", {"rule": r, "decision": x, "table": 3, "players": ["山田"]})
        for r in ("G-LATE-1", "G-LATE-2")
        for x in ("confirm", "dismiss")
    ]
    samples += [
        ("penalty", {"level": lv, "player": "山田", "by": "佐藤", "reason": "遅延"}) for lv in ("notice", "warning")
    ]
    samples += [("appeal", {"penalty": 1, "outcome": o, "by": "佐藤"}) for o in L.APPEAL_OUTCOMES]
    samples += [("game", {"round": 1, "table": 1, "game": g}) for g in L.LABELS[L.game_label]]
    samples += [("edit", {f: 1 for f in L.EDIT_FIELDS})]
    samples += [
        ("build", {"op": op, "kind": k, "set": "alpha", "product": "2s", "packs": 4, "seed": 1, "minutes": 30})
        for op in L.BUILD_OPS
        for k in ("sealed", "draft")
    ]
    samples += [("pool", {"player": "山田", "cards": [], "set": "alpha", "kind": "draft", "packs": 4})]
    bad = []
    for t, d in samples:
        text = describe({"type": t, "data": d})
        if set(_WORD.findall(text)) & words:
            bad.append(text)
    assert not bad, bad


def test_g_id_2_refusal_reads_in_japanese(tmp_path, japanese):
    """G-ID-2: the reason an intentional draw is refused is in Japanese, not an English f-string."""
    from core.desk import Desk
    from core.errors import RuleError
    from core.store import DataDir

    store = DataDir(tmp_path).create({"name": "杯", "date": "2026-11-30", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["山田", "佐藤", "鈴木", "田中"])
    desk.pair_next()
    table = desk.event.current_round.matches[0].table
    desk.add_game(table, "p1")
    with pytest.raises(RuleError) as ei:
        desk.record(table, "id")
    msg = str(ei.value)
    assert "インテンショナル・ドローはできません" in msg and "ゲームが入力済み" in msg
    assert not re.search(r"\b(games|entered|table|match|started)\b", msg), msg
    store.close()


def test_design7_repair_before_any_round_is_refused_in_japanese(tmp_path, japanese):
    """core.desk: 'no round has been paired yet' goes through the catalog."""
    from core.desk import Desk
    from core.errors import LyceeError
    from core.store import DataDir

    store = DataDir(tmp_path).create({"name": "杯", "date": "2026-11-30", "sanctioned": False})
    with pytest.raises(LyceeError, match="まだ対戦を組んだ回戦がありません"):
        Desk(store).repair()
    store.close()


def test_design7_sanctioned_refusal_takes_the_verb_with_koto(japanese):
    """G-ORGANIZER: 「対戦を組むことができません」, never 「対戦を組むできません」."""
    from core.errors import RuleError
    from core.event.model import Event
    from core.rules.staff import check_staff

    ev = Event(id="e", name="杯", date="2026-11-30")
    for doing in ("start", "be paired", "start its clock"):
        with pytest.raises(RuleError) as ei:
            check_staff(ev, doing)
        assert "ことができません" in str(ei.value) and not DICTIONARY_FORM_CANNOT.search(str(ei.value))


# -- the glossary and the retired words ----------------------------------------------------------------


def retired_terms() -> list[str]:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    table = text.split("## Retired", 1)[1]
    return [
        row.split("|")[1].strip()
        for row in table.splitlines()
        if row.startswith("| ") and not row.startswith("| retired")
    ]


def test_design7_glossary_retires_the_words_the_guideline_does_not_use():
    """docs/glossary.md retires 上位カット, 失格, アピール, 処置, 時計 (for a timer), 記号なし."""
    assert {"上位カット", "失格", "アピール", "処置", "時計", "記号なし"} <= set(retired_terms())


def test_design7_glossary_retires_the_drifting_words_of_the_review():
    """Issue 29: one term per concept. ラウンド (回戦), イベント for the tournament (大会), 番卓 (卓),
    構築フェイズ (デッキ構築), レアリティ (レア度), フォルダー (フォルダ) are retired, so the catalog
    test below fails on them; the card type イベント alone keeps the word."""
    assert {
        "ラウンド",
        "イベント",
        "番卓",
        "構築フェイズ",
        "レアリティ",
        "フォルダー",
        "提出期限",
        "対戦票",
        "カットライン",
        "注意:",
    } <= set(retired_terms())
    cat = json.loads((ROOT / "core" / "locale" / "ja.json").read_text(encoding="utf-8"))
    assert cat["event"] == "イベント"  # the card type (G-CARDS-*), the one kept use


def test_design7_catalog_uses_no_retired_word():
    """The catalog follows docs/glossary.md: no retired word (時計回り and タイブレーカー are not
    the retired 時計 and タイブレーク)."""
    cat = json.loads((ROOT / "core" / "locale" / "ja.json").read_text(encoding="utf-8"))
    keep = {"時計": "(?!回り)", "タイブレーク": "(?!ー)", "イベント": "(?!カード)"}
    # the card type event is イベント (core.labels.card_type_label): the one entry that keeps the word
    keep_entries = {"イベント": {"event"}}
    # Overture's penalty guideline says 失格 (O-PEN-2): its own entries keep the word
    keep_entries["失格"] = {k for k in cat if "isqualif" in k}
    bad = [
        (term, k, v)
        for term in retired_terms()
        for k, v in cat.items()
        if re.search(re.escape(term) + keep.get(term, ""), v) and k not in keep_entries.get(term, ())
    ]
    assert not bad, bad[:10]


def test_design7_catalog_style_quotes_and_parentheses():
    """Names and typed values are quoted 「…」 (no !r in Japanese), rule ids in full-width （G-…）,
    half-width digits in 2本先取."""
    cat = json.loads((ROOT / "core" / "locale" / "ja.json").read_text(encoding="utf-8"))
    bad = [(k, v) for k, v in cat.items() if "!r}" in v or re.search(r"\(G-[A-Z]", v) or re.search(r"[０-９]本先取", v)]
    assert not bad, bad[:10]


# -- the command line: help texts and argparse's own words ---------------------------------------------


HELP_CALLS = {"add_argument", "add_parser", "add_subparsers", "add_argument_group", "ArgumentParser", "cmd"}


def test_design7_cli_help_texts_go_through_the_catalog():
    """Every help, description and title in tui/cli/*.py is an _() call, not a bare string."""
    bad = []
    for f in sorted((ROOT / "tui" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if name not in HELP_CALLS:
                continue
            texts = [kw.value for kw in node.keywords if kw.arg in ("help", "description", "title", "epilog")]
            if name == "cmd" and len(node.args) >= 4:
                texts.append(node.args[3])
            bad += [
                f"{f.name}:{node.lineno}: {t.value!r}"
                for t in texts
                if isinstance(t, ast.Constant) and isinstance(t.value, str) and t.value.strip()
            ]
    assert not bad, bad


def _parsers(parser):
    import argparse

    yield parser
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sub in dict.fromkeys(a.choices.values()):
                yield from _parsers(sub)


def test_design7_every_help_screen_is_japanese(japanese):
    """`lycee ... --help` in Japanese: argparse's own words (usage:, options:, -h's help,
    positional arguments) and every help text come from the catalog."""
    import argparse

    from tui.cli import parser as cli

    english = ("usage:", "options:", "positional arguments", "show this help message", "commands:")
    bad = []
    for p in _parsers(cli.build_parser()):
        text = p.format_help()
        bad += [f"{p.prog}: {w}" for w in english if w in text]
        for a in p._actions:
            if a.help and a.help != argparse.SUPPRESS and a.help.isascii():
                bad.append(f"{p.prog}: {a.help!r}")
        if p.description and p.description.isascii():
            bad.append(f"{p.prog}: {p.description!r}")
    assert not bad, bad[:20]


def test_design7_argparse_words_are_argparse_msgids_and_in_the_catalog():
    """The argparse words routed through the catalog are argparse's msgids, all translated."""
    import argparse
    import inspect

    from tui.cli import argparsing as cli

    used = {
        n.args[0].value
        for n in ast.walk(ast.parse(inspect.getsource(argparse)))
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in ("_", "ngettext")
        and n.args
        and isinstance(n.args[0], ast.Constant)
    }
    used |= {
        n.args[1].value
        for n in ast.walk(ast.parse(inspect.getsource(argparse)))
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "ngettext"
        and len(n.args) > 1
        and isinstance(n.args[1], ast.Constant)
    }
    assert set(cli.ARGPARSE_WORDS) <= used
    assert not i18n.missing("ja", cli.ARGPARSE_WORDS)


def test_design7_argparse_errors_are_japanese(capsys, monkeypatch):
    """A missing argument is refused in Japanese: 「次の引数を指定してください」."""
    from tui import cli

    with pytest.raises(SystemExit) as ei:
        cli.main(["--lang", "ja", "event", "new"])
    assert ei.value.code == 2
    err = capsys.readouterr().err
    assert "使い方:" in err and "エラー" in err and "次の引数を指定してください" in err
    assert "usage:" not in err and "error:" not in err
    i18n.set_language("en")


def test_design7_no_internal_value_is_translated_as_a_msgid():
    """_(variable) only where the table above says why; an enum value goes through its
    core.labels function (one per enum), never _(event.kind) or _(p.status)."""
    bad = []
    for folder in ("core", "limited", "tui"):
        for f in sorted((ROOT / folder).rglob("*.py")):
            rel = str(f.relative_to(ROOT))
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "_"
                    and node.args
                    and not isinstance(node.args[0], ast.Constant)
                    and rel not in DYNAMIC_CALLS
                ):
                    bad.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, bad


USER_ERRORS = {"LyceeError", "RuleError", "NotFound", "ValidationError", "CliError"}


def test_design7_refusals_go_through_the_catalog():
    """A refusal the user reads (LyceeError and its kin) is built with _(), never a bare or
    f-string English text (as the desk's (core/desk/) 'no round has been paired yet' was)."""
    bad = []
    for folder in ("core", "limited", "tui"):
        for f in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and node.args):
                    continue
                fn = node.func
                name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                first = node.args[0]
                if name in USER_ERRORS and (
                    isinstance(first, ast.JoinedStr)
                    or (
                        isinstance(first, ast.Constant)
                        and isinstance(first.value, str)
                        and re.search("[A-Za-z]{3}", first.value)
                    )
                ):
                    bad.append(f"{f.relative_to(ROOT)}:{node.lineno}: {ast.unparse(first)[:80]}")
    assert not bad, bad


def test_g_id_3_final_without_winner_reads_yushosha_fuzai(tmp_path, japanese):
    """G-ID-3: a final declared without a winner shows 優勝者不在 (report and bracket), and the
    scorecard's remarks give the stored match notes in Japanese (勝者なし, 途中棄権)."""
    from core.desk import Desk
    from core.reports.exports import report_table, scorecard_table
    from core.store import DataDir
    from core.tournament.elimination import bracket
    from tui.widgets.bracket import draw

    store = DataDir(tmp_path).create(
        {
            "name": "杯",
            "date": "2026-11-30",
            "sanctioned": False,
            "rounds_planned": 1,
            "staff": {"organizer": "店長", "judges": ["J"], "head_judge": "J"},
        }
    )
    desk = Desk(store)
    desk.add_players(["A", "B", "C", "D"])
    desk.pair_next()
    desk.record(1, "2-0")
    desk.drop(desk.event.current_round.matches[1].p1)
    desk.top_cut(2)
    desk.id_decision(1, "no_winner", by="店長")
    _t, _h, rows = report_table(desk.event)
    assert ["優勝", "優勝者不在"] in rows
    assert "優勝者不在" in draw(bracket(desk.event)).plain
    _t, _h, rows = scorecard_table(desk.event)
    remarks = [r[-1] for r in rows]
    # issue 29: the scorecard's remarks are words, no rule id (was 「途中棄権（G-DROP-2）」)
    assert "途中棄権による敗北" in remarks and any(r.startswith("勝者なし") for r in remarks)
    assert not any(_WORD.search(r) for r in remarks), remarks
    store.close()


def test_design7_audit_trail_names_players(japanese):
    """`lycee log` names the players (山田に注意), not their ids (p1に注意)."""
    from core.rules import describe

    names = {"p1": "山田", "p2": "佐藤"}
    assert describe(
        {"type": "penalty", "data": {"player": "p1", "level": "notice", "by": "佐々木", "reason": "遅延"}}, names
    ).startswith("山田に注意")
    assert "佐藤" in describe({"type": "drop", "data": {"player": "p2"}}, names)
    assert "山田" in describe(
        {"type": "late", "data": {"rule": "G-LATE-1", "decision": "confirm", "table": 1, "players": ["p1"]}}, names
    )


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_design7_every_help_screen_fits_80_columns(monkeypatch, lang):
    """`lycee --lang ja <cmd> --help` at COLUMNS=80: every line fits 80 terminal columns (a
    full-width character takes two), and no rule id, option or path is broken across lines
    (argparse alone counts characters and splits 「G-\\nNEXT-GAME」)."""
    from core.columns import width
    from tui.cli import parser as cli

    monkeypatch.setenv("COLUMNS", "80")
    i18n.set_language(lang)
    try:
        wide, split = [], []
        for p in _parsers(cli.build_parser()):
            lines = p.format_help().splitlines()
            wide += [f"{p.prog}: {ln}" for ln in lines if width(ln) > 80]
            split += [
                f"{p.prog}: {a!r} / {b!r}"
                for a, b in zip(lines, lines[1:])
                if re.search(r"(G-|--|[A-Za-z]-)$", a.rstrip()) and b.strip()[:1].isascii()
            ]
    finally:
        i18n.set_language("en")
    assert not wide, wide[:10]
    assert not split, split[:10]


def test_design7_wrap_columns_keeps_rule_ids_and_kinsoku():
    """The help wrapper breaks between Japanese characters, never inside 「G-NEXT-GAME」, never
    before 、 or a small ょ, never after （."""
    from core.columns import width
    from tui.cli.argparsing import wrap_columns

    text = "第2ゲーム以降は前のゲームの敗者が先攻か後攻かを選びます（G-NEXT-GAME）。ちょうど40枚にしてください、" * 3
    for w in (20, 23, 31, 40, 57):
        lines = wrap_columns(text, w)
        assert "".join(lines) == text.replace(" ", "")
        assert all(width(ln) <= w for ln in lines), (w, lines)
        assert not any(ln[0] in "、。）ょ" or ln[-1] == "（" for ln in lines), (w, lines)
        assert all("G-NEXT-GAME" in ln for ln in lines if "NEXT" in ln), (w, lines)


# -- issue 29: the broken entries of the Japanese review, each with its own assertion ------------------


def _tampered_findings(tmp_path, tamper):
    """A finished round of five players (one bye) exported as lycee-event/1, ``tamper``ed, verified;
    the finding lines in Japanese."""
    from core.desk import Desk
    from core.reports.verify import verify_doc
    from core.rules.eventfile import to_doc
    from core.store import DataDir

    store = DataDir(tmp_path).create({"name": "土曜リセ杯", "date": "2026-12-05", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["伊藤四郎", "佐藤花子", "山田太郎", "渡辺五郎", "田中一郎"])
    desk.pair_next()
    for m in desk.event.current_round.matches:
        if m.p2 is not None:
            desk.record(m.table, "2-1")
    doc = to_doc(desk.event)
    store.close()
    tamper(doc["rounds"][0]["matches"])
    i18n.set_language("ja")
    return [f.line() for f in verify_doc(doc).findings]


def _played(matches):
    return next(m for m in matches if m.get("p2"))


def test_g_bo3_time_verify_names_the_outcome_in_words_not_its_code(tmp_path, japanese):
    """Review 1644 (G-BO3-TIME): 「2-1 なら p1 ですが、draw と記録されています」 becomes
    「2-1 なら「…」の勝ちになるはずですが、引き分けと記録されています」."""
    lines = _tampered_findings(tmp_path, lambda ms: _played(ms).update(outcome="draw"))
    (line,) = [x for x in lines if "2-1 なら" in x]
    assert "の勝ちになるはずですが、引き分けと記録されています" in line, line
    assert not re.search(r"\b(p1|p2|draw)\b", line) and "（G-BO3-TIME）" in line and "[" not in line, line


def test_g_swiss_points_verify_bye_recorded_as_a_win_in_words(tmp_path, japanese):
    """Review 505 (G-SWISS-POINTS): the bye's table recorded as p1 reads
    「対戦相手のいない卓は不戦勝のはずですが、…の勝ちと記録されています」, no 「p1」."""

    def tamper(ms):
        next(m for m in ms if not m.get("p2")).update(outcome="p1", p1_wins=2, p2_wins=0)

    (line,) = [x for x in _tampered_findings(tmp_path, tamper) if "不戦勝" in x]
    assert "対戦相手のいない卓は不戦勝のはずですが、" in line and "の勝ちと記録されています" in line, line
    assert "p1" not in line, line


def test_g_swiss_points_verify_bye_with_a_second_player_says_what_was_found(tmp_path, japanese):
    """Review 467: a match that has a second player recorded as a bye; the sentence says so
    (it used to say the opposite: 「不戦勝の卓に2人目のプレイヤーはいません」)."""
    lines = _tampered_findings(tmp_path, lambda ms: _played(ms).update(outcome="bye"))
    assert any("2人目のプレイヤーがいる卓が不戦勝と記録されています" in x for x in lines), lines


def test_design7_unpaired_round_refusal_says_kaisen(tmp_path, japanese):
    """Review 1097: 「第5回戦はまだ組まれていません（組まれているのは第1〜1回戦です）」, no ラウンド."""
    from core.desk import Desk
    from core.errors import LyceeError
    from core.store import DataDir

    store = DataDir(tmp_path).create({"name": "杯", "date": "2026-11-30", "sanctioned": False})
    desk = Desk(store)
    desk.add_players(["山田", "佐藤"])
    desk.pair_next()
    with pytest.raises(LyceeError) as ei:
        desk._round_number(5)
    store.close()
    assert str(ei.value) == "第5回戦はまだ組まれていません（組まれているのは第1〜1回戦です）"


def test_design7_plan_line_reads_per_round_not_round_one(japanese):
    """Review 1131: 「1回戦は50分」 read as "round 1 is 50 minutes"; now 「1回戦あたり50分」."""
    text = i18n._(
        "rounds left: {left}; a round takes {m} min + {o} min over, {t} min between rounds ({src})",
        left=3,
        m=50,
        o=5,
        t=10,
        src="実測",
    )
    assert text == "残り3回戦。1回戦あたり50分＋超過見込み5分、回戦間10分で計算しています（実測）"


def test_design7_build_phase_lock_says_pods_not_tables(japanese):
    """Review 1246: pods are ポッド, not 卓; the build phase is デッキ構築."""
    text = i18n._("the build phase is open (pools or pods exist)")
    assert text == "デッキ構築が始まっています（プールまたはポッドがあります）"
    assert "卓" not in text and "フェイズ" not in text


def test_design7_recommended_minutes_does_not_contradict_itself(japanese):
    """Review 1490: 「推奨の20分以上より短い」 contradicts itself."""
    text = i18n._(
        "{m} minutes is below the recommended {lo} minutes or more ({rule})", m=15, lo=20, rule="G-MATCH-TIME"
    )
    assert text == "15分は推奨時間（20分以上）より短いです（G-MATCH-TIME）"


#: An ASCII ", " or "; " touching Japanese: a list or sentences joined in English punctuation
#: (「1, 2, 3, 4卓」, 「佐藤, 店長」, 「…いません; …いません」).  Lists of values the user types
#: (「2, 4, 8, 16, 32」, 「alpha, beta, gamma」) are ASCII on both sides and stay.
ASCII_JOIN = re.compile(r"[^\x00-\x7f][,;] |[,;] [^\x00-\x7f（「]")


def test_design7_no_catalog_sentence_joins_japanese_with_ascii_punctuation(japanese):
    """Issue 29: every catalog entry, rendered with its placeholders filled (each code through
    its label), joins nothing with an ASCII ", " or "; "; lists go through core.i18n.join_list
    (「、」「・」) and sentences through join_sentences (「。」)."""
    cat = i18n.catalog("ja")
    bad = [f"{k!r} => {v!r}" for k, v in cat.items() if ASCII_JOIN.search(re.sub(r"\{[^}]*\}", "X", v))]
    assert not bad, "\n".join(bad[:20])
    assert i18n.join_list(["1", "2", "3"]) == "1、2、3" and i18n.join_list(["佐藤", "店長"], words=True) == "佐藤・店長"
    assert i18n.join_sentences(["主催者がいません", "ジャッジがいません。"]) == "主催者がいません。ジャッジがいません"
    i18n.set_language("en")
    assert i18n.join_list(["1", "2"]) == "1, 2" and i18n.join_sentences(["a", "b"]) == "a; b"


def test_design7_missing_results_and_staff_lists_read_in_japanese(tmp_path, japanese):
    """Issue 29: 「第1回戦 1卓、第1回戦 2卓」 (not 「1, 2」), the scorecard's judges 「佐藤・鈴木」."""
    from core.desk import Desk
    from core.reports.exports import missing_text, render
    from core.store import DataDir

    store = DataDir(tmp_path).create(
        {
            "name": "杯",
            "date": "2026-11-30",
            "sanctioned": True,
            "staff": {"organizer": "店長", "judges": ["佐藤", "鈴木", "高橋"], "head_judge": "佐藤"},
        }
    )
    desk = Desk(store)
    desk.add_players(["山田", "佐藤", "鈴木", "田中"])
    desk.pair_next()
    assert "第1回戦 1卓、第1回戦 2卓" in missing_text(desk.event)
    assert "ジャッジ: 鈴木・高橋" in render(desk.event, "scorecard", "html")  # the head judge once (issue 48)
    store.close()


def test_design7_refusal_rule_id_in_full_width_parentheses(japanese):
    """Issue 29 / glossary style: a refusal's rule id reads 「…（G-BO3）」 in Japanese, not 「 [G-BO3]」."""
    from core.errors import RuleError

    assert (
        str(RuleError("2本先取では3ゲーム以上勝つことはありません", "G-BO3"))
        == "2本先取では3ゲーム以上勝つことはありません（G-BO3）"
    )
    i18n.set_language("en")
    assert str(RuleError("no", "G-BO3")) == "no [G-BO3]"


def test_design7_default_actor_reads_uketsuke_in_japanese(japanese):
    """Issue 29: the desk's default actor is 「受付」 in Japanese (`lycee log`, 「…が終了」), a staff
    name stays as typed; English keeps "desk"."""
    from core.rules import describe
    from core.store.store import act_words

    assert "受付" in describe({"type": "build", "data": {"op": "close", "by": "desk"}})
    assert "desk" not in act_words({"seq": 3, "type": "undo", "at": "t", "actor": "desk", "data": {}})
    assert "店長" in describe({"type": "build", "data": {"op": "close", "by": "店長"}})
    i18n.set_language("en")
    assert "desk" in describe({"type": "build", "data": {"op": "close", "by": "desk"}})


def test_design7_key_names_and_textual_toasts_in_japanese(japanese):
    """Issue 29: footer and F1 key names スペース/Esc/Del/F5/^P in Japanese (Space/Esc/F5/^T in English),
    and Textual's screenshot toasts and theme search in the catalog."""
    from tui.i18n import TEXTUAL_WORDS, key_words

    assert [key_words(k) for k in ("space", "esc", "del", "f5", "^p", "shift+f2", "a", "↑")] == [
        "スペース",
        "Esc",
        "Del",
        "F5",
        "^P",
        "Shift+F2",
        "a",
        "↑",
    ]
    for w in ("Screenshot", "Saved screenshot", "Failed to save screenshot", "Search for themes…"):
        assert w in TEXTUAL_WORDS and i18n._(w) != w and not i18n._(w).isascii()
    i18n.set_language("en")  # English as the key caps read too (the footer said "f5", "^t", "esc")
    assert [key_words(k) for k in ("space", "esc", "f5", "^t", "shift+f2", "a")] == [
        "Space",
        "Esc",
        "F5",
        "^T",
        "Shift+F2",
        "a",
    ]


def test_design7_deck_names_from_a_catalog_pattern(japanese):
    """Issue 29: practice deck names read in Japanese (「alpha シールド戦 スターターデッキ2個 シード5」),
    not 「alpha sealed 2s 5」; English keeps "alpha draft 7"."""
    text = i18n._("{set} sealed {product} {seed}", set="alpha", product=L.product_label("2s"), seed=5)
    assert "sealed" not in text and "シールド戦" in text and "2s" not in text
    i18n.set_language("en")
    assert i18n._("{set} draft {seed}", set="alpha", seed=7) == "alpha draft 7"


@pytest.mark.parametrize(
    "argv, said, listed",
    [
        (["member"], "「member」は選べません。「members」のことですか？", False),
        (["export", "x", "--what", "standing"], "「standing」は選べません。「standings」のことですか？", False),
        (["zzz"], "「zzz」は選べません（", True),
    ],
)
def test_design7_a_choice_typed_nearly_right_is_answered_with_that_choice_in_japanese(capsys, argv, said, listed):
    """README (the command line): a command or value typed one letter off (``member`` for
    ``members``) is answered with the one it is close to, not the list of 42 commands; a word close
    to none still gets every choice."""
    from tui import cli

    with pytest.raises(SystemExit) as ei:
        cli.main(["--lang", "ja", *argv])
    assert ei.value.code == 2
    err = capsys.readouterr().err
    assert said in err, err
    assert ("から選んでください" in err) is listed, err
    i18n.set_language("en")
