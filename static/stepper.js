/* A stepper (templates/_macros.html, stepper): − and + change the number field they name,
   within its min and max; the field stays typeable. Delegated, so swapped parts work too. */
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
})();
