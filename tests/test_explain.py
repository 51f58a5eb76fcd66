"""Why this number: every balance is the sum of its statement's lines, after every action of
every recorded game and of random games of each game; refusals name their rule section."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.engine import IllegalAction, Replayer
from referee.engine.record import read_record
from referee.engine.statement import statement, total
from referee.games import registry
from referee.games.explain import (
    COMPANIES,
    ENGINE_SECTIONS,
    UNKNOWN_ACTION,
    describer,
    explain,
    refusal_rule,
    rule_names,
)
from tests.recorded import recorded_games
from tests.test_line_rules import uncited

GAMES = Path(__file__).parent / "fixtures" / "games"
RECORDS = [p.name for p in recorded_games()]


def check_adds_up(key: str, game: Replayer, players: list[str]) -> dict:
    """The statement of every player and company adds up to its balance in the ledger."""
    report = explain(key, game, players)
    balances = game.state.ledger.balances
    for group in ("players", COMPANIES):
        for account, entry in report[group].items():
            assert sum(line["amount"] for line in entry["lines"]) == entry["balance"] \
                == balances.get(account, 0), (account, entry["balance"])
            assert all(line["rule"] and line["text"] for line in entry["lines"]), account
            for line in entry["lines"]:  # the rule is the game's table's (its rulebook, a setting)
                assert uncited(key, line["rule"]) == [], (line["kind"], line["rule"])
    companies = {a for a in balances if rule_names(key).companies(a)}
    assert companies <= set(report[COMPANIES])
    return report


@pytest.mark.parametrize("name", RECORDS)
def test_a_recorded_game_adds_up_after_every_action(name):
    record = read_record(GAMES / name)
    players = [p["id"] for p in record["players"]]
    game = Replayer(registry.rules_for(record))
    check_adds_up(record["game"], game, players)
    for action in record["actions"]:
        game.submit(action)
        check_adds_up(record["game"], game, players)


def _cash_in_replay(report: dict) -> dict[str, int]:
    """Every balance `referee replay --json` shows: players' cash, and treasuries."""
    players = report["players"]
    rows = players.items() if isinstance(players, dict) else ((p["id"], p) for p in players)
    cash = {pid: p.get("cash", p.get("balance")) for pid, p in rows}
    for group in ("railroads", "holdings"):
        for key, row in (report.get(group) or {}).items():
            if isinstance(row, dict) and "treasury" in row:
                cash[f"treasury:{key}"] = row["treasury"]
    return cash


@pytest.mark.parametrize("name", RECORDS)
def test_explain_json_adds_up_to_what_replay_json_shows(name, capsys):
    assert main(["replay", str(GAMES / name), "--json"]) == 0
    shown = _cash_in_replay(json.loads(capsys.readouterr().out))
    assert main(["explain", str(GAMES / name), "--json"]) == 0
    explained = json.loads(capsys.readouterr().out)
    accounts = {**explained["players"], **explained[COMPANIES]}
    assert set(explained["players"]) == {p for p in shown if not p.startswith("treasury:")}
    for account, cash in shown.items():
        entry = accounts.get(account, {"balance": 0, "lines": []})
        assert entry["balance"] == cash == sum(line["amount"] for line in entry["lines"])
        for line in entry["lines"]:
            assert set(line) == {"seq", "amount", "kind", "text", "rule"}
            assert line["seq"] is None or 0 <= line["seq"] < len(read_record(GAMES / name)
                                                                  ["actions"])


def test_explain_without_json_prints_a_statement_per_player(capsys):
    assert main(["explain", str(GAMES / "railbaron_game_1.json")]) == 0
    out = capsys.readouterr().out
    assert "Blue (blue): $344,000" in out
    assert ("Red pays Blue $1,000: use fee for the LN, established at the rate before the sale"
            " of the LN (instead of $5,000), since turn 1 at Knoxville  [USE FEES; ESTABLISHMENT"
            in out)
    assert "Blue pays Red $5,000: use fee for the SOU, established at the rate before the " \
        "sell-out (instead of $10,000), since turn 7 at Asheville" in out
    assert "opening" in out and "[START]" in out


def test_a_broken_record_is_a_clear_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["explain", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err


# -- refusals name their rule ----------------------------------------------------------------


def handlers_of(key: str) -> list[str]:
    rules = __import__(registry.GAMES[key].game.rsplit(".", 1)[0] + ".rules",
                       fromlist=["HANDLERS"])
    return sorted(rules.HANDLERS)


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_action_type_of_a_game_names_a_rule_section(key):
    words = rule_names(key)
    assert words is not None
    assert set(handlers_of(key)) == set(words.actions), "each action type maps to its section"
    assert all(section.strip() for section in words.actions.values())


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_refusal_type_names_its_section(key):
    """An action of every type sent at the wrong moment (the opening) is refused, and the
    refusal names a section: its own, or its action type's."""
    record = read_record(next(GAMES / n for n in RECORDS
                              if read_record(GAMES / n)["game"] == key))
    game = registry.replay(record)
    state = game.state
    for kind in [*handlers_of(key), *ENGINE_SECTIONS]:
        action = {"type": kind, "player": "nobody", "company": "nobody"}
        try:
            game.preview(action) if kind not in ENGINE_SECTIONS else None
        except IllegalAction as err:
            rule = refusal_rule(key, action, err)
            assert rule and rule != UNKNOWN_ACTION, (kind, err)
        except (TypeError, LookupError, ValueError, AttributeError):
            pass  # the web layer answers these; the section still comes from the type
        assert refusal_rule(key, action, IllegalAction("no")) not in ("", UNKNOWN_ACTION), kind
        assert game.state is state


def test_an_explicit_section_overrides_the_action_types():
    err = IllegalAction("The SOU belongs to Red.", "PURCHASE")
    assert refusal_rule("railbaron", {"type": "end_turn"}, err) == "PURCHASE"
    assert refusal_rule("railbaron", {"type": "end_turn"}, IllegalAction("x")) == "USE FEES"
    assert refusal_rule("railbaron", {"type": "fly"}, IllegalAction("x")) == UNKNOWN_ACTION


def test_a_line_names_both_sides_its_words_and_its_rule():
    record = read_record(GAMES / "railbaron_game_1.json")
    game = registry.replay(record)
    lines = statement(game.frames, "red", describer(rule_names("railbaron"), game.names()))
    assert total(lines) == game.state.ledger.balance("red")
    fee = next(line for line in lines if line.kind == "use_fee" and line.amount > 0)
    assert fee.text.endswith("pays Red $5,000: use fee for the SOU") or "use fee" in fee.text
    assert fee.rule.startswith("USE FEES")
    assert lines[0].seq is None and lines[0].rule == "START"


@pytest.mark.parametrize("name, rules", [
    ("railbaron_game_1.json", {"ESTABLISHMENT", "BOUNCE OUT", "USE FEES"}),
    ("railbaron_game_2.json", {"BANKRUPTCY"}),
    ("barons_game_1.json", {"Buy Railroads and Assign Investors"}),
    ("prairie_game_1.json", {"Final Railroad Stock Payoffs"}),
])
def test_an_automatic_effect_names_its_rule(name, rules):
    """Establishment, a bounce out, the sell-out, bankruptcy, obsolescence, the final payoff:
    what the app does on its own says which section made it do so; still plain text."""
    game = registry.replay(read_record(GAMES / name))
    named = {e.rule for f in game.frames for e in f.events if getattr(e, "rule", None)}
    assert rules <= named
    assert all(isinstance(e, str) for f in game.frames for e in f.events)


def test_a_full_use_fee_names_use_fees_alone_and_an_established_one_adds_its_rule():
    """USE FEES for a fee at the full rate; USE FEES; ESTABLISHMENT only where the words say
    the lower rate held (the establishment's rule follows its words, never alone)."""
    record = read_record(GAMES / "railbaron_game_1.json")
    game = registry.replay(record)
    words = describer(rule_names("railbaron"), game.names())
    fees = [line for pid in record_players(record)
            for line in statement(game.frames, pid, words) if line.kind == "use_fee"]
    full = [line for line in fees if "established" not in line.text]
    established = [line for line in fees if "established" in line.text]
    assert full and established
    assert {line.rule.split(" — ")[0] for line in full} == {"USE FEES"}  # then the reading
    assert {line.rule.split(" — ")[0] for line in established} == {"USE FEES; ESTABLISHMENT"}


def record_players(record: dict) -> list[str]:
    return [p["id"] for p in record["players"]]


def test_a_figure_of_some_kinds_keeps_money_in_money_out_or_both():
    """A report's "fees received" keeps the fees in, "fees paid" the fees out, and a figure
    asked with no side both: a one-unit line counts like any other."""
    from referee.engine.statement import Line
    from referee.games.explain import of_kinds

    lines = [Line(1, amount, kind, "", "", "bank")
             for amount, kind in ((1, "fee"), (-1, "fee"), (5, "fee"), (-5, "fee"), (7, "prize"))]
    fees = frozenset({"fee"})
    assert [line.amount for line in of_kinds(lines, fees, None)] == [1, -1, 5, -5]
    assert [line.amount for line in of_kinds(lines, fees, "in")] == [1, 5]
    assert [line.amount for line in of_kinds(lines, fees, "out")] == [-1, -5]
    assert [line.amount for line in of_kinds(lines, frozenset({"prize", "fee"}), "in")] == [
        1, 5, 7]
