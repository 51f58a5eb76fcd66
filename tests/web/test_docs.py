"""docs/web.md keeps up with the code: every route, hook and form convention is described."""

from __future__ import annotations

import dataclasses
import re

from referee import PROJECT_ROOT
from referee.web.forms import RESERVED
from referee.web.hooks import GameHooks, WebParts

DOC = (PROJECT_ROOT / "docs" / "web.md").read_text(encoding="utf-8")


def test_every_route_is_documented(app):
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", rule.rule)
        assert f"`{path}" in DOC, f"{rule.rule} is not in docs/web.md"


def test_every_hook_is_documented():
    names = [f.name for f in dataclasses.fields(WebParts)]
    names += [f.name for f in dataclasses.fields(GameHooks) if f.name != "key"]
    for name in [*names, "WEB", "META", "GAME", "to_act", "acting_player", "visible_cash"]:
        assert f"`{name}`" in DOC, f"hook {name} is not in docs/web.md"


def test_every_reserved_form_field_is_documented():
    for name in RESERVED:
        assert f"`{name}`" in DOC, f"form field {name} is not in docs/web.md"

