"""Playing without a board table: the table types cities and incomes once; the app remembers."""

from pathlib import Path

from referee.cli import main as cli
from referee.engine.record import dump_record
from referee.games.prairie_railroads.board import load_board_folder
from referee.games.prairie_railroads.draft import learned_tables
from referee.games.prairie_railroads.views import legal_actions
from tests.prairie_railroads.play import Table


def typed_start() -> Table:
    t = Table(board=None).starts("ann").sell(None)
    assert "Whiting is new to this game" in t.rejects(
        "first_build", player="ann", **{"from": "Troy", "to": "Whiting"})
    t.first("Troy", "Marysville", Marysville=2)  # the rulebook: CRIP $2
    t.sell(None).first("Atchison", "Topeka", Topeka=2)
    t.sell(None).first("Leavenworth", "Easton", Easton=1)
    t.sell(None).first("Paola", "Osawatomie", Osawatomie=1)
    t.sell(None).first("Girard", "Pittsburg", Pittsburg=2)
    t.sell(None).first("Troy", "Whiting", Whiting=1)  # the MP, from Troy
    return t


def test_each_city_is_asked_once_and_remembered():
    t = typed_start()
    assert t.rr("CRIP").income == 2 and t.rr("MP").income == 1
    assert t.state.cities["Marysville"].income == 2
    assert t.state.cities["Troy"].start and t.state.cities["Troy"].income == 0
    # nobody bid: Ann, the starting player, took every share free and plays first
    owner = "ann"
    assert all(rr.shares == {"ann": 1} for rr in t.state.railroads.values())
    assert t.now == owner
    t.do("adjust_cash", account="treasury:CRIP", amount=20, reason="test")
    t.card("CT").grow(2, 3, city="Cuba")  # a city typed for growth before anyone builds there
    assert t.state.grown == ["Cuba"]
    t.choose("CRIP")
    assert "Cuba is new to this game" in t.rejects(
        "build", player=owner, railroad="CRIP", **{"from": "Marysville", "to": "Cuba"})
    assert "Marysville's income is $2" in t.rejects(
        "build", player=owner, railroad="CRIP", **{"from": "Marysville", "to": "Cuba"},
        incomes={"Cuba": 1, "Marysville": 3})
    t.build("marysville", "Cuba", Cuba=1)
    assert t.rr("CRIP").track[-1] == ("Marysville", "Cuba")
    assert t.rr("CRIP").income == 2 + (2 + 2)  # Cuba has grown: $1 + $1


def test_segments_are_checked_against_what_is_built():
    t = typed_start()
    mp_owner = t.now
    t.do("adjust_cash", account="treasury:MP", amount=10, reason="test")
    t.card("CT").grow(1, 1)
    template = next(a for a in legal_actions(t.rules, t.state) if a["type"] == "choose_railroad")
    assert "MP" in template["railroads"]
    t.choose("MP")
    assert "already built" in t.rejects("build", player=mp_owner, railroad="MP",
                                        **{"from": "Troy", "to": "Marysville"})
    assert "no track at Topeka" in t.rejects("build", player=mp_owner, railroad="MP",
                                             **{"from": "Topeka", "to": "Lawrence"},
                                             incomes={"Lawrence": 2})
    build = next(a for a in legal_actions(t.rules, t.state) if a["type"] == "build")
    assert build["single"] is None and build["network"] == ["Troy", "Whiting"]
    t.build("Whiting", "Seneca", Seneca=1)
    assert t.rr("MP").income == 1 + 2


def test_a_western_build_without_a_board_names_its_box_and_segment():
    t = typed_start()
    owner = t.now
    t.do("adjust_cash", account="treasury:MP", amount=30, reason="test")
    t.card("CT").grow(1, 1).choose("MP")
    assert "must have built" in t.rejects("build", player=owner, railroad="MP", kind="western",
                                          box="Atwood", beside=["Atwood", "St. Francis"])
    t.western("Whiting", beside=["Whiting", "Troy"])
    assert t.rr("MP").western == "Whiting" and t.rr("MP").value == 30
    assert t.treasury("MP") == 15


def test_the_learned_cities_start_a_board_table(tmp_path: Path):
    t = typed_start()
    files = learned_tables(t.state, "Learned")
    assert "Marysville,2,,no" in files["cities.csv"]
    assert "Troy,Marysville," in files["segments.csv"]
    record_path = tmp_path / "game.json"
    record = dict(t.record, actions=t.log())
    record_path.write_text(dump_record(record), encoding="utf-8")
    assert cli(["boards", "draft", str(record_path), str(tmp_path / "learned")]) == 0
    folder = tmp_path / "learned"
    assert sorted(p.name for p in folder.iterdir()) == [
        "board.toml", "cities.csv", "growth.csv", "segments.csv", "western_builds.csv"]
    try:
        load_board_folder(folder)
    except ValueError as err:  # a start only: the growth chart is still to be filled in
        assert "rolls missing from the growth chart" in str(err)
    else:
        raise AssertionError("an unfinished board must not load")


def test_incomes_typed_on_a_phone_arrive_as_text_fields():
    t = typed_start()
    t.do("adjust_cash", account="treasury:MP", amount=30, reason="test")
    t.card("CT").grow(1, 1).choose("MP")
    assert "Seneca's income must be a whole number" in t.rejects(
        "build", player="ann", railroad="MP", kind="double",
        **{"from": "Whiting", "via": "Seneca", "to": "Sabetha"}, via_income="two", to_income="1")
    t.do("build", player="ann", railroad="MP", kind="double", via_income="2", to_income=" 1 ",
         **{"from": "Whiting", "via": "Seneca", "to": "Sabetha"})
    assert t.state.cities["Seneca"].income == 2 and t.state.cities["Sabetha"].income == 1
    assert t.rr("MP").income == 1 + (1 + 2) + (2 + 1)


def test_the_table_says_when_a_railroad_has_nowhere_to_build():
    t = typed_start()  # Ann holds every railroad; only the CRIP and the MP get money
    t.do("adjust_cash", account="treasury:CRIP", amount=5, reason="test")
    t.do("adjust_cash", account="treasury:MP", amount=5, reason="test")
    t.card("CT").grow(1, 1).choose("CRIP")
    t.do("no_build", player="ann")
    assert t.state.turn.phase == "railroad" and t.state.turn.blocked == ["CRIP"]
    assert "underfinanced" in t.rejects("choose_railroad", player="ann", railroad="KP")
    assert "choose MP" in t.rejects("choose_railroad", player="ann", railroad="CRIP")
    t.choose("MP").do("no_build", player="ann")
    assert any("nothing is built" in e for e in t.events())
    assert t.now == "bob" and t.treasury("MP") == 5


def test_with_a_board_table_the_app_knows_where_a_railroad_may_build():
    from tests.prairie_railroads.play import standard_game

    t = standard_game()
    t.card("CT").grow(1, 1).choose("ATSF")
    assert "board table shows" in t.rejects("no_build", player="bob")


def test_without_a_board_the_roll_stands_then_the_city_is_read_off_the_chart():
    t = typed_start()
    t.do("adjust_cash", account="treasury:CRIP", amount=20, reason="test")
    t.card("CT")
    assert "Record the roll first" in t.rejects(
        "growth", player=t.now, dice=[2, 3], read_chart=True, city="Topeka")
    t.roll_then_read(2, 3)
    assert t.state.turn.phase == "growth_choice" and t.state.turn.roll == 23
    assert "rolls 23 for growth" in t.events()[-1]
    offered = next(a for a in legal_actions(t.rules, t.state) if a["type"] == "grow_city")
    assert offered["choices"] == sorted(t.state.cities) and not offered["board"]
    assert "did you mean Marysville" in t.rejects("grow_city", player=t.now, city="Marysvile")
    t.read_chart("Topeka")
    assert t.state.grown == ["Topeka"] and t.state.turn.phase == "railroad"
    assert t.rr("ATSF").income == 2 + 1  # Topeka $2, grown: one more


def test_without_a_board_a_new_city_read_off_the_chart_is_confirmed_and_learned():
    t = typed_start()
    t.do("adjust_cash", account="treasury:CRIP", amount=20, reason="test")
    t.card("CT").roll_then_read(6, 6).read_chart("Marysvile", new_city=True)
    assert t.state.grown == ["Marysvile"] and t.state.cities["Marysvile"].income is None


def test_without_a_board_nothing_grew_after_the_roll():
    t = typed_start()
    t.do("adjust_cash", account="treasury:CRIP", amount=20, reason="test")
    t.card("CT").roll_then_read(1, 1).read_chart()
    assert t.state.grown == [] and "nothing grows" in t.events()[-1]
    assert t.state.turn.phase == "railroad"
