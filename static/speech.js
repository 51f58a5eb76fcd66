/* The table view reads aloud what changes in its [data-speak] lines (the destination and its
   payoff, the winner) with the browser's own speech synthesis, which needs no network. Off
   until someone taps the switch on the table view; each line is read once. */
(function () {
  "use strict";
  var KEY = "referee-speech";
  var shown = null; /* the lines on screen after the last swap */

  function on() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function say(text) {
    if (!window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
    var line = new SpeechSynthesisUtterance(text);
    line.lang = document.documentElement.lang || "en";
    window.speechSynthesis.speak(line);
  }

  function read() {
    var now = {};
    document.querySelectorAll("[data-speak]").forEach(function (el) {
      var text = el.dataset.speak;
      if (!text) return;
      now[text] = true;
      /* a line new since the last swap is news; what the page opened with is not */
      if (shown !== null && !shown[text] && on()) say(text);
    });
    shown = now;
  }

  function show(button) {
    var yes = on();
    button.setAttribute("aria-pressed", yes ? "true" : "false");
    button.textContent = "Read aloud: " + (yes ? "on" : "off");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-speech-switch]");
    if (!button) return;
    try { localStorage.setItem(KEY, on() ? "off" : "on"); } catch (e) { return; }
    show(button);
    if (on()) {
      /* read what is on screen now; the tap also lets the browser speak later */
      document.querySelectorAll("[data-speak]").forEach(function (el) { say(el.dataset.speak); });
    } else if (window.speechSynthesis) {
      window.speechSynthesis.cancel();
    }
  });

  function start() {
    document.querySelectorAll("[data-speech-switch]").forEach(show);
    read();
  }

  document.addEventListener("htmx:afterSettle", read);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
