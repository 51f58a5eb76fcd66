/* The quick lookup answers a tapped die in the page, from the chart the server put in it.
 *
 * The chart (#lookup-chart) and the train's city with its payoffs (#lookup-from) are written by
 * the server from the map it answers with (referee/web/games/railbaron/lookup_chart.py). A tap
 * is answered here only when the chart knows every cell it needs; an unknown cell, a region to
 * pick, a problem on the page or a request still on its way goes to the server as before (htmx),
 * which asks for the printed value. Without JavaScript the form works as it always did.
 */
(function () {
  "use strict";

  var REGION = ["r", "w1", "w2"];
  var CITY = ["cr", "cw1", "cw2"];
  var ADDRESS = ["map", "r", "w1", "w2", "cr", "cw1", "cw2", "from", "pick",
                 "printed_region", "printed_city", "printed_payoff"];

  var parsed = new WeakMap();  // each script element's JSON, read once (a swap brings new ones)

  function data(id) {
    var script = document.getElementById(id);
    if (!script) return null;
    if (!parsed.has(script)) parsed.set(script, JSON.parse(script.textContent));
    return parsed.get(script);
  }

  function faces(form, names) {
    var out = [];
    for (var i = 0; i < names.length; i++) {
      var input = form.querySelector("input[name='" + names[i] + "']:checked");
      if (!input) return null;
      out.push(Number(input.value));
    }
    return out;
  }

  function parity(red) { return red % 2 ? "odd" : "even"; }

  function cellKey(dice) { return parity(dice[0]) + " " + (dice[1] + dice[2]); }

  function describe(dice) {
    return "red " + dice[0] + " (" + parity(dice[0]) + "), white " + dice[1] + "+" + dice[2] +
      " = " + (dice[1] + dice[2]);
  }

  function folded(text) { return (text || "").split(/\s+/).filter(Boolean).join(" "); }

  function node(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function badge(parent, text, cls) {
    parent.append(" ", node("span", cls ? "badge " + cls : "badge", text));
  }

  function chance(parent, parts, after) {
    parent.append(parts[0]);
    if (parts[1]) parent.append(" ", node("span", "quiet", "(exactly " + parts[1] + ")"));
    parent.append(after);
  }

  /* What a tap gives, worked out before the page is touched; null: ask the server. */
  function plan(form) {
    var chart = data("lookup-chart");
    var from = data("lookup-from");
    var answers = document.getElementById("lookup-answers");
    if (!chart || !from || !answers || form.classList.contains("htmx-request")) return null;
    if (answers.querySelector(".failure")) return null;  // a problem: the server says it again
    var typed = form.elements.namedItem("from");
    if (typed && folded(typed.value) !== from.typed) return null;  // typed, not yet read
    var out = {chart: chart, from: from, region: null, city: null};
    var dice = faces(form, REGION);
    if (!dice) return out;
    var cell = chart.region_cells[cellKey(dice)];
    if (!cell) return null;  // unknown in this chart: the server asks for the printed region
    if (from.start && chart.cities[from.start].region === cell.code) return null;  // may pick
    out.region = {dice: dice, cell: cell};
    var cityDice = faces(form, CITY);
    if (!cityDice) return out;
    var city = chart.city_cells[cell.code + " " + cellKey(cityDice)];
    if (!city) return null;  // unknown: the server asks for the printed city
    if (from.start && !from.payoffs[city.city]) return null;  // unknown payoff: the server asks
    out.city = {dice: cityDice, cell: city};
    return out;
  }

  function regionAnswer(p) {
    var cell = p.region.cell;
    var div = node("div", "answer");
    div.id = "region-answer";
    div.append(node("p", "quiet", describe(p.region.dice)));
    var result = node("p", "result", p.chart.regions[cell.code]);
    result.append(" ", node("span", "quiet", "(" + cell.code + ")"));
    if (cell.overridden) badge(result, "house rule", "overridden");
    div.append(result);
    var line = node("p", "chance");
    chance(line, p.chart.region_chance[cell.code], " of region rolls");
    div.append(line);
    if (cell.note) div.append(node("p", "note", "Overridden: " + cell.note));
    return div;
  }

  function cityAnswer(p) {
    var cell = p.city.cell;
    var code = p.region.cell.code;
    var about = p.chart.cities[cell.city];
    var div = node("div", "answer");
    div.id = "city-answer";
    div.append(node("p", "quiet", describe(p.city.dice) + " in " + p.chart.regions[code]));
    var result = node("p", "result", cell.city);
    if (cell.overridden) badge(result, "house rule", "overridden");
    div.append(result);
    var line = node("p", "chance", cell.city + ": ");
    chance(line, about.chance, " of all destinations");
    div.append(line);
    div.append(node("p", "chance quiet",
                    about.share + " of " + p.chart.regions[code] + "'s city rolls"));
    if (cell.note) div.append(node("p", "note", "Overridden: " + cell.note));
    if (p.from.start === cell.city) {
      div.append(node("p", "notice", "The destination is the city the train is in: " +
                      "the player loses the rest of the turn."));
    }
    return div;
  }

  function payoffCard(p) {
    var city = p.city.cell.city;
    var card = node("section", "card");
    card.id = "payoff-answer";
    card.append(node("h2", "", "Payoff"));
    if (!p.from.start) {
      card.append(node("p", "quiet", "Type where the train is (above) to see the payoff to " +
                       city + "."));
      return card;
    }
    var pay = p.from.payoffs[city];
    card.append(node("p", "quiet", pay.a + " to " + pay.b));
    var amount = node("p", "result payoff", pay.amount);
    if (pay.overridden) badge(amount, "house rule", "overridden");
    card.append(amount);
    if (pay.notes.length) {
      var list = node("ul", "chart-notes");
      pay.notes.forEach(function (text) { list.append(node("li", "note", text)); });
      card.append(list);
    }
    return card;
  }

  function replace(id, fresh, parent, before) {
    var old = document.getElementById(id);
    if (old && fresh) old.replaceWith(fresh);
    else if (old) old.remove();
    else if (fresh) parent.insertBefore(fresh, before || null);
  }

  function draw(form, p) {
    var answers = document.getElementById("lookup-answers");
    var actions = answers.querySelector(".lookup-actions");
    replace("region-answer", p.region && regionAnswer(p), document.getElementById("region-card"));
    var card = document.getElementById("city-card");
    if (!p.region) {
      if (card) card.remove();
    } else {
      if (!card) {
        card = document.getElementById("lookup-city-card").content.firstElementChild
          .cloneNode(true);
        answers.insertBefore(card, actions);
      }
      card.querySelector("legend").textContent =
        "City roll in " + p.chart.regions[p.region.cell.code];
    }
    var city = p.city && cityAnswer(p);
    replace("city-answer", city, card);
    replace("payoff-answer", city && payoffCard(p), answers, actions);
  }

  /* The address follows the look-up, as the server's HX-Replace-Url does: no history entry. */
  function address(form) {
    var params = new URLSearchParams();
    var fields = new FormData(form);
    ADDRESS.forEach(function (name) {
      var value = fields.get(name);
      if (value !== null && folded(String(value))) params.set(name, folded(String(value)));
    });
    history.replaceState(history.state, "", form.getAttribute("action") + "?" + params);
  }

  /* A die's change is caught on its way down (capture): answered here, it never reaches the
     form's htmx trigger; otherwise it goes on to htmx and the server. */
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input || REGION.concat(CITY).indexOf(input.name) < 0) return;
    var form = input.form;
    if (!form || form.id !== "lookup") return;
    var p = plan(form);
    if (!p) return;  // the server answers, as without this script
    event.stopPropagation();
    draw(form, p);
    address(form);
  }, true);
})();
