"""Every pointer a reader follows resolves: a dotted name such as
``core.rules.results.result_match`` or a path such as ``tui/cli/round.py`` in
a comment, a docstring, README.md or docs/ names a module (and a name in it)
that exists; and nothing cites the design file outside the repo, which a
reader of the repo alone cannot open (docs/ holds what it said)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "limited", "tui")
DOTTED = re.compile(r"(?<![\w./-])((?:core|limited|tui)(?:\.[A-Za-z_]\w*)+)")
PATH = re.compile(r"(?<![\w./-])((?:core|limited|tui|tests|benchmarks|docs|sample_packs)/[\w./-]*\w)")
#: paths of other repositories a page cites by name (amcsi/lycee-overture, the community importer)
EXTERNAL = {"tests/Unit/Import/test.csv"}
OUTSIDE = re.compile(r"\bDESIGN\b(?![-_.]?md\b)|shared/DESIGN|\.\./shared")


def _sources() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for pkg in (*PACKAGES, "tests", "benchmarks"):
        files += sorted((ROOT / pkg).rglob("*.py"))
    return [f for f in files if f.name != Path(__file__).name]


def _prose(path: Path) -> list[tuple[int, str]]:
    """The lines a reader reads as prose: comments and docstrings of a
    module, every line of a Markdown page."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return list(enumerate(text.splitlines(), 1))
    out = []
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        if "#" in line:
            out.append((n, line[line.index("#") :]))
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc and node.body:
                first = node.body[0].lineno
                out += [(first + i, d) for i, d in enumerate(doc.splitlines())]
    return out


def _module_names(path: Path) -> set[str]:
    names: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            names |= {t.attr for t in node.targets if isinstance(t, ast.Attribute)}
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute):
            names.add(node.target.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def resolves(dotted: str) -> bool:
    """core.a.b.name: the longest prefix that is a module or package, then
    each remaining part a name defined in it (a class's method counts)."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:k])
        module = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        if module.is_file():
            rest = parts[k:]
            if not rest:
                return True
            names = _module_names(module)
            if rest[0] in names:
                return True
            sub = base / rest[0]  # a package's submodule not yet imported in __init__
            return sub.with_suffix(".py").is_file() or (sub / "__init__.py").is_file()
    return False


def stale_pointers() -> list[str]:
    out = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        for n, line in _prose(path):
            for m in DOTTED.finditer(line):
                name = m.group(1).rstrip(".")
                if name.endswith((".py", ".json", ".md", ".tcss", ".csv")) or not resolves(name):
                    if not name.endswith((".json", ".md", ".tcss", ".csv")) and not resolves(name.removesuffix(".py")):
                        out.append(f"{rel}:{n}: {name}")
            for m in PATH.finditer(line):
                target = m.group(1).split(":")[0].rstrip(".")
                # A path the run itself makes (``__pycache__``) is not in a clean clone.
                if "*" in target or "<" in target or target in EXTERNAL or "__pycache__" in target:
                    continue
                if not (ROOT / target).exists():
                    out.append(f"{rel}:{n}: {target}")
    return out


def outside_citations() -> list[str]:
    out = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        for n, line in _prose(path):
            if OUTSIDE.search(line):
                out.append(f"{rel}:{n}: {line.strip()[:80]}")
    return out


def test_every_dotted_name_and_path_in_comments_and_docs_resolves():
    """A pointer in a comment or a page names a module that exists: a reader
    who follows it lands where it says (issue 45: 19 had moved)."""
    stale = stale_pointers()
    assert not stale, f"{len(stale)} stale pointer(s):\n" + "\n".join(stale)


def test_nothing_cites_the_design_file_outside_the_repo():
    """The repo stands alone: a citation points into docs/, not at a file a
    reader of the repo does not have."""
    cited = outside_citations()
    assert not cited, f"{len(cited)} citation(s) of a file outside the repo:\n" + "\n".join(cited)


def test_the_pointer_check_finds_a_moved_module(tmp_path):
    """The check can fail: a name in a module that does not exist, or a
    function the module does not define, is stale; a real one resolves."""
    assert resolves("core.rules.results") and resolves("core.desk.Desk")
    assert not resolves("core.rules.nowhere") and not resolves("core.desk.no_such_function")


def test_tests_are_named_by_behaviour_not_by_issue_number():
    """A test's name says what it checks (and the rule id), not which issue
    asked for it: an issue number means nothing to the next reader."""
    import re

    named = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if re.search(r"issue_?\d", path.name):
            named.append(path.name)
        text = path.read_text(encoding="utf-8")
        named += [f"{path.name}: {m}" for m in re.findall(r"^(?:async )?def (test_issue_?\d\w*)", text, re.M)]
    assert not named, "named by issue number:\n" + "\n".join(named)
