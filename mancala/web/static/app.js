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
