"""Reading an action from a POSTed form (the convention is documented in docs/web.md).

Reserved fields: `csrf_token`, `seq`, `client_id`, `page`, `json`. Every other field is a
field of the action: `name=value` gives a string, `name:int=value` a whole number from 0,
`name:signed=value` a whole number that may be negative (a correction), `name:thousands=value`
a figure printed in thousands as the whole amount it means (`26` is 26000, `3.5` is 3500),
`name:roll=N` N dice
drawn by the server as the action arrives (one die: a number; more: a list), `name:draw=value`
sent once per choice: one of the values drawn by the server as the action arrives, and a name
sent more than once gives a list. `name.key` puts the value under `key` in the object `name`
(`rolls.p1:roll=3`: three dice for p1 in `rolls`). A `json` field may hold the action object
itself; the other fields are added to it. Numbers are whole and at most MAX_WHOLE either way.
Bad input raises FormError with a message for the player.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.web.names import has_surrogate
from referee.web.submit import Posted

RESERVED = frozenset({"csrf_token", "seq", "client_id", "page", "json"})
MAX_WHOLE = 100_000_000  # larger than any amount a table game can reach
MAX_TEXT = 200
MAX_DICE = 6
MAX_DEPTH = 8  # an action nests a few levels at most ({"rolls": {"p1": [6, 5, 4]}})
FIELD_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
SUB_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")  # a key inside an object field (a player id)
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class FormError(ValueError):
    """Input that cannot become an action; the message says what to fix."""


def whole_number(text: str, name: str, signed: bool = False) -> int:
    """A whole number typed into the field `name`: 0 to MAX_WHOLE, or ±MAX_WHOLE if `signed`."""
    text = text.strip().replace(",", "").replace("_", "")
    if not re.fullmatch(r"[+-]?[0-9]{1,12}", text):
        raise FormError(f"{name} must be a whole number, not {text[:20]!r}.")
    return checked_whole(int(text), name, signed)


def in_thousands(text: str, name: str) -> int:
    """A figure printed in thousands, typed into the field `name`, as the whole amount it means:
    26 is 26000, 3.5 is 3500 (at most three decimals, so the amount is whole)."""
    text = text.strip().strip("$£€").strip().replace(",", "")
    if not re.fullmatch(r"[0-9]{1,9}(?:\.[0-9]{1,3})?", text):
        raise FormError(f"{name} must be the figure as printed, in thousands (26 or 3.5), not "
                        f"{text[:20]!r}.")
    whole, _, part = text.partition(".")
    return checked_whole(int(whole) * 1000 + int((part + "000")[:3]), name)


def checked_whole(value: int, name: str, signed: bool = False) -> int:
    if value < 0 and not signed:
        raise FormError(f"{name} cannot be negative.")
    if abs(value) > MAX_WHOLE:
        raise FormError(f"{name} is too large ({value:,}).")
    return value


def checked_json(value: Any, where: str, depth: int = 0) -> Any:
    """`value` with every number a whole number in range and every text of a sane length."""
    if depth > MAX_DEPTH:
        raise FormError(f"{where} is nested too deep for an action.")
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return checked_whole(value, where, signed=True)
    if isinstance(value, float):
        raise FormError(f"{where} must be a whole number.")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise FormError(f"{where} is too long.")
        if has_surrogate(value):
            raise FormError(f"{where} holds a broken character (a lone surrogate).")
        return value
    if isinstance(value, list):
        return [checked_json(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        if any(has_surrogate(str(k)) or len(str(k)) > MAX_TEXT for k in value):
            raise FormError(f"{where} has a name that is too long or broken.")
        return {str(k): checked_json(v, f"{where}.{k}", depth + 1) for k, v in value.items()}
    raise FormError(f"{where} has a value of an unknown kind.")


def _from_json(text: str) -> dict:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise FormError(f"The json field is not valid JSON ({err}).") from None
    if not isinstance(data, dict):
        raise FormError("The json field must hold an object, such as {\"type\": \"undo\"}.")
    return checked_json(data, "json")


def roll_dice(text: str, name: str) -> list[int]:
    """`text` dice (1 to MAX_DICE) drawn now, for a "Roll for me" button."""
    count = whole_number(text, name)
    if not 1 <= count <= MAX_DICE:
        raise FormError(f"{name}: roll 1 to {MAX_DICE} dice, not {count}.")
    return [secrets.randbelow(6) + 1 for _ in range(count)]


def _field(name: str, values: list[str]) -> tuple[str, str | None, Any]:
    """(field, key inside it or None, value) of one form field."""
    field, _, kind = name.partition(":")
    key, _, sub = field.partition(".")
    if (not FIELD_NAME.fullmatch(key) or (sub and not SUB_KEY.fullmatch(sub))
            or kind not in ("", "int", "signed", "thousands", "roll", "draw")):
        raise FormError(f"Unknown form field {name[:40]!r}.")
    return key, sub or None, _value(field, kind, values)


def _value(key: str, kind: str, values: list[str]) -> Any:
    if kind == "roll":
        if len(values) != 1:
            raise FormError(f"{key} is given twice.")
        dice = roll_dice(values[0], key)
        return dice[0] if values[0].strip() == "1" else dice
    if kind == "draw":  # "Draw for me": the server draws as the action arrives
        choices = [v.strip() for v in values if v.strip()]
        if not choices or any(len(v) > MAX_TEXT for v in choices):
            raise FormError(f"{key}: nothing to draw from.")
        return secrets.choice(choices)
    if kind == "thousands":
        parsed: list[Any] = [in_thousands(v, key) for v in values]
    elif kind:
        parsed = [whole_number(v, key, signed=kind == "signed") for v in values]
    else:
        parsed = [v.strip() for v in values]
        if any(len(v) > MAX_TEXT for v in parsed):
            raise FormError(f"{key} is too long.")
    return parsed[0] if len(parsed) == 1 else parsed


def action_from_form(form: MultiDict[str, str] | Mapping[str, str]) -> Posted:
    """The action, expected seq and client id a form carries."""
    multi = form if isinstance(form, MultiDict) else MultiDict(form)
    action: dict[str, Any] = _from_json(multi["json"]) if multi.get("json", "").strip() else {}
    rolled = set()
    for name in multi:
        if name in RESERVED:
            continue
        key, sub, value = _field(name, multi.getlist(name))
        if name.endswith(":roll"):
            rolled.add(key)
        if sub is None:
            if key in action:
                raise FormError(f"{key} is given twice.")
            action[key] = value
            continue
        inner = action.setdefault(key, {})
        if not isinstance(inner, dict) or sub in inner:
            raise FormError(f"{key}.{sub} is given twice.")
        inner[sub] = value
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise FormError("The action has no type.")
    if "seq" not in multi:
        raise FormError("The form has no seq: reload the page.")
    seq = whole_number(multi["seq"], "seq")
    client_id = multi.get("client_id", "").strip() or None
    if client_id is not None and not CLIENT_ID.fullmatch(client_id):
        raise FormError("client_id must be 1 to 64 letters, digits, '-' or '_'.")
    return Posted(action, seq, client_id, frozenset(rolled))
