// The entry grids (templates/entry/_grid.html): each changed cell is kept on the laptop as the
// owner types (posted through the hidden htmx form #entry-autosave), Enter moves to the next
// cell, and a block copied from a spreadsheet (tab-separated rows) fills the grid from the cell
// it is pasted into (a block larger than the grid is refused whole, in words); the arrows up
// and down move along a column. The answer shows each cell as it was kept (cleaned: $, 20,000,
// Yes) and marks the cells refused or doubted, with their words.
(function () {
  "use strict";
  var BATCH = 400; // cells per request: a form takes at most 1,000 fields
  var WAIT = 500; // ms after the last keystroke
  var pending = {}; // "grid|row|col" -> text not yet sent
  var sending = null; // the cells of the request under way
  var key = null; // the board key, changed and not yet sent
  var timer = null;
  var leaving = false; // "Check and save" sends what is not kept yet: no "Leave site?"

  function valueOf(input) {
    return input.type === "checkbox" ? (input.checked ? "x" : "") : input.value;
  }

  function inputFor(cell) {
    return document.querySelector('#entry-grids .cell[data-cell="' + CSS.escape(cell) + '"]');
  }

  function cellIndex() { // every cell of the grids by name, looked up once
    var out = {};
    document.querySelectorAll("#entry-grids .cell").forEach(function (input) {
      out[input.dataset.cell] = input;
    });
    return out;
  }

  function mark() { // how many changes are not kept yet (0: all is on the laptop)
    var entry = document.getElementById("entry");
    var count = Object.keys(pending).length + Object.keys(sending || {}).length;
    if (entry) entry.dataset.unsaved = String(count + (key === null ? 0 : 1));
  }

  function schedule(now) {
    mark();
    clearTimeout(timer);
    timer = setTimeout(flush, now ? 0 : WAIT);
  }

  function flush() {
    var form = document.getElementById("entry-autosave");
    if (!form || sending || typeof htmx === "undefined") return;
    var names = Object.keys(pending).slice(0, BATCH);
    if (!names.length && key === null) return;
    form.replaceChildren();
    sending = {};
    names.forEach(function (name) {
      sending[name] = pending[name];
      delete pending[name];
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "cell:" + name;
      field.value = sending[name];
      form.appendChild(field);
    });
    if (key !== null) {
      var k = document.createElement("input");
      k.type = "hidden";
      k.name = "key";
      k.value = key;
      form.appendChild(k);
      key = null;
    }
    htmx.trigger(form, "save");
    mark();
  }

  function showCleaned() {
    var holder = document.getElementById("entry-cleaned");
    if (!holder || !sending) return;
    var cleaned = JSON.parse(holder.dataset.cells || "{}");
    var inputs = cellIndex();
    Object.keys(cleaned).forEach(function (name) {
      var input = inputs[name];
      if (!input || input.type === "checkbox" || pending[name] !== undefined) return;
      if (input.value === sending[name] && input.value !== cleaned[name]) {
        if (input === document.activeElement) { // still typing there ("N" of "No"): on leaving
          later[name] = { typed: sending[name], kept: cleaned[name] };
        } else {
          showKept(input, sending[name], cleaned[name]);
        }
      }
    });
  }

  var later = {}; // cells kept cleaned while the owner was in them: shown when he leaves

  function showKept(input, typed, kept) {
    input.value = kept;
    input.classList.add("cleaned");
    input.title = "Kept as " + (kept || "empty") + " (typed " + typed + ")";
  }

  document.addEventListener("focusout", function (event) {
    var input = event.target;
    var name = input && input.dataset && input.dataset.cell;
    var waiting = name && later[name];
    if (!waiting) return;
    delete later[name];
    // only if nothing was typed since: what he typed after is kept on its own
    if (input.value === waiting.typed && pending[name] === undefined) {
      showKept(input, waiting.typed, waiting.kept);
    }
  });

  // The cells marked as the owner types (refused, or doubted by the game's checks): the
  // answer's #entry-marked lists them all, and each is marked on its cell with its words.
  function showMarks() {
    var holder = document.getElementById("entry-marked");
    var marks = JSON.parse((holder && holder.dataset.marks) || "{}");
    document.querySelectorAll("#entry-grids td.live").forEach(function (td) {
      var input = td.querySelector(".cell");
      if (input && marks[input.dataset.cell] !== undefined) return;
      td.classList.remove("live", "bad-cell");
      td.removeAttribute("title");
      if (input) input.removeAttribute("aria-invalid");
    });
    var inputs = Object.keys(marks).length ? cellIndex() : {};
    Object.keys(marks).forEach(function (name) {
      var input = inputs[name];
      if (!input) return;
      var td = input.closest("td");
      td.classList.add("bad-cell", "live");
      td.title = marks[name];
      input.setAttribute("aria-invalid", "true");
    });
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.target.id !== "entry-autosave") return;
    if (event.detail.successful) {
      showCleaned();
      showMarks();
    } else if (sending) { // not kept: try those cells again with the next change
      Object.keys(sending).forEach(function (name) {
        if (pending[name] === undefined) pending[name] = sending[name];
      });
    }
    sending = null;
    mark();
    if (Object.keys(pending).length && event.detail.successful) schedule(true);
  });

  // A grid drawn again (its shape changed: a city added to the payoff chart) shows what is
  // not kept yet and keeps the cell the owner is in. Only a grid's own swap needs this, not
  // the progress line's or the marks' (with a pasted chart of 2,415 cells waiting, looking
  // each up after every swap took seconds).
  var focused = null;
  var regrid = false;
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || !target.closest || !target.closest("#entry-grids")) return;
    regrid = true;
    var active = document.activeElement;
    if (active && active.dataset && active.dataset.cell) focused = active.dataset.cell;
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    if (!regrid) return;
    regrid = false;
    var unsaved = Object.assign({}, sending || {}, pending);
    var inputs = cellIndex();
    Object.keys(unsaved).forEach(function (name) {
      var input = inputs[name];
      if (!input) return;
      if (input.type === "checkbox") input.checked = !!unsaved[name];
      else if (input.value !== unsaved[name]) input.value = unsaved[name];
    });
    var again = focused && inputFor(focused);
    var now = document.activeElement;
    if (again && again !== now && (!now || now === document.body)) again.focus();
    focused = null;
  });

  function means(input) { // "4.5 means $4,500" under a grid of figures printed in thousands
    var scale = Number(input.dataset.scale || 1);
    var line = input.closest(".entry-grid").querySelector(".means");
    if (!line || scale <= 1) return;
    var figure = Number(input.value.replace(/[$£€,\s]/g, ""));
    line.textContent = input.value === "" || !isFinite(figure) || input.value === "?"
      ? "" : input.getAttribute("aria-label") + ": " + input.value + " means " +
             (input.dataset.money || "") + Math.round(figure * scale).toLocaleString("en");
  }

  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.matches && input.matches("#entry-grids .cell[data-scale]")) means(input);
  });

  function grow(table) { // a list that fills up gets another empty row
    var body = table.tBodies[0];
    var last = body.rows[body.rows.length - 1];
    var next = String(Number(last.dataset.row) + 1);
    var row = last.cloneNode(true);
    row.dataset.row = next;
    row.cells[0].textContent = next;
    row.querySelectorAll(".cell").forEach(function (input) {
      var parts = input.dataset.cell.split("|");
      parts[1] = next;
      input.dataset.cell = parts.join("|");
      input.value = "";
      input.checked = false;
      input.classList.remove("cleaned");
    });
    body.appendChild(row);
  }

  function changed(input) {
    pending[input.dataset.cell] = valueOf(input);
    input.classList.remove("cleaned");
    var table = input.closest("table");
    var row = input.closest("tr");
    if (table.hasAttribute("data-free") && valueOf(input) &&
        row === table.tBodies[0].rows[table.tBodies[0].rows.length - 1]) grow(table);
  }

  function place(input) { // [row index, column index] in the grid's body
    var td = input.closest("td");
    return [td.parentElement.sectionRowIndex, td.cellIndex - 1];
  }

  function at(table, r, c) {
    var row = table.tBodies[0].rows[r];
    var td = row && row.cells[c + 1];
    return td ? td.querySelector(".cell") : null;
  }

  function next(input) { // the next cell in the grid's order, or the first of the next grid
    var table = input.closest("table");
    var body = table.tBodies[0];
    var rows = body.rows.length;
    var cols = body.rows[0].cells.length - 1;
    var p = place(input);
    var down = table.dataset.order === "down";
    for (var step = 1; step < rows * cols; step++) {
      var n = down ? p[1] * rows + p[0] + step : p[0] * cols + p[1] + step;
      if (n >= rows * cols) break;
      var found = down ? at(table, n % rows, Math.floor(n / rows))
                       : at(table, Math.floor(n / cols), n % cols);
      if (found) return found;
    }
    var section = input.closest(".entry-grid").nextElementSibling;
    return section ? section.querySelector(".cell") : null;
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.matches && input.matches("#entry-grids .cell")) {
      changed(input);
      if (input.dataset.scale) means(input);
      schedule(input.type === "checkbox");
    } else if (input.matches && input.matches("[data-autosave-key]")) {
      key = input.value;
      schedule(false);
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("#entry-grids .cell")) schedule(true);
  });

  document.addEventListener("keydown", function (event) { // up and down a column
    var input = event.target;
    if ((event.key !== "ArrowUp" && event.key !== "ArrowDown") || !input.matches ||
        !input.matches("#entry-grids .cell") || input.list) return; // a list's own arrows
    var p = place(input);
    var table = input.closest("table");
    var step = event.key === "ArrowUp" ? -1 : 1;
    for (var r = p[0] + step; r >= 0 && r < table.tBodies[0].rows.length; r += step) {
      var to = at(table, r, p[1]);
      if (to) {
        event.preventDefault();
        to.focus();
        if (to.select) to.select();
        return;
      }
    }
  });

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches("#entry-grids .cell")) return;
    if (input.type === "checkbox") return;
    event.preventDefault();
    schedule(true);
    var to = next(input);
    if (to) {
      to.focus();
      if (to.select) to.select();
    }
  });

  document.addEventListener("paste", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("#entry-grids .cell")) return;
    var text = (event.clipboardData || window.clipboardData).getData("text");
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ""))) return; // one value: the browser pastes it
    event.preventDefault();
    var lines = text.replace(/\r/g, "").replace(/\n$/, "").split("\n");
    var table = input.closest("table");
    var start = place(input);
    var too = tooBig(table, start, lines);
    var said = document.getElementById("entry-paste");
    if (said) said.textContent = ""; // a refusal said before is not about this block
    if (too) {
      say(input, too);
      return;
    }
    lines.forEach(function (line, dr) {
      var r = start[0] + dr;
      while (table.hasAttribute("data-free") && r >= table.tBodies[0].rows.length) grow(table);
      line.split("\t").forEach(function (value, dc) {
        var target = at(table, r, start[1] + dc);
        if (!target) return; // no cell there (a dash, the other half of the triangle)
        if (target.type === "checkbox") {
          target.checked = /^\s*(x|yes|y|1|true|✓|✔)\s*$/i.test(value);
        } else {
          target.value = value.trim();
        }
        changed(target);
      });
    });
    schedule(true);
  });

  // A block larger than the grid holds from the cell pasted into is refused whole, at once,
  // with the limit in words: nothing of it is kept (a half-pasted chart is worse than none).
  function tooBig(table, start, lines) {
    var body = table.tBodies[0];
    var most = table.hasAttribute("data-free") ? Number(table.dataset.most)
                                               : body.rows.length;
    var rows = most - start[0];
    var cols = body.rows[0].cells.length - 1 - start[1];
    var widest = 0;
    lines.forEach(function (line) { widest = Math.max(widest, line.split("\t").length); });
    var name = table.closest(".entry-grid").querySelector("h2").textContent;
    var block = lines.length.toLocaleString("en") + " rows and " +
                widest.toLocaleString("en") + " columns";
    if (lines.length > rows) {
      return "Nothing pasted: the block has " + block + "; from this cell the " + name +
             " grid holds " + rows.toLocaleString("en") + " rows.";
    }
    if (widest > cols) {
      return "Nothing pasted: the block has " + block + "; from this cell the " + name +
             " grid holds " + cols.toLocaleString("en") + " columns.";
    }
    return "";
  }

  function say(input, words) { // a refused paste, said where it was pasted and at the top
    var line = document.getElementById("entry-paste");
    if (line) line.textContent = words;
    input.closest("td").title = words;
  }

  document.addEventListener("submit", function (event) { // what is not kept yet goes along
    var form = event.target;
    if (form.id !== "entry-save") return;
    leaving = true;
    var unsaved = Object.assign({}, sending || {}, pending);
    Object.keys(unsaved).forEach(function (name) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "cell:" + name;
      field.value = unsaved[name];
      form.appendChild(field);
    });
    pending = {};
  });

  // What was typed while the page was still loading (before this script ran) is kept too.
  document.querySelectorAll("#entry-grids .cell").forEach(function (input) {
    var typed = input.type === "checkbox" ? input.checked !== input.defaultChecked
                                          : input.value !== input.defaultValue;
    if (typed) changed(input);
  });
  var keyInput = document.querySelector("[data-autosave-key]");
  if (keyInput && keyInput.value !== keyInput.defaultValue) key = keyInput.value;
  if (Object.keys(pending).length || key !== null) schedule(true);

  window.addEventListener("beforeunload", function (event) {
    if (leaving) return; // the save takes them along
    if (Object.keys(pending).length || sending || key !== null) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
