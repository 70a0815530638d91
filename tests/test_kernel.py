"""The table kernel stays small and layered: no module of it over 400 lines, and no import cycle
among the project's own modules (a cycle means two modules can only be understood together)."""

import ast
import re
from pathlib import Path

from tests.fixtures import PROJECT_DIR

PACKAGES = ("games", "scoring", "cardscore")
KERNEL_MODULE_LINES = 400


def module_name(path):
    parts = list(path.relative_to(PROJECT_DIR).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules():
    """{dotted name: source file} of every module in the project's own packages."""
    return {module_name(path): path for package in PACKAGES for path in sorted((PROJECT_DIR / package).rglob("*.py"))}


def type_checking_only(tree):
    """The nodes under `if TYPE_CHECKING:`: imports that never run, made to name a type in an
    annotation (an event's check names the Engine that folds it) and left out of the graph."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for statement in node.body
        for inner in ast.walk(statement)
    }


def imported_names(name, path):
    """Every dotted name the module imports, at its top or inside a function: a lazy import still
    ties the two modules together, it only hides that until the call."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    tree = ast.parse(path.read_text(), str(path))
    skipped = type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            yield source
            # `from games.pages import board` imports the module games.pages.board; `from .x import name` only x.
            yield from (f"{source}.{alias.name}" for alias in node.names)


def import_graph():
    """{module: the project's modules it imports}; importing a.b.c imports a and a.b too."""
    modules = project_modules()
    graph = {}
    for name, path in modules.items():
        graph[name] = set()
        for imported in imported_names(name, path):
            parts = imported.split(".")
            prefixes = (".".join(parts[:length]) for length in range(1, len(parts) + 1))
            graph[name] |= {prefix for prefix in prefixes if prefix in modules and prefix != name}
    return graph


def cycles(graph):
    """The groups of modules that import each other, directly or round a loop (Tarjan's strongly
    connected components, written as a loop: no recursion limit to meet)."""
    order, lowest, on_stack, stack, found = {}, {}, set(), [], []
    for root in graph:
        if root in order:
            continue
        work = [(root, iter(sorted(graph[root])))]
        order[root] = lowest[root] = len(order)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in order:
                    order[target] = lowest[target] = len(order)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    lowest[module] = min(lowest[module], order[target])
                continue
            work.pop()
            if work:
                lowest[work[-1][0]] = min(lowest[work[-1][0]], lowest[module])
            if lowest[module] == order[module]:
                group = []
                while not group or group[-1] != module:
                    group.append(stack.pop())
                    on_stack.discard(group[-1])
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_project_has_no_import_cycle():
    assert cycles(import_graph()) == []


def test_a_cycle_is_found_round_a_loop_and_only_there():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_graph_sees_lazy_and_relative_imports():
    graph = import_graph()
    assert "games.pages.result_card" in graph["games.apps"]  # inside ready()
    assert "games.konkan.forms" in graph["games.konkan.game"]  # from .forms import ...
    assert "games.api" in graph["games.konkan.game"]  # from ..api import ...
    assert "games.services.tables" in graph["games.views.site"]
    assert "scoring.errors" in graph["games.sdk.typed"]


def test_the_kernel_s_modules_live_in_its_rooms():
    """games/ holds Django's own files of the app at its top, the plug-in API, the kernel's rooms
    (sdk, services, pages, plumbing, views) and the games: a new kernel module goes into its room."""
    top = {path.stem for path in (PROJECT_DIR / "games").glob("*.py")}
    assert top == {"__init__", "admin", "api", "apps", "checks", "models", "urls"}


def test_no_view_imports_another_view():
    """What views share (the table page's context and the answers to a save) lives in
    games/pages/render.py, so each view module reads on its own."""
    graph = import_graph()
    views = {name for name in graph if name.startswith("games.views.")}
    assert {"games.views.hands", "games.views.table_page"} <= views
    assert {view: sorted(graph[view] & views) for view in views if graph[view] & views} == {}


# The rooms of docs/layout.md: the first two parts of a module's dotted name; a game's own folder
# is the room "game".
ROOM_OF = {
    "games.api": "api",
    "games.sdk": "sdk",
    "games.models": "models",
    "games.services": "services",
    "games.management": "services",
    "games.pages": "pages",
    "games.templatetags": "pages",
    "games.plumbing": "plumbing",
    "games.views": "views",
    "games.urls": "views",
    "games.admin": "views",
    "games.apps": "app",
    "games.checks": "app",
}


def room(module):
    parts = module.split(".")
    if parts[0] != "games":
        return parts[0]
    return ROOM_OF.get(".".join(parts[:2]), "game") if len(parts) > 1 else None


def room_imports(graph):
    """{(room, room it imports)} for the modules of the project, tests and migrations aside."""
    left_out = {"tests", "migrations"}
    return {
        (room(module), room(imported))
        for module, imports in graph.items()
        if not left_out & set(module.split("."))
        for imported in imports
        if not left_out & set(imported.split("."))
        and None not in (room(module), room(imported))
        and room(module) != room(imported)
    }


def drawn_arrows(text):
    """The arrows of the picture in docs/layout.md, one a line of its mermaid block ("views --> pages")."""
    return set(re.findall(r"^ +(\w+) --> (\w+)$", text, re.MULTILINE))


def test_the_layout_picture_is_the_code_s_imports():
    drawn = drawn_arrows((PROJECT_DIR / "docs" / "layout.md").read_text())
    assert ("game", "api") in drawn and ("game", "services") not in drawn
    assert room_imports(import_graph()) == drawn


def test_the_layout_check_sees_an_arrow_the_picture_lacks():
    graph = {"games.konkan.views": {"games.services.tables"}, "games.services.tables": {"games.models"}}
    assert room_imports(graph) == {("game", "services"), ("services", "models")}
    assert room("games.plumbing.access") == "plumbing" and room("games.konkan.forms") == "game"


def kernel_modules():
    """The table kernel: every module of games/ outside a game's own folder (one holding its
    game.py) and of cardscore/, migrations aside."""
    games = PROJECT_DIR / "games"
    game_folders = {path.parent for path in games.glob("*/game.py")}
    for path in sorted([*games.rglob("*.py"), *(PROJECT_DIR / "cardscore").rglob("*.py")]):
        if "migrations" not in path.parts and not any(path.is_relative_to(folder) for folder in game_folders):
            yield path


def test_no_module_of_the_table_kernel_is_over_400_lines():
    lengths = {str(path.relative_to(PROJECT_DIR)): len(path.read_text().splitlines()) for path in kernel_modules()}
    assert "games/views/table_page.py" in lengths and "cardscore/settings.py" in lengths
    assert not any(Path(name).parts[1] in {"marriage", "konkan"} for name in lengths)
    assert {name: lines for name, lines in lengths.items() if lines > KERNEL_MODULE_LINES} == {}


def test_an_import_for_annotations_only_is_no_edge(tmp_path):
    source = tmp_path / "events.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nfrom . import checks\nif TYPE_CHECKING:\n    from .base import Engine\n"
    )
    assert set(imported_names("scoring.events", source)) == {
        "typing",
        "typing.TYPE_CHECKING",
        "scoring",
        "scoring.checks",
    }


def game_modules():
    """{dotted name: source} of each game's own code (its folder, tests and migrations aside)."""
    games = PROJECT_DIR / "games"
    for folder in sorted(path.parent for path in games.glob("*/game.py")):
        for path in sorted(folder.rglob("*.py")):
            if "tests" not in path.parts and "migrations" not in path.parts:
                yield module_name(path), path


def kernel_imports(name, path):
    """The kernel modules (of games/, outside the game's own package) that module `name` imports."""
    game = ".".join(name.split(".")[:2])
    imported = set(imported_names(name, path))
    return {
        source
        for source in imported
        if source.startswith("games.")
        and not source.startswith(f"{game}.")
        and source != game
        # `from ..api import X` also names games.api.X: the module is what counts
        and not (source.startswith("games.api.") and source.rsplit(".", 1)[0] in imported)
    }


def test_a_game_uses_the_kernel_only_through_games_api():
    found = {name: kernel_imports(name, path) - {"games.api"} for name, path in game_modules()}
    assert "games.konkan.views" in found and "games.twentyfour.management.commands.solve24" in found
    assert {name: sorted(imports) for name, imports in found.items() if imports} == {}


def test_the_api_check_sees_a_game_reaching_past_the_api(tmp_path):
    module = tmp_path / "views.py"
    module.write_text("from ..services import tables\nfrom ..api import render_table\nfrom .forms import F\n")
    assert kernel_imports("games.konkan.views", module) - {"games.api"} == {"games.services", "games.services.tables"}
