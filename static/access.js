/* Usable without sight or a mouse, on every game page:
   - after the person's own tap replaces the live part (templates/play/_live.html), the focus
     goes to the new "now" heading (tabindex=-1), not back to the top of the page; a live update
     (another phone acted: the part fetched itself) never moves the focus nor draws a ring: a
     field being used that it redrew gets the focus back in place, else the focus stays put;
   - a refusal of the person's tap (a `.failure` the answer carries) is scrolled into view and
     the control tapped is marked (static/refusal.js);
   - the page's one live region (#announce, templates/play/_page.html, there from the start)
     says what the others did since the page last showed the game, and the turn cue when it
     appears. Nothing is said when the page first loads. */
(function () {
  "use strict";
  var MOST = 4; /* actions said at once; more came together: the latest of them */
  var shownSeq = null;
  var cueShown = "";
  var focusInLive = false;

  function live() { return document.querySelector(".live"); }

  function cueOf(root) {
    var cue = root && root.querySelector("[data-cue]");
    if (!cue) return { key: "", words: "" };
    var words = cue.querySelector(".cue-words");
    return { key: cue.dataset.cueKey + ":" + cue.dataset.cue,
             words: (words ? words.textContent : cue.dataset.cueTitle).replace(/\s+/g, " ").trim() };
  }

  function remember() {
    var part = live();
    if (!part) return;
    shownSeq = +part.dataset.seq;
    cueShown = cueOf(part).key;
  }

  function say(text) {
    var region = document.getElementById("announce");
    if (!region || !text) return;
    region.textContent = "";
    /* emptied first, so that the same words said twice are said again */
    window.setTimeout(function () { region.textContent = text; }, 60);
  }

  function news(part) {
    var said = [];
    var seq = +part.dataset.seq;
    if (shownSeq !== null && seq > shownSeq) {
      part.querySelectorAll(".announce-src [data-at]").forEach(function (line) {
        if (+line.dataset.at > shownSeq) said.push(line.textContent.trim());
      });
    }
    said = said.filter(Boolean).slice(-MOST);
    var cue = cueOf(part);
    if (cue.key && cue.key !== cueShown) said.push(cue.words);
    shownSeq = seq;
    cueShown = cue.key;
    return said.join(" ");
  }

  function heading(part) {
    var h = part.querySelector(".now-card h2") || part.querySelector("h2, h3");
    if (h && !h.hasAttribute("tabindex")) h.setAttribute("tabindex", "-1");
    return h;
  }

  function isLive(el) { return el && el.classList && el.classList.contains("live"); }

  /* A live update: the live part or its poller fetched itself; anything else is a tap. */
  function isUpdate(elt) {
    return isLive(elt) || (elt && elt.classList && elt.classList.contains("poll"));
  }

  var kept = null; /* the field a live update is redrawing while it has the focus */

  function fieldKey(el) {
    if (!el || !el.form || !el.name) return null;
    var type = el.form.querySelector("input[name=type]");
    return { id: el.id, name: el.name, value: el.type === "radio" ? el.value : null,
             type: type ? type.value : null };
  }

  function refind(part, key) {
    if (key.id) return document.getElementById(key.id);
    var els = part.querySelectorAll("[name]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i], type = el.form && el.form.querySelector("input[name=type]");
      if (el.name === key.name && (key.value === null || el.value === key.value)
          && (type ? type.value : null) === key.type) return el;
    }
    return null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var part = live(), elt = event.detail.elt;
    if (isUpdate(elt)) return;
    focusInLive = !!part && (part.contains(elt) || part.contains(document.activeElement));
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var part = event.detail.target;
    if (!isLive(part)) return;
    kept = null;
    if (isUpdate(event.detail.requestConfig && event.detail.requestConfig.elt)) {
      var active = document.activeElement;
      if (active && active !== document.body && part.contains(active)) kept = fieldKey(active);
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var part = live();
    if (!part || !part.isConnected || !(isLive(event.detail.elt) || isLive(event.target))) return;
    var active = document.activeElement;
    if (kept) {
      var again = refind(part, kept);
      if (again && (!active || active === document.body)) again.focus({ preventScroll: true });
    } else if (focusInLive && (!active || active === document.body)) {
      var h = heading(part);
      if (h) h.focus({ preventScroll: true });
    }
    focusInLive = false;
    kept = null;
    say(news(part));
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", remember);
  else remember();
})();
