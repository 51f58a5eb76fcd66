/* The live part of a game page as parts (referee/web/parts.py):
   - every request for the live part says which parts the page holds (X-Parts-Held:
     `name:digest` pairs, the live section's own first, then each part and row in the page's
     order), so the answer carries only what changed, out of band;
   - the poller sends the stamp's seq;
   - a page showing a refusal says so (X-Refusal-Shown), else a tap's answer leaves the empty
     box alone;
   - every tap (a form marked data-act) sends the page's one seq and one-time client id, from
     the live part's stamp, and the page's name, from the live section, so a form kept across
     answers never sends an old seq;
   - every draft tap (form.draft-tap: a die's face, a railroad chip) sends the stamp's seq as
     `s`, in place of the form's own (htmx reads the <noscript> copy of a form it swapped in as
     a field), so a panel kept across answers keeps the face tapped;
   - the live section's data-seq follows the stamp once an answer has settled, for the
     scripts that read it;
   - a part the answer keeps (an empty element marked hx-preserve) is filled by htmx with the
     page's own; a new row the page already has stands once. */
(function () {
  "use strict";

  function stamp() { return document.querySelector(".live #part-stamp"); }

  function holds() {
    var live = document.querySelector(".live");
    var parts = document.querySelectorAll(".live .part[data-digest]");
    var pairs = live && live.dataset.digest ? ["live:" + live.dataset.digest] : [];
    for (var i = 0; i < parts.length; i++) {
      var name = parts[i].id.replace(/^part-/, "");
      if (parts[i].dataset.digest) pairs.push(name + ":" + parts[i].dataset.digest);
    }
    return pairs.join(",");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt, target = event.detail.target;
    var live = document.querySelector(".live");
    var form = elt && elt.closest && elt.closest("form[data-act]");
    var s = stamp();
    if (form && s) {
      event.detail.parameters.seq = s.dataset.seq;
      event.detail.parameters.client_id = s.dataset.clientId;
      if (live && live.dataset.page) event.detail.parameters.page = live.dataset.page;
    }
    var draft = elt && elt.closest && elt.closest("form.draft-tap");
    if (draft && s) event.detail.parameters.s = s.dataset.seq;
    /* the poller asks whether the game moved past the seq the page shows */
    if (s && elt && elt.classList && elt.classList.contains("poll")) {
      event.detail.parameters.seq = s.dataset.seq;
    }
    if (live && target === live) {
      var pairs = holds();
      if (pairs) event.detail.headers["X-Parts-Held"] = pairs;
      /* the refusal box beside the live part: a tap's answer empties it only if it shows one */
      var refusal = document.getElementById("act-refusal");
      if (refusal && refusal.firstElementChild) event.detail.headers["X-Refusal-Shown"] = "yes";
    }
  });

  /* A new row put beside another (afterend:/beforebegin:) that the page already has (a tap's
     answer and a refresh that crossed it, both bringing the same row): the one it had goes, so
     the row stands once, as drawn last. */
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var fragment = event.detail.fragment, target = event.detail.target;
    if (!fragment || !fragment.children) return;
    for (var i = 0; i < fragment.children.length; i++) {
      var row = fragment.children[i], had = row.id && document.getElementById(row.id);
      if (had && had !== target && row.classList.contains("item")) had.remove();
    }
  });

  /* A part sent as a place for the page's own (hx-preserve: the answer keeps what the page
     holds) that htmx found no element for stays empty and says no digest: the page then asks
     for its live part again and, lacking that part, gets it whole. */
  document.addEventListener("htmx:afterSettle", function () {
    if (document.querySelector(".live .part[hx-preserve]")) htmx.trigger(document.body, "refresh");
  });

  /* once the answer has settled, all of it in (and, below, the page scrolled to its next
     step), not as soon as the stamp is swapped: what waits for the seq sees the whole answer */
  function follow() {
    var live = document.querySelector(".live"), s = stamp();
    if (live && s) live.dataset.seq = s.dataset.seq;
  }
  document.addEventListener("htmx:afterSettle", follow);

  /* An answer in parts swaps nothing in place (HX-Reswap: none), so the tapped form's own
     `show:window:top` is done here: the phone's next step is at the top, as after a whole one;
     and the question the tap answered is folded. */
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr, config = event.detail.requestConfig || {};
    if (!xhr || xhr.getResponseHeader("HX-Reswap") !== "none" || !config.elt) return;
    /* a question the tap answered ("Undo this…", "Take back…") folds again, as it did when
       the whole part was drawn anew: the next Undo asks again */
    var asked = config.elt.closest && config.elt.closest("details.confirm[open]");
    if (asked && asked.isConnected) asked.open = false;
    var swap = config.elt.closest && config.elt.closest("[hx-swap]");
    if (swap && /show:window:top/.test(swap.getAttribute("hx-swap"))) window.scrollTo(0, 0);
  });
})();
