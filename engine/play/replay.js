// The replay viewer of `dg replay LOG --html FILE`: draws each step's records the way
// distant_galaxy.play.render_svg.element does, and tells its events.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const NS = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const svg = $("board");
  let current = 0;

  function node(parent, name, attrs) {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    parent.appendChild(el);
    return el;
  }
  function polygon(cx, cy, r, corners, turn) {
    const pts = [];
    for (let i = 0; i < corners; i++) {
      const a = (turn + 360 * i / corners) * Math.PI / 180;
      pts.push((cx + r * Math.cos(a)).toFixed(1) + "," + (cy + r * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  function star(cx, cy, r) {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = (-90 + 36 * i) * Math.PI / 180, rr = i % 2 === 0 ? r : r * 0.45;
      pts.push((cx + rr * Math.cos(a)).toFixed(1) + "," + (cy + rr * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  function text(parent, x, y, value, colour, px, bold) {
    const t = node(parent, "text", {x: x.toFixed(1), y: y.toFixed(1), fill: colour,
      "font-size": px, "text-anchor": bold ? "middle" : "start", "font-family": "sans-serif",
      "font-weight": bold ? "bold" : "normal"});
    t.textContent = value;
  }
  function draw(parent, rec) {
    const g = node(parent, "g", {class: rec.cls || rec.shape});
    if (rec.cell) g.setAttribute("data-cell", rec.cell);
    if (rec.unit) g.setAttribute("data-unit", rec.unit);
    if (rec.site) g.setAttribute("data-site", rec.site);
    if (rec.title) node(g, "title", {}).textContent = rec.title;
    const cx = rec.cx, cy = rec.cy, r = rec.r || 0;
    const paint = {fill: rec.fill || "none", stroke: rec.stroke || "none"};
    const shape = rec.shape;
    if (shape === "label") { text(g, cx, cy, rec.text, "#666666", 11, true); return; }
    if (shape === "legend") { text(g, cx, cy, rec.text, "#222222", 12, false); return; }
    if (shape === "cell" || shape === "square") {
      node(g, "rect", Object.assign({x: (cx - r).toFixed(1), y: (cy - r).toFixed(1),
        width: (2 * r).toFixed(1), height: (2 * r).toFixed(1)}, paint));
    } else if (shape === "hexcell") {
      node(g, "polygon", Object.assign({points: polygon(cx, cy, r, 6, -90)}, paint));
    } else if (shape === "site" || shape === "circle" || shape === "marker") {
      node(g, "circle", Object.assign({cx: cx.toFixed(1), cy: cy.toFixed(1), r: r.toFixed(1),
        "stroke-width": rec.wide ? 3 : 1}, paint));
    } else {
      const corners = {diamond: [4, -90], triangle: [3, -90], hexagon: [6, 0]}[shape];
      const pts = corners ? polygon(cx, cy, r * 1.2, corners[0], corners[1]) : star(cx, cy, r * 1.2);
      node(g, "polygon", Object.assign({points: pts}, paint));
    }
    if (rec.text) {
      const light = shape === "site" || shape === "cell" || shape === "hexcell";
      const small = shape === "marker";
      text(g, cx, cy + (small ? 3 : 4), rec.text, light ? "#111111" : "#ffffff", small ? 8 : 12, true);
    }
    if (rec.tag) {  // a unit's id, small in its cell's corner (render_svg: names_units)
      const t = node(g, "text", {x: rec.tx.toFixed(1), y: rec.ty.toFixed(1), fill: "#111111",
        "font-size": 9, "text-anchor": "end", "font-family": "sans-serif", "font-weight": "bold"});
      t.textContent = rec.tag;
    }
  }
  function list(id, items, empty) {
    const ul = $(id);
    ul.replaceChildren();
    if (!items.length) {
      const li = document.createElement("li");
      li.className = "empty"; li.textContent = empty; ul.appendChild(li);
    }
    for (const item of items) {
      const li = document.createElement("li");
      li.textContent = item.trim();
      ul.appendChild(li);
    }
  }

  svg.setAttribute("width", Math.round(data.width));
  svg.setAttribute("height", Math.round(data.height));
  svg.setAttribute("viewBox", "0 0 " + Math.round(data.width) + " " + Math.round(data.height));
  node(svg, "rect", {width: "100%", height: "100%", fill: "#ffffff"});
  const board = node(svg, "g", {id: "cells"});
  data.board.forEach((rec) => draw(board, rec));
  const legend = node(svg, "g", {id: "legend"});
  data.legend.forEach((rec) => draw(legend, rec));
  const pieces = node(svg, "g", {id: "pieces"});

  const slider = $("slider"), rounds = $("round");
  slider.max = data.steps.length - 1;
  const firstOfRound = new Map();
  data.steps.forEach((s, i) => { if (!firstOfRound.has(s.round)) firstOfRound.set(s.round, i); });
  for (const [round, i] of firstOfRound) {
    const opt = document.createElement("option");
    opt.value = String(i); opt.textContent = String(round);
    rounds.appendChild(opt);
  }

  function show(i) {
    current = Math.max(0, Math.min(data.steps.length - 1, i));
    const step = data.steps[current];
    pieces.replaceChildren();
    data.layouts[step.layout].forEach((rec) => draw(pieces, rec));
    pieces.setAttribute("data-step", String(current));
    $("action").textContent = step.i === 0 ? "Set-up" :
      "Step " + step.i + ": " + (step.seat ? step.seat + " plays " : "") + step.action;
    list("lines", step.lines, "nothing to tell");
    list("dice", step.dice, "no dice");
    $("explain").textContent = step.explain.join("\n");
    $("explain-box").style.display = step.explain.length ? "" : "none";
    $("status").textContent = step.status.join("\n");
    $("where").textContent = "step " + current + " / " + (data.steps.length - 1) +
      ", round " + step.round + " (log line " + step.line + ")";
    slider.value = String(current);
    rounds.value = String(firstOfRound.get(step.round));
    document.title = data.title + " — step " + current;
  }

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("last").addEventListener("click", () => show(data.steps.length - 1));
  slider.addEventListener("input", () => show(Number(slider.value)));
  rounds.addEventListener("change", () => show(Number(rounds.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target && e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") show(current + 1);
    else if (e.key === "ArrowLeft") show(current - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(data.steps.length - 1);
  });
  const wanted = Number((location.hash.match(/step=(\d+)/) || [])[1] || 0);
  show(wanted);
  window.replay = {show: show, steps: data.steps.length, current: () => current};
})();
