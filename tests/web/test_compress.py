"""Answers go gzipped to browsers that take gzip; polls and tiny answers as they are."""

import gzip
import re


def same_page(text: str) -> str:
    """A page up to its first form token, without what every drawing makes anew: the form's
    one-time client id and the digest of the part that holds it."""
    text = text.split("csrf_token")[0]
    return re.sub(r'data-(client-id|digest)="[^"]*"', "", text)


def test_a_page_goes_gzipped_to_a_browser_that_takes_it(table):
    banker, ann, _bob, game_id = table
    plain = ann.get(f"/g/{game_id}/me")
    packed = ann.get(f"/g/{game_id}/me", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert {"Accept-Encoding", "HX-Request"} <= set(packed.vary)
    assert len(packed.data) < len(plain.data) / 2
    assert same_page(gzip.decompress(packed.data).decode()) == same_page(plain.text)


def test_a_browser_that_refuses_gzip_gets_the_page_as_it_is(table):
    _banker, ann, _bob, game_id = table
    answer = ann.get(f"/g/{game_id}/me", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in answer.headers


def test_polls_are_left_alone(table):
    _banker, ann, _bob, game_id = table
    seq = ann.seq(game_id)
    poll = ann.get(f"/g/{game_id}/version?seq={seq}", headers={"Accept-Encoding": "gzip"})
    assert poll.status_code == 200 and poll.data == b"" and "Content-Encoding" not in poll.headers
