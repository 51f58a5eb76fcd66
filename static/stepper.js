/* A stepper (templates/_macros.html, stepper): − and + change the number field they name,
   within its min and max; the field stays typeable. Delegated, so swapped parts work too.
   A <span data-sum="name prefix"> in the same form shows the sum of the form's number
   fields whose names start with that prefix (a button naming the total it records). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-step]") : null;
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-for"));
    if (!field) return;
    var value = parseInt(field.value, 10);
    var step = parseInt(button.getAttribute("data-step"), 10);
    if (isNaN(value)) value = field.min !== "" ? parseInt(field.min, 10) - step : 0;
    value += step;
    if (field.min !== "" && value < parseInt(field.min, 10)) value = parseInt(field.min, 10);
    if (field.max !== "" && value > parseInt(field.max, 10)) value = parseInt(field.max, 10);
    field.value = String(value);
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });

  function sums(form) {
    var outs = form.querySelectorAll("[data-sum]");
    for (var i = 0; i < outs.length; i++) {
      var prefix = outs[i].getAttribute("data-sum"), total = 0;
      var fields = form.querySelectorAll("input[type=number]");
      for (var j = 0; j < fields.length; j++) {
        var n = parseInt(fields[j].value, 10);
        if (fields[j].name.indexOf(prefix) === 0 && !isNaN(n) && n > 0) total += n;
      }
      outs[i].textContent = String(total);
    }
  }

  function changed(event) {
    var form = event.target && event.target.form;
    if (form && form.querySelector("[data-sum]")) sums(form);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
})();
