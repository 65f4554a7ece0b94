// The board of the sowing games page: drawing and animation. One of
// the page's classic scripts, which share one global scope; app.js,
// loaded last, holds the state and starts the page.

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
