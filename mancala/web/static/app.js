// The page of package mancala/web: draws the board as SVG, animates each
// move from the events the server sends (mancala.Event), and talks to the
// handler's JSON API with relative URLs, so that it works under any path
// prefix. No build step, no library.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SOUTH = 0, NORTH = 1;
const NAMES = ["south", "north"];
// ms a frame, by the speed slider, slow (left) to fast (right): 0 draws
// only the end of each move.
const DELAYS = [650, 320, 160, 70, 0];
// A turn (one person's move, or every decision of the computer's turn)
// plays in at most this long: the delay a frame shrinks with its length.
const TURN_MS = 3000;

let st = null;          // the state from the server
let families = null;    // the families offered (/api/families)
let gameId = "";
let token = "";         // this page's credential for the game ("" a spectator)
let skipping = false;   // the player asked to skip the running animation
let hinted = null;      // the hinted house, [owner, house]
let viewing = null;     // the ply shown from the history, or null: the present
let lastTurn = [];      // the steps of the last turn, for Replay
let events = null;      // the EventSource of the game

const $ = (id) => document.getElementById(id);

function setBusy(b) {
  document.body.dataset.busy = b ? "1" : "0";
  $("skip").disabled = !b || !document.body.dataset.animating;
  if (!b) skipping = false;
  for (const id of ["undo", "redo", "hint", "concede", "new-game", "replay", "edit-play"]) $(id).disabled = b;
  $("analyse").disabled = b || analysing;
  if (!b && st) {
    $("undo").disabled = !st.canUndo;
    $("redo").disabled = !st.canRedo;
    $("hint").disabled = st.over || st.computer || !(st.legal[0].length || st.legal[1].length || acrossOf(st, 0).length || acrossOf(st, 1).length);
    $("concede").disabled = st.over || !(st.you[0] && st.seats[0] === "human" || st.you[1] && st.seats[1] === "human");
    $("replay").disabled = lastTurn.length === 0;
    $("edit-play").disabled = !st.control;
    // the graph, open, follows the game: the new plies are analysed
    if ($("graph-panel").open && graph && graph.ply !== st.ply && !analysing) setTimeout(analyse, 0);
  }
}

function message(text, info) {
  $("message").textContent = text || "";
  $("message").className = "message" + (info ? " info" : "");
}

function withGame(path) {
  if (!gameId) return path;
  return path + (path.includes("?") ? "&" : "?") + "id=" + encodeURIComponent(gameId) + (token ? "&token=" + encodeURIComponent(token) : "");
}

async function api(method, path, body) {
  const init = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const resp = await fetch(path.startsWith("api/new") || path.startsWith("api/families") ? path : withGame(path), init);
  let data;
  try { data = await resp.json(); } catch (e) { data = { error: "the server sent no answer (" + resp.status + ")" }; }
  if (!resp.ok) {
    // the server's messages begin with the package's name, "web: ": not for players
    const err = new Error((data.error || resp.statusText).replace(/^web: /, ""));
    err.status = resp.status;
    throw err;
  }
  return data;
}

function letter(owner, house) {
  return String.fromCharCode((owner === SOUTH ? 65 : 97) + house);
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// ---- drawing ----

// U is a house's width, SW a store's, in the drawing's units; on a phone
// (390 px) a house of seven a side stays 44 px wide, a touch target.
const U = 100, SW = 64, PAD = 8, TOP = 50;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// geometry returns the drawing's size and hole positions for board b, from
// the layout the server sends (each house's [row, column], from the core's
// mancala.Layout): North's rows on top, South's below, with North's store
// at the left and South's at the right, or, on a board without stores,
// the captured seeds counted beside each player's name.
function geometry(b) {
  const lay = b.layout || { rows: 1, noStores: false, cells: null };
  const rows = 2 * (lay.rows || 1), cols = b.houses / (lay.rows || 1);
  const pitch = rows > 2 ? U + 24 : U; // four rows: room for the inner rows' letters
  const sw = lay.noStores ? 0 : SW;
  const rowY = (r) => TOP + U / 2 + r * pitch + (r >= rows / 2 ? 20 - pitch + U : 0);
  const W = cols * U + 2 * sw + 2 * PAD, H = rowY(rows - 1) + U / 2 + 50;
  const cell = (owner, house) => lay.cells ? lay.cells[owner][house] :
    owner === SOUTH ? [1, house] : [0, b.houses - 1 - house];
  const center = (owner, house) => {
    if (house < 0) {
      if (lay.noStores) return [W - PAD - 10, owner === NORTH ? 20 : H - 14]; // the captured count, at the right
      const x = owner === NORTH ? PAD + SW / 2 : PAD + SW + cols * U + SW / 2;
      return [x, (rowY(0) + rowY(rows - 1)) / 2];
    }
    const [r, c] = cell(owner, house);
    return [PAD + sw + (c + 0.5) * U, rowY(r)];
  };
  return { W, H, rows, cols, center, cell, noStores: !!lay.noStores, storeH: rowY(rows - 1) - rowY(0) + U * 0.7 };
}

function drawSeeds(g, cx, cy, rx, ry, count) {
  const shown = Math.min(count, 30);
  const r = Math.max(4, Math.min(9, 0.85 * Math.min(rx, ry) / Math.sqrt(shown + 1)));
  for (let k = 0; k < shown; k++) {
    const d = Math.sqrt((k + 0.5) / shown);
    const a = k * 2.39996;
    el("circle", { class: "seed", cx: (cx + 0.72 * rx * d * Math.cos(a)).toFixed(1), cy: (cy + 0.72 * ry * d * Math.sin(a)).toFixed(1), r: r.toFixed(1) }, g);
  }
}

// draw renders board b (a boardJSON). marks maps "owner:house" to a class.
function draw(b, marks) {
  marks = marks || {};
  const n = b.houses;
  const geo = geometry(b);
  const W = geo.W, H = geo.H;
  const holeCenter = (_, owner, house) => geo.center(owner, house);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img" });
  if (geo.rows > 2) svg.classList.add("four-rows");
  el("rect", { class: "frame", x: 3, y: TOP - 12, width: W - 6, height: H - TOP - 50 + 24, rx: 40 }, svg);
  const seat = (p) => !st ? "" : st.seats[p] === "computer" ? " (computer)" : st.you[p] && !st.you[1 - p] ? " (you)" : "";
  const tl = el("text", { class: "side-label north", x: PAD, y: 20 }, svg);
  tl.textContent = "North" + seat(NORTH) + " ←";
  const bl = el("text", { class: "side-label south", x: PAD, y: H - 14 }, svg);
  bl.textContent = "South" + seat(SOUTH) + " →";
  const legal = st && !st.over && viewing === null ? st.legal : [[], []];
  for (const owner of [NORTH, SOUTH]) {
    // the store
    const [sx, sy] = holeCenter(n, owner, -1);
    const sg = el("g", { class: "store " + NAMES[owner], id: "st-" + NAMES[owner][0], "data-seeds": b.stores[owner] }, svg);
    const key = owner + ":-1";
    if (marks[key]) sg.classList.add(marks[key]);
    if (geo.noStores) {
      el("title", {}, sg).textContent = cap(NAMES[owner]) + " has captured " + b.stores[owner] + (b.stores[owner] === 1 ? " seed" : " seeds");
      el("text", { class: "side-label captured", x: sx, y: sy, "text-anchor": "end" }, sg).textContent = "captured " + b.stores[owner];
    } else {
      el("title", {}, sg).textContent = cap(NAMES[owner]) + "'s store: " + b.stores[owner] + (b.stores[owner] === 1 ? " seed" : " seeds");
      el("rect", { class: "hole", x: sx - SW * 0.44, y: sy - geo.storeH / 2, width: SW * 0.88, height: geo.storeH, rx: SW * 0.4 }, sg);
      drawSeeds(sg, sx, sy, SW * 0.38, geo.storeH / 2 - 10, b.stores[owner]);
      el("text", { class: "count", x: sx, y: sy }, sg).textContent = b.stores[owner];
    }
    for (let i = 0; i < n; i++) {
      const [x, y] = holeCenter(n, owner, i);
      const seeds = b.rows[owner][i];
      const g = el("g", { class: "house " + NAMES[owner], id: "h-" + NAMES[owner][0] + "-" + i, "data-seeds": seeds, "data-letter": letter(owner, i) }, svg);
      const k = owner + ":" + i;
      const burnt = b.burnt[owner][i];
      if (burnt) g.classList.add("burnt");
      const canPick = legal[owner].includes(i) && (st.toMove !== "both" || !(st.you[0] && st.you[1]) || owner === SOUTH || st.picked[SOUTH]) ||
        !!st && legal[0] === st.legal[0] && acrossOf(st, 1 - owner).includes(i); // a house the player to move may sow from across (^c)
      if (canPick && !document.body.dataset.animating) {
        g.classList.add("legal");
        g.addEventListener("click", () => choose(owner, i));
      }
      if (marks[k]) g.classList.add(marks[k]);
      el("title", {}, g).textContent = cap(NAMES[owner]) + "'s house " + letter(owner, i) + ": " + (burnt ? "burnt" : seeds + (seeds === 1 ? " seed" : " seeds"));
      el("rect", { class: "hit", x: x - U / 2, y: y - U * 0.6, width: U, height: U * 1.2 }, g);
      el("circle", { class: "hole", cx: x, cy: y, r: U * 0.42 }, g);
      if (burnt) {
        el("line", { class: "burnt-mark", x1: x - 22, y1: y - 22, x2: x + 22, y2: y + 22 }, g);
        el("line", { class: "burnt-mark", x1: x + 22, y1: y - 22, x2: x - 22, y2: y + 22 }, g);
      } else {
        drawSeeds(g, x, y, U * 0.4, U * 0.4, seeds);
        el("text", { class: "count", x: x, y: y }, g).textContent = seeds;
      }
      // letters outside each row: below South's rows, above North's
      const ly = owner === SOUTH ? y + U * 0.5 + 8 : y - U * 0.5 - 8;
      el("text", { class: "label", x: x, y: ly }, svg).textContent = letter(owner, i);
    }
  }
  // the seeds in flight
  for (const p of [SOUTH, NORTH]) {
    if (!b.hands[p]) continue;
    const at = b.handAt[p];
    let owner = at === at.toUpperCase() ? SOUTH : NORTH, house = -1;
    if (at === "S") owner = SOUTH; else if (at === "N") owner = NORTH;
    else house = at.toLowerCase().charCodeAt(0) - 97;
    const [x, y] = holeCenter(n, owner, house);
    const hg = el("g", { class: "hand " + NAMES[p], "data-hand": NAMES[p] }, svg);
    const dy = p === SOUTH ? 30 : -30;
    el("circle", { cx: x + 26, cy: y + dy, r: 22 }, hg);
    el("text", { x: x + 26, y: y + dy }, hg).textContent = b.hands[p];
  }
  const host = $("board");
  host.replaceChildren(svg);
}

// ---- animation ----

// applyEvent performs one event on a copy of the board, as
// mancala.ApplyEvent does.
function applyEvent(b, e) {
  const get = (o, h) => h < 0 ? b.stores[o] : b.rows[o][h];
  const set = (o, h, v) => { if (h < 0) b.stores[o] = v; else b.rows[o][h] = v; };
  const holeName = (o, h) => h < 0 ? (o === SOUTH ? "S" : "N") : letter(o, h);
  const p = e.player;
  switch (e.kind) {
    case "pick-up":
      set(e.owner, e.house, get(e.owner, e.house) - e.count);
      b.hands[p] += e.count; b.handAt[p] = holeName(e.owner, e.house);
      break;
    case "drop":
      set(e.owner, e.house, get(e.owner, e.house) + 1);
      b.hands[p] -= 1; b.handAt[p] = b.hands[p] ? holeName(e.owner, e.house) : "";
      break;
    case "capture":
      set(e.owner, e.house, get(e.owner, e.house) - e.count);
      b.stores[p] += e.count;
      break;
    case "deposit":
      b.hands[p] -= e.count; b.stores[p] += e.count;
      if (!b.hands[p]) b.handAt[p] = "";
      break;
    case "refill":
      b.stores[p] -= e.count; b.rows[p][e.house] += e.count;
      break;
    case "burn":
      b.burnt[e.owner][e.house] = e.count !== 0;
      break;
  }
}

// frames groups a step's events for display: one event a frame, except at a
// simultaneous move, where the two hands' events of a tick share a frame.
function frames(step) {
  const out = [];
  let cur = [];
  const joint = step.by === "both";
  for (const e of step.events) {
    if (e.kind === "turn-end" || e.kind === "round-end" || e.kind === "skip") {
      if (cur.length) { out.push(cur); cur = []; }
      if (e.kind === "round-end") out.push([e]); // a pause, with a word
      continue;
    }
    if (cur.length && (!joint || cur.some((c) => c.player === e.player))) { out.push(cur); cur = []; }
    cur.push(e);
  }
  if (cur.length) out.push(cur);
  return out;
}

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

// animate plays the steps of one turn, at most budget ms long (TURN_MS if
// not given; the computer's turns pass what is left of TURN_MS once the
// server has answered, so that thinking and drawing fit in it): the delay
// a frame is the slider's, or less for a long turn.
async function animate(steps, budget) {
  if (!steps.length) return;
  const t0 = performance.now();
  const all = steps.map(frames);
  const total = all.reduce((n, f) => n + f.length, 0);
  // Frame i is due at t0 + i*per; a frame that comes late is not drawn,
  // so that drawing never makes the turn longer than its budget.
  const allowed = Math.max(budget === undefined ? TURN_MS : budget, 0);
  const per = Math.min(DELAYS[+$("speed").value], allowed / total);
  let i = 0;
  document.body.dataset.animating = "1";
  $("skip").disabled = false;
  try {
    for (let k = 0; k < steps.length; k++) {
      const step = steps[k];
      const b = JSON.parse(JSON.stringify(step.before));
      $("status").textContent = step.notes[0].text.replace(/sowed/g, "sows").replace(/\.$/, "…");
      for (const fr of all[k]) {
        const marks = {};
        for (const e of fr) {
          if (e.kind === "round-end") continue;
          applyEvent(b, e);
          marks[e.owner + ":" + e.house] = e.kind === "capture" ? "captured" : "active";
        }
        i++;
        if (skipping || per < 1) continue;
        const due = t0 + i * per;
        if (performance.now() > due) continue; // late: the next frame shows it
        draw(b, marks);
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
      }
    }
  } finally {
    delete document.body.dataset.animating;
    $("skip").disabled = true;
    turnTimes.push({ steps: steps.length, ms: performance.now() - t0, plan: per * total, budget: allowed, think: thinkMs });
    thinkMs = 0;
  }
}

// turnTimes are how long each turn's animation took (ms), was planned to
// take (plan: its frames' delays) and was allowed (budget), and how long
// the server took to answer before it (think), for the tests.
const turnTimes = [];
let thinkMs = 0;        // the time the last answer took, for turnTimes

// lastMarks marks the houses of the last move and its captures.
function lastMarks(step) {
  const marks = {};
  if (!step) return marks;
  for (const [o, h] of moveHoles(step.move)) marks[o + ":" + h] = "last";
  for (const e of step.events) if (e.kind === "capture" && e.house >= 0 && !step.events.slice(step.events.indexOf(e)).some((x) => x.kind === "round-end")) marks[e.owner + ":" + e.house] = "captured";
  return marks;
}

// moveHoles returns the holes a move's text sows from, [owner, house]
// each: a letter's case names the row ("Cb": South's C and North's b;
// "^c", a move from the opponent's row, North's c; a prime is skipped).
function moveHoles(move) {
  const holes = [];
  for (const ch of move || "") {
    const c = ch.charCodeAt(0);
    if (c >= 97 && c <= 122) holes.push([NORTH, c - 97]);
    else if (c >= 65 && c <= 90) holes.push([SOUTH, c - 65]);
  }
  return holes;
}

function marksNow() {
  const m = lastMarks(st && st.last);
  if (hinted) m[hinted[0] + ":" + hinted[1]] = "hinted";
  return m;
}

function redraw() {
  if (!st) return;
  if (viewing !== null) return;
  draw(st.board, marksNow());
}

// ---- state ----

function familyOf(name) {
  return families && families.families.find((f) => f.name === name);
}

function showRules(state) {
  if ($("rules-text").dataset.family === state.family) return;
  const f = familyOf(state.family);
  $("rules-text").dataset.family = state.family;
  if (f && f.rulesHTML) {
    $("rules-text").innerHTML = f.rulesHTML; // HTML the server made from the rules text, every text escaped
  } else {
    const p = document.createElement("p");
    p.textContent = "The rules of " + (f ? f.label : state.family) + " are not stated here: the game's package gives no rules text yet.";
    $("rules-text").replaceChildren(p);
  }
}

function show(state) {
  st = state;
  gameId = state.id;
  if (viewing !== null && viewing > state.ply) viewing = null;
  redraw();
  showTitle(viewing === null ? state.round : null);
  let status = state.status;
  if (state.toMove === "both" && state.you[0] && state.you[1]) {
    status += state.picked[0] ? " North, choose your house — South, look away." : " South chooses first: North, look away.";
  } else if (state.computer && !state.over) status = "The computer is thinking…";
  else if (!state.over && !state.you[0] && !state.you[1]) status += " (You are watching.)";
  $("status").textContent = status;
  if (state.over && state.endRule) {
    const small = document.createElement("small");
    small.className = "rule";
    small.textContent = " (rule " + state.endRule + ")";
    $("status").append(small);
  }
  $("status").classList.toggle("over", state.over);
  for (const o of ["won", "lost", "draw"]) $("status").classList.toggle(o, state.outcome === o);
  const notes = state.last ? state.last.notes : [];
  $("notes").replaceChildren(...notes.map((n) => { const li = document.createElement("li"); li.textContent = n.text; return li; }));
  $("moves").textContent = state.moves || "(none yet)";
  showHistory(state);
  if (graph && graph.gameId !== state.id) graph = null;
  drawGraph();
  if (setupInfo && setupInfo.id !== state.id && $("edit-panel").open) openEditor();
  showRules(state);
  showShare(state);
  $("download").href = withGame("api/record").replace(/&token=[^&]*/, "");
  $("download").setAttribute("download", state.family + "-record.txt");
  $("diagram").href = "api/board.svg?id=" + encodeURIComponent(gameId);
  $("diagram").setAttribute("download", state.family + "-board.svg");
  document.title = state.title + " — Sowing games";
}

// showTitle names the game, and the round of the position shown: round,
// the server's number (the present's or the viewed position's; null
// leaves the title as it is while a viewed position's is fetched).
function showTitle(round) {
  if (!st || round === null) return;
  $("title").textContent = st.title + (round > 1 ? " — round " + round : "");
}

function showHistory(state) {
  const items = state.history.map((h, i) => {
    const li = document.createElement("li");
    li.dataset.ply = i + 1;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.textContent = h.move;
    b.title = "show the board after this move";
    b.addEventListener("click", () => view(i + 1));
    li.append(b, " " + h.notes.join(" "));
    if (viewing === i + 1) li.classList.add("viewed");
    return li;
  });
  $("history").replaceChildren(...items);
}

// view shows the board after ply moves, from the server's history.
async function view(ply) {
  if (!st) return;
  if (ply >= st.ply) { present(); return; }
  try {
    const p = await api("GET", "api/position?ply=" + ply);
    viewing = ply;
    showTitle(p.round);
    draw(p.board, lastMarks(p.step));
    $("viewing").hidden = false;
    $("viewing-text").textContent = ply === 0 ? "The start of the game." : "After move " + ply + " (" + p.step.move + "): " + p.step.notes.map((n) => n.text).join(" ");
    showHistory(st);
    drawGraph();
  } catch (e) { message(e.message); }
}

function present() {
  viewing = null;
  $("viewing").hidden = true;
  if (st) { showTitle(st.round); showHistory(st); drawGraph(); redraw(); }
}

function pageURL(extra) {
  const u = new URL(location.href);
  u.search = "?game=" + encodeURIComponent(gameId);
  u.hash = extra || "";
  return u.href;
}

function showShare(state) {
  const inv = state.invites || [];
  $("share").hidden = inv.length === 0;
  if (inv.length) {
    $("share-seat").textContent = inv.map((i) => cap(i.seat)).join(" and ");
    $("share-link").value = pageURL("#seat=" + inv[0].token);
    $("watch-link").value = pageURL("");
  }
}

function hintMarks() { return marksNow(); }

// play sends a move (or asks the computer), animates the answer, and goes
// on while the computer is to move.
async function play(path, body) {
  setBusy(true);
  try {
    let t0 = performance.now();
    let r = await api("POST", path, body);
    hinted = null;
    present();
    lastTurn = r.steps || (r.step ? [r.step] : []);
    thinkMs = performance.now() - t0;
    // a computer's turn, or a pick the computer answers: its thinking is part of the turn's time
    await animate(lastTurn, r.steps || thinkMs > 200 ? TURN_MS - thinkMs : TURN_MS);
    show(r.state);
    while (r.state.computer && !r.state.over && (r.state.you[0] || r.state.you[1] || token)) {
      await sleep(120);
      t0 = performance.now();
      r = await api("POST", "api/computer");
      lastTurn = r.steps;
      thinkMs = performance.now() - t0;
      await animate(lastTurn, TURN_MS - thinkMs);
      show(r.state);
    }
  } catch (e) {
    if (e.status !== 409) message(e.message);
    await refresh();
  } finally {
    setBusy(false);
    redraw();
  }
}

async function refresh() {
  try { show(await api("GET", "api/state")); } catch (e) { message(e.message); }
}

// changed is the event stream's news: the game's version. The page
// fetches its state if it shows another version (an older one too: a
// server that lost the game's versions), and animates the move another
// device played.
async function changed(version) {
  if (!st || version === st.version || document.body.dataset.busy === "1") return;
  setBusy(true);
  try {
    const s = await api("GET", "api/state");
    if (s.version === st.version && s.ply === st.ply) return;
    if (s.ply === st.ply + 1 && s.last) {
      lastTurn = [s.last];
      await animate(lastTurn);
    }
    show(s);
  } catch (e) {
    message(e.message);
  } finally {
    setBusy(false);
    redraw();
  }
  if (st.computer && !st.over && token && (st.you[0] || st.you[1])) play("api/computer");
}

let rewatch = 0;        // the timer of watch's next try, after the server refused the stream

// watch opens the game's event stream. While it is down (the server
// restarts, the network fails) the page says "Reconnecting…"; the browser
// reconnects by itself after a failed connection, and watch tries again
// every 2 s after a refused one (a server too busy), until the game is
// known to be gone. Once back, the stream's first event resynchronises the
// page (see changed).
function watch() {
  if (events) events.close();
  events = null;
  clearTimeout(rewatch);
  if (!gameId || typeof EventSource === "undefined") { reconnecting(false); return; }
  const es = new EventSource("api/events?id=" + encodeURIComponent(gameId));
  events = es;
  es.addEventListener("open", () => { if (events === es) reconnecting(false); });
  es.addEventListener("error", async () => {
    if (events !== es) return;
    reconnecting(true);
    if (es.readyState !== EventSource.CLOSED) return; // the browser tries again
    try {
      await api("GET", "api/state"); // the game is there: try again soon
    } catch (e) {
      if (e.status === 404 && events === es) { reconnecting(false); message(e.message); events = null; return; }
    }
    if (events === es) rewatch = setTimeout(watch, 2000);
  });
  es.addEventListener("change", (ev) => {
    try { changed(JSON.parse(ev.data).version); } catch (e) { /* a malformed event: the next one will do */ }
  });
}

function reconnecting(down) { $("reconnecting").hidden = !down; }

// acrossOf returns the houses of p's opponent's row that p may sow from
// now (a game where nobody owns the houses; moves written "^c").
function acrossOf(st, p) {
  return st && st.across && st.across[p] ? st.across[p] : [];
}

function choose(owner, house) {
  if (document.body.dataset.busy === "1" || !st || viewing !== null) return;
  message("");
  if (!st.legal[owner].includes(house) && acrossOf(st, 1 - owner).includes(house)) {
    return play("api/move", { move: "^" + letter(owner, house) }); // the other player sows from this house
  }
  const way = st.ways && st.ways[owner] ? st.ways[owner][house] : undefined;
  if (way === "other") return play("api/move", { move: letter(owner, house) + "'" });
  if (way === "both") return askWay(owner, house);
  play("api/move", { move: letter(owner, house) });
}

// askWay asks which way to sow a house that may be sown both ways (a
// game where the player chooses the direction of each sowing).
function askWay(owner, house) {
  const box = $("way");
  const l = letter(owner, house);
  $("way-text").textContent = "Sow " + l + ":";
  $("way-usual").onclick = () => { box.hidden = true; play("api/move", { move: l }); };
  $("way-other").onclick = () => { box.hidden = true; play("api/move", { move: l + "'" }); };
  $("way-cancel").onclick = () => { box.hidden = true; };
  box.hidden = false;
}

async function simple(path) {
  setBusy(true);
  message("");
  try {
    hinted = null;
    show(await api("POST", path));
    lastTurn = [];
  } catch (e) {
    message(e.message);
  } finally {
    setBusy(false);
    redraw();
  }
}

function remember() {
  const u = new URL(location.href);
  u.search = "?game=" + encodeURIComponent(gameId);
  u.hash = token ? "#seat=" + token : "";
  history.replaceState(null, "", u.href);
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  const f = familyOf($("opt-family").value);
  const params = {};
  for (const p of f ? f.params : []) {
    const text = $("opt-param-" + p.key).value.trim();
    const v = text === "" && p.zero ? 0 : +text; // an empty field of a param whose 0 means something is 0
    if (Number.isFinite(v) && v !== paramDefault(f, p)) params[p.key] = v;
  }
  const options = {};
  for (const o of (f && f.options) || []) {
    const v = $("opt-option-" + o.key).value;
    if (v !== optionDefault(f, o)) options[o.key] = v;
  }
  const q = {
    family: $("opt-family").value,
    preset: f && f.presets.length ? $("opt-preset").value : $("opt-name").value,
    params,
    options,
    seats: [$("opt-south").value, $("opt-north").value],
    level: $("opt-level").value,
    seed: Math.floor(Math.random() * 1e9),
  };
  setBusy(true);
  message("");
  hinted = null; lastTurn = [];
  try {
    const s = await api("POST", "api/new", q);
    token = s.token || "";
    viewing = null;
    show(s);
    remember();
    watch();
    $("new-panel").open = false;
    if (s.computer) { setBusy(false); await play("api/computer"); return; }
  } catch (e) {
    message(e.message);
  } finally {
    setBusy(false);
    redraw();
  }
}

function option(value, text, title) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text;
  if (title) o.title = title;
  return o;
}

// boardName says a family's usual board for people: "2×6", "4×8".
function boardName(f) {
  if (!f.houses) return "";
  const rows = f.rows || 1;
  return (2 * rows) + "×" + (f.houses / rows);
}

// fillFamilies fills the game menu: the usual games first, then the
// others grouped by board and region, in the server's order within a
// group; with a filter, only the games whose name, region, board or
// description holds it (the chosen game stays listed).
function fillFamilies(filter) {
  const sel = $("opt-family");
  const chosen = sel.value;
  const q = filter.trim().toLowerCase();
  const match = (f) => !q || f.name === chosen ||
    [f.label, f.name, f.region, f.description, boardName(f)].some((t) => (t || "").toLowerCase().includes(q));
  const groups = new Map();
  for (const f of families.families) {
    if (!match(f)) continue;
    const g = f.usual ? "Usual games" : ((f.rows || 1) > 1 ? "Four rows" : "Two rows") + (f.region ? ": " + f.region : "");
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(f);
  }
  const names = [...groups.keys()].sort((a, b) => (b === "Usual games") - (a === "Usual games") || a.localeCompare(b));
  const flat = families.families.length <= 6; // a few games: no groups
  const items = [];
  for (const g of names) {
    const opts = groups.get(g).map((f) => option(f.name, f.label + (boardName(f) && !flat ? " (" + boardName(f) + ")" : ""),
      [f.description, f.region].filter(Boolean).join(" · ")));
    if (flat) { items.push(...opts); continue; }
    const og = document.createElement("optgroup");
    og.label = g;
    og.append(...opts);
    items.push(og);
  }
  sel.replaceChildren(...items);
  if (chosen && [...sel.options].some((o) => o.value === chosen)) sel.value = chosen;
  $("opt-family-count").textContent = q ? sel.options.length + " of " + families.families.length + " games" : "";
  $("opt-family-find").hidden = families.families.length <= 6;
}

// presets fills the form for the chosen family: its presets by their
// labels, its params with their defaults, its options as selects, and
// only the fields it has.
function presets() {
  const f = familyOf($("opt-family").value);
  if (!f) return;
  const has = f.presets.length > 0;
  $("opt-preset-label").hidden = !has;
  $("opt-name-label").hidden = has;
  $("opt-preset").replaceChildren(...f.presets.map((p) => option(p.name, p.label, p.description)));
  if (!has) $("opt-name").value = f.name;
  $("opt-params").replaceChildren(...f.params.map((p) => {
    const l = document.createElement("label");
    l.append(p.label || p.key, " ");
    const i = document.createElement("input");
    Object.assign(i, { id: "opt-param-" + p.key, type: "number", min: p.min, max: p.max, value: p.default, title: p.description || "" });
    if (p.zero) { i.placeholder = p.zero; i.classList.add("wide"); } // 0 means this: the field shows it, empty
    l.append(i);
    return l;
  }));
  // The options: a select of values each, beside the numbers.
  $("opt-options").replaceChildren(...(f.options || []).map((o) => {
    const l = document.createElement("label");
    l.append(o.label || o.key, " ");
    const sel = document.createElement("select");
    Object.assign(sel, { id: "opt-option-" + o.key, title: o.description || "" });
    sel.append(...o.values.map((c) => option(c.value, c.label, c.description)));
    l.append(sel);
    return l;
  }));
  presetChanged();
}

// optionDefault is the value the chosen preset gives to option o of
// family f.
function optionDefault(f, o) {
  const pr = f.presets.find((x) => x.name === $("opt-preset").value);
  return pr && pr.options && o.key in pr.options ? pr.options[o.key] : o.default;
}

// paramDefault is the value the chosen preset gives to param p of family f.
function paramDefault(f, p) {
  const pr = f.presets.find((x) => x.name === $("opt-preset").value);
  return pr && pr.params && p.key in pr.params ? pr.params[p.key] : p.default;
}

function describe() {
  const f = familyOf($("opt-family").value);
  const p = f && f.presets.find((x) => x.name === $("opt-preset").value);
  $("preset-description").textContent = (p && p.description) || (f && f.description) || "";
}

// presetChanged shows the chosen preset's description and its own
// defaults in the params' fields and its values in the options' selects.
function presetChanged() {
  const f = familyOf($("opt-family").value);
  for (const p of f ? f.params : []) {
    const i = $("opt-param-" + p.key);
    if (i) i.value = p.zero && paramDefault(f, p) === 0 ? "" : paramDefault(f, p); // "" shows what 0 means
  }
  for (const o of (f && f.options) || []) {
    const sel = $("opt-option-" + o.key);
    if (sel) sel.value = optionDefault(f, o);
  }
  describe();
}

async function hint() {
  setBusy(true);
  message("Thinking…", true);
  try {
    const h = await api("POST", "api/hint");
    message(h.text, true);
    hinted = moveHoles(h.move)[0] || null;
  } catch (e) {
    message(e.message);
  } finally {
    setBusy(false);
    redraw();
  }
}

async function upload() {
  const f = $("upload").files[0];
  if (!f) return;
  setBusy(true);
  try {
    const text = await f.text();
    const s = await api("POST", "api/record", { record: text });
    hinted = null; lastTurn = [];
    $("opt-family").value = s.family; // the options now describe the loaded game
    presets();
    show(s);
    message("Loaded the game from " + f.name + ".", true);
  } catch (e) {
    message("That record was not loaded, the game goes on: " + e.message);
  } finally {
    $("upload").value = "";
    setBusy(false);
    redraw();
  }
  if (st && st.computer && !st.over) play("api/computer");
}

async function replay() {
  if (!lastTurn.length || document.body.dataset.busy === "1") return;
  setBusy(true);
  present();
  try { await animate(lastTurn); } finally { setBusy(false); redraw(); }
}

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

async function init() {
  $("options").addEventListener("submit", newGame);
  $("opt-family").addEventListener("change", presets);
  $("opt-family-filter").addEventListener("input", () => {
    const before = $("opt-family").value;
    fillFamilies($("opt-family-filter").value);
    if ($("opt-family").value !== before) presets();
  });
  $("opt-preset").addEventListener("change", presetChanged);
  $("undo").addEventListener("click", async () => {
    await simple("api/undo");
    if (st && st.computer && !st.over) play("api/computer");
  });
  $("redo").addEventListener("click", async () => {
    await simple("api/redo");
    if (st && st.computer && !st.over) play("api/computer");
  });
  $("hint").addEventListener("click", hint);
  $("concede").addEventListener("click", () => simple("api/concede"));
  $("skip").addEventListener("click", () => { skipping = true; });
  $("replay").addEventListener("click", replay);
  $("present").addEventListener("click", present);
  $("upload").addEventListener("change", upload);
  $("analyse").addEventListener("click", analyse);
  $("graph-panel").addEventListener("toggle", () => { if ($("graph-panel").open) analyse(); });
  $("edit-panel").addEventListener("toggle", () => { if ($("edit-panel").open) openEditor(); });
  $("edit-start").addEventListener("click", () => { if (setupInfo) fillEditor(setupInfo.start); });
  $("edit-now").addEventListener("click", openEditor);
  $("edit-play").addEventListener("click", playFromHere);
  $("edit-store-n").addEventListener("input", editTotal);
  $("edit-store-s").addEventListener("input", editTotal);
  for (const id of ["share-link", "watch-link"]) $(id).addEventListener("focus", (ev) => ev.target.select());
  // A house's letter on the keyboard plays it: A.. for South, a.. for North.
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.length !== 1 || !st) return;
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    const c = ev.key.charCodeAt(0);
    const owner = c >= 97 ? NORTH : SOUTH;
    const house = c - (owner === NORTH ? 97 : 65);
    const g = document.getElementById("h-" + NAMES[owner][0] + "-" + house);
    if (g && g.classList.contains("legal")) choose(owner, house);
  });
  try {
    families = await api("GET", "api/families");
  } catch (e) {
    message(e.message);
    return;
  }
  fillFamilies("");
  $("opt-level").replaceChildren(...families.levels.map((l) => option(l, l)));
  $("opt-level").value = families.level;
  presets();
  if (matchMedia("(max-width: 600px)").matches) $("history-panel").open = false;
  const u = new URL(location.href);
  const id = u.searchParams.get("game");
  if (id) {
    gameId = id;
    const m = /seat=([0-9a-f]+)/.exec(u.hash);
    token = m ? m[1] : "";
    try {
      const s = await api("GET", "api/state");
      if (!(s.you[0] || s.you[1]) && token && token !== s.token) {
        // a credential that holds no seat is the creator's of a game it does not play: keep it
      }
      $("opt-family").value = s.family;
      presets();
      show(s);
      watch();
      setBusy(false);
      redraw();
      if (s.computer && !s.over && token) play("api/computer");
      return;
    } catch (e) {
      message(e.message);
      gameId = ""; token = "";
    }
  }
  await newGame();
}

init();
