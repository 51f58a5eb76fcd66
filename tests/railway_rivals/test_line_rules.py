"""Each Railway Rivals line names the rule that set it: the accounts keeper's correction names
itself (the app's) with its reason; a joint train's fees and a lone runner's name the setting
and the rule that decide them, running powers their netting; each rule is of the table beside
the rulebook's numbered rules."""

from referee.games.explain import explain, figure
from tests.railway_rivals.play import Table
from tests.railway_rivals.test_book_readings import joint_race, racing
from tests.test_line_rules import cited_lines

CAP = "B4 — fee_cap"
ON_TOTAL = ("B3; B4 — joint_fees: on_total (a joint train's fees added up and shared, the richer "
            "partner paying the odd 1)")
PER_RIVAL = ("B3; B4 — joint_fees: per_rival (each rival's fee split between the partners, the "
             "richer paying the odd 1)")
LONE = ("B4; B6 — lone_runner_pays_fees (the only entrant still pays for its route, then takes "
        "20)")


def lines(t, pid: str, kind: str) -> list[dict]:
    return cited_lines(t.record, t.game, pid, kind)


def test_the_accounts_keepers_correction_names_itself_with_its_reason():
    t = Table()
    t.do("correction", company="bob", amount=-3, reason="paid Ann twice by mistake")
    (line,) = lines(t, "bob", "correction")
    assert line["rule"] == "Banker's corrections (this app)"
    assert line["text"] == "Bob pays the bank 3 units: correction: paid Ann twice by mistake"


def test_a_joint_trains_fees_split_on_their_total_name_the_setting():
    t = joint_race()
    t.route("ann", length=10, bob=3, dee=5).route("bob", length=8)
    assert {line["rule"] for line in lines(t, "cy", "race_fee")} == {ON_TOTAL}
    assert {line["rule"] for line in lines(t, "dee", "race_fee")} == {ON_TOTAL}
    fees = figure("railway_rivals", t.rules, t.state, "race_fees", "1")
    assert fees.rule == ("B3; B4 — fee_cap; joint_fees: on_total (a joint train's fees added up "
                         "and shared, the richer partner paying the odd 1)")


def test_a_joint_trains_fees_split_rival_by_rival_name_that_setting():
    t = joint_race(joint_fees="per_rival")
    t.route("ann", length=10, bob=3, dee=5).route("bob", length=8)
    assert [line["amount"] for line in lines(t, "cy", "race_fee")] == [-1, -2]
    assert {line["rule"] for line in lines(t, "cy", "race_fee")} == {PER_RIVAL}


def test_a_lone_runners_fees_name_the_setting_that_has_him_pay():
    t = racing().towns(43, 51).long_enough().enter("cy").out("ann", "bob")
    t.route("cy", length=7, ann=6)
    (fee,) = lines(t, "cy", "race_fee")
    assert fee["amount"] == -6 and fee["rule"] == LONE
    fees = figure("railway_rivals", t.rules, t.state, "race_fees", "1")
    assert fees.rule == ("B4; B6 — fee_cap; lone_runner_pays_fees (the only entrant still pays "
                         "for its route, then takes 20)")


def test_running_powers_name_their_netting_and_a_train_alone_the_cap():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=20, powers=["bob"], bob=19).route("bob", length=12, powers=["ann"],
                                                             ann=11)
    (fee,) = lines(t, "ann", "race_fee")
    assert fee["amount"] == -8 and fee["rule"] == (
        "B4 — running powers: the two fees cancel, the difference paid (powers_net_max)")
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=21, bob=10, cy=10).route("bob", length=8)
    assert {line["rule"] for line in lines(t, "ann", "race_fee")} == {CAP}


BEFORE = "Played under the readings before"


def test_a_record_leaving_out_the_newer_settings_says_each_older_reading():
    t = Table(joint_fees="per_rival")  # named: a house rule, not an older reading
    assert explain("railway_rivals", t.game, t.ids, {"joint_fees": "per_rival"})[
        "readings"] == [f"{BEFORE} own_lines_required: any route is taken, even one all on "
                        "rivals' lines (B4 asks it be at least partly over the train's own)",
                        f"{BEFORE} typed_towns_on_map: a town typed for a key number the map's "
                        "table lacks is kept as typed, not checked against the map's towns"]
    assert explain("railway_rivals", t.game, t.ids, {})["readings"][0] == (
        f"{BEFORE} joint_fees: a joint train's fees are split rival by rival, the richer "
        "partner paying the odd 1 of each (not added up and shared, B3, B4)")
    assert explain("railway_rivals", t.game, t.ids, t.record["settings"])["readings"] == []


def test_a_race_panels_fees_are_that_races_fees_only_with_their_rule():
    """Race 1 a lone runner's (finished), race 2 two trains' (posted, racing): each race's
    panel lists its own fees, not the other's, nor a prize or a building payment."""
    t = racing().towns(43, 51).long_enough().enter("cy").out("ann", "bob")
    t.route("cy", length=7, ann=6).all_done_spending()
    t.towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=9, bob=2).route("bob", length=8, cy=3)
    first = figure("railway_rivals", t.rules, t.state, "race_fees", "1")
    assert (first.amount, [p.text for p in first.parts]) == (6, ["Cy pays Ann: race 1, 6 hexes"])
    assert first.rule.startswith("B4; B6 — fee_cap; lone_runner_pays_fees")
    second = figure("railway_rivals", t.rules, t.state, "race_fees", "2")
    assert second.amount == 5 and [p.text for p in second.parts] == [
        "Ann pays Bob: race 2, 2 hexes", "Bob pays Cy: race 2, 3 hexes"]
    assert second.rule == CAP
    assert figure("railway_rivals", t.rules, t.state, "race_fees", "3") is None
    assert figure("railway_rivals", t.rules, t.state, "race_fees", "two") is None

