/* "Your turn" and "your bid" (templates/play/_cue.html): when the banner appears on a seat's
   page, the title says so, the phone vibrates where the browser allows, and a short sound made
   here (WebAudio, nothing fetched) plays if the seat switched it on. Cued once per turn: the
   tab remembers the last cue it gave for each game and seat. */
(function () {
  "use strict";
  var SOUND = "referee-cue-sound";
  var baseTitle = null;
  var audio = null;

  function soundOn() {
    try { return localStorage.getItem(SOUND) === "on"; } catch (e) { return false; }
  }

  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      if (audio.state === "suspended") audio.resume();
      var t = audio.currentTime;
      [660, 880].forEach(function (freq, i) {
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t + i * 0.18);
        gain.gain.exponentialRampToValueAtTime(0.3, t + i * 0.18 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.18 + 0.16);
        osc.connect(gain).connect(audio.destination);
        osc.start(t + i * 0.18);
        osc.stop(t + i * 0.18 + 0.17);
      });
    } catch (e) { /* no sound: the banner and the title still say it */ }
  }

  function remembered(key) {
    try { return sessionStorage.getItem("referee-cue:" + key) || ""; } catch (e) { return ""; }
  }

  function remember(key, value) {
    try { sessionStorage.setItem("referee-cue:" + key, value); } catch (e) { /* private mode */ }
  }

  function check() {
    if (baseTitle === null) baseTitle = document.title;
    var live = document.querySelector(".live");
    var cue = document.querySelector("[data-cue]");
    var key = live && live.dataset.cueKey;
    if (!cue) {
      document.title = baseTitle;
      if (key) remember(key, "");
      return;
    }
    document.title = cue.dataset.cueTitle + " · " + baseTitle;
    key = cue.dataset.cueKey;
    if (remembered(key) === cue.dataset.cue) return;
    remember(key, cue.dataset.cue);
    document.documentElement.dataset.cued = cue.dataset.cue;
    /* a browser lets a page vibrate only once the person has tapped it; asked before that,
       it only logs a warning ("Blocked call to navigator.vibrate") */
    var tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && tapped) {
      try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed here */ }
    }
    if (soundOn()) beep();
  }

  function showSwitch(button) {
    var on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = "Sound on my turn: " + (on ? "on" : "off");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-sound-switch]");
    if (!button) return;
    try { localStorage.setItem(SOUND, soundOn() ? "off" : "on"); } catch (e) { return; }
    showSwitch(button);
    if (soundOn()) beep(); /* a sample, and the tap lets the browser play later cues */
  });

  function start() {
    document.querySelectorAll("[data-sound-switch]").forEach(showSwitch);
    check();
  }

  document.addEventListener("htmx:afterSettle", check);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
