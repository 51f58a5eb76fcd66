"""The purchase opportunity after an arrival, and the Honeymoon phantom's draws."""

from __future__ import annotations

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railbaron.context import (
    Play,
    handles,
)
from referee.games.railbaron.fees import money
from referee.games.railbaron.state import (
    ENGINE_NAMES,
    ENGINES,
    PHANTOM,
)

# -- purchase -----------------------------------------------------------------------------


@handles("buy")
def buy(play: Play, action: dict) -> None:
    player = play.turn_player(action, "purchase")
    rr = play.railroad(action.get("railroad"))
    info = play.board.railroads[rr]
    require(not info.public, f"The {rr} is Public and cannot be bought.", "PURCHASE")
    owner = play.state.owners[rr]
    if owner is not None:
        raise IllegalAction(f"The {rr} belongs to {play.name(owner)}.", "PURCHASE")
    price, cash = play.price(rr), play.cash(player.id)
    require(price <= cash,
            f"{player.name} cannot buy the {rr}: price {money(price)}, cash "
            f"{play.said_cash(player.id)}.",
            "PURCHASE")
    play.pay(player.id, BANK, price, f"bought the {rr}", "purchase", railroad=rr)
    play.say(f"{player.name} buys the {rr} ({info.name}) for {money(price)}.")
    play.state.purchases += 1
    play.set_owner(rr, player.id)
    play.after_purchase()


@handles("upgrade")
def upgrade(play: Play, action: dict) -> None:
    player = play.turn_player(action, "purchase")
    target = action.get("engine")
    require(target in ENGINES[1:], "engine: express or superchief.")
    require(ENGINES.index(target) > ENGINES.index(player.engine),
            f"{player.name} already has a {ENGINE_NAMES[player.engine]}.", "PURCHASE")
    cost = play.settings.upgrade_cost(player.engine, target, len(play.state.players))
    cash = play.cash(player.id)
    require(cost <= cash, f"{player.name} cannot buy the {ENGINE_NAMES[target]}: price "
            f"{money(cost)}, cash {play.said_cash(player.id)}.", "PURCHASE")
    play.pay(player.id, BANK, cost, f"upgrade to {ENGINE_NAMES[target]}", "upgrade",
             engine=target)
    player.engine = target
    article = "an" if ENGINE_NAMES[target][0] in "AEIOU" else "a"
    play.say(f"{player.name} upgrades to {article} {ENGINE_NAMES[target]} for {money(cost)}.")
    play.after_purchase()


@handles("skip_purchase")
def skip_purchase(play: Play, action: dict) -> None:
    player = play.turn_player(action, "purchase")
    play.say(f"{player.name} buys nothing.")
    play.after_purchase()


@handles("phantom_draw")
def phantom_draw(play: Play, action: dict) -> None:
    turn = play.turn
    require(turn.phase == "phantom", "The phantom player draws only when it is due.",
            "HONEYMOON (2 PLAYER) RULES")
    rr = play.railroad(action.get("railroad"))
    require(rr in play.bank_holds(), f"The {rr} is not an unowned railroad of the bank.")
    play.say(f"The phantom player draws the {rr}.")
    play.set_owner(rr, PHANTOM)
    play.after_purchase()
