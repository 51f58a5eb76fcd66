"""`url_for` for templates, remembered: a page links the same few routes dozens of times (each
amount's "why" link, each form's action), and building a URL anew costs about 25 µs (a static
file's, with its version, about 100 µs). A URL depends only on its endpoint, its values and the
prefix the app is served under, so the path is kept per (prefix, endpoint, values)."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, has_request_context, request

KEPT = 4096  # URLs remembered; past this the memory starts again (a game night needs far fewer)


def remembered_url_for(build: Callable[..., str]) -> Callable[..., str]:
    """`build` (the app's url_for) remembered for relative URLs with plain values. External
    URLs, special arguments (`_anchor`, `_method`…), a blueprint-relative endpoint, values that
    cannot be a key and a call outside a request are built each time."""
    kept: dict[Hashable, str] = {}

    def url_for(endpoint: str, **values: Any) -> str:
        if (endpoint.startswith(".") or any(name.startswith("_") for name in values)
                or not has_request_context()):
            return build(endpoint, **values)
        try:
            key = (request.script_root, endpoint,  # True and 1 are equal keys, not one URL
                   frozenset((name, type(v), v) for name, v in values.items()))
            found = kept.get(key)
        except TypeError:  # a list or a dict among the values
            return build(endpoint, **values)
        if found is None:
            found = build(endpoint, **values)
            if len(kept) >= KEPT:
                kept.clear()
            kept[key] = found
        return found

    return url_for


def init_app(app: Flask) -> None:
    app.jinja_env.globals["url_for"] = remembered_url_for(app.url_for)
