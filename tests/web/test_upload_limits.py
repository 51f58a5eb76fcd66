"""The largest upload the app takes (and one byte more) on every upload form: an answer with
words, never a 500, and nothing stored."""

from __future__ import annotations

import pytest

from referee.web import MAX_UPLOAD

FORMS = [("/import", "record", "big.json"), ("/railbaron/maps", "files", "big.csv"),
         ("/boards/prairie_railroads", "files", "big.csv"),
         ("/boards/railroad_barons", "files", "big.csv"),
         ("/boards/railway_rivals", "files", "big.csv"),
         ("/railroad_barons/boxes", "holdings_file", "big.csv")]


def body(token: str, field: str, name: str, size: int) -> bytes:
    """A multipart body of exactly `size` bytes: one file of spaces fills what is left."""
    def parts(data: bytes) -> bytes:
        return (f'--xx\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
                f'--xx\r\nContent-Disposition: form-data; name="key"\r\n\r\nbig\r\n'
                f'--xx\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n").encode() + data + \
            b"\r\n--xx--\r\n"
    return parts(b" " * (size - len(parts(b""))))


@pytest.mark.parametrize("extra", [0, 1], ids=["the limit", "one byte more"])
@pytest.mark.parametrize(("path", "field", "name"), FORMS, ids=[f[0] for f in FORMS])
def test_the_largest_upload_is_answered_with_words(app, browser, path, field, name, extra):
    person = browser()
    data = body(person.token(), field, name, MAX_UPLOAD + extra)
    assert len(data) == MAX_UPLOAD + extra
    answer = person.client.post(path, data=data, content_type="multipart/form-data; boundary=xx")
    assert answer.status_code in (413, 422), (answer.status_code, answer.text[:300])
    assert "Internal Server Error" not in answer.text
    assert any(word in answer.text for word in ("larger than", "longer than", "not valid",
                                                "too large", "MB")), answer.text[-2000:]
    assert "(imported)" not in person.get("/").text  # no game was made of it


def test_a_railway_rivals_map_entry_past_the_limit_is_answered_with_words(app, browser):
    person = browser()
    form = f"csrf_token={person.token()}&key=big&name=Big&towns=".encode()
    data = form + b"A" * (MAX_UPLOAD + 1 - len(form))
    answer = person.client.post("/railway_rivals/maps/entry", data=data,
                                content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 413
    assert "The form is larger than" in answer.text
