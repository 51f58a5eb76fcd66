"""Secrets of the web app: how they are made, compared and kept. None of them is ever logged."""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

SECRET_KEY_FILE = "secret_key"


def new_secret() -> str:
    """A fresh unguessable secret (24 random bytes, 192 bits), safe in a URL or a cookie."""
    return secrets.token_urlsafe(24)


def new_client_id() -> str:
    """A key for one rendered form, so a double tap on it is applied once."""
    return secrets.token_urlsafe(12)


def same_secret(given: str | None, stored: str | None) -> bool:
    """Whether `given` equals `stored`, in constant time; a missing side never matches."""
    if not given or not stored:
        return False
    return hmac.compare_digest(given.encode(), stored.encode())


def instance_secret_key(instance_path: str | os.PathLike[str]) -> str:
    """The app's signing key, made on first run and kept (owner-readable only) in the instance."""
    path = Path(instance_path) / SECRET_KEY_FILE
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key + "\n")
    return key
