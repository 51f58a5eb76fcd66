"""Rail Baron's public pages: the table view, the readable history, the end-of-game report."""

from __future__ import annotations

from typing import Any


def page_context(view: Any) -> dict:
    """Extra template names for the table and history pages."""
    return {}
