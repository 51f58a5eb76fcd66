"""Possessives as a reader writes them."""

from referee.engine.words import possessive


def test_a_name_ending_in_s_takes_the_apostrophe_alone():
    assert possessive("Seedy Brothers") == "Seedy Brothers'"
    assert possessive("Ann") == "Ann's"
    assert possessive("Marley, Scrooge & Cratchit") == "Marley, Scrooge & Cratchit's"
