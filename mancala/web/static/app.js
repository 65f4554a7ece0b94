// The page of examples/web: draws the board as SVG, animates each move from
// the events the server sends (mancala.Event), and talks to the server's
// JSON API. No build step, no library.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SOUTH = 0, NORTH = 1;
const NAMES = ["south", "north"];
const PRESETS = {
  awale: [["default", "documents"], ["abapa", "abapa (Oware tournaments)"], ["awari", "awari (the solved game)"]],
  congkak: [["default", "documents"], ["overbeck", "Overbeck (9 houses)"]],
};
const DELAYS = [0, 60, 160, 320, 650]; // ms a step, by the speed slider (0: none)

let st = null;        // the state from the server
let gameId = "";
let secret = null;    // two people at a simultaneous decision: South's hidden choice
let skipping = false; // the player asked to skip the running animation
let hinted = null;    // the hinted house, [owner, house]

const $ = (id) => document.getElementById(id);

function setBusy(b) {
  document.body.dataset.busy = b ? "1" : "0";
  $("skip").disabled = !b;
  if (!b) skipping = false;
  for (const id of ["undo", "redo", "hint", "concede", "new-game"]) $(id).disabled = b;
  if (!b && st) {
    $("undo").disabled = !st.canUndo;
    $("redo").disabled = !st.canRedo;
    $("hint").disabled = st.over || st.computer;
    $("concede").disabled = st.over || !st.seats.includes("human");
  }
}

function message(text, info) {
  $("message").textContent = text || "";
  $("message").className = "message" + (info ? " info" : "");
}

async function api(method, path, body, raw) {
  const url = path + (gameId ? (path.includes("?") ? "&" : "?") + "id=" + encodeURIComponent(gameId) : "");
  const init = { method };
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers = { "Content-Type": raw ? "text/plain" : "application/json" };
  }
  const resp = await fetch(url, init);
  let data;
  try { data = await resp.json(); } catch (e) { data = { error: "the server sent no answer (" + resp.status + ")" }; }
  if (!resp.ok) throw new Error(data.error || resp.statusText);
  return data;
}

function letter(owner, house) {
  return String.fromCharCode((owner === SOUTH ? 65 : 97) + house);
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// ---- drawing ----

const U = 100, PAD = 16, TOP = 50;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// holeCenter returns where a hole is drawn: North's row on top, read right
// to left (a at the right), his store at the left; South's row below, A at
// the left, his store at the right.
function holeCenter(n, owner, house) {
  const y1 = TOP + U / 2, y2 = TOP + 1.5 * U + 20;
  if (house < 0) {
    const x = owner === NORTH ? PAD + U / 2 : PAD + (n + 1.5) * U;
    return [x, (y1 + y2) / 2];
  }
  if (owner === SOUTH) return [PAD + (house + 1.5) * U, y2];
  return [PAD + (n - house + 0.5) * U, y1];
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
  const W = (n + 2) * U + 2 * PAD, H = TOP + 2 * U + 20 + 50;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img" });
  el("rect", { class: "frame", x: 3, y: TOP - 12, width: W - 6, height: 2 * U + 44, rx: 40 }, svg);
  const seat = (p) => st && st.seats[p] === "computer" ? " (computer)" : "";
  const tl = el("text", { class: "side-label north", x: PAD, y: 20 }, svg);
  tl.textContent = "North" + seat(NORTH) + " ←";
  const bl = el("text", { class: "side-label south", x: PAD, y: H - 14 }, svg);
  bl.textContent = "South" + seat(SOUTH) + " →";
  const legal = st && !st.over && !st.computer ? st.legal : [[], []];
  for (const owner of [NORTH, SOUTH]) {
    // the store
    const [sx, sy] = holeCenter(n, owner, -1);
    const sg = el("g", { class: "store " + NAMES[owner], id: "st-" + NAMES[owner][0], "data-seeds": b.stores[owner] }, svg);
    const key = owner + ":-1";
    if (marks[key]) sg.classList.add(marks[key]);
    el("title", {}, sg).textContent = cap(NAMES[owner]) + "'s store: " + b.stores[owner] + (b.stores[owner] === 1 ? " seed" : " seeds");
    el("rect", { class: "hole", x: sx - U * 0.42, y: sy - U * 0.95, width: U * 0.84, height: U * 1.9, rx: U * 0.4 }, sg);
    drawSeeds(sg, sx, sy, U * 0.38, U * 0.85, b.stores[owner]);
    el("text", { class: "count", x: sx, y: sy }, sg).textContent = b.stores[owner];
    for (let i = 0; i < n; i++) {
      const [x, y] = holeCenter(n, owner, i);
      const seeds = b.rows[owner][i];
      const g = el("g", { class: "house " + NAMES[owner], id: "h-" + NAMES[owner][0] + "-" + i, "data-seeds": seeds, "data-letter": letter(owner, i) }, svg);
      const k = owner + ":" + i;
      const burnt = b.burnt[owner][i];
      if (burnt) g.classList.add("burnt");
      let canPick = legal[owner].includes(i) && st.seats[owner] === "human";
      if (st && st.toMove === "both" && st.seats[SOUTH] === "human" && st.seats[NORTH] === "human") {
        canPick = canPick && (owner === SOUTH) === (secret === null);
      }
      if (canPick && !document.body.dataset.animating) {
        g.classList.add("legal");
        g.addEventListener("click", () => choose(owner, i));
      }
      if (marks[k]) g.classList.add(marks[k]);
      el("title", {}, g).textContent = cap(NAMES[owner]) + "'s house " + letter(owner, i) + ": " + (burnt ? "burnt" : seeds + (seeds === 1 ? " seed" : " seeds"));
      el("circle", { class: "hole", cx: x, cy: y, r: U * 0.42 }, g);
      if (burnt) {
        el("line", { class: "burnt-mark", x1: x - 22, y1: y - 22, x2: x + 22, y2: y + 22 }, g);
        el("line", { class: "burnt-mark", x1: x + 22, y1: y - 22, x2: x - 22, y2: y + 22 }, g);
      } else {
        drawSeeds(g, x, y, U * 0.4, U * 0.4, seeds);
        el("text", { class: "count", x: x, y: y }, g).textContent = seeds;
      }
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

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

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

async function animate(step) {
  const b = JSON.parse(JSON.stringify(step.before));
  document.body.dataset.animating = "1";
  $("status").textContent = step.notes[0].replace(/sowed/g, "sows").replace(/\.$/, "…");
  $("notes").replaceChildren();
  try {
    for (const fr of frames(step)) {
      const marks = {};
      if (fr[0].kind === "round-end") {
        if (skipping || DELAYS[+$("speed").value] === 0) continue;
        $("status").textContent = "Round " + fr[0].count + " ends (CK-9): the seeds in the houses go to their owners' stores (CK-10)…";
        await sleep(4 * DELAYS[+$("speed").value]);
        continue;
      }
      for (const e of fr) {
        applyEvent(b, e);
        marks[e.owner + ":" + e.house] = e.kind === "capture" ? "captured" : "active";
      }
      const delay = DELAYS[+$("speed").value];
      if (skipping || delay === 0) continue;
      draw(b, marks);
      await sleep(fr.some((e) => e.kind === "capture") ? delay * 2 : delay);
    }
  } finally {
    delete document.body.dataset.animating;
  }
}

// ---- the rules text ----

// inline appends the text of one Markdown paragraph to parent: **bold**,
// *italic* and `code` as elements, the rest as text (never as HTML).
function inline(parent, text) {
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g;
  let at = 0, m;
  while ((m = re.exec(text)) !== null) {
    if (m.index > at) parent.append(text.slice(at, m.index));
    const t = m[0];
    const [tag, inner] = t.startsWith("**") ? ["strong", t.slice(2, -2)] : t.startsWith("`") ? ["code", t.slice(1, -1)] : ["em", t.slice(1, -1)];
    const e = document.createElement(tag);
    e.textContent = inner;
    parent.append(e);
    at = m.index + t.length;
  }
  if (at < text.length) parent.append(text.slice(at));
}

// markdown turns the rules text (headings, paragraphs, "- " lists, simple
// tables) into elements.
function markdown(md) {
  const out = [];
  let para = null, list = null, table = null; // the text gathered, the open list and table
  const flush = () => {
    if (para === null) return;
    const p = document.createElement(list ? "li" : "p");
    inline(p, para);
    (list || { appendChild: (x) => out.push(x) }).appendChild(p);
    para = null;
  };
  for (const line of md.split("\n")) {
    const h = /^(#{1,3}) (.*)/.exec(line);
    if (line.startsWith("|")) {
      flush(); list = null;
      if (!table) { table = document.createElement("table"); out.push(table); }
      if (/^\|[\s|:-]+\|$/.test(line)) continue; // the header's rule
      const tr = document.createElement("tr");
      for (const cell of line.slice(1, -1).split("|")) {
        const td = document.createElement(table.rows.length ? "td" : "th");
        inline(td, cell.trim());
        tr.appendChild(td);
      }
      table.appendChild(tr);
      continue;
    }
    table = null;
    if (h) {
      flush(); list = null;
      const e = document.createElement("h" + (h[1].length + 2));
      inline(e, h[2]);
      out.push(e);
    } else if (line.trim() === "") {
      flush(); list = null;
    } else if (/^\s*- /.test(line)) {
      flush();
      if (!list) { list = document.createElement("ul"); out.push(list); }
      para = line.replace(/^\s*- /, "");
    } else {
      para = para === null ? line.trim() : para + " " + line.trim();
    }
  }
  flush();
  return out;
}

// ---- state ----

function show(state) {
  st = state;
  gameId = state.id;
  draw(state.board, hintMarks());
  $("title").textContent = (state.game === "congkak" ? "Congkak" : "Awalé") + " — rules “" + state.rules + "”" + (state.round ? ", round " + state.round : "");
  let status = state.status;
  if (secret !== null) status = "South has chosen (hidden). North, choose your house — South, look away.";
  else if (state.toMove === "both" && state.seats[0] === "human" && state.seats[1] === "human") status += " South chooses first: North, look away.";
  else if (state.computer) status = "The computer is thinking…";
  $("status").textContent = status;
  $("result").textContent = state.over ? state.result + (state.ending ? " — " + state.ending : "") : "";
  $("notes").replaceChildren(...state.notes.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
  $("moves").textContent = state.moves || "(none yet)";
  if ($("rules-text").dataset.game !== state.rules) {
    $("rules-text").replaceChildren(...markdown(state.rulesText));
    $("rules-text").dataset.game = state.rules;
  }
  $("download").href = "/api/record?id=" + encodeURIComponent(gameId);
  $("download").setAttribute("download", state.game + "-record.txt");
  $("diagram").href = "/api/board.svg?id=" + encodeURIComponent(gameId);
  $("diagram").setAttribute("download", state.game + "-board.svg");
}

function hintMarks() {
  return hinted ? { [hinted[0] + ":" + hinted[1]]: "hinted" } : {};
}

// play sends a move (or asks the computer), animates the answer, and goes
// on while the computer is to move.
async function play(path, body) {
  setBusy(true);
  try {
    let r = await api("POST", path, body);
    hinted = null;
    for (;;) {
      await animate(r.step);
      show(r.state);
      if (!r.state.computer || r.state.over) break;
      await sleep(150);
      r = await api("POST", "/api/computer");
    }
  } catch (e) {
    message(e.message);
    await refresh();
  } finally {
    setBusy(false);
    if (st) draw(st.board, hintMarks());
  }
}

async function refresh() {
  try { show(await api("GET", "/api/state")); } catch (e) { message(e.message); }
}

function choose(owner, house) {
  if (document.body.dataset.busy === "1" || !st) return;
  message("");
  const both = st.toMove === "both";
  if (both && st.seats[SOUTH] === "human" && st.seats[NORTH] === "human") {
    if (owner === SOUTH) {
      secret = letter(SOUTH, house);
      show(st);
      return;
    }
    if (secret === null) return;
    const move = secret + letter(NORTH, house);
    secret = null;
    play("/api/move", { move });
    return;
  }
  play("/api/move", { move: letter(owner, house) });
}

async function simple(path) {
  setBusy(true);
  message("");
  try {
    secret = null; hinted = null;
    show(await api("POST", path));
  } catch (e) {
    message(e.message);
  } finally {
    setBusy(false);
  }
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  const q = {
    game: $("opt-game").value,
    preset: $("opt-preset").value,
    houses: +$("opt-houses").value || 0,
    seeds: +$("opt-seeds").value || 0,
    rounds: $("opt-game").value === "congkak" ? (+$("opt-rounds").value || 0) : 0,
    seats: [$("opt-south").value, $("opt-north").value],
    strength: $("opt-strength").value,
    seed: Math.floor(Math.random() * 1e9),
  };
  setBusy(true);
  message("");
  secret = null; hinted = null;
  const saved = gameId;
  try {
    gameId = "";
    const s = await api("POST", "/api/new", q);
    show(s);
    if (s.computer) { setBusy(false); await play("/api/computer"); return; }
  } catch (e) {
    gameId = saved;
    message(e.message);
  } finally {
    setBusy(false);
  }
}

function presets() {
  const game = $("opt-game").value;
  $("opt-preset").replaceChildren(...PRESETS[game].map(([v, t]) => { const o = document.createElement("option"); o.value = v; o.textContent = t; return o; }));
  $("opt-rounds-label").hidden = game !== "congkak";
}

async function hint() {
  setBusy(true);
  message("Thinking…", true);
  try {
    const h = await api("POST", "/api/hint");
    message(h.text, true);
    const c = h.move.charCodeAt(0);
    hinted = c >= 97 ? [NORTH, c - 97] : [SOUTH, c - 65];
  } catch (e) {
    message(e.message);
  } finally {
    setBusy(false);
    if (st) draw(st.board, hintMarks());
  }
}

async function upload() {
  const f = $("upload").files[0];
  if (!f) return;
  setBusy(true);
  try {
    const text = await f.text();
    const s = await api("POST", "/api/record", text, true);
    secret = null; hinted = null;
    $("opt-game").value = s.game; // the options now describe the loaded game
    presets();
    $("opt-houses").value = s.board.houses;
    show(s);
    message("Loaded the game from " + f.name + ".", true);
  } catch (e) {
    message("That record was not loaded, the game goes on: " + e.message);
  } finally {
    $("upload").value = "";
    setBusy(false);
  }
  if (st && st.computer) play("/api/computer");
}

function init() {
  presets();
  $("opt-game").addEventListener("change", presets);
  $("options").addEventListener("submit", newGame);
  $("undo").addEventListener("click", async () => {
    await simple("/api/undo");
    if (st && st.computer && !st.over) play("/api/computer");
  });
  $("redo").addEventListener("click", async () => {
    await simple("/api/redo");
    if (st && st.computer && !st.over) play("/api/computer");
  });
  $("hint").addEventListener("click", hint);
  $("concede").addEventListener("click", () => simple("/api/concede"));
  $("skip").addEventListener("click", () => { skipping = true; });
  $("upload").addEventListener("change", upload);
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
  newGame();
}

init();
