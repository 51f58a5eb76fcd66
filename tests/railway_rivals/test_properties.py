"""Random games: balances equal the folded entries, fees move between companies, replay and
undo reproduce the state exactly."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import IllegalAction, Replayer
from referee.engine.ledger import BANK, Ledger, fold
from referee.engine.rules import working_copy
from tests.railway_rivals.play import Table

PAYMENTS = ["join", "cross", "alongside", "junction_alongside", "straight_alongside",
            "adjacent_towns", "custom"]


def random_action(t: Table, pick, number) -> dict:
    """An action a table might report now; some are refused, which must change nothing."""
    state, ids = t.state, list(t.ids)
    report = t.report()
    who = report["mover"] or pick(ids)
    if number(0, 30) == 0:
        return {"type": "correction", "company": pick(ids), "amount": pick([-3, -1, 2, 5]),
                "reason": "random"}
    if state.stage == "setup":
        return {"type": "start_town", "company": who, "town": pick(["Aston", "Bury", "Hull"])}
    if state.building is not None or state.spending is not None:
        if state.spending is not None:
            sp = state.spending
            who = report["mover"] or pick([c for c in sp.order if c not in sp.done])
        kind = pick(["throw", "pay", "town", "end", "end", "last", "spend"])
        if kind == "throw" or (state.building is not None and state.building.throw is None):
            return {"type": "build_throw", "company": who, "die": number(1, 6)}
        if kind == "pay":
            pay = pick(PAYMENTS)
            return {"type": "build_payment", "company": who, "to": pick(ids), "kind": pay,
                    "half_hexes": number(1, 3), "amount": number(1, 6), "reason": "x",
                    "towns": ["Aston", "Bury"]}
        if kind == "town":
            return {"type": "reached_town", "company": who,
                    "town": pick(state.unreached() or ["Aston"])}
        if kind == "last":
            return {"type": "last_town", "company": pick(ids)}
        if kind == "spend":
            return {"type": "spend", "company": who, "amount": number(1, 8)}
        end = "end_turn" if state.building is not None else "done_spending"
        return {"type": end, "company": who}
    race = state.race
    if race.phase == "towns":
        dice = [number(1, 6), number(1, 6)]
        return {"type": "key_throw", "dice": dice, "town": "Goole"}
    if race.phase == "length":
        return {"type": "run_length", "ok": number(0, 4) > 0}
    if race.phase == "entries":
        if number(0, 3) == 0:
            return {"type": "stay_out", "company": who}
        partner = pick(ids) if number(0, 3) == 0 else None
        return {"type": "enter", "company": who, "partner": partner}
    if race.phase == "routes":
        hexes = {c: number(0, 12) for c in ids if number(0, 1)}
        powers = [c for c in ids if number(0, 3) == 0]
        return {"type": "route", "company": who, "hexes": hexes, "powers": powers,
                "length": number(6, 14)}
    return {"type": "move", "company": who, "die": number(1, 6)}


def check_books(t: Table) -> None:
    state = t.state
    opening = {c: 0 for c in t.ids}
    folded = fold([_as_transfer(e) for e in state.entries], opening)
    assert state.ledger == Ledger(folded)
    assert state.ledger == Ledger(fold(t.game.transfers()))
    assert state.ledger.total() == 0
    for e in state.entries:
        if e.kind == "race_fee":
            assert BANK not in (e.source, e.target)
        if e.kind in ("capital", "first_town", "prize"):
            assert e.source == BANK
    for race in state.races:
        check_joint_fees(t, race)
    if not t.rules.settings.allow_negative:
        assert all(state.balance(c) >= 0 or any(e.kind == "correction" for e in state.entries)
                   for c in t.ids)


def check_joint_fees(t: Table, race) -> None:
    """A joint train pays each rival what it is owed; on the total (B3, B4) the partners' shares
    of all its fees differ by at most 1."""
    for train in race.trains.values():
        if len(train.members) < 2 or not train.hexes:
            continue
        paid = [(src, dst, n) for src, dst, n in race.fees if src in train.members]
        for rival, hexes in train.hexes.items():
            assert sum(n for _, dst, n in paid if dst == rival) == hexes
        if t.rules.settings.joint_fees == "on_total":
            shares = sorted(sum(n for src, _, n in paid if src == m) for m in train.members)
            assert shares[1] - shares[0] == sum(train.hexes.values()) % 2


def _as_transfer(entry):
    from referee.engine.ledger import Transfer

    return Transfer(entry.source, entry.target, entry.amount)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(2, 6), tournament=st.booleans(),
       average=st.booleans(), joint_fees=st.sampled_from(["on_total", "per_rival"]))
def test_random_games_keep_the_books_and_replay_and_undo_exactly(data, players, tournament,
                                                                  average, joint_fees):
    t = Table(players, tournament=tournament, average_die=average, leapfrog=True,
              joint_fees=joint_fees)

    def pick(options):
        return data.draw(st.sampled_from(list(options)))

    def number(lo, hi):
        return data.draw(st.integers(lo, hi))

    accepted = 0
    for _ in range(300):
        if t.state.over:
            break
        action = random_action(t, pick, number)
        action = {k: v for k, v in action.items() if v is not None}
        before, seq = working_copy(t.state), t.game.seq
        try:
            t.game.submit(action)
        except IllegalAction:
            assert t.state == before and t.game.seq == seq
            continue
        accepted += 1
        check_books(t)
        if number(0, 9) == 0:  # undo restores the state before, exactly; then do it again
            after = working_copy(t.state)
            t.game.submit({"type": "undo"})
            assert t.state == before
            t.game.submit(action)
            assert t.state == after
    assert accepted > 0
    again = Replayer(t.rules, t.game.log)
    assert again.state == t.state
    assert Ledger(fold(again.transfers())) == t.state.ledger
