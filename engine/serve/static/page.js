// The page of dg serve (docs/serve.md, "Playing in the browser"). Plain JavaScript, no library.
//
// The server pushes a snapshot of the game by server-sent events (/api/events) at connect and
// after every change; the page draws it: the board (the engine's SVG, whose cells carry
// data-cell="x,y" and whose units carry data-unit="ID"), whose turn it is, what happened, the
// standing, the result, and — on the seat's turn — every legal action as a button, grouped by
// verb. A click on a unit then on its target cell sends the matching action (POST /api/act with
// the snapshot's decision number); several matching actions open a small chooser; "Undo …"
// takes back the last action of the decision (POST /api/undo), where the engine allows. A spectator
// (/watch) sees the same without actions. In a hot-seat game the server sends nothing of the
// next seat's view at each hand-over until its player clicks "I am here" (the stream is then
// opened again with &seat=S). Every address is relative to the page's <base> (the server sets
// it to the path it is reached under, behind a reverse proxy too).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const played = location.pathname.match(/\/play\/([^/]+)\/?$/);
  const params = new URLSearchParams(location.search);
  const token = played ? decodeURIComponent(played[1]) : (params.get("token") || null);
  const game = params.get("game");
  const query = token ? "token=" + encodeURIComponent(token)
    : (game ? "game=" + encodeURIComponent(game) : "");
  // hot seat: the seat whose player said "I am here" is sent along (the server masks the rest)
  const api = (path) => path + (query ? "?" + query : "")
    + (ready ? (query ? "&" : "?") + "seat=" + encodeURIComponent(ready) : "");

  let snap = null;        // the latest snapshot
  let selected = null;    // the unit picked on the board
  let sending = false;    // an action is on its way
  let ready = null;       // hot seat: the seat whose player clicked "I am here"
  let source = null;
  let unreached = false;  // the error shown is "could not reach the server"
  let statusShown = false;  // the status lines were drawn once (opened or not: the player's)

  // -- small helpers ------------------------------------------------------------------------
  function el(name, attrs, text) {
    const node = document.createElement(name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function cellText(c) { return c[0] + "," + c[1]; }
  function hasCell(a, cell) { return a.cells.some((c) => cellText(c) === cell); }
  function names(a, unit) { return a.text.split(/\s+/).slice(1).includes(unit); }
  function actions() { return snap && snap.your_turn ? snap.actions : []; }
  function actionsOf(unit) { return actions().filter((a) => a.unit === unit); }
  function board() { return $("game-board"); }
  function cssId(v) { return String(v).replace(/["\\]/g, "\\$&"); }
  function unitEls(unit) { return board().querySelectorAll('[data-unit="' + cssId(unit) + '"]'); }
  function cellEls(cell) { return board().querySelectorAll('.cell[data-cell="' + cssId(cell) + '"]'); }
  function unitsAt(cell) {
    const found = [];
    for (const g of board().querySelectorAll('[data-unit][data-cell="' + cssId(cell) + '"]')) {
      found.push(g.getAttribute("data-unit"));
    }
    return found;
  }
  function seatColour(seat) {
    const row = snap && snap.seats.find((s) => s.seat === seat);
    return row ? row.colour : "#888888";
  }
  function hint(text) { $("hint").textContent = text; }

  // -- the connection -----------------------------------------------------------------------
  function setConnection(text, state) {
    const c = $("connection");
    c.textContent = text;
    c.className = state;
  }
  function connect() {
    const old = source;
    const mine = new EventSource(api("api/events"));
    source = mine;
    mine.addEventListener("open", () => {
      if (old) old.close();  // (opened again for a hot seat's next player: the new one is up)
      if (source !== mine) return;
      setConnection("connected", "ok");
      if (unreached) hideError();  // "could not reach the server" is over: it is back
    });
    mine.addEventListener("snapshot", (e) => { if (source === mine) show(JSON.parse(e.data)); });
    mine.addEventListener("error", () => {
      if (source !== mine) return;
      if (mine.readyState !== EventSource.CLOSED) {
        setConnection("reconnecting…", "lost");
        return;
      }
      // The browser gave up (the server answered with an error): find out why, retry later.
      fetch(api("api/state")).then((r) => {
        if (r.status === 403 || r.status === 404) {
          // the game is gone from this server: nothing on this page can be played any more
          // (not the turn line, the highlighted cells or the actions: drawn again without them)
          if (snap) show(Object.assign({}, snap, {your_turn: false, actions: []}));
          $("actions-box").hidden = true;
          setConnection(r.status === 403 ? "this link is not a seat of a game on this server "
            + "(403): if the host restarted the server, it goes on with dg serve --resume SAVE"
            : "no such game on this server (404)", "bad");
        } else {
          setConnection("reconnecting…", "lost");
          setTimeout(connect, 2000);
        }
      }, () => { setConnection("reconnecting…", "lost"); setTimeout(connect, 2000); });
    });
  }

  // -- drawing a snapshot -------------------------------------------------------------------
  function show(s) {
    const decided = !snap || snap.decision !== s.decision;
    snap = s;
    if (decided) { closeChooser(); hideError(); }
    if (selected && !actionsOf(selected).length) selected = null;
    drawHeader(s);
    drawWarning(s);
    if (handover(s)) {
      // Hot seat, between hand-overs: the server sent nothing of the next player's view, and
      // nothing of the last player's stays in the page (their turn's reason names their
      // secret battle order; an error, a selection or the hint may name their units).
      for (const id of ["game-board", "actions", "narration", "action-texts", "standing",
        "status", "turn", "hint", "selected", "choices", "error", "result"]) clear($(id));
      selected = null;
      closeChooser();
      hideError();
      return;
    }
    drawTurn(s);
    const scrolled = board().scrollLeft;
    drawBoard(s);
    board().scrollLeft = scrolled;  // (drawn anew: where the player had scrolled it)
    if (decided && s.your_turn) bringIntoView();
    drawActions(s);
    drawNarration(s);
    drawStanding(s);
    drawStatus(s);
    drawSeats(s);
    drawResult(s);
    if (s.error) showError(s.error);
  }

  function drawHeader(s) {
    $("title").textContent = s.scenario.title;
    let who;
    if (!token) who = "You are watching: you see what every player may see, no one's secrets.";
    else if (s.hot_seat) who = "Hot seat: one screen for " + humanSeats(s).join(", ") + "."
      + (s.you ? " Now: " + s.you + "." : "");
    else who = "You play " + s.you + ".";
    $("who").textContent = who;
    document.title = (s.your_turn ? "▶ your turn — " : "") + s.scenario.title
      + (s.you ? " (" + s.you + ")" : "");
  }

  function humanSeats(s) {
    return s.seats.filter((x) => x.controller === "human").map((x) => x.seat);
  }

  function drawTurn(s) {
    const t = $("turn");
    const where = "Round " + s.round + (s.phase ? ", " + s.phase + " phase" : "") + ". ";
    t.className = "";
    if (s.result) {
      t.textContent = "The game is over. " + verdict(s) + sentence(s.result_text || "");
    } else if (s.your_turn) {
      const reason = (s.pending.reason || "").replace(/^your turn:?\s*/i, "");
      t.textContent = where + "Your turn" + (reason ? ": " + reason : ".");
      t.className = "mine";
    } else if (s.pending) {
      const row = s.seats.find((x) => x.seat === s.pending.seat);
      const how = row && row.controller !== "human" ? " (" + row.controller + " bot)" : "";
      t.textContent = where + "Waiting for " + s.pending.seat + how + "…";
    } else {
      t.textContent = where;
    }
  }

  // A board wider than the screen (a phone): at each of the seat's decisions, scroll it
  // sideways to the seat's units that may act (else to the cells it may play), unless one is
  // in view already — the Clash map opened at column 0, the player's ships off to the right.
  function bringIntoView() {
    const b = board();
    if (b.scrollWidth <= b.clientWidth + 1) return;
    const box = b.getBoundingClientRect();
    const marked = [...b.querySelectorAll(".actor"), ...b.querySelectorAll(".target")];
    if (!marked.length) return;
    const seen = (r) => r.left >= box.left && r.right <= box.right;  // whole, not cut off
    if (marked.some((g) => seen(g.getBoundingClientRect()))) return;
    const r = marked[0].getBoundingClientRect();
    b.scrollLeft += (r.left + r.right) / 2 - (box.left + box.right) / 2;
  }

  function drawBoard(s) {
    const b = board();
    b.innerHTML = s.svg;  // drawn by the engine's render_svg: every text in it is escaped
    const svg = b.querySelector("svg");
    if (svg) {
      // As wide as the column allows, but a small board no more than twice its drawn size.
      const natural = parseFloat(svg.getAttribute("width")) || 0;
      if (natural) {
        svg.style.maxWidth = Math.round(natural * 2) + "px";
        svg.style.setProperty("--natural", Math.round(natural) + "px");  // a phone: see page.css
      }
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", "the board, round " + s.round);
    }
    markBoard();
  }

  function markBoard() {
    for (const b of document.querySelectorAll("#actions button[data-select]")) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-select") === selected));
    }
    for (const g of board().querySelectorAll(".actor, .target, .selected, .hl")) {
      g.classList.remove("actor", "target", "selected", "hl");
      g.removeAttribute("tabindex");
      g.removeAttribute("role");
      g.removeAttribute("aria-label");
    }
    const acts = actions();
    if (!acts.length) { hint(""); drawSelected(); return; }
    const actors = new Set(acts.filter((a) => a.unit).map((a) => a.unit));
    for (const unit of actors) {
      for (const g of unitEls(unit)) clickable(g, "actor", unit + ": " + actionsOf(unit).length
        + " actions");
    }
    if (selected) {
      for (const g of unitEls(selected)) g.classList.add("selected");
      for (const a of actionsOf(selected)) for (const g of targetEls(a)) clickable(g, "target", a.text);
      hint(selected + " is selected: click a highlighted cell or unit (Esc to cancel), or pick"
        + " one of its actions in the list.");
    } else {
      for (const a of acts.filter((x) => !x.unit)) {
        for (const g of targetEls(a)) clickable(g, "target", a.text);
      }
      hint(actors.size ? "Click one of your highlighted units, then where it should go or act"
        + " — or pick an action from the list." : "Click a highlighted cell, or pick an action"
        + " from the list.");
    }
    drawSelected();
  }

  // What an action points at on the board: its cells, and the units and sites it names.
  function targetEls(a) {
    const found = [];
    for (const c of a.cells) found.push(...cellEls(cellText(c)));
    for (const word of a.text.split(/\s+/).slice(1)) {
      if (word === a.unit) continue;
      found.push(...unitEls(word), ...board().querySelectorAll('[data-site="' + cssId(word) + '"]'));
    }
    return found;
  }

  function clickable(g, cls, label) {
    g.classList.add(cls);
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    if (!g.getAttribute("aria-label")) g.setAttribute("aria-label", label);
  }

  // -- clicking on the board ----------------------------------------------------------------
  function pick(target) {
    if (!snap || !snap.your_turn || sending) return;
    const unitEl = target.closest("[data-unit]");
    const cellEl = target.closest("[data-cell]");
    const siteEl = target.closest("[data-site]");
    const unit = unitEl ? unitEl.getAttribute("data-unit") : null;
    const cell = cellEl ? cellEl.getAttribute("data-cell") : null;
    const site = siteEl ? siteEl.getAttribute("data-site") : null;
    const here = cell ? unitsAt(cell).filter((u) => actionsOf(u).length) : [];
    if (selected) {
      const hits = actionsOf(selected).filter((a) => (cell && hasCell(a, cell))
        || (unit && unit !== selected && names(a, unit)) || (site && names(a, site)));
      const others = here.filter((u) => u !== selected);
      if (hits.length) { offer(hits, others); return; }
      if (unit === selected) {
        const own = actionsOf(selected).filter((a) => !a.cells.length);
        if (own.length) offer(own, []); else select(null);
        return;
      }
    }
    const free = actions().filter((a) => !a.unit && ((cell && hasCell(a, cell))
      || (site && names(a, site))));
    if (free.length) { offer(free, here); return; }
    if (here.length === 1) { select(here[0]); return; }
    if (here.length > 1) { offer([], here); return; }
    hint(selected ? "Nothing " + selected + " can do there. Click a highlighted cell, or Esc."
      : "Nothing to do there: click a highlighted unit or cell.");
  }

  // Send the one matching action at once; otherwise let the player choose among the actions
  // and the units at the clicked cell that could be selected instead.
  function offer(list, units) {
    if (list.length === 1 && !units.length) { act(list[0].text); return; }
    const choices = list.map((a) => ({label: a.text,
      attrs: {"data-action": a.text, title: verbHelp(a.verb)}, run: () => act(a.text)}));
    for (const u of units) {
      choices.push({label: "select " + u + " (" + actionsOf(u).length + " actions)",
        attrs: {"data-select": u}, run: () => select(u)});
    }
    openChooser(list.length ? "Which action?" : "Which unit?", choices);
  }

  function select(unit) {
    selected = unit;
    closeChooser();
    markBoard();
  }

  function openChooser(title, choices) {
    $("chooser-title").textContent = title;
    const box = $("choices");
    clear(box);
    const verbs = new Set();
    for (const c of choices) {
      const b = el("button", Object.assign({type: "button"}, c.attrs), c.label);
      b.addEventListener("click", () => { closeChooser(); c.run(); });
      box.appendChild(b);
      if (c.attrs.title) verbs.add(c.attrs.title);
    }
    // several verbs at one cell (deploy or create?): what each does, under the choices
    if (verbs.size > 1) for (const help of verbs) box.appendChild(el("p", {class: "verb-help"}, help));
    $("chooser").hidden = false;
    box.firstChild.focus();
  }

  function closeChooser() { $("chooser").hidden = true; }

  // -- the action list ----------------------------------------------------------------------
  function drawActions(s) {
    const box = $("actions-box");
    box.hidden = !token || !s.your_turn;
    const list = $("actions");
    clear(list);
    const texts = $("action-texts");
    clear(texts);
    if (box.hidden) return;
    const verbs = new Map();
    for (const a of s.actions) {
      if (!verbs.has(a.verb)) verbs.set(a.verb, []);
      verbs.get(a.verb).push(a);
      texts.appendChild(el("option", {value: a.text}));
    }
    for (const [verb, acts] of verbs) list.appendChild(verbGroup(verb, acts));
    drawUndo(s);
    setBusy(sending);
  }

  // The action "undo" would take back (the last of this decision), when there is one.
  function drawUndo(s) {
    $("undo-row").hidden = !s.undo;
    $("undo").textContent = s.undo ? "Undo " + s.undo : "";
    $("undo").title = s.undo ? "take back your last action of this decision" : "";
  }

  function verbGroup(verb, acts) {
    const group = el("section", {class: "verb", "data-verb": verb});
    group.appendChild(el("h3", {}, verb + " (" + acts.length + ")"));
    const help = verbHelp(verb);
    if (help) group.appendChild(el("p", {class: "verb-help"}, help));
    const rows = new Map();
    for (const a of acts) {
      const key = a.unit || "";
      if (!rows.has(key)) rows.set(key, []);
      rows.get(key).push(a);
    }
    for (const [unit, row] of rows) {
      const line = el("div", {class: "row"});
      if (unit) line.appendChild(unitButton(unit));
      for (const a of row) line.appendChild(actionButton(a, verb, unit));
      group.appendChild(line);
    }
    return group;
  }

  // What the action does and how it is written (the snapshot's help, as 'help VERB' says it at
  // the terminal): under each verb of the list, and as the tooltip of a chooser's choices.
  function verbHelp(verb) { return (snap && snap.help && snap.help[verb]) || ""; }

  function unitButton(unit) {
    const b = el("button", {type: "button", class: "unit-name", "data-select": unit,
      "aria-pressed": String(unit === selected),
      title: "select " + unit + " and show where it can act on the board"}, unit);
    b.addEventListener("click", () => {
      select(selected === unit ? null : unit);
      const g = unitEls(unit)[0];
      if (g && g.scrollIntoView) g.scrollIntoView({block: "nearest", inline: "nearest"});
    });
    return b;
  }

  function actionButton(a, verb, unit) {
    let words = a.text.split(/\s+/).slice(1);
    if (unit && words[0] === unit) words = words.slice(1);
    const label = words.length ? words.join(" ") : verb;
    const b = el("button", {type: "button", class: "act", "data-action": a.text,
      "aria-label": a.text, title: a.text}, label);
    b.addEventListener("click", () => act(a.text));
    b.addEventListener("mouseenter", () => highlight(a, true));
    b.addEventListener("mouseleave", () => highlight(a, false));
    b.addEventListener("focus", () => highlight(a, true));
    b.addEventListener("blur", () => highlight(a, false));
    return b;
  }

  function highlight(a, on) {
    const nodes = [];
    if (a.unit) nodes.push(...unitEls(a.unit));
    for (const c of a.cells) nodes.push(...cellEls(cellText(c)));
    for (const g of nodes) g.classList.toggle("hl", on);
  }

  // The selected unit: how many actions it has, and as buttons those that no click on the
  // board reaches (no cell, unit or site of theirs is drawn); the rest are green on the board.
  function drawSelected() {
    const box = $("selected");
    clear(box);
    box.hidden = !selected;
    if (!selected) return;
    const acts = actionsOf(selected);
    const offBoard = acts.filter((a) => !targetEls(a).length);
    box.appendChild(el("span", {}, selected + " is selected: " + acts.length
      + (acts.length === 1 ? " action" : " actions")
      + (offBoard.length < acts.length ? ", green on the board. " : ". ")));
    for (const a of offBoard) {
      const b = el("button", {type: "button", class: "act", "data-action": a.text}, a.text);
      b.addEventListener("click", () => act(a.text));
      box.appendChild(b);
    }
    const cancel = el("button", {type: "button", class: "cancel"}, "Cancel");
    cancel.addEventListener("click", () => select(null));
    box.appendChild(cancel);
  }

  function setBusy(on) {
    for (const b of document.querySelectorAll("#actions-box button, #choices button")) {
      b.disabled = on;
    }
  }

  // The legal actions a typed text names, as dg run's prompt reads it: itself (in any case),
  // else the ones it begins.
  function typedMatches(text) {
    const texts = actions().map((a) => a.text);
    const lower = text.toLowerCase();
    const same = texts.filter((t) => t.toLowerCase() === lower);
    if (same.length) return same.slice(0, 1);
    return texts.filter((t) => t.toLowerCase().startsWith(lower));
  }

  // -- sending an action --------------------------------------------------------------------
  async function act(text) {
    await send("api/act", {action: text}, "Sending " + text + "…", () => {
      $("typed-text").value = "";
      return "Done: " + text + ".";
    }, "“" + text + "” was refused: ");
  }

  async function undo() {
    const text = snap && snap.undo;
    if (!text) return;
    await send("api/undo", {}, "Taking back " + text + "…", () => "Undone: " + text + ".",
      "Undo was refused: ");
  }

  // POST a change with the token and the decision it answers; done() gives the hint after it.
  async function send(path, fields, sendingText, done, refused) {
    if (sending || !snap) return;
    sending = true;
    setBusy(true);
    hideError();
    hint(sendingText);
    try {
      const r = await fetch(path, {method: "POST",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify(Object.assign({token: token, decision: snap.decision}, fields))});
      let body = {};
      try { body = await r.json(); } catch (e) { body = {}; }
      if (r.ok && body.ok) {
        selected = null;
        hint(done());
      } else {
        showError(refused + (body.error || r.status + " " + r.statusText));
        hint("");
      }
    } catch (e) {
      showError("Could not reach the server (" + e + "). It will be sent again only if you"
        + " click again.", true);
    } finally {
      sending = false;
      setBusy(false);
      if (snap) markBoard();
    }
  }

  function showError(text, lost) {
    const e = $("error");
    e.textContent = text;
    e.hidden = false;
    unreached = Boolean(lost);
  }
  function hideError() { $("error").hidden = true; unreached = false; }

  // A problem on the server that does not stop the game (its save cannot be written).
  function drawWarning(s) {
    const w = $("warning");
    w.hidden = !s.warning;
    w.textContent = s.warning ? "The server has a problem: " + s.warning + "." : "";
  }

  // -- the rest of the snapshot -------------------------------------------------------------
  function drawNarration(s) {
    const list = $("narration");
    clear(list);
    const lines = s.narration || [];
    if (s.narration_left_out) list.appendChild(leftOut(s));
    for (const line of lines) list.appendChild(el("li", {}, line));
    if (!lines.length) list.appendChild(el("li", {class: "quiet"}, "Nothing new yet."));
    $("narration-title").textContent = token ? "What happened since your last move"
      : "What happened lately";
  }

  // The snapshot carries the latest lines only: say so, and fetch them all when asked.
  function leftOut(s) {
    const li = el("li", {class: "left-out"});
    li.appendChild(document.createTextNode("… " + s.narration_left_out + " earlier lines since"
      + " your last move are not shown here (the page shows the latest "
      + (s.narration || []).length + "). "));
    const b = el("button", {type: "button", id: "narration-all"}, "Show them all");
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        const r = await fetch(api("api/narration"));
        const body = await r.json();
        if (!r.ok || !snap || body.decision !== snap.decision) { b.disabled = false; return; }
        const list = $("narration");
        clear(list);
        for (const line of body.lines) list.appendChild(el("li", {}, line));
      } catch (e) {
        b.disabled = false;
      }
    });
    li.appendChild(b);
    return li;
  }

  function drawStanding(s) {
    const box = $("standing-box");
    const rows = s.standing || [];
    box.hidden = !rows.length;
    const table = $("standing");
    clear(table);
    if (!rows.length) return;
    const keys = [];
    for (const r of rows) for (const k of Object.keys(r.counters || {})) {
      if (!keys.includes(k)) keys.push(k);
    }
    const pools = rows.some((r) => Object.keys(r.pools || {}).length);
    const head = el("tr");
    head.appendChild(el("th", {scope: "col"}, "seat"));
    for (const k of keys) head.appendChild(el("th", {scope: "col"}, k));
    if (pools) head.appendChild(el("th", {scope: "col"}, "pools"));
    table.appendChild(el("thead")).appendChild(head);
    const body = table.appendChild(el("tbody"));
    for (const r of rows) {
      const tr = el("tr");
      const th = el("th", {scope: "row"});
      th.appendChild(swatch(r.seat));
      th.appendChild(document.createTextNode(r.seat));
      tr.appendChild(th);
      for (const k of keys) tr.appendChild(el("td", {}, k in r.counters ? r.counters[k] : ""));
      if (pools) tr.appendChild(el("td", {}, poolText(r.pools || {})));
      body.appendChild(tr);
    }
  }

  function poolText(pools) {
    return Object.entries(pools).map(([pool, units]) => pool + ": " + Object.entries(units)
      .map(([u, n]) => u + " ×" + n).join(", ")).join("; ");
  }

  function swatch(seat) {
    const sw = el("span", {class: "swatch", "aria-hidden": "true"});
    sw.style.background = seatColour(seat);
    return sw;
  }

  function drawStatus(s) {
    const lines = s.status || [];
    $("status-box").hidden = !lines.length;
    // where the scenario keeps no counters (the fleet battle: its points and hulls are the
    // plugin's status lines), the lines are the standing: shown open at first
    if (lines.length && !s.standing && !statusShown) {
      $("status-box").querySelector("details").open = true;
    }
    if (lines.length) statusShown = true;
    const list = $("status");
    clear(list);
    for (const line of lines) list.appendChild(el("li", {}, line));
  }

  function drawSeats(s) {
    const list = $("seats");
    clear(list);
    for (const row of s.seats) {
      const li = el("li");
      li.appendChild(swatch(row.seat));
      let text = row.seat + (row.faction && row.faction !== row.seat ? " (" + row.faction + ")" : "")
        + " — " + (row.controller === "human" ? "a person" : row.controller + " bot");
      if (row.controller === "human") text += row.connected ? ", connected" : ", not connected";
      if (row.seat === s.you) text += " — you";
      if (s.pending && s.pending.seat === row.seat && !s.result) {
        text += " — to play";
        li.className = "pending";
      }
      li.appendChild(document.createTextNode(text));
      list.appendChild(li);
    }
  }

  function drawResult(s) {
    $("result-box").hidden = !s.result;
    if (!s.result) return;
    $("result").textContent = verdict(s)
      + (sentence(s.result_text) || JSON.stringify(s.result, null, 2));
  }

  // A text that begins a sentence ("a draw — …" after "The game is over. ").
  function sentence(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

  // "You win! " / "You lose. " for a seat's page when the result names a winner.
  function verdict(s) {
    const winner = s.result && s.result.winner;
    if (!token || s.hot_seat || !s.you || !winner) return "";
    const winners = Array.isArray(winner) ? winner : [winner];
    return winners.includes(s.you) ? "You win! " : "You lose. ";
  }

  // -- hot seat -------------------------------------------------------------------------------
  // Whether the page must hide the table until the next player clicks (and say so).
  function handover(s) {
    const hide = Boolean(s.hot_seat && s.masked);
    $("table").hidden = hide;
    $("handover").hidden = !hide;
    if (hide) {
      $("handover-text").textContent = s.handover.charAt(0).toUpperCase() + s.handover.slice(1)
        + ". The board stays hidden until then.";
      $("handover").style.borderColor = seatColour(s.you);
      $("handover-ok").textContent = "I am " + s.you + ": show the board";
      $("handover-ok").focus();
    }
    return hide;
  }

  // -- events ---------------------------------------------------------------------------------
  board().addEventListener("click", (e) => pick(e.target));
  board().addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.getAttribute("tabindex") !== null) {
      e.preventDefault();
      const before = selected;
      pick(e.target);
      // a unit picked from the keyboard: the focus goes to its first target (the board was
      // marked again, and the cells come before the units in the tab order)
      if (selected && selected !== before) {
        const first = board().querySelector(".target");
        if (first) first.focus();
      }
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (!$("chooser").hidden) closeChooser();
    else if (selected) select(null);
  });
  $("chooser-cancel").addEventListener("click", closeChooser);
  $("undo").addEventListener("click", undo);
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("typed-text").value.trim().replace(/\s+/g, " ");
    if (!text) return;
    const starts = typedMatches(text);
    if (starts.length > 1) {
      showError("“" + text + "” begins several actions: " + starts.slice(0, 10).join(" | ")
        + (starts.length > 10 ? " …" : "") + ". Type more of the one you mean.");
      return;
    }
    act(starts.length === 1 ? starts[0] : text);  // anything else: the server says why not
  });
  $("handover-ok").addEventListener("click", () => {
    if (!snap) return;
    ready = snap.you;  // the stream again, now sending that seat's view
    setConnection("connecting…", "lost");
    connect();
  });

  window.dgPage = {snapshot: () => snap, selected: () => selected};
  connect();
})();
