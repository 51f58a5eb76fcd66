/* A refused tap (templates/play/_refusal.html): the choice it carried is put back into the
   matching fresh form once, so the seat sees what it chose; the message stays (a live update
   swaps only the live part) until OK is tapped or the next tap is recorded. */
(function () {
  "use strict";

  function sameForm(form, fields) {
    var hidden = form.querySelectorAll("input[type=hidden][name]");
    var seen = false;
    for (var i = 0; i < hidden.length; i++) {
      var name = hidden[i].name;
      if (!Object.prototype.hasOwnProperty.call(fields, name)) continue;
      if (name === "type") seen = true;
      if (fields[name].indexOf(hidden[i].value) < 0) return false;
    }
    return seen;
  }

  function put(form, name, values) {
    var els = form.querySelectorAll("[name]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.name !== name || el.type === "hidden") continue;
      el.setAttribute("data-touched", "");  // a live update keeps it (keep_choices.js)
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values.indexOf(el.value) >= 0;
      } else if (el.tagName === "SELECT") {
        for (var j = 0; j < el.options.length; j++) {
          var option = el.options[j];
          option.selected = values.indexOf(option.value) >= 0;
        }
      } else if (values.length) {
        el.value = values[0];
      }
    }
  }

  function restore() {
    var kept = document.querySelector("#act-refusal template[data-kept]:not([data-done])");
    if (!kept) return;
    kept.setAttribute("data-done", "");
    var fields;
    try { fields = JSON.parse(kept.getAttribute("data-kept")); } catch (e) { return; }
    var forms = document.querySelectorAll(".live form");
    for (var i = 0; i < forms.length; i++) {
      if (!sameForm(forms[i], fields)) continue;
      for (var name in fields) {
        if (Object.prototype.hasOwnProperty.call(fields, name)) put(forms[i], name, fields[name]);
      }
      return;
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-dismiss-refusal]");
    if (!button) return;
    var box = document.getElementById("act-refusal");
    if (box) box.innerHTML = "";
  });
  document.addEventListener("DOMContentLoaded", restore);
  document.addEventListener("htmx:afterSettle", restore);
})();
