"""The layers of the code: which package may import which, and no import circle.

Read from the source with ast (every import, at module level or inside a function),
so a circle that only closes at run time is found too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "parsers", "pipeline", "dashboard")
# a package's layer: it may import its own layer and those below (a higher number)
LAYERS = {"dashboard": 0, "pipeline": 1, "parsers": 2, "engine": 3}
# inside pipeline: cli -> export, read, dataset -> ingest -> audit -> stats, store
PIPELINE = {"cli": 0, "export": 1, "read": 2, "dataset": 1, "ingest": 2, "audit": 3,
            "stats": 4, "store": 4}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The project's modules ``name`` imports (a package imported from names the
    modules among those names)."""
    out = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in MODULES and t != name)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_the_graph_is_read():
    """The reader sees the imports it must (a guard against a reader that finds none)."""
    assert "engine.model.hand" in GRAPH["engine.rules.replay"]
    assert "pipeline.store.database" in GRAPH["pipeline.ingest.importer"]
    assert len(MODULES) > 100


def test_no_import_circle():
    index, low, on_stack, stack, circles = {}, {}, set(), [], []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert not circles, f"modules that import each other in a circle: {circles}"


def _layer(name: str) -> tuple[int, int | None]:
    top, _, rest = name.partition(".")
    sub = PIPELINE.get(rest.partition(".")[0]) if top == "pipeline" else None
    return LAYERS[top], sub


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down(name):
    """dashboard -> pipeline -> parsers -> engine, and inside pipeline each concern
    imports only those below it: nothing points back up."""
    mine = _layer(name)
    up = []
    for target in sorted(GRAPH[name]):
        theirs = _layer(target)
        if theirs[0] < mine[0]:
            up.append(target)
        elif (theirs[0] == mine[0] == LAYERS["pipeline"] and None not in (mine[1], theirs[1])
              and target.split(".")[1] != name.split(".")[1] and theirs[1] <= mine[1]):
            up.append(target)
    assert not up, f"{name} imports {up}, which is not below it"


def test_no_test_imports_another():
    """Tests share helpers through tests/support, never by importing a test module."""
    tests = ROOT / "tests"
    names = {p.stem for p in tests.rglob("test_*.py")} | {"conftest"}
    found = []
    for path in tests.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level:
                mods = [node.module or ""]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            else:
                continue
            found += [f"{path.relative_to(tests)}: {m}" for m in mods
                      if m.split(".")[-1] in names or m.startswith("tests.")]
    assert not found, found


def test_readers_take_the_stat_words_from_the_catalogue():
    """pipeline/read and the dashboard name the stats through pipeline.stats.catalogue,
    never through the flags the import computes."""
    readers = [n for n in MODULES if n.startswith(("pipeline.read", "dashboard"))]
    assert readers
    assert not [n for n in readers if "pipeline.stats.flags" in GRAPH[n]]
