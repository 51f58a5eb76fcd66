/* Usable without sight or a mouse, on every game page:
   - after htmx replaces the live part (templates/play/_live.html) that held the focus (a tap, a
     die face, a poll that redrew the form being used), the focus goes to the new "now" heading
     (tabindex=-1), not back to the top of the page;
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

  document.addEventListener("htmx:beforeRequest", function (event) {
    var part = live();
    focusInLive = !!part && part.contains(document.activeElement);
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var part = event.detail.target;
    if (!isLive(part)) return;
    var active = document.activeElement;
    focusInLive = focusInLive || part.contains(active) || !active || active === document.body;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var part = live();
    if (!part || !part.isConnected || !(isLive(event.detail.elt) || isLive(event.target))) return;
    var active = document.activeElement;
    if (focusInLive && (!active || active === document.body)) {
      var h = heading(part);
      if (h) h.focus({ preventScroll: true });
    }
    focusInLive = false;
    say(news(part));
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", remember);
  else remember();
})();
