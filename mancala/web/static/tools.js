// The evaluation graph and the position editor of the sowing games
// page. One of the page's classic scripts, which share one global
// scope; app.js, loaded last, holds the state and starts the page.

// ---- the evaluation graph ----

let graph = null;       // the last /api/analysis answer
let analysing = false;  // an analysis is asked for

// analyse asks the server for the values of the game's plies, again and
// again while some are left (each request is bounded on the server), and
// draws the graph after each answer.
async function analyse() {
  if (!st || analysing) return;
  analysing = true;
  $("analyse").disabled = true;
  $("graph-status").textContent = "Analysing…";
  try {
    for (let i = 0; i < 50; i++) {
      const ply = st.ply;
      graph = await api("POST", "api/analysis");
      graph.gameId = st.id;
      drawGraph();
      if (graph.done || !st || st.ply !== ply) break;
      $("graph-status").textContent = "Analysing… " + graph.points.length + " of " + (graph.ply + 1) + " positions.";
    }
    $("graph-status").textContent = graph && graph.done ? "Values at level " + graph.level + ", from South's point of view, in seeds." : "";
  } catch (e) {
    $("graph-status").textContent = "No analysis: " + e.message;
  } finally {
    analysing = false;
    $("analyse").disabled = document.body.dataset.busy === "1";
  }
}

function signed(v) { return (v > 0 ? "+" : v < 0 ? "−" : "±") + Math.abs(v).toFixed(1); }

// drawGraph draws the values known of the plies up to the present: South
// ahead above the axis, the present (or the ply viewed) marked; a point
// (or its column) shows its ply in the history view.
function drawGraph() {
  const host = $("graph");
  if (!graph || !st) { host.replaceChildren(); return; }
  const pts = graph.points.filter((p) => p.ply <= st.ply);
  const W = 600, H = 180, L = 44, R = 10, T = 12, B = 24;
  const last = Math.max(st.ply, 1);
  const x = (ply) => L + (W - L - R) * ply / last;
  const y = (v) => T + (H - T - B) * (graph.range - v) / (2 * graph.range);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-labelledby": "graph-title" });
  el("title", { id: "graph-title" }, svg).textContent = "Evaluation graph: the engine's value of each position for South, in seeds, from −" + graph.range + " to +" + graph.range;
  el("rect", { class: "area", x: L, y: T, width: W - L - R, height: H - T - B }, svg);
  for (const v of [graph.range, 0, -graph.range]) {
    el("text", { class: "grid", x: 4, y: y(v) }, svg).textContent = v === 0 ? "0" : signed(v).replace(".0", "");
  }
  el("line", { class: "axis", x1: L, y1: y(0), x2: W - R, y2: y(0) }, svg);
  el("text", { class: "grid", x: L, y: H - 8 }, svg).textContent = "move 0";
  el("text", { class: "grid", x: W - R - 60, y: H - 8 }, svg).textContent = "move " + st.ply;
  if (pts.length > 1) el("polyline", { class: "line", points: pts.map((p) => x(p.ply).toFixed(1) + "," + y(p.shown).toFixed(1)).join(" ") }, svg);
  const marked = viewing === null ? st.ply : viewing;
  el("line", { class: "now", id: "graph-now", "data-ply": marked, x1: x(marked), y1: T, x2: x(marked), y2: H - B }, svg);
  const colW = (W - L - R) / last;
  for (const p of pts) {
    const cls = "pt" + (p.proven ? " proven" : "") + (p.clamped ? " clamped" : "");
    const move = p.ply > 0 && st.history[p.ply - 1] ? " (after " + st.history[p.ply - 1].move + ")" : " (the start)";
    const label = "Move " + p.ply + move + ": South " + signed(p.value) + " seeds" + (p.proven ? ", proven" : "") + (p.clamped ? ", beyond the graph" : "");
    const g = el("g", { class: cls, id: "graph-pt-" + p.ply, "data-ply": p.ply, role: "button", tabindex: 0, "aria-label": label }, svg);
    el("title", {}, g).textContent = label;
    el("rect", { class: "col", x: x(p.ply) - Math.max(colW, 8) / 2, y: T, width: Math.max(colW, 8), height: H - T - B }, g);
    const px = x(p.ply), py = y(p.shown);
    if (p.proven) el("rect", { class: "mark", x: px - 4.5, y: py - 4.5, width: 9, height: 9 }, g);
    else el("circle", { class: "mark", cx: px, cy: py, r: 4 }, g);
    const go = () => { if (document.body.dataset.busy !== "1") view(p.ply); };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
  }
  host.replaceChildren(svg);
}

// ---- the position editor ----

let setupInfo = null;   // the /api/setup answer for the game edited

// openEditor fetches the ruleset's board and fills the fields with the
// current position.
async function openEditor() {
  if (!st) return;
  try {
    setupInfo = await api("GET", "api/setup");
    setupInfo.id = st.id;
    fillEditor(setupInfo.now);
  } catch (e) { message(e.message); }
}

// fillEditor draws one field a house, North's row on top read right to
// left as on the board, and fills every field from pos (a setupJSON).
function fillEditor(pos) {
  const n = setupInfo.houses;
  const rows = $("edit-rows");
  rows.style.gridTemplateColumns = "repeat(" + n + ", minmax(44px, 1fr))";
  const cells = [];
  for (const owner of [NORTH, SOUTH]) {
    for (let k = 0; k < n; k++) {
      const i = owner === NORTH ? n - 1 - k : k;
      const l = document.createElement("label");
      l.className = NAMES[owner];
      const inp = document.createElement("input");
      Object.assign(inp, { type: "number", min: 0, max: 255, id: "edit-" + NAMES[owner][0] + "-" + i, value: pos.rows[owner][i], inputMode: "numeric" });
      inp.setAttribute("aria-label", cap(NAMES[owner]) + "'s house " + letter(owner, i));
      inp.addEventListener("input", editTotal);
      l.append(letter(owner, i), inp);
      cells.push(l);
    }
  }
  rows.replaceChildren(...cells);
  $("edit-store-n").value = pos.stores[NORTH];
  $("edit-store-s").value = pos.stores[SOUTH];
  $("edit-tomove").value = pos.toMove || "south";
  editTotal();
}

// editedPosition reads the fields.
function editedPosition() {
  const n = setupInfo.houses;
  const num = (id) => { const v = $(id).value.trim(); return v === "" ? 0 : Math.trunc(+v); };
  const row = (o) => Array.from({ length: n }, (_, i) => num("edit-" + NAMES[o][0] + "-" + i));
  return { rows: [row(SOUTH), row(NORTH)], stores: [num("edit-store-s"), num("edit-store-n")], toMove: $("edit-tomove").value };
}

function editTotal() {
  if (!setupInfo) return;
  const p = editedPosition();
  const total = p.rows[0].concat(p.rows[1], p.stores).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  $("edit-total").textContent = "Seeds: " + total + " (this game starts with " + setupInfo.total + ").";
}

// playFromHere sends the edited position; the ruleset checks it, and its
// reason for refusing it is shown.
async function playFromHere() {
  if (!st || !setupInfo) return;
  setBusy(true);
  message("");
  try {
    const s = await api("POST", "api/setup", { position: editedPosition() });
    hinted = null; lastTurn = []; graph = null;
    viewing = null;
    show(s);
    $("edit-panel").open = false;
    message("The game goes on from the position set up.", true);
  } catch (e) {
    message("That position was not set up: " + e.message);
  } finally {
    setBusy(false);
    redraw();
  }
  if (st && st.computer && !st.over) play("api/computer");
}
