/* A refused tap (templates/play/_refusal.html): the choice it carried is put back into the
   matching fresh form once, so the seat sees what it chose; the message stays (a live update
   swaps only the live part) until OK is tapped or the next tap is recorded. A refusal of the
   person's own tap, here or beside a control of the live part, is brought into view and the
   button tapped is marked. */
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
  /* The person's own tap (a form of the live part): the panel and the words of its button,
     to mark the same button in the answer if the answer refuses it. */
  var tapped = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.tagName !== "FORM" || !form.closest(".live")) return;
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var button = (trigger && trigger.submitter) || form.querySelector("button");
    var panel = form.closest("[data-action]");
    tapped = { action: panel ? panel.dataset.action : null,
               words: button ? button.textContent.replace(/\s+/g, " ").trim() : "" };
  });

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }

  /* After the answer to a tap: its refusal, if any, in view and the tapped button marked. */
  function showRefusal() {
    if (!tapped) return;
    var mine = tapped;
    tapped = null;
    var words = document.querySelector("#act-refusal .refused, .live .failure[role=alert]");
    if (!words || words.offsetParent === null) return;
    var scope = (mine.action && document.querySelector(
      '.live [data-action="' + mine.action + '"]')) || document.querySelector(".live");
    var buttons = scope ? scope.querySelectorAll("button") : [];
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].textContent.replace(/\s+/g, " ").trim() === mine.words) {
        buttons[i].classList.add("tapped-refused");
        if (!words.id) words.id = "refused-words";
        buttons[i].setAttribute("aria-describedby", words.id);
        break;
      }
    }
    if (!inView(words)) words.scrollIntoView({ block: "center" });
  }

  document.addEventListener("DOMContentLoaded", restore);
  document.addEventListener("htmx:afterSettle", restore);
  document.addEventListener("htmx:afterSettle", function (event) {
    var elt = event.detail.elt || event.target;
    if ((elt && elt.classList && elt.classList.contains("live"))
        || (event.target && event.target.classList && event.target.classList.contains("live"))) {
      showRefusal();
    }
  });
})();
