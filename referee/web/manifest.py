"""The web app manifest, so "Add to Home screen" makes a named tile with the app's icon and
colour. No start_url: the tile opens the page it was added from (a player's phone view stays
his seat). `minimal-ui` rather than `standalone`: Android opens it in an app window that shares
the browser's cookies (the seat), and iPhones open it in Safari, whose cookies hold the seat,
where a standalone home-screen app would start with none. The icons are drawn by
scripts/draw_icons.py."""

from __future__ import annotations

import json

from flask import Blueprint, Response, url_for

bp = Blueprint("manifest", __name__)

NAME = "Referee"
THEME_COLOUR = "#1f5fae"  # --accent of static/app.css, and the icons' background
BACKGROUND_COLOUR = "#f4f2ec"  # --bg of static/app.css
ICONS = (("icon-192.png", 192), ("icon-512.png", 512))


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icons = [{"src": url_for("static", filename=name), "sizes": f"{size}x{size}",
              "type": "image/png", "purpose": purpose}
             for name, size in ICONS for purpose in ("any", "maskable")]
    body = {
        "name": NAME,
        "short_name": NAME,
        "description": "Referee and bookkeeper for railroad board games played with real "
                       "pieces.",
        "display": "minimal-ui",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = Response(json.dumps(body, indent=1), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response
