"""core/ as packages with arrows pointing one way (issue 15, docs/architecture.md):
no import cycle among the modules of core/ and limited/ (imports inside
functions count), no private name used outside its module, no single-letter
module alias.  docs/architecture.md draws the layers these tests keep."""

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
OURS = ("core", "limited", "tui", "sample_packs")


def _graph(*packages: str) -> nx.DiGraph:
    sys.path.insert(0, str(ROOT))
    try:
        g = grimp.build_graph(*(packages or ("core", "limited")), include_external_packages=False, cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))
    out = nx.DiGraph()
    for m in g.modules:
        out.add_node(m)
        for x in g.find_modules_directly_imported_by(m):
            out.add_edge(m, x)
    return out


def test_no_import_cycle_in_core_or_limited():
    """A cycle among the modules of core/ and limited/ (counting imports made
    inside functions) fails here, named module by module."""
    g = _graph()
    assert "core.log.registry" in g and "limited.event" in g  # the graph is the real one
    cycles = []
    for scc in nx.strongly_connected_components(g):
        if len(scc) > 1:
            cycle = nx.find_cycle(g.subgraph(scc))
            cycles.append(" -> ".join([a for a, _b in cycle] + [cycle[0][0]]))
    assert not cycles, "import cycle(s): " + "; ".join(cycles)


def _cycles(g: nx.DiGraph) -> list[str]:
    out = []
    for scc in nx.strongly_connected_components(g):
        if len(scc) > 1:
            cycle = nx.find_cycle(g.subgraph(scc))
            out.append(" -> ".join([a for a, _b in cycle] + [cycle[0][0]]))
    return out


def test_no_import_cycle_anywhere_tui_included():
    """No cycle among the modules of core/, limited/ and tui/ (imports inside
    functions count): the limited screens import their shared pieces from
    tui/screens/limited_kit.py, never the practice menu that opens them."""
    g = _graph("core", "limited", "tui")
    assert "tui.screens.practice" in g and "tui.screens.limited_kit" in g  # the graph is the real one
    assert ("tui.screens.draft_table", "tui.screens.limited_kit") in g.edges
    cycles = _cycles(g)
    assert not cycles, "import cycle(s): " + "; ".join(cycles)


def test_the_cycle_check_finds_a_cycle():
    """The check has teeth: a graph with a loop through three modules is named."""
    g = nx.DiGraph([("tui.a", "tui.b"), ("tui.b", "tui.c"), ("tui.c", "tui.a"), ("tui.c", "core.x")])
    assert len(_cycles(g)) == 1 and "tui.a" in _cycles(g)[0]


def test_the_action_log_imports_no_rule():
    """core.log is the registry: the rules register with it, it never imports them."""
    g = _graph()
    bad = sorted(
        (a, b)
        for a, b in g.edges
        if a.startswith("core.log") and not b.startswith("core.log") and b not in ("core.errors", "core.i18n")
    )
    assert not bad, bad


def _ours(module: str) -> bool:
    return module.split(".")[0] in OURS


def _violations(path: Path, rel: str | None = None) -> list[str]:
    """The offences in one file (``rel``: its place in the repo)."""
    rel = rel or path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    package = ".".join(Path(rel).with_suffix("").parts[:-1])
    own_aliases: dict[str, str] = {}  # local name -> module of ours
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([mod] if mod else []))
            if not _ours(mod):
                continue
            for a in node.names:
                if a.name.startswith("_") and not a.name.startswith("__") and a.name != "_":  # _(): gettext
                    out.append(f"{rel}:{node.lineno}: from {mod} import {a.name} (a private name)")
                local = a.asname or a.name
                if a.asname and len(a.asname) == 1:
                    out.append(f"{rel}:{node.lineno}: {a.name} imported as {a.asname} (a single-letter alias)")
                own_aliases[local] = f"{mod}.{a.name}"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if _ours(a.name):
                    if a.asname and len(a.asname) == 1:
                        out.append(f"{rel}:{node.lineno}: import {a.name} as {a.asname} (a single-letter alias)")
                    own_aliases[a.asname or a.name.split(".")[0]] = a.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, (ast.Name, ast.Attribute))
        ):
            root: ast.expr = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in own_aliases and _is_module(own_aliases[root.id]):
                out.append(f"{rel}:{node.lineno}: {ast.unparse(node)} (a private name of another module)")
    return out


def _is_module(dotted: str) -> bool:
    """``dotted`` names a module or package of ours (not a class or function)."""
    p = ROOT.joinpath(*dotted.split("."))
    return p.with_suffix(".py").exists() or (p / "__init__.py").exists()


def test_no_private_name_crosses_modules_and_no_single_letter_alias():
    """``from x import _name``, ``module._name`` (x, module ours) and
    ``import ... as L`` fail here: what crosses modules has a public name."""
    bad = []
    for top in ("core", "limited", "tui"):
        for path in sorted((ROOT / top).rglob("*.py")):
            bad += _violations(path)
    assert not bad, "\n".join(bad)


def test_the_check_catches_a_private_import(tmp_path):
    """The AST check has teeth: each kind of offence in a sample file is found."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from core.tournament.standings import _x\nfrom core import labels as L\n"
        "import core.rules.clock\ncore.rules.clock._y\nfrom . import _z\n",
        encoding="utf-8",
    )
    found = _violations(sample, "core/rules/sample.py")
    assert len(found) == 4, found


def test_start_up_loads_no_rule():
    """`lycee --help` starts without the rules, the tournament engines or the store
    (they load when a command needs them): the packages' __init__ stay light."""
    code = (
        "import sys, runpy\nsys.argv = ['lycee', '--help']\n"
        "try:\n    runpy.run_module('tui.cli', run_name='__main__')\nexcept SystemExit:\n    pass\n"
        "heavy = sorted(m for m in sys.modules if m.startswith(('core.rules.', 'core.tournament.', "
        "'core.store.', 'core.reports.', 'core.cards', 'limited.')))\nprint(repr(heavy), file=sys.stderr)\n"
        "sys.exit(1 if heavy else 0)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert r.returncode == 0, r.stderr[-2000:]


def _face_imports() -> dict[str, set[str]]:
    """The core/ and limited/ modules that tui/app.py and tui/screens/ import
    (imports inside functions count; ``from core import labels`` counts the
    module core.labels), each with the files that import it."""
    files = [ROOT / "tui" / "app.py", *sorted((ROOT / "tui" / "screens").rglob("*.py"))]
    found: dict[str, set[str]] = {}
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        package = ".".join(Path(rel).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    mod = ".".join(base + ([mod] if mod else []))
                names = [f"{mod}.{a.name}" if _is_module(f"{mod}.{a.name}") else mod for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name.split(".")[0] in ("core", "limited"):
                    found.setdefault(name, set()).add(rel)
    return found


#: The ceiling on the modules of core/ and limited/ the app's screens import
#: (issue 24's target is 12: reads go through core/readmodel/ and, for the
#: limited screens, limited/view.py; core.door: the event screen serves the
#: desk's door, issue 26). It only comes down; docs/architecture.md lists the modules.
FACE_IMPORT_CEILING = 11


def test_the_screens_read_through_few_core_modules():
    """tui/app.py and tui/screens/ import at most FACE_IMPORT_CEILING modules of
    core/ and limited/ in all (counting imports inside functions), the read
    model among them; a new engine import fails here."""
    found = _face_imports()
    assert "core.readmodel" in found and "core.desk" in found  # the count is the real one
    assert len(found) <= FACE_IMPORT_CEILING, "\n".join(f"{m}: {sorted(f)}" for m, f in sorted(found.items()))


def test_the_limited_view_names_what_it_serves():
    """limited/view.py, what the limited screens use: every name it lists
    (``WHERE``, ``__all__``) resolves to the engine's own object, and the two
    lists are the same, so a screen importing a name from it cannot fail on a
    path a test does not walk."""
    import importlib

    from limited import view

    assert sorted(view.__all__) == sorted(view.WHERE)
    for name, module in view.WHERE.items():
        assert getattr(view, name) is getattr(importlib.import_module(module), name), name


#: The event screen holds the desk, the bar and the redraw; what the keys do is in its controllers.
EVENT_SCREEN_LINES = 300
#: No module of tui/screens/ grows past this: a screen that does is split by concern.
SCREEN_MODULE_LINES = 500


def test_the_event_screen_and_every_screen_module_stay_readable():
    """tui/screens/event/screen.py stays under EVENT_SCREEN_LINES lines and no
    module of tui/screens/ has more than SCREEN_MODULE_LINES (docs/architecture.md
    says where each concern went); each names the file that grew."""
    screens = ROOT / "tui" / "screens"
    sizes = {
        p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in screens.rglob("*.py")
    }
    assert len(sizes) > 20 and sizes["tui/screens/event/results.py"] > 100  # the real tree
    assert sizes["tui/screens/event/screen.py"] < EVENT_SCREEN_LINES, sizes["tui/screens/event/screen.py"]
    big = {path: n for path, n in sizes.items() if n > SCREEN_MODULE_LINES}
    assert not big, big


def test_each_screen_module_has_its_stylesheet_beside_it():
    """A screen or dialog module that names a stylesheet (CSS_PATH) finds it
    beside itself, and no screen carries inline CSS (DEFAULT_CSS)."""
    screens = ROOT / "tui" / "screens"
    missing, inline = [], []
    for p in screens.rglob("*.py"):
        text = p.read_text(encoding="utf-8")
        if "DEFAULT_CSS" in text:
            inline.append(p.name)
        for name in set(re.findall(r'"([a-z_]+\.tcss)"', text)):
            if not (p.parent / name).is_file():
                missing.append(f"{p.name}: {name}")
    assert not missing and not inline, (missing, inline)
