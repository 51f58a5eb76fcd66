/* Rail Baron's taps (templates/railbaron/turn/_taps.html) send the page's seq, from its one
   rb-seq field, in place of any the form holds: htmx reads the <noscript> copy of a form it
   swapped in as a field, and a panel kept across answers holds the seq it was drawn at. */
(function () {
  "use strict";
  if (window.railbaronTaps) return;  // drawn again with every whole live part
  window.railbaronTaps = true;
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt && elt.closest && elt.closest("form.draft-tap");
    var seq = document.getElementById("rb-seq");
    if (form && seq) event.detail.parameters.s = seq.value;
  });
})();
