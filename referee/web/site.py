"""The static club page (`referee stats --site DIR`): the players, their rivals and the games
with their dates and winners, as plain HTML files that open from a USB stick or any web host:
no server, no script, nothing fetched from elsewhere (the style is inside each page)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from referee.games.registry import GAMES
from referee.resources import data_folder
from referee.web.filters import bdi
from referee.web.people import Person


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(data_folder("templates") / "site"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["bdi"] = bdi
    return env


def page_name(person: Person, number: int) -> str:
    """The file of a person's page: his key where it is plain letters and digits, else his
    number in the list (a key may hold any letter a name does)."""
    plain = person.key.isascii() and person.key.isalnum()
    return f"player-{person.key}.html" if plain else f"person-{number}.html"


def write_site(folder: Path, people: Sequence[Person], games: Sequence[dict]) -> list[Path]:
    """Write the club page into `folder` (made if missing): index.html and one page per
    person; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    env = _environment()
    titles = {key: meta.title for key, meta in GAMES.items()}
    pages = {p.key: page_name(p, i) for i, p in enumerate(people, start=1)}
    written = []
    index = folder / "index.html"
    index.write_text(env.get_template("index.html").render(
        people=people, games=list(reversed(games)), titles=titles, pages=pages),
        encoding="utf-8")
    written.append(index)
    for person in people:
        path = folder / pages[person.key]
        path.write_text(env.get_template("person.html").render(
            person=person, titles=titles, pages=pages), encoding="utf-8")
        written.append(path)
    return written
