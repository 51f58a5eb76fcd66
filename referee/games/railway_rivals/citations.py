"""The rule each race fee of Railway Rivals names: B4's cap for a train's own route; the
setting and rule that decide a joint train's split, a lone runner's fees and running powers
(docs/explain.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# What each setting that decides a race fee reads (docs/railway-rivals.md, Settings).
JOINT_FEES = {
    "on_total": "a joint train's fees added up and shared, the richer partner paying the odd 1",
    "per_rival": "each rival's fee split between the partners, the richer paying the odd 1",
}
LONE = "lone_runner_pays_fees (the only entrant still pays for its route, then takes 20)"
POWERS = "running powers: the two fees cancel, the difference paid (powers_net_max)"


CAP = "fee_cap"


def fee_rule(fields: Mapping[str, Any], cap: bool = False) -> tuple[str, str]:
    """The rule of one race fee: the cap of B4 for a train's own route; a joint train's split
    (B3, B4) and a lone runner's (B4, B6) by their settings; running powers netted (B4).
    `cap`: the cap is named whatever else is (a whole race's fees)."""
    sections, readings = ["B4"], [CAP] if cap else []
    if fields.get("joint_fees") in JOINT_FEES:
        sections.insert(0, "B3")
        readings.append(f"joint_fees: {fields['joint_fees']} "
                        f"({JOINT_FEES[fields['joint_fees']]})")
    if fields.get("powers"):
        readings.append(POWERS)
    if fields.get("lone"):
        sections.append("B6")
        readings.append(LONE)
    return "; ".join(sections), "; ".join(readings or [CAP])
