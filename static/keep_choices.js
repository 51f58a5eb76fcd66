/* A live update redraws the game part of a page when someone else acts. A choice this person
   made in a form that is still asked after the update (a town picked, a number stepped) is
   carried into the redrawn form, so another seat's tap never resets what he was about to send.
   Only redraws fetched by the live part carry choices over: the answer to his own tap starts
   afresh. */
(function () {
  "use strict";

  var IGNORED = { seq: true, csrf_token: true, client_id: true };  // new on every redraw
  var carried = null;

  function signature(form) {
    var parts = [form.getAttribute("action") || ""];
    var hidden = form.querySelectorAll("input[type=hidden][name]");
    for (var i = 0; i < hidden.length; i++) {
      if (!IGNORED[hidden[i].name]) parts.push(hidden[i].name + "=" + hidden[i].value);
    }
    return parts.join("&");
  }

  function chosen(form) {
    var values = {};
    var els = form.querySelectorAll("[name][data-touched]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.type === "radio" || el.type === "checkbox") {
        values[el.name] = values[el.name] || [];
        if (el.checked) values[el.name].push(el.value);
      } else if (el.tagName === "SELECT") {
        values[el.name] = Array.prototype.map.call(el.selectedOptions, function (o) {
          return o.value;
        });
      } else {
        values[el.name] = [el.value];
      }
    }
    return values;
  }

  function put(form, values) {
    var els = form.querySelectorAll("[name]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.type === "hidden" || !Object.prototype.hasOwnProperty.call(values, el.name)) continue;
      var want = values[el.name];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = want.indexOf(el.value) >= 0;
      } else if (el.tagName === "SELECT") {
        var offered = Array.prototype.some.call(el.options, function (o) {
          return want.indexOf(o.value) >= 0;
        });
        if (!offered) continue;  // the choice is no longer offered: the fresh default stands
        for (var j = 0; j < el.options.length; j++) {
          el.options[j].selected = want.indexOf(el.options[j].value) >= 0;
        }
      } else if (want.length) {
        el.value = want[0];
      }
      el.setAttribute("data-touched", "");
    }
  }

  function mark(event) {
    var el = event.target;
    if (el && el.name && el.closest && el.closest(".live form")) el.setAttribute("data-touched", "");
  }

  document.addEventListener("change", mark);
  document.addEventListener("input", mark);

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var config = event.detail.requestConfig || {};
    carried = null;
    if (!target || !target.matches || !target.matches(".live")) return;
    if ((config.verb || "").toLowerCase() !== "get") return;
    var forms = target.querySelectorAll("form");
    var kept = [];
    for (var i = 0; i < forms.length; i++) {
      var values = chosen(forms[i]);
      if (Object.keys(values).length) kept.push({ key: signature(forms[i]), values: values });
    }
    carried = kept.length ? kept : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!carried) return;
    var kept = carried;
    carried = null;
    var forms = document.querySelectorAll(".live form");
    for (var i = 0; i < kept.length; i++) {
      for (var j = 0; j < forms.length; j++) {
        if (signature(forms[j]) === kept[i].key) {
          put(forms[j], kept[i].values);
          break;
        }
      }
    }
  });
})();
