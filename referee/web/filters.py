"""Jinja filters and globals of the web app's templates."""

from __future__ import annotations

import re

from flask import Flask
from markupsafe import Markup, escape

from referee.web.cue import cue
from referee.web.keys import new_client_id
from referee.web.takeback import takeback

HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def whole(n: int) -> str:
    """12345 → "12,345"."""
    return f"{n:,}"


def hex_colour(value: object) -> str:
    """A player's colour fit for a style attribute: #rrggbb as stored, anything else hidden."""
    return value if isinstance(value, str) and HEX_COLOUR.fullmatch(value) else "transparent"


def bdi(name: object) -> Markup:
    """A name isolated from the text around it, so a right-to-left name keeps its place."""
    return Markup("<bdi>%s</bdi>") % escape(str(name))


def init_app(app: Flask, htmx_script: str) -> None:
    app.jinja_env.filters.update(whole=whole, hex_colour=hex_colour, bdi=bdi)
    app.jinja_env.globals.update(htmx_script=htmx_script, new_client_id=new_client_id,
                                  takeback=takeback, cue=cue)
