"""Mutation testing of the money code: change one thing at a time, run its fast tests, count kills.

Each mutant is one small change to a money-critical module (a comparison, an operator, min/max,
a constant, a dropped filter or condition, a returned value, a removed statement). The module's
fast tests run against it in a temporary copy of the project; a mutant the tests do not fail on
survives. The working tree is never written to. Usage:

    bash scripts/mutate                 # every target, 2 workers; last line: N killed / M mutants
    bash scripts/mutate --list          # the mutants only, nothing run
    bash scripts/mutate --only fees     # targets whose path contains "fees"
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# -- what is mutated, and which tests judge it: update this list when money code moves -------

SLOW_TESTS = ("test_properties.py",)  # hypothesis runs: too slow to repeat per mutant


def fast_tests(*folders: str, first: tuple[str, ...] = ()) -> list[str]:
    """The test files of `folders` (the `first` ones first), without the slow property tests."""
    found = [str(p.relative_to(ROOT)) for folder in folders
             for p in sorted((ROOT / folder).glob("test_*.py")) if p.name not in SLOW_TESTS]
    return [*first, *(f for f in found if f not in first)]


RAIL_BARON = fast_tests("tests/railbaron", first=("tests/railbaron/test_money_edges.py",
                                                  "tests/railbaron/test_fees_and_establishment.py",
                                                  "tests/railbaron/test_shortfall.py"))
PRAIRIE = fast_tests("tests/prairie_railroads")
BARONS = fast_tests("tests/railroad_barons")
RIVALS = fast_tests("tests/railway_rivals")
FIGURES = ["tests/test_final_figures.py"]
PEOPLE = ["tests/web/test_people.py", "tests/web/test_players.py", "tests/test_final_figures.py"]
ENGINE = ["tests/test_engine.py", "tests/railbaron/test_shortfall.py",
          "tests/prairie_railroads/test_dividends_and_end.py"]
PLAY = ["tests/test_engine.py", "tests/railbaron/test_money_edges.py",
        "tests/railway_rivals/test_mutants.py", "tests/prairie_railroads/test_dividends_and_end.py",
        "tests/railroad_barons/test_mutants.py", "tests/railroad_barons/test_stock_rounds.py"]
TABLE_RULE = ["tests/test_permission.py", "tests/test_take_back.py",
              "tests/test_take_back_in_records.py", "tests/test_questions.py"]
CHECKPOINTS = ["tests/test_restore.py"]
WORDS = ["tests/test_transfer_kinds.py", "tests/test_refusal_sections.py"]
MANIFESTS = ["tests/test_toml_text.py"]
FILES = ["tests/web/test_database_gone.py", "tests/web/test_acknowledged.py",
         "tests/web/test_db.py"]
EXPLAIN = ["tests/test_statement.py", "tests/test_explain.py", "tests/test_line_rules.py",
           "tests/web/test_why.py", "tests/web/test_why_every_amount.py",
           "tests/web/test_why_amounts.py", "tests/test_terminal_text.py"]
# the rule each line names: every game's own tests of it first, then the statements'
LINES = ["tests/railbaron/test_line_rules.py", "tests/railroad_barons/test_line_rules.py",
         "tests/railway_rivals/test_line_rules.py", "tests/test_line_rules.py",
         "tests/test_statement.py", "tests/test_explain.py"]


@dataclass(frozen=True)
class Target:
    """A module to mutate (only the named functions, if any; never the `skip`ped ones)."""

    path: str
    tests: list[str]
    only: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()


RB = "referee/games/railbaron"
PR = "referee/games/prairie_railroads"
RRB = "referee/games/railroad_barons"
RR = "referee/games/railway_rivals"
TARGETS = [
    Target("referee/engine/ledger.py", ENGINE, skip=("Ledger.__repr__",)),
    Target("referee/engine/play.py", PLAY),  # every game's Play.pay and Play.cash
    Target("referee/engine/statement.py", EXPLAIN),
    # the one answer to who may act, and a take-back's rule, at the table and in a record
    Target("referee/engine/permission.py", TABLE_RULE),
    Target("referee/engine/takeback.py", TABLE_RULE),
    Target("referee/games/explain.py", EXPLAIN),
    # the statements and reports as a terminal prints them
    Target("referee/engine/printable.py", ["tests/test_terminal_text.py"]),
    # what keeps a full disk's freed room for the games, and every phone served
    Target("referee/web/template_cache.py", ["tests/web/test_template_cache.py"]),
    Target("referee/web/server.py", ["tests/web/test_table_server.py"]),  # in this process
    Target(f"{RB}/fees.py", RAIL_BARON, skip=("money",)),
    Target(f"{RB}/actions_fees.py", RAIL_BARON),
    Target(f"{RB}/actions_purchase.py", RAIL_BARON),
    Target(f"{RB}/actions_setup.py", RAIL_BARON, only=("draw_deed",)),
    Target(f"{RB}/state.py", RAIL_BARON, only=("Auction.minimum",)),
    Target(f"{RB}/context.py", RAIL_BARON, only=(
        "Play.bid_multiple", "Play.price", "Play.set_owner", "Play.bank_holds",
        "Play.check_sold_out", "Play.pay_payoff", "Play.phantom_due", "Play.settle_fees",
        "Play.bankrupt", "Play.after_sale", "Play.undeclare_below_win_cash")),
    Target(f"{RB}/actions_turn.py", RAIL_BARON, only=("record_rides", "home_swap")),
    Target(f"{RB}/settings.py", RAIL_BARON, only=(
        "Settings.one_railroad", "Settings.any_drop_undeclares", "edition_rules",
        "before_the_settings")),
    Target(f"{RB}/citations.py", LINES),  # the rule of a use fee, the Starting Auction's lines
    Target(f"{RB}/rulebook.py", LINES, only=("older_readings",)),
    Target(f"{RB}/derived.py", RAIL_BARON, only=("_fees",)),
    Target(f"{RB}/rules.py", RAIL_BARON, only=("RailBaronRules.initial",)),
    Target(f"{PR}/economy.py", PRAIRIE),
    Target(f"{PR}/context.py", PRAIRIE, only=(
        "Play.pay_dividends", "Play.final_payoff", "Play.name_winners",
        "Play.open_auction", "Play.drop_the_broke", "Play.auction_done")),
    Target(f"{PR}/actions_stock.py", PRAIRIE, only=("bid", "pass_", "close_auction")),
    Target(f"{PR}/actions_track.py", PRAIRIE, only=("_pay",)),
    Target(f"{PR}/actions_turn.py", PRAIRIE, only=("adjust_cash",)),
    Target(f"{PR}/state.py", PRAIRIE, only=("Railroad.sold", "Railroad.unsold",
                                            "Auction.to_beat")),
    Target(f"{PR}/views.py", PRAIRIE, only=("railroad_rows",)),
    Target(f"{RRB}/actions_operate.py", BARONS, only=(
        "per_unit", "pay_out", "withhold", "buy_railroad", "buy_from_holding")),
    Target(f"{RRB}/actions_stock.py", BARONS, only=("sell", "buy", "capital", "must_sell")),
    Target(f"{RRB}/actions_bank.py", BARONS, only=("adjust_cash", "correct_value")),
    Target(f"{RRB}/context.py", BARONS, only=("Play.needs", "Play.value", "Play.revenue",
                                               "Play.worth", "Play.reached",
                                               "Play.make_obsolete")),
    Target(f"{RRB}/terms.py", BARONS, only=("obsoleted_by", "obsolescence_of")),
    Target(f"{RRB}/box.py", BARONS, only=("Obsolescence.triggered_by", "_obsolescence",
                                           "_in_layout")),
    Target(f"{RRB}/flow.py", BARONS, only=("score",)),
    Target(f"{RRB}/rulebook.py", LINES, only=("sale_rule", "exchange_rule")),
    Target(f"{RR}/accounts.py", RIVALS),
    Target(f"{RR}/context.py", RIVALS, only=("Play.pay", "Play.can_pay", "Play.whole")),
    Target(f"{RR}/building.py", RIVALS, only=(
        "use_allowance", "build_payment", "reached_town", "joint_build")),
    Target(f"{RR}/races.py", RIVALS, only=(
        "post_fees", "joint_fees_on_total", "own_lines_in_route", "award", "split", "lone_wins",
        "open_spending")),
    Target(f"{RR}/citations.py", LINES),  # the rule of a race fee
    Target(f"{RR}/rulebook.py", LINES, only=("older_readings",)),
    Target(f"{RR}/settings.py", LINES, only=("before_the_settings",)),
    Target(f"{RR}/derived.py", RIVALS, only=("_race_fees", "_fee_fields")),
    Target("referee/games/contract.py", LINES, only=("Wording.cited", "OlderReading.__str__")),
    # what a finished game gives the players page, and its totals over a person's games
    *(Target(f"{game}/figures.py", FIGURES) for game in (RB, PR, RRB, RR)),
    Target("referee/games/contract.py", FIGURES + WORDS,
           only=("ranked", "Wording.carries", "RuleNames.knows")),
    # the one writer of every game's manifests: whatever an owner types reads back as typed
    Target("referee/games/grids.py", MANIFESTS, only=("_toml_char", "toml_text", "toml_block")),
    Target("referee/web/people.py", PEOPLE, only=("total", "shown_name", "counted_names",
                                                 "_totals", "club")),
    # what a restart rests on: the checkpoint written, resumed and caught up with the log
    Target("referee/engine/checkpoint.py", CHECKPOINTS, only=("checkpoint_of", "catch_up")),
    # no acknowledged action lost: the files a write must find, the counts a start compares
    Target("referee/web/db.py", FILES, only=(
        "check_same_file", "OpenedFiles._log_is_whole", "OpenedFiles.checkpoint",
        "GameFile.committed", "open_database", "immediate", "acknowledge")),
    Target("referee/web/acknowledged.py", FILES, only=("_read", "Acknowledged.start_from",
                                                       "losses", "counts")),
]

# -- the mutations --------------------------------------------------------------------------

COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
           ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
           ast.Is: ast.IsNot, ast.IsNot: ast.Is}
BINARY = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
          ast.Div: ast.Mult, ast.Mod: ast.FloorDiv}
MESSAGE_CALLS = {"say", "IllegalAction", "money"}  # their arguments are words for people


@dataclass(frozen=True)
class Mutant:
    path: str
    line: int
    start: tuple[int, int]  # (line, column) of the replaced source, 1-based line
    end: tuple[int, int]
    new: str  # the source put in its place
    before: str  # the replaced source, for the report
    function: str
    lines: tuple[int, int] = (0, 0)  # from its statement's first line: run if a test hits one

    def describe(self) -> str:
        old = " ".join(self.before.split())
        new = " ".join(self.new.split())
        if len(old) > 70:
            old = old[:67] + "..."
        if len(new) > 70:
            new = new[:67] + "..."
        return f"{self.path}:{self.line} ({self.function}): {old}  ->  {new}"

    def apply(self, source: str) -> str:
        lines = source.splitlines(keepends=True)
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line.encode()))
        data = source.encode()
        a = offsets[self.start[0] - 1] + self.start[1]
        b = offsets[self.end[0] - 1] + self.end[1]
        return (data[:a] + self.new.encode() + data[b:]).decode()


def is_docstring(node: ast.AST, parent: ast.AST | None) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def negate(test: ast.expr) -> ast.expr:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    return ast.UnaryOp(ast.Not(), test)


def swapped(node: ast.AST, **changes) -> ast.AST:
    new = copy.deepcopy(node)
    for key, value in changes.items():
        setattr(new, key, value)
    return new


class Finder(ast.NodeVisitor):
    """Walks a module and lists the one-change mutants of the code in scope."""

    def __init__(self, path: str, source: str, only: tuple[str, ...], skip: tuple[str, ...]):
        self.path, self.source = path, source
        self.only, self.skip = only, skip
        self.scope: list[str] = []
        self.stmts: list[ast.stmt] = []
        self.mutants: list[Mutant] = []

    def visit(self, node: ast.AST) -> None:
        if not isinstance(node, ast.stmt):
            super().visit(node)
            return
        self.stmts.append(node)
        try:
            super().visit(node)
        finally:
            self.stmts.pop()

    # scope ---------------------------------------------------------------------------------
    def qualname(self) -> str:
        return ".".join(self.scope) or "<module>"

    def in_scope(self) -> bool:
        name = self.qualname()
        if any(name == s or name.startswith(s + ".") for s in self.skip):
            return False
        if not self.only:
            return True
        return any(name == o or name.startswith(o + ".") for o in self.only)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        for stmt in node.body:
            self.visit(stmt)
        self.scope.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.scope.append(node.name)
        self.statements(node.body)
        for stmt in node.body:
            self.visit(stmt)
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    # recording -----------------------------------------------------------------------------
    def add(self, node: ast.AST, new: str) -> None:
        if not self.in_scope():
            return
        before = ast.get_source_segment(self.source, node) or ""
        if before == new:
            return
        first = node.lineno if isinstance(node, ast.stmt) or not self.stmts \
            else self.stmts[-1].lineno
        self.mutants.append(Mutant(
            self.path, node.lineno, (node.lineno, node.col_offset),
            (node.end_lineno, node.end_col_offset), new, before, self.qualname(),
            (first, node.end_lineno)))

    def add_expr(self, node: ast.expr, new: ast.expr) -> None:
        self.add(node, f"({ast.unparse(new)})")

    # statements: deletion ------------------------------------------------------------------
    def statements(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            if is_docstring(stmt, None) or isinstance(stmt, ast.Pass | ast.Assert):
                continue
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) \
                    and call_name(stmt.value) in MESSAGE_CALLS:
                continue
            if isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Name | ast.Tuple)
                                                    for t in stmt.targets):
                continue  # a local name: removing it only breaks the next line
            if isinstance(stmt, ast.Expr | ast.Assign | ast.AugAssign | ast.Raise):
                self.add(stmt, "pass")

    def generic_body(self, node: ast.AST) -> None:
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                self.statements(body)

    def visit_If(self, node: ast.If) -> None:
        if not isinstance(node.test, ast.Constant):
            self.add_expr(node.test, ast.Constant(True))  # the condition removed
        self.generic_body(node)
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        self.generic_body(node)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self.generic_body(node)
        self.generic_visit(node)

    def visit_With(self, node: ast.With) -> None:
        self.generic_body(node)
        self.generic_visit(node)

    def visit_Try(self, node: ast.Try) -> None:
        self.generic_body(node)
        for handler in node.handlers:
            self.statements(handler.body)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        other = BINARY.get(type(node.op))
        if other is not None:
            self.add(node, ast.unparse(swapped(node, op=other())))
        if isinstance(node.op, ast.Add | ast.Sub):
            self.add(node, ast.unparse(ast.Assign([node.target], node.value, lineno=0)))
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        if node.value is not None and not (isinstance(node.value, ast.Constant)
                                           and node.value.value is None):
            self.add(node, "return None")
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if is_docstring(node, None):
            return
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)  # never the annotation

    # expressions ---------------------------------------------------------------------------
    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return  # words for people

    def visit_Call(self, node: ast.Call) -> None:
        name = call_name(node)
        if name in MESSAGE_CALLS:
            return
        if isinstance(node.func, ast.Name) and name in ("min", "max"):
            other = "max" if name == "min" else "min"
            self.add_expr(node, swapped(node, func=ast.Name(other, ast.Load())))
        self.visit(node.func)
        args = node.args[:1] if name == "require" else node.args
        for arg in args:
            self.visit(arg)
        for kw in node.keywords:
            if name != "require":
                self.visit(kw.value)

    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            other = COMPARE.get(type(op))
            if other is not None:
                ops = list(node.ops)
                ops[i] = other()
                self.add_expr(node, swapped(node, ops=ops))
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        other = BINARY.get(type(node.op))
        if other is not None:
            self.add_expr(node, swapped(node, op=other()))
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        for i in range(len(node.values)):
            rest = node.values[:i] + node.values[i + 1:]
            new = rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest)
            self.add_expr(node, new)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not | ast.USub):
            self.add_expr(node, node.operand)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self.add_expr(node, swapped(node, test=negate(node.test)))
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        for cond in node.ifs:
            self.add_filter_removal(node, cond)
        self.generic_visit(node)

    def add_filter_removal(self, comp: ast.comprehension, cond: ast.expr) -> None:
        # `if cond` becomes `if True`: the filter lets everything through
        self.add_expr(cond, ast.Constant(True))

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self.add(node, repr(not value))
        elif isinstance(value, int):
            self.add(node, repr(1 if value == 0 else 0 if value == 1 else value + 1))


def find_mutants(target: Target) -> list[Mutant]:
    source = (ROOT / target.path).read_text(encoding="utf-8")
    finder = Finder(target.path, source, target.only, target.skip)
    finder.visit(ast.parse(source))
    seen, unique = set(), []
    for m in finder.mutants:
        key = (m.start, m.end, m.new)
        if key not in seen:
            seen.add(key)
            unique.append(m)
    for m in unique:  # every mutant must still be Python
        ast.parse(m.apply(source))
    return unique


# -- which tests run which lines ------------------------------------------------------------

TRACER = '''"""pytest plugin of scripts/mutate: which test runs which mutated line (in any of the
test process's threads: a server a test runs in a thread of its own counts too)."""
import json
import os
import sys
import threading

FILES = set(json.loads(os.environ["MUTATE_TRACE_FILES"]))
HITS = {}
NOW = ["<import>"]


def _line(frame, event, arg):
    if event == "line":
        HITS.setdefault(NOW[0], {}).setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
    return _line


def _call(frame, event, arg):
    if frame.f_code.co_filename in FILES:
        HITS.setdefault(NOW[0], {}).setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
        return _line
    return None


sys.settrace(_call)
threading.settrace(_call)  # a line run on a thread of the code under test counts too


def pytest_runtest_logstart(nodeid, location):
    NOW[0] = nodeid


def pytest_runtest_logfinish(nodeid, location):
    NOW[0] = "<between>"


def pytest_sessionfinish(session):
    sys.settrace(None)
    threading.settrace(None)
    out = {t: {f: sorted(lines) for f, lines in files.items()} for t, files in HITS.items()}
    with open(os.environ["MUTATE_TRACE_OUT"], "w", encoding="utf-8") as fh:
        json.dump(out, fh)
'''


def trace(workdir: Path, target: Target) -> tuple[dict[int, list[str]], set[int], float]:
    """Run the target's tests once, traced: the tests hitting each line of its module, the
    lines run on import (every test depends on those), and how long the tests took."""
    (workdir / "_mutate_trace.py").write_text(TRACER, encoding="utf-8")
    out = workdir / "_mutate_trace.json"
    module = str(workdir / target.path)
    env = {"MUTATE_TRACE_FILES": json.dumps([module]), "MUTATE_TRACE_OUT": str(out)}
    passed, seconds = run_tests(workdir, target.tests, 1800, ["-p", "_mutate_trace"], env)
    if not passed:
        raise SystemExit(f"The tests of {target.path} fail without any mutant: fix them first.")
    by_line: dict[int, list[str]] = {}
    on_import: set[int] = set()
    for test, files in json.loads(out.read_text(encoding="utf-8")).items():
        for line in files.get(module, []):
            if test.startswith("<"):
                on_import.add(line)
            else:
                by_line.setdefault(line, []).append(test)
    out.unlink()
    return by_line, on_import, seconds


def tests_for(mutant: Mutant, target: Target, by_line: dict[int, list[str]],
              on_import: set[int]) -> list[str]:
    """The tests that run the mutated statement, in the target's order of test files."""
    first, last = mutant.lines
    lines = range(first, last + 1)
    if any(line in on_import for line in lines) and not any(line in by_line for line in lines):
        return list(target.tests)
    chosen = {test for line in lines for test in by_line.get(line, [])}
    order = {path: i for i, path in enumerate(target.tests)}
    return sorted(chosen, key=lambda t: (order.get(t.split("::")[0], len(order)), t))


# -- running ------------------------------------------------------------------------------

COPIED = ("referee", "tests", "tables", "templates", "static", "docs", "pyproject.toml")


def make_copy(into: Path) -> Path:
    """A copy of the project to mutate in (without caches, screenshots or the venv)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "screenshots", ".hypothesis")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, into / name)
    return into


def python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def run_tests(workdir: Path, tests: list[str], timeout: float, extra: list[str] | None = None,
              more_env: dict[str, str] | None = None) -> tuple[bool, float]:
    """Whether the tests pass in `workdir` (a timeout counts as a failure), and how long."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", **(more_env or {})}
    env.pop("PYTHONPATH", None)
    started = time.monotonic()
    try:
        done = subprocess.run(
            [python(), "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
             "-p", "no:hypothesispytest",  # its start-up costs more than a fast test
             "-m", "not browser", *(extra or []), *tests],
            cwd=workdir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=timeout, start_new_session=True)
    except subprocess.TimeoutExpired:
        return False, time.monotonic() - started
    return done.returncode == 0, time.monotonic() - started


@dataclass
class Result:
    mutant: Mutant
    killed: bool
    seconds: float


@dataclass
class Pool:
    """Working copies, one per worker; a copy's mutated file is restored before it is reused."""

    copies: queue.Queue = field(default_factory=queue.Queue)

    def run(self, mutant: Mutant, tests: list[str], timeout: float) -> Result:
        workdir: Path = self.copies.get()
        path = workdir / mutant.path
        original = path.read_text(encoding="utf-8")
        try:
            path.write_text(mutant.apply(original), encoding="utf-8")
            passed, seconds = run_tests(workdir, tests, timeout)
        finally:
            path.write_text(original, encoding="utf-8")
            self.copies.put(workdir)
        return Result(mutant, not passed, seconds)


def interrupted(*_: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--only", default="", help="only targets whose path contains this")
    parser.add_argument("--jobs", type=int, default=2, help="tests run in parallel (default 2)")
    args = parser.parse_args(argv)

    targets = [t for t in TARGETS if args.only in t.path]
    missing = [t.path for t in targets if not (ROOT / t.path).exists()]
    missing += [f for t in targets for f in t.tests if not (ROOT / f).exists()]
    if missing:
        print("Not found (update TARGETS in scripts/mutate.py):", *missing, sep="\n  ")
        return 2
    plan = [(t, find_mutants(t)) for t in targets]
    total = sum(len(ms) for _, ms in plan)
    if args.list:
        for _, mutants in plan:
            for m in mutants:
                print(m.describe())
        print(f"{total} mutants")
        return 0

    started = time.monotonic()
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="referee-mutate-") as tmp:
        pool = Pool()
        for i in range(max(1, args.jobs)):
            (Path(tmp) / str(i)).mkdir()
            pool.copies.put(make_copy(Path(tmp) / str(i)))
        signal.signal(signal.SIGTERM, interrupted)
        try:
            for target, mutants in plan:
                workdir = pool.copies.get()
                pool.copies.put(workdir)
                by_line, on_import, base = trace(workdir, target)
                timeout = 3 * base + 30
                print(f"{target.path}: {len(mutants)} mutants; its tests take {base:.1f}s",
                      flush=True)
                ex = ThreadPoolExecutor(max_workers=max(1, args.jobs))
                try:
                    futures = []
                    for m in mutants:
                        tests = tests_for(m, target, by_line, on_import)
                        if tests:
                            futures.append(ex.submit(pool.run, m, tests, timeout))
                        else:
                            results.append(Result(m, False, 0.0))
                            print(f"  survived (no test runs it): {m.describe()}", flush=True)
                    for future in futures:
                        result = future.result()
                        results.append(result)
                        if not result.killed:
                            print(f"  survived: {result.mutant.describe()}", flush=True)
                finally:  # interrupted: no new mutant starts; running ones put their file back
                    ex.shutdown(wait=True, cancel_futures=True)
        except KeyboardInterrupt:
            print("\nInterrupted: the temporary copy is removed; the working tree was never "
                  "touched.")
            return 130
    killed = sum(r.killed for r in results)
    minutes = (time.monotonic() - started) / 60
    print(f"Survivors: {len(results) - killed}; wall time {minutes:.1f} min.")
    print(f"{killed} killed / {len(results)} mutants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
