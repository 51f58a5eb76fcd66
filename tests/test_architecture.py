"""Rules stay apart from web and storage: engine and games import neither Flask nor sqlite-utils."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

import referee

GAMES_DIR = Path(referee.__file__).parent / "games"
PURE = ["referee.engine", "referee.games", "referee.games.registry"]
PURE += [
    "referee.games." + ".".join(p.relative_to(GAMES_DIR).with_suffix("").parts).removesuffix(
        ".__init__")
    for p in GAMES_DIR.glob("*/*.py")
]


def test_engine_and_games_import_neither_flask_nor_sqlite_utils():
    code = (
        "import sys, importlib\n"
        f"for name in {PURE!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlite_utils',"
        " 'werkzeug', 'sqlite3'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_module_of_engine_or_games_names_flask_or_sqlite_utils():
    root = Path(referee.__file__).parent
    for folder in ("engine", "games"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "import flask" not in text and "from flask" not in text, path
            assert "sqlite_utils" not in text, path


# -- who may import whom: read from every module's import statements -----------------------

ROOT = Path(referee.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The referee modules a file imports (absolute names; relative imports resolved)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def game_packages() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "games").glob("*/__init__.py"))


def test_the_engine_imports_no_game_no_web_and_no_command():
    for path in (ROOT / "engine").rglob("*.py"):
        bad = [m for m in imports_of(path)
               if m.startswith(("referee.games", "referee.web", "referee.commands"))]
        assert not bad, f"{path.name} imports {bad}"


def test_a_game_imports_only_the_engine_the_contract_and_itself():
    assert game_packages(), "no game package found"
    for key in game_packages():
        for path in (ROOT / "games" / key).rglob("*.py"):
            own = f"referee.games.{key}"
            bad = [m for m in imports_of(path)
                   if m.startswith("referee.") and not m.startswith(
                       ("referee.engine", "referee.games.contract", own))
                   and m not in ("referee.PROJECT_ROOT", "referee.TABLES_DIR")]
            assert not bad, f"{key}/{path.relative_to(ROOT / 'games' / key)} imports {bad}"


def test_the_registry_and_the_contract_name_no_game():
    for name in ("registry.py", "contract.py", "explain.py"):
        text = (ROOT / "games" / name).read_text(encoding="utf-8")
        for key in game_packages():
            assert f"referee.games.{key}" not in text, f"{name} names {key}"


def test_the_web_layer_reaches_a_game_only_through_its_contract():
    """Shared web code asks the registry, the contract and explain (the core's statements); a
    game's own web modules (referee/web/games/<key>/) may read its own game, and no other."""
    keys = game_packages()
    for path in (ROOT / "web").rglob("*.py"):
        games = {m.split(".")[2] for m in imports_of(path)
                 if m.startswith("referee.games.") and m.split(".")[2] not in (
                     "contract", "registry", "explain")}
        parts = path.relative_to(ROOT / "web").parts
        own = [k for k in keys if parts[:2] == ("games", k)]
        assert games <= set(own), f"web/{path.relative_to(ROOT / 'web')} reaches into {games}"


# -- one game, one place -----------------------------------------------------------------------

PROJECT = ROOT.parent
# Where a game's files live, each a folder named by its key: its rules, its web face, its
# templates, its styles and its printed data.
GAME_HOMES = (("referee", "games"), ("referee", "web", "games"), ("templates",), ("static",),
              ("tables",))
HOUSE = ("referee", "templates", "static", "tables")
TEXT = (".py", ".html", ".css", ".js", ".toml", ".md", ".csv", ".txt")


def house_files() -> list[Path]:
    return [p for top in HOUSE for p in (PROJECT / top).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts]


def home_of(path: Path) -> str | None:
    """The game whose folder holds `path`, or None for a shared file."""
    parts = path.relative_to(PROJECT).parts
    for home in GAME_HOMES:
        if parts[:len(home)] == home and len(parts) > len(home) + 1:
            key = parts[len(home)]
            if key in game_packages():
                return key
    return None


def test_a_game_s_files_live_only_in_folders_named_by_its_key():
    keys = game_packages()
    astray = [str(p.relative_to(PROJECT)) for p in house_files() if home_of(p) is None
              and any(k in part for part in p.relative_to(PROJECT).parts for k in keys)]
    assert astray == []


def test_no_shared_module_template_or_style_names_a_game():
    keys = game_packages()
    shared = [p for p in house_files() if home_of(p) is None and p.suffix in TEXT
              and p.relative_to(PROJECT).parts[0] != "tables"]
    naming = [f"{p.relative_to(PROJECT)}: {k}" for p in shared
              for k in keys if k in p.read_text(encoding="utf-8")]
    assert naming == []


# The layers, lowest first: a module imports only from its own layer and the ones below.
LAYERS = ("referee.engine", "referee.games", "referee.web", "referee.commands")


def layer_of(module: str) -> int | None:
    for i, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            return i
    return None


def test_no_import_runs_from_a_lower_layer_to_a_higher_one():
    for path in ROOT.rglob("*.py"):
        here = ".".join(path.relative_to(PROJECT).with_suffix("").parts).removesuffix(
            ".__init__")
        own = layer_of(here)
        if own is None:  # referee/cli.py and the package's top: above every layer
            continue
        higher = [m for m in imports_of(path) if (layer_of(m) or 0) > own]
        assert higher == [], f"{path.relative_to(PROJECT)} imports {higher}"


def test_no_web_module_imports_another_game_s_modules():
    keys = game_packages()
    for path in (ROOT / "web").rglob("*.py"):
        key = home_of(path)
        for module in imports_of(path):
            for other in keys:
                if other == key:
                    continue
                assert not module.startswith((f"referee.games.{other}",
                                              f"referee.web.games.{other}")), (
                    f"{path.relative_to(PROJECT)} imports {module}")


def test_listing_the_games_loads_no_rules():
    """The registry reads every game's META alone: no rules module (nor a game's web face)
    is imported until a game is asked for (registry.game)."""
    code = (
        "import sys\n"
        "from referee.games import registry\n"
        "assert registry.GAMES\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith(('referee.games.',"
        " 'referee.web')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip().split(",")
    shared = {"referee.games.contract", "referee.games.grids", "referee.games.registry"}
    shared |= {f"referee.games.{k}" for k in game_packages()}  # the packages: no rules inside
    loaded = sorted(m for m in out if m not in shared)
    # a META may read its lobby choices from its settings, which import no rules
    assert [m for m in loaded if m.rsplit(".", 1)[-1] not in ("meta", "settings")] == []
    assert {f"referee.games.{k}.meta" for k in game_packages()} <= set(loaded)


def test_no_game_registers_anything_by_an_import_side_effect():
    """What a game gives the core is a value its modules define (META, GAME, WEB), never a call
    made while a module is imported: no module in a game's folders runs a call at its top
    level."""
    import ast

    calls = []
    for key in game_packages():
        for folder in (PROJECT / "referee" / "games" / key,
                       PROJECT / "referee" / "web" / "games" / key):
            for path in sorted(folder.rglob("*.py")):
                tree = ast.parse(path.read_text(encoding="utf-8"))
                calls += [f"{path.relative_to(PROJECT)}:{node.lineno}" for node in tree.body
                          if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)]
    assert calls == []


def registered_packages() -> dict[str, str]:
    """Every game the registry knows (an outside one too), by key: its package's name."""
    from referee.games import registry

    return {key: registry.PACKAGES[key] for key in registry.GAMES}


@pytest.mark.parametrize("key", sorted(registered_packages()))
def test_every_game_speaks_one_dialect(key):
    """GAME built from GameParts, rules_for in game.py, a Play on the engine's base whose money
    moves in one argument order (pay(source, target, amount, memo, kind)) in context.py, and
    the handlers of every action type in rules.py (HANDLERS)."""
    import importlib
    import inspect

    from referee.engine.handlers import Handlers
    from referee.engine.play import Play as EnginePlay
    from referee.games.contract import GameParts

    package = registered_packages()[key]
    base = list(inspect.signature(EnginePlay.pay).parameters)[:6]
    game = importlib.import_module(f"{package}.game")
    assert isinstance(game.GAME, GameParts), key
    assert callable(game.rules_for), key
    play = importlib.import_module(f"{package}.context").Play
    assert issubclass(play, EnginePlay), key
    assert list(inspect.signature(play.pay).parameters)[:6] == base, key
    for own in ("cash", "say"):
        assert own not in play.__dict__, f"{key} redefines Play.{own}"
    assert isinstance(importlib.import_module(f"{package}.rules").HANDLERS, Handlers), key


# -- a game's look: its own stylesheets and the shared ones, never another game's ---------------

CLASS_RULE = re.compile(r"\.([A-Za-z][\w-]*)")
CLASS_ATTR = re.compile(r'class="([^"{]*)"')


def classes_styled_in(folder: Path) -> set[str]:
    """Every class a selector names in the stylesheets directly in `folder` (not below)."""
    found: set[str] = set()
    for path in folder.glob("*.css"):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for block in re.findall(r"([^{}]+)\{", text):
            found |= set(CLASS_RULE.findall(block))
    return found


def test_no_game_s_meta_loads_another_game_s_stylesheet():
    from referee.games import registry

    for key, meta in registry.GAMES.items():
        for sheet in meta.stylesheets:
            folder = sheet.rpartition("/")[0]
            assert folder in ("", key), f"{key} loads {sheet}"


def test_no_game_s_templates_use_another_game_s_classes():
    static = PROJECT / "static"
    shared = classes_styled_in(static)
    own = {key: classes_styled_in(static / key) - shared for key in game_packages()}
    borrowed = []
    for key in game_packages():
        others = set().union(*(c for k, c in own.items() if k != key)) - own[key]
        for path in (PROJECT / "templates" / key).rglob("*.html"):
            used = {c for attr in CLASS_ATTR.findall(path.read_text(encoding="utf-8"))
                    for c in attr.split()}
            borrowed += [f"{path.relative_to(PROJECT)}: {c}" for c in sorted(used & others)]
    assert borrowed == []


# -- the web core below the games' web faces -------------------------------------------------


def test_the_web_core_imports_no_game_s_web_module():
    """Inside referee/web the imports run one way: a game's web package (web/games/<key>/)
    uses the core, the core finds a game's only through its META.web (referee/web/hooks.py)."""
    back_up = [f"{path.relative_to(PROJECT)} imports {module}"
               for path in (ROOT / "web").rglob("*.py") if home_of(path) is None
               for module in imports_of(path) if module.startswith("referee.web.games.")]
    assert back_up == []


def metas() -> list:
    """Every game package's META, and the toy game's (kept under tests/)."""
    import importlib

    from tests.toy_game.meta import META as TOY

    return [importlib.import_module(f"referee.games.{key}.meta").META
            for key in game_packages()] + [TOY]


def test_every_game_s_web_module_speaks_one_dialect():
    """A web module exports WEB built from WebParts, as a game's rules export GAME built from
    GameParts; a module-level name of a WebParts field is the one WEB holds (none left out)."""
    import dataclasses
    import importlib

    from referee.web.hooks import WebParts

    webs = [meta.web for meta in metas() if meta.web]
    assert webs, "no game has a web module"
    for name in webs:
        module = importlib.import_module(name)
        assert isinstance(getattr(module, "WEB", None), WebParts), name
        for field in dataclasses.fields(WebParts):
            if hasattr(module, field.name):
                assert getattr(module, field.name) is getattr(module.WEB, field.name), (
                    f"{name}.{field.name} is not the one its WEB holds")


def overridden_beyond_the_list(cls: type) -> list[str]:
    """The names of Presenter that `cls` itself overrides without their being in OVERRIDES."""
    from referee.web.presenter import OVERRIDES, Presenter

    return sorted(name for name in vars(cls) if name in dir(Presenter)
                  and name not in OVERRIDES and name not in ("__module__", "__doc__",
                                                             "__qualname__", "__dict__",
                                                             "__weakref__", "__annotations__",
                                                             "__firstlineno__",
                                                             "__static_attributes__"))


def game_presenters() -> list[type]:
    """Every Presenter subclass defined in a game's web modules (the toy game's among them)."""
    import importlib
    import pkgutil

    from referee.web.presenter import Presenter

    modules = []
    for meta in metas():
        if meta.web:
            package = importlib.import_module(meta.web)
            modules.append(package)
            modules += [importlib.import_module(m.name) for m in pkgutil.walk_packages(
                getattr(package, "__path__", []), f"{meta.web}.")]
    names = {m.__name__ for m in modules}
    found, todo = [], list(Presenter.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__ in names:
            found.append(cls)
    return found


def test_a_game_presenter_overrides_only_what_the_presenter_lists():
    from referee.web.presenter import OVERRIDES, Presenter

    assert all(hasattr(Presenter, name) for name in OVERRIDES)
    presenters = game_presenters()
    assert {cls.__name__ for cls in presenters} >= {"TurnPage", "PrairieView", "BaronsNow",
                                                   "RivalsNow", "ToyPage"}
    assert {cls.__name__: overridden_beyond_the_list(cls) for cls in presenters
            if overridden_beyond_the_list(cls)} == {}


def test_a_presenter_overriding_the_web_core_s_own_check_is_found():
    from referee.web.presenter import Presenter

    class Eager(Presenter):
        css = "eager"  # listed

        def may_act(self, action: dict) -> bool:  # the action endpoint's rule: not a hook
            return True

        def _prepare_roll(self, panel) -> None:  # a panel's own preparation: allowed
            pass

    assert overridden_beyond_the_list(Eager) == ["may_act"]
