// pycombat's local web page: plain JavaScript over the JSON API of pycombat/web/app.py (no build step).
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  games: [], game: null, verb: null, flags: {}, options: {}, limits: {},
  job: null, runSeq: 0, validateSeq: 0, lastValid: null, formFocus: false, text: "",
};

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const resp = await fetch(path, init);
  let data;
  try { data = await resp.json(); } catch (e) { data = {error: `pycombat: HTTP ${resp.status}`}; }
  return {status: resp.status, data};
}

function game() { return state.games.find((g) => g.name === state.game); }
function verbInfo() { const g = game(); return g && g.verbs.find((v) => v.name === state.verb); }

// ---- the scenario in the URL: base64url of zlib (deflate) ----------------------------------------
function b64url(bytes) {
  let s = ""; for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}
async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}
async function compress(text) { return b64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate"))); }
async function decompress(code) { return new TextDecoder().decode(await pipe(unb64url(code), new DecompressionStream("deflate"))); }

let urlTimer = null;
function saveUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(async () => {
    const p = new URLSearchParams();
    p.set("game", state.game || "");
    p.set("verb", state.verb || "");
    if (Object.keys(state.flags).length) p.set("flags", JSON.stringify(state.flags));
    p.set("s", await compress($("editor").value));
    history.replaceState(null, "", "#" + p.toString());
  }, 300);
}

// ---- games, examples, flags, tabs ----------------------------------------------------------------
function fillGames() {
  const sel = $("game");
  sel.replaceChildren(...state.games.map((g) => el("option", {value: g.name}, `${g.title} (${g.name})`)));
}

function fillExamples() {
  const g = game();
  const sel = $("example");
  sel.replaceChildren(el("option", {value: ""}, "— choose an example —"),
    el("option", {value: "(empty)"}, "an empty scenario"),
    ...g.examples.map((e) => el("option", {value: e.name}, e.title ? `${e.name}: ${e.title}` : e.name)));
}

function fillFlags() {
  // one switch per flag; a flag that also takes a whole number (WotR max_rounds) is a text box offering
  // its named values; a value in force that the switch does not list is shown, never hidden
  const g = game();
  const box = $("flags");
  box.replaceChildren(...g.flags.map((f) => {
    const given = state.flags[f.name] === undefined ? "" : String(state.flags[f.name]);
    const label = (v) => v + (v === f.default ? " (default)" : "");
    let input, choices = null;
    if (f.allows_int) {
      const listId = `flag-values-${f.name}`;
      const bound = f.int_min === null || f.int_min === undefined ? "a whole number" : `a whole number ≥ ${f.int_min}`;
      input = el("input", {id: `flag-${f.name}`, "data-flag": f.name, list: listId, size: 10, value: given,
        placeholder: "(scenario)", title: `${f.values.join(", ")} or ${bound}; empty: the scenario's value. ${f.why}`});
      choices = el("datalist", {id: listId}, ...f.values.map((v) => el("option", {value: v}, label(v))));
    } else {
      const values = given && !f.values.includes(given) ? [...f.values, given] : f.values;
      input = el("select", {id: `flag-${f.name}`, "data-flag": f.name, title: f.why},
        el("option", {value: ""}, `(scenario) `),
        ...values.map((v) => el("option", {value: v}, label(v))));
      input.value = given;
    }
    input.addEventListener("change", () => {
      const value = input.value.trim();
      if (value) state.flags[f.name] = value; else delete state.flags[f.name];
      input.parentElement.classList.toggle("changed", !!value);
      changed({run: true});
    });
    return el("div", {class: "flag" + (given ? " changed" : "")},
      el("label", {for: `flag-${f.name}`, title: f.why}, f.name), input, choices);
  }));
}

function fillTabs() {
  const g = game();
  if (!g.verbs.some((v) => v.name === state.verb)) state.verb = g.verbs[0].name;
  $("tabs").replaceChildren(...g.verbs.map((v) => el("button", {
    type: "button", role: "tab", id: `tab-${v.name}`, "data-verb": v.name, title: v.help,
    class: v.name === state.verb ? "active" : "",
    onclick: () => { state.verb = v.name; fillTabs(); fillOptions(); saveUrl(); updateCli(); run(); },
  }, v.name)));
}

const PAGE_DEFAULTS = {limit: 500, depth: 1};

function fillOptions() {
  const v = verbInfo();
  state.options = {};
  const box = $("options");
  box.replaceChildren(...v.options.map((o) => {
    let input;
    const id = `opt-${o.dest}`;
    if (o.kind === "bool" || (o.kind === "file" && !o.required)) {
      const on = o.kind === "file" ? true : !!o.default;
      input = el("input", {type: "checkbox", id, checked: on});
      state.options[o.dest] = on;
      input.addEventListener("change", () => { state.options[o.dest] = input.checked; updateCli(); });
    } else if (o.kind === "file") {
      return el("span", {class: "dim"}, `${o.flag}: ${o.formats.join(", ")} (downloads below)`);
    } else if (o.kind === "choice") {
      input = el("select", {id}, el("option", {value: ""}, "(default)"),
        ...o.choices.map((c) => el("option", {value: c}, c)));
      input.addEventListener("change", () => { state.options[o.dest] = input.value || null; updateCli(); });
    } else {
      const dflt = PAGE_DEFAULTS[o.dest] !== undefined ? PAGE_DEFAULTS[o.dest] : o.default;
      input = el("input", {type: o.kind === "int" ? "number" : "text", id, min: o.kind === "int" ? 0 : null,
        placeholder: o.default === null || o.default === undefined ? "" : String(o.default),
        value: dflt === null || dflt === undefined || Array.isArray(dflt) ? "" : String(dflt)});
      if (input.value) state.options[o.dest] = o.kind === "int" ? Number(input.value) : input.value;
      input.addEventListener("change", () => {
        const val = input.value.trim();
        state.options[o.dest] = val === "" ? null : (o.kind === "int" ? Number(val) : val);
        updateCli();
      });
    }
    input.setAttribute("data-option", o.dest);
    return el("label", {title: o.help}, o.kind === "file" ? "draw a plot" : o.flag, input);
  }));
  updateCli();
}

function markOptionError(error) {
  // a refused option value: its box is marked with the message (the answer area says it too)
  for (const i of document.querySelectorAll("#options [data-option]")) {
    i.classList.remove("bad");
    i.removeAttribute("aria-invalid");
    i.removeAttribute("title");
  }
  const m = error && typeof error.path === "string" ? error.path.match(/^options\.(\w+)/) : null;
  const box = m ? document.querySelector(`#options [data-option="${CSS.escape(m[1])}"]`) : null;
  if (!box) return;
  box.classList.add("bad");
  box.setAttribute("aria-invalid", "true");
  box.title = error.message || error.error;
}

// ---- the CLI equivalent --------------------------------------------------------------------------
function shellQuote(s) { return /^[\w@%+=:,./-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'"; }
function cliCommand() {
  const v = verbInfo();
  if (!v) return "";
  const parts = ["pycombat", state.verb, "scenario.yaml"];
  for (const [k, val] of Object.entries(state.flags)) parts.push("--flag", `${k}=${val}`);
  for (const o of v.options) {
    const val = state.options[o.dest];
    if (o.kind === "file") {
      if (o.required) parts.push(o.flag, `${state.verb}.${o.formats[0] || "dot"}`);
      else if (val) parts.push(o.flag, `${state.verb}.${o.formats[0] || "png"}`);
    } else if (o.kind === "bool") { if (val) parts.push(o.flag); }
    else if (o.kind === "list") { for (const item of String(val || "").split(",").filter((x) => x.trim())) parts.push(o.flag, item.trim()); }
    else if (val !== null && val !== undefined && val !== "" && val !== o.default) parts.push(o.flag, String(val));
  }
  return parts.map(shellQuote).join(" ");
}
function updateCli() { $("cli").textContent = cliCommand(); }

// ---- validation and the form ---------------------------------------------------------------------
let validateTimer = null;
function changed({run: doRun = true, form = true} = {}) {
  saveUrl();
  updateCli();
  clearTimeout(validateTimer);
  validateTimer = setTimeout(() => validate({doRun, form}), 350);
}

async function validate({doRun = true, form = true} = {}) {
  const seq = ++state.validateSeq;
  const text = $("editor").value;
  const status = $("status");
  status.className = "status busy"; status.textContent = "checking…";
  const {status: code, data} = await api("/api/validate", {text, flags: state.flags});
  if (seq !== state.validateSeq) return;
  if (form && !state.formFocus) refreshForm(text, code === 200 ? null : data);
  else markFormError(code === 200 ? null : data);
  markBoard();
  if (code === 200) {
    status.className = "status ok";
    status.textContent = (data.ruling ? `✓ a saved ${data.game} ruling, as it was saved` : `✓ a valid ${data.game} scenario`)
      + (data.title ? `: ${data.title}` : "");
    if (data.game !== state.game && state.games.some((g) => g.name === data.game)) {
      state.game = data.game; $("game").value = data.game; selectGame({keepText: true});
    }
    if (data.ruling && state.verb !== "verify") { state.verb = "verify"; fillTabs(); fillOptions(); saveUrl(); }  // only verify reads a saved ruling
    state.lastValid = text;
    $("result").classList.remove("stale");
    if (doRun) run();
  } else {
    status.className = "status bad";
    status.replaceChildren(el("span", {id: "error-text"}, data.error || "pycombat: error"),
      ...(data.line ? [el("span", {class: "dim"}, ` (line ${data.line})`)] : []));
    if (data.line) { status.title = `line ${data.line}`; showLine(data.line); }
    $("result").classList.add("stale");
  }
}

async function refreshForm(text, error) {
  const {status, data} = await api("/api/form", {text});
  const box = $("form");
  if (status !== 200) { box.replaceChildren(el("div", {class: "dim"}, "(the form shows when the YAML parses)")); return; }
  const rows = data.rows || data.fields.map((f) => ({...f, row: "field"}));
  const counts = {};  // list path -> its number of entries (an entry's arrows stop at the ends)
  for (const r of rows) if (r.row === "list" && r.present) counts[r.path] = r.count;
  const out = [];
  let chips = null;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (((r.row === "list" || r.row === "map") && !r.present) || r.row === "absent") {  // absent: a "+ name" button
      if (!chips || chips.depth !== r.depth) {
        chips = el("div", {class: "row chips", style: indent(r.depth)}, el("span", {class: "dim"}, "add:"));
        chips.depth = r.depth; out.push(chips);
      }
      chips.append(addButton(r, true));
      continue;
    }
    chips = null;
    if (r.row === "field") { out.push(fieldRow(r)); continue; }
    if (r.row === "item") {
      const next = rows[i + 1];
      if (next && next.row === "field" && next.path === r.path) {  // an entry that is one value
        out.push(fieldRow(next, r, counts)); i++; continue;
      }
      out.push(el("div", {class: "row item", "data-path": r.path, style: indent(r.depth)},
        el("label", {title: r.path}, r.key !== undefined ? r.key : r.path.match(/\[\d+\]$/)[0]),
        el("span", {}, ...moveButtons(r, counts), removeButton(r))));
      continue;
    }
    out.push(el("div", {class: `row container ${r.row}`, "data-path": r.path, style: indent(r.depth)},
      el("label", {title: `${r.path}: ${r.description}`}, `${r.path} (${r.count})`),
      el("span", {class: "adders"}, addButton(r, false))));
  }
  box.replaceChildren(...out);
  if (data.truncated) box.append(el("div", {class: "dim"}, "(the form lists the first fields; edit the rest in the YAML)"));
  markFormError(error);
}

function indent(depth) { return `padding-left: ${Math.min(depth || 0, 6) * 0.9}em`; }
function last(path) { return path.replace(/^.*[.\]]/, "").replace(/^\[/, "") || path; }

async function editDoc(body, {form = true} = {}) {
  const resp = await api("/api/edit", {text: $("editor").value, ...body});
  if (resp.status === 200) { $("editor").value = resp.data.text; changed({form}); }
  else {
    const st = $("status");
    st.className = "status bad";
    st.replaceChildren(el("span", {id: "error-text"}, resp.data.error || "pycombat: error"));
  }
  return resp.status === 200;
}

function moveButtons(r, counts) {
  // a list entry moves up or down (the order of showdown effects, card plays and members matters)
  const m = r.path.match(/^(.*)\[(\d+)\]$/);
  if (!m || !(m[1] in counts)) return [];
  const at = parseInt(m[2], 10), n = counts[m[1]];
  const button = (by, text, word) => el("button", {type: "button", class: "move", "data-move": r.path,
    "data-by": String(by), title: `move ${r.path} ${word}`, disabled: at + by < 0 || at + by >= n,
    onclick: () => editDoc({op: "move", path: r.path, value: by})}, text);
  return [button(-1, "↑", "up"), button(1, "↓", "down")];
}

function removeButton(r) {
  return el("button", {type: "button", class: "remove", "data-remove": r.path, title: `remove ${r.path}`,
    onclick: () => editDoc({op: "remove", path: r.path})}, "×");
}

function addButton(r, absent) {
  if (r.row === "absent") {
    return el("button", {type: "button", class: "add" + (r.required ? " required" : ""), "data-create": r.path,
      title: `${r.path}: ${r.description}` + (r.required ? " (required)" : ""),
      onclick: () => editDoc({op: "create", path: r.path})}, `+ ${last(r.path)}`);
  }
  const label = absent ? `+ ${last(r.path)}` : (r.row === "map" ? "+ add" : "+ add");
  const title = `${r.path}: ${r.description}` + (r.item_description ? ` (an entry: ${r.item_description})` : "");
  if (r.row === "list") {
    return el("button", {type: "button", class: "add", "data-append": r.path, title,
      disabled: !absent && r.count >= r.max, onclick: () => editDoc({op: "append", path: r.path})}, label);
  }
  // a mapping: the key is a name (completed from the shipped data when the schema says which)
  const wrap = el("span", {class: "map-add"});
  const key = el("input", {type: "text", placeholder: r.key_kind ? `a ${r.key_kind}` : "a key", autocomplete: "off",
    list: r.key_kind ? datalistFor(r.key_kind) : null, "data-add-key": r.path, size: 14});
  const go = () => { if (key.value.trim()) editDoc({op: "add", path: r.path, key: key.value.trim()}); };
  key.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  const btn = el("button", {type: "button", class: "add", "data-add": r.path, title, onclick: go}, label);
  if (absent) { key.style.display = "none"; btn.onclick = () => { if (key.style.display === "none") { key.style.display = ""; key.focus(); } else go(); }; }
  wrap.append(key, btn);
  return wrap;
}

function fieldRow(f, item, counts) {
  let input;
  if (f.enum && f.enum.length > 1) {
    input = el("select", {}, ...f.enum.map((e) => el("option", {value: String(e)}, String(e))));
    input.value = String(f.value);
  } else if (f.type === "boolean") {
    input = el("select", {}, el("option", {value: "true"}, "true"), el("option", {value: "false"}, "false"));
    input.value = String(f.value);
  } else {
    input = el("input", {type: f.type === "integer" || f.type === "number" ? "number" : "text",
      value: f.value === null ? "" : String(f.value), list: f.kind ? datalistFor(f.kind) : (f.name ? "names" : null),
      autocomplete: "off"});
  }
  input.setAttribute("data-path", f.path);
  if (f.kind) input.setAttribute("data-kind", f.kind);
  input.addEventListener("focus", () => {
    state.formFocus = true;
    if (f.kind) { state.pickField = input; for (const x of document.querySelectorAll("#form .picked")) x.classList.remove("picked"); input.classList.add("picked"); updatePickNote(); }
  });
  input.addEventListener("blur", () => { state.formFocus = false; });
  input.addEventListener("change", () => {
    let value = input.value;
    if (f.type === "integer") value = value === "" ? null : parseInt(value, 10);
    else if (f.type === "number") value = value === "" ? null : Number(value);
    else if (f.type === "boolean") value = value === "true";
    editDoc({op: "set", path: f.path, value}, {form: false});
  });
  const label = item ? (item.key !== undefined ? item.key : f.path.match(/\[\d+\]$/)[0]) : f.path;
  return el("div", {class: "row" + (item ? " item" : ""), "data-path": f.path, style: indent(f.depth)},
    el("label", {title: `${f.path}: ${f.description}`}, label),
    item ? el("span", {class: "with-remove"}, input, ...moveButtons(item, counts || {}), removeButton(item)) : input);
}

function markFormError(error) {
  for (const r of document.querySelectorAll("#form .row")) {
    r.classList.remove("bad");
    const old = r.querySelector(".field-error"); if (old) old.remove();
  }
  if (!error || !error.path) return;
  let row = null;
  for (const r of document.querySelectorAll("#form .row")) {
    const p = r.getAttribute("data-path");
    if (p === error.path) { row = r; break; }
    if (error.path.startsWith(p) && (!row || p.length > row.getAttribute("data-path").length)) row = r;
  }
  if (!row) return;
  row.classList.add("bad");
  const exact = row.getAttribute("data-path") === error.path && row.querySelector(`input[data-path="${CSS.escape(error.path)}"]`);
  row.append(el("div", {class: "field-error"}, error.message || error.error,
    ...(exact && error.suggestions ? error.suggestions.slice(0, 3).map((name) => el("button", {
      type: "button", class: "use-suggestion", "data-suggestion": name, title: `set ${error.path} to ${name}`,
      onclick: () => editDoc({op: "set", path: error.path, value: name}, {form: true})}, `use ${name}`)) : [])));
  const box = $("form");
  box.scrollTop = Math.max(0, row.offsetTop - box.offsetTop - box.clientHeight / 3);
}

function showLine(line) {
  // scroll the editor to the line of the error and select it (not while the user types there)
  const ed = $("editor");
  if (document.activeElement === ed || !line) return;
  const lines = ed.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  ed.setSelectionRange(start, start + (lines[line - 1] || "").length);
  const lh = parseFloat(getComputedStyle(ed).lineHeight) || 17;
  ed.scrollTop = Math.max(0, (line - 4) * lh);
}

// ---- the board (a game may offer one: the page draws it, marks the scenario's places) ------------
async function loadBoard() {
  const g = game();
  const box = $("board-box");
  state.board = null;
  if (!g || !g.board) { box.hidden = true; $("board").replaceChildren(); return; }
  const name = g.name;
  const {status, data} = await api(`/api/games/${name}/board`);
  if (state.game !== name) return;
  if (status !== 200 || !data.svg) {
    box.hidden = false;
    $("board").replaceChildren(el("div", {class: "dim"}, status === 200 ? "(Graphviz is not installed on the server: no map)" : data.error));
    return;
  }
  state.board = data;
  box.hidden = false;
  $("board").innerHTML = data.svg;
  const svg = $("board").querySelector("svg");
  svg.removeAttribute("width"); svg.removeAttribute("height");
  svg.setAttribute("id", "board-svg");
  $("board-legend").replaceChildren(
    ...Object.entries(data.roles).map(([role, label]) => el("span", {class: `legend mark-${role}`}, el("i", {}), label)),
    el("span", {class: "dim"}, ` · ${data.legend}`),
    el("button", {type: "button", id: "board-zoom", onclick: () => setZoom(!state.boardZoom)}, "zoom"));
  setZoom(state.boardZoom !== undefined ? state.boardZoom : true);
  for (const node of svg.querySelectorAll("g.node")) {
    const title = node.querySelector("title");
    if (!title) continue;
    node.setAttribute("data-name", title.textContent);
    node.addEventListener("click", () => pickPlace(node.getAttribute("data-name")));
  }
  updatePickNote();
  markBoard();
}

function setZoom(on) {
  state.boardZoom = on;
  const svg = $("board-svg");
  if (!svg) return;
  svg.style.width = on ? "1300px" : "100%";
  const b = $("board-zoom");
  if (b) b.textContent = on ? "fit the map" : "zoom in";
  if (on) showMarked();
}

function showMarked() {
  // scroll the map to the scenario's first marked place (the attacker's, say)
  const node = document.querySelector("#board g.marked");
  const box = $("board");
  if (!node || !state.boardZoom) return;
  const r = node.getBoundingClientRect(), b = box.getBoundingClientRect();
  box.scrollLeft += r.left - b.left - box.clientWidth / 2;
  box.scrollTop += r.top - b.top - box.clientHeight / 2;
}

function updatePickNote() {
  const b = state.board;
  if (!b) return;
  const f = state.pickField && document.body.contains(state.pickField) ? state.pickField : null;
  $("board-note").textContent = f && f.getAttribute("data-kind") === b.kind
    ? `a click fills ${f.getAttribute("data-path")}`
    : `select a ${b.kind} field in the form, then click a place to fill it`;
}

function pickPlace(name) {
  const f = state.pickField && document.body.contains(state.pickField) ? state.pickField : null;
  if (!f || !state.board || f.getAttribute("data-kind") !== state.board.kind) {
    $("board-note").textContent = `${name}: select a ${state.board ? state.board.kind : "name"} field in the form first`;
    return;
  }
  f.value = name;
  f.dispatchEvent(new Event("change"));
  $("board-note").textContent = `${f.getAttribute("data-path")} = ${name}`;
}

let boardSeq = 0;
async function markBoard() {
  if (!state.board) return;
  const seq = ++boardSeq;
  const {status, data} = await api("/api/board", {text: $("editor").value});
  if (seq !== boardSeq || status !== 200 || !state.board) return;
  for (const node of document.querySelectorAll("#board g.node")) {
    const roles = data.marks[node.getAttribute("data-name")] || [];
    for (const c of [...node.classList]) if (c.startsWith("mark-")) node.classList.remove(c);
    for (const r of roles) node.classList.add(`mark-${r}`);
    node.classList.toggle("marked", roles.length > 0);
    const t = node.querySelector("title");
    if (t) t.textContent = node.getAttribute("data-name") + (roles.length ? ` (${roles.join(", ")})` : "");
  }
  const key = JSON.stringify(data.marks);
  if (key !== state.boardMarks) { state.boardMarks = key; showMarked(); }
}

// ---- running verbs -------------------------------------------------------------------------------
async function run() {
  const v = verbInfo();
  if (!v) return;
  const seq = ++state.runSeq;
  if (state.job) { const old = state.job; state.job = null; await api(`/api/jobs/${old}/cancel`, {}); }
  if (seq !== state.runSeq) return;
  const result = $("result");
  if (result.getAttribute("data-verb") !== state.verb) result.replaceChildren(el("div", {class: "dim"}, "running…"));
  result.classList.add("stale");
  result.setAttribute("data-state", "running");
  $("progress").textContent = `${state.verb}: running…`;
  $("cancel").disabled = false;
  const ask = {text: $("editor").value, verb: state.verb, options: state.options, flags: state.flags, wait: 1};
  let {status, data} = await api("/api/run", ask);
  for (let tries = 0; status === 429 && tries < 40 && seq === state.runSeq; tries++) {  // busy: wait for a slot
    $("progress").textContent = `${state.verb}: waiting for a free worker…`;
    await new Promise((ok) => setTimeout(ok, 500));
    ({status, data} = await api("/api/run", ask));
  }
  while (status === 202 && seq === state.runSeq) {
    state.job = data.job;
    $("progress").textContent = `${state.verb}: running ${data.elapsed.toFixed(1)} s` +
      (data.progress ? `, ${data.progress.toLocaleString()} nodes` : "") + ` (budget ${data.timeout} s)`;
    ({status, data} = await api(`/api/jobs/${data.job}?wait=1`));
  }
  if (seq !== state.runSeq) return;
  state.job = null;
  $("cancel").disabled = true;
  $("progress").textContent = status === 200 ? `${state.verb}: answered in ${(data.elapsed || 0).toFixed(2)} s` : "";
  result.classList.remove("stale");
  result.setAttribute("data-state", status === 200 ? "done" : "error");
  result.setAttribute("data-verb", state.verb);
  markOptionError(status === 200 ? null : data);
  if (status !== 200) {  // the one-line error, then the program's lines under it (why a refusal, what is accepted)
    result.replaceChildren(el("div", {class: "error", id: "run-error"}, data.error,
      (data.help || []).map((line) => el("div", {class: "error-help"}, line))));
    return;
  }
  renderResult(data);
}

async function cancel() {
  if (!state.job) return;
  const id = state.job; state.job = null; state.runSeq++;
  const {data} = await api(`/api/jobs/${id}/cancel`, {});
  $("cancel").disabled = true;
  $("progress").textContent = "";
  $("result").replaceChildren(el("div", {class: "error"}, data.error || "cancelled"));
}

// ---- rendering reports (game-neutral: the report's JSON, with fractions, tables and pictures) -----
const FRACTION = /^-?\d+\/\d+$/;
function decimal(frac) {
  const [n, d] = frac.split("/");
  try {
    const N = BigInt(n), D = BigInt(d), scale = 10n ** 6n;
    const neg = (N < 0n) !== (D < 0n), a = N < 0n ? -N : N, b = D < 0n ? -D : D;
    const q = Number((a * scale * 2n + b) / (2n * b)) / 1e6;  // rounded to 6 places, as the JSON's decimals
    return (neg ? -q : q).toFixed(6);
  } catch (e) { return (Number(n) / Number(d)).toFixed(6); }
}
function fracNode(s) {
  // a long exact fraction shows its ends (click: all of it); the decimal beside it
  const short = s.length > 40 ? s.slice(0, 14) + "…" + s.slice(s.indexOf("/") - 6, s.indexOf("/") + 8) + "…" : null;
  const f = el("span", {class: "frac" + (short ? " long" : ""), title: short ? "exact; click to show it all" : null}, short || s);
  if (short) f.addEventListener("click", () => { f.textContent = f.textContent === s ? short : s; });
  return el("span", {"data-exact": s}, f, el("span", {class: "dec"}, ` ≈ ${decimal(s)}`));
}

const RULE_ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
function isFrac(v) { return v !== null && typeof v === "object" && !Array.isArray(v) && "exact" in v && "decimal" in v && Object.keys(v).length <= 3; }
function fracOf(v) { return isFrac(v) ? v.exact : (typeof v === "string" && FRACTION.test(v) ? v : null); }
function fracValue(f) { const [n, d] = f.split("/"); return Number(d) ? Number(decimal(f)) : 0; }

function ruleChip(id) { return el("span", {class: "rule", title: id}, id); }

function scalar(v, key) {
  if (typeof v === "string" && FRACTION.test(v)) return fracNode(v);
  if (key === "verdict") {
    return el("span", {class: `verdict-${v}`}, v === true ? "TRUE" : v === false ? "FALSE" : "NOT DECIDED");
  }
  if (typeof v === "string" && RULE_ID.test(v) && /rule/.test(key || "")) return ruleChip(v);
  if (v === null) return el("span", {class: "dim"}, "—");
  return String(v);
}

function compact(v, key) {
  if (v === null || typeof v !== "object") return scalar(v, key);
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === "string" && RULE_ID.test(x))) return el("span", {}, ...v.map(ruleChip));
    if (v.every((x) => x === null || typeof x !== "object")) {
      // sentences one a line; short names joined on one
      if (v.length > 1 && v.some((x) => String(x).length > 40)) return el("ul", {class: "plain"}, ...v.map((x) => el("li", {}, String(x))));
      return v.map(String).join(", ");
    }
    return render(v, key);
  }
  if (isFrac(v)) return fracNode(v.exact);
  return render(v, key);
}

function table(rows, key) {
  const cols = [];
  for (const r of rows.slice(0, 50)) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const per = 25;
  let page = 0;
  const wrap = el("div", {class: "paged", "data-key": key || ""});
  const draw = () => {
    const pages = Math.max(1, Math.ceil(rows.length / per));
    const body = rows.slice(page * per, page * per + per).map((r) =>
      el("tr", {class: r.best === true ? "best" : ""}, ...cols.map((c) => el("td", {}, c in r ? compact(r[c], c) : ""))));
    const pager = rows.length > per ? el("div", {class: "pager"},
      el("button", {type: "button", disabled: page === 0, onclick: () => { page--; draw(); }}, "‹ previous"),
      `page ${page + 1} of ${pages} (${rows.length} rows)`,
      el("button", {type: "button", disabled: page >= pages - 1, onclick: () => { page++; draw(); }}, "next ›")) : null;
    wrap.replaceChildren(pager || "", el("table", {}, el("thead", {}, el("tr", {}, ...cols.map((c) => el("th", {}, c)))),
      el("tbody", {}, ...body)));
  };
  draw();
  return wrap;
}

// a table's row holds scalars, fractions, short lists and small flat mappings; anything deeper is a card
function flatCell(x, depth) {
  if (x === null || typeof x !== "object" || isFrac(x)) return true;
  if (depth > 1) return false;
  if (Array.isArray(x)) return x.length <= 12 && x.every((y) => flatCell(y, depth + 1));
  return Object.keys(x).length <= 6 && Object.values(x).every((y) => flatCell(y, depth + 1));
}
function flatRow(r) { return Object.values(r).every((x) => flatCell(x, 0)); }
function cards(rows, key) {
  const per = 10;
  let page = 0;
  const wrap = el("div", {class: "cards", "data-key": key || ""});
  const draw = () => {
    const pages = Math.max(1, Math.ceil(rows.length / per));
    const pager = rows.length > per ? el("div", {class: "pager"},
      el("button", {type: "button", disabled: page === 0, onclick: () => { page--; draw(); }}, "‹ previous"),
      `page ${page + 1} of ${pages} (${rows.length} entries)`,
      el("button", {type: "button", disabled: page >= pages - 1, onclick: () => { page++; draw(); }}, "next ›")) : null;
    wrap.replaceChildren(pager || "", ...rows.slice(page * per, page * per + per).map((r, i) => {
      const first = Object.entries(r).find(([, x]) => x !== null && typeof x !== "object");
      return el("div", {class: "card-entry"},
        el("div", {class: "card-title"}, first ? `${first[0]} ${first[1]}` : `${key || "entry"} ${page * per + i + 1}`),
        render(first ? Object.fromEntries(Object.entries(r).filter(([k]) => k !== first[0])) : r, key));
    }));
  };
  draw();
  return wrap;
}

// a distribution: a mapping whose values are all exact probabilities (fractions), drawn as bars
function isDistribution(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const vals = Object.values(v);
  return vals.length >= 2 && vals.every((x) => fracOf(x) !== null);
}
function distribution(v, key) {
  const rows = Object.entries(v).map(([k, x]) => [k, fracOf(x)]);
  const max = Math.max(1e-12, ...rows.map(([, f]) => fracValue(f)));
  return el("table", {class: "dist", "data-key": key || ""},
    el("tbody", {}, ...rows.map(([k, f]) => el("tr", {},
      el("th", {}, k),
      el("td", {class: "bar-cell"}, el("div", {class: "bar", style: `width: ${(100 * fracValue(f) / max).toFixed(1)}%`})),
      el("td", {class: "dec"}, decimal(f)),
      el("td", {class: "frac-cell", "data-exact": f}, el("span", {class: "frac", title: f}, f.length > 24 ? f.slice(0, 10) + "…" + f.slice(-10) : f))))));
}

// a narration: a list of sentences with the rules that justify them
function isNarration(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && typeof x.text === "string"
    && Object.keys(x).every((k) => ["text", "rule", "rules", "source"].includes(k)));
}
function narration(v, key) {
  return el("ol", {class: "narration", "data-key": key || ""}, ...v.map((x) => el("li", {}, x.text, " ",
    ...[].concat(x.rules || [], x.rule ? [x.rule] : []).map((r) => typeof r === "string" ? ruleChip(r)
      : (r && r.rule ? ruleChip(r.rule) : "")))));
}

// a line of play: decisions and chance events, in order
function isLine(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && ("action" in x || "choice" in x)
    && ("kind" in x || "player" in x || "by" in x));
}
function line(v, key) {
  return el("ol", {class: "line", "data-key": key || ""}, ...v.map((x) => {
    const who = x.kind === "chance" || x.kind === "chance_event" ? "chance" : (x.player !== undefined && x.player !== null ? `player ${x.player}` : (x.by || x.kind || ""));
    const p = fracOf(x.prob) || fracOf(x.p);
    const rest = Object.fromEntries(Object.entries(x).filter(([k]) => !["kind", "player", "action", "choice", "prob", "p", "by"].includes(k) && x[k] !== null));
    return el("li", {class: `step-${x.kind || "decision"}`}, el("b", {}, who), ": ", String(x.action || x.choice),
      p ? el("span", {class: "dim"}, " (p = ", fracNode(p), ")") : null,
      Object.keys(rest).length ? el("span", {class: "dim"}, " · " + Object.entries(rest).map(([k, y]) => `${k}: ${typeof y === "object" ? JSON.stringify(y) : y}`).join(", ")) : null);
  }));
}

function render(v, key) {
  if (v === null || typeof v !== "object") return scalar(v, key);
  if (Array.isArray(v)) {
    if (!v.length) return el("span", {class: "dim"}, "(none)");
    if (isNarration(v)) return narration(v, key);
    if (isLine(v)) return line(v, key);
    if (v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x))) {
      return v.every(flatRow) ? table(v, key) : cards(v, key);
    }
    return el("ul", {}, ...v.map((x) => el("li", {}, compact(x, key))));
  }
  if (isFrac(v)) return fracNode(v.exact);
  if (isDistribution(v)) return distribution(v, key);
  return el("dl", {}, ...Object.entries(v).flatMap(([k, x]) => [el("dt", {}, k), el("dd", {"data-key": k}, compact(x, k))]));
}

const HIDDEN = new Set(["game", "verb", "scenario", "flags"]);

function download(name, text, type) {
  const a = el("a", {href: URL.createObjectURL(new Blob([text], {type})), download: name});
  document.body.append(a); a.click(); a.remove();
}

// ---- the layouts of the answers: from the report's shape (no game named) -------------------------
const HEADLINE = ["value", "probability", "outcome_text", "objective", "decide", "kind", "outcome", "expected_rounds"];

function headline(r) {
  const items = [];
  for (const k of HEADLINE) {
    if (!(k in r) || r[k] === null || typeof r[k] === "object" && !isFrac(r[k])) continue;
    const f = fracOf(r[k]);
    items.push(el("div", {class: "stat", "data-key": k}, el("div", {class: "stat-label"}, k.replace(/_/g, " ")),
      el("div", {class: "stat-value"}, f ? fracNode(f) : String(r[k]))));
  }
  for (const [k, v] of Object.entries(r)) {  // expected_*: one value or one per player
    if (!k.startsWith("expected_") || k === "expected_rounds") continue;
    const entries = isFrac(v) ? [["", v]] : (v && typeof v === "object" && !Array.isArray(v) ? Object.entries(v).filter(([, x]) => fracOf(x)) : []);
    for (const [who, x] of entries) {
      items.push(el("div", {class: "stat", "data-key": k}, el("div", {class: "stat-label"}, `${k.replace(/_/g, " ")}${who ? ` (${who})` : ""}`),
        el("div", {class: "stat-value"}, fracNode(fracOf(x)))));
    }
  }
  return items.length ? el("div", {class: "stats", id: "headline"}, ...items) : null;
}

// a reason whose quoted text is the rule's whole text: shown once (and no sub-item named as decisive)
function shortReason(r) {
  if (r.full_text !== r.text) return r;
  const {full_text, decisive, ...rest} = r;
  return decisive === null || decisive === undefined ? rest : {...rest, decisive};
}

function claimCard(c) {
  const flags = c.decided_by_flags || {};
  const g = game();
  const tries = Object.entries(flags).flatMap(([name, val]) => {
    const f = g && g.flags.find((x) => x.name === name);
    const others = f ? f.values.filter((x) => x !== val) : [];
    return [el("span", {class: "flip"}, el("b", {}, `${name} = ${val}`), others.length ? " · try " : "",
      ...others.map((o) => el("button", {type: "button", class: "try-flag", "data-flag": name, "data-value": o,
        title: `re-run with --flag ${name}=${o}`, onclick: () => setFlag(name, o)}, o)))];
  });
  const verdict = c.verdict === true ? "true" : c.verdict === false ? "false" : "null";
  return el("div", {class: `claim verdict-box-${verdict}`, "data-claim": c.id || ""},
    el("div", {class: "claim-head"}, scalar(c.verdict, "verdict"), " ", el("span", {class: "claim-text"}, c.claim || c.id || ""),
      c.id ? el("span", {class: "dim"}, ` (${c.id})`) : null,
      "expected" in c ? el("span", {class: c.as_expected === false ? "error-inline" : "dim"},
        ` · expected ${String(c.expected)}${c.as_expected === false ? " — NOT as expected" : ""}`) : null),
    c.reasons && c.reasons.length ? table(c.reasons.map(shortReason), "reasons") : null,
    tries.length ? el("div", {class: "flips"}, "decided by the flags: ", ...tries) : null,
    ...(c.readings || []).map(readingsTable),
    c.notes && c.notes.length ? el("ul", {class: "notes"}, ...c.notes.map((n) => el("li", {}, typeof n === "string" ? n : compact(n, "notes")))) : null,
    ...Object.entries(c).filter(([k]) => !["id", "claim", "verdict", "decided", "reasons", "decided_by_flags", "readings", "notes", "expected", "as_expected"].includes(k))
      .map(([k, x]) => el("dl", {}, el("dt", {}, k), el("dd", {"data-key": k}, compact(x, k)))));
}

// a flag's readings side by side: the verdict under each value, the rules (and sources) it rests on
function readingsTable(t) {
  const by = {default: "the default", scenario: "set by the scenario", "command line": "set on the command line"};
  const word = (v) => v === true ? "TRUE" : v === false ? "FALSE" : "NOT DECIDED";
  const rows = t.readings.map((r) => el("tr", {class: r.chosen ? "reading-chosen" : "", "data-value": r.value},
    el("td", {}, r.value, r.chosen ? el("span", {class: "dim"}, " (chosen)") : null),
    el("td", {}, r.error ? el("span", {class: "verdict-null"}, "cannot be read so") : scalar(r.verdict, "verdict")),
    el("td", {}, r.error ? r.error : r.rules.map((x) => `${x.rule}${x.source ? ` (${x.source.replace(/\.$/, "")})` : ""}`).join(", ")),
    el("td", {}, r.chosen ? "" : el("button", {type: "button", class: "use-reading", "data-flag": t.flag, "data-value": r.value,
      title: `re-run with --flag ${t.flag}=${r.value}`, onclick: () => setFlag(t.flag, r.value)}, "use"))));
  return el("div", {class: `readings${t.flips ? " readings-flip" : ""}`, "data-flag": t.flag},
    el("div", {}, el("b", {}, t.flag), t.flips ? " decides this verdict" : el("span", {class: "dim"}, ` · the same verdict under every value (${word(t.readings[0].verdict)})`),
      el("span", {class: "dim"}, ` · in force: ${t.chosen}, ${by[t.chosen_by] || t.chosen_by}`),
      t.cited_by && t.cited_by.length ? el("span", {class: "dim"}, ` · read by ${t.cited_by.join(", ")}`) : null),
    t.flips ? el("table", {class: "readings-table"},
      el("tr", {}, el("th", {}, "reading"), el("th", {}, "verdict"), el("th", {}, "rules (sources)"), el("th", {}, "")), ...rows) : null,
    t.flips && t.why ? el("div", {class: "dim why"}, `why two readings: ${t.why}`) : null);
}

function setFlag(name, value) {
  state.flags[name] = value;
  fillFlags();
  changed({run: true});
}

function layout(r, data) {
  const out = [];
  const hl = headline(r);
  if (hl) out.push(hl);
  if (Array.isArray(r.unmodelled) && r.unmodelled.length) {
    out.push(el("div", {class: "warn", id: "unmodelled"}, el("b", {}, "not modelled (named, not ignored): "), compact(r.unmodelled, "unmodelled")));
  }
  if (Array.isArray(r.claims) && r.claims.every((c) => c && typeof c === "object" && "verdict" in c)) {
    const n = {true: 0, false: 0, null: 0};
    for (const c of r.claims) n[c.verdict === true ? "true" : c.verdict === false ? "false" : "null"]++;
    out.push(el("div", {class: "claims", id: "claims"},
      el("div", {class: "dim"}, `${r.claims.length} claims: ${n.true} true, ${n.false} false, ${n.null} not decided`),
      ...r.claims.map(claimCard)));
  } else if (Array.isArray(r.claims)) {  // a saved ruling checked again: per claim, whether its verdict stands
    out.push(render({claims: r.claims}, ""));
  }
  const skip = new Set([...HIDDEN, "title", "count", "unmodelled", "claims",
    ...HEADLINE.filter((k) => k in r && (r[k] === null || typeof r[k] !== "object" || isFrac(r[k]))),
    ...Object.keys(r).filter((k) => k.startsWith("expected_") && (isFrac(r[k]) || isDistribution(r[k])))]);
  const plotted = (x) => isDistribution(x) || (x && typeof x === "object" && !Array.isArray(x)
    && Object.values(x).length > 0 && Object.values(x).every(isDistribution));
  const entries = Object.entries(r).filter(([k]) => !skip.has(k));
  const rest = Object.fromEntries([...entries.filter(([, x]) => plotted(x)), ...entries.filter(([, x]) => !plotted(x))]);
  if (Object.keys(rest).length) out.push(render(rest, ""));
  return out;
}

function renderResult(data) {
  const r = data.result || {};
  const head = [];
  if (r.title) head.push(el("h3", {}, r.title));
  if (r.count !== undefined) {
    const n = r.count !== null && typeof r.count === "object" ? r.count.total : r.count;  // (a total and its parts)
    head.push(el("div", {}, el("span", {class: "count", id: "count"}, String(n)),
      el("span", {class: "count-label"}, `legal ${r.counted || r.notion || "options"}` + (r.truncated ? " (the table lists the first ones)" : ""))));
  }
  for (const [name, src] of Object.entries(data.images || {})) {
    head.push(el("img", {class: "plot", id: `plot-${name}`, src, alt: `${state.verb} ${name}`}));
  }
  if (data.files) {
    if (data.files.svg) {
      const box = el("div", {id: "tree-svg"});
      box.innerHTML = data.files.svg.replace(/^[\s\S]*?(<svg)/, "$1");
      head.push(box);
    } else if (data.files.dot) {
      head.push(el("div", {class: "dim"}, "(Graphviz's dot is not installed on the server: no picture; download the DOT)"));
    } else if (data.drawing) {  // a tree too large to draw: the GraphML holds all of it
      head.push(el("div", {class: "dim", id: "tree-drawing"}, `(no picture: ${data.drawing})`));
    }
    head.push(el("div", {}, ...Object.entries(data.files).map(([fmt, text]) => el("button", {
      type: "button", id: `download-${fmt}`,
      onclick: () => download(`tree.${fmt}`, text, fmt === "svg" ? "image/svg+xml" : "text/plain")}, `Download ${fmt.toUpperCase()}`))));
  }
  if (data.exit_code) head.push(el("div", {class: "error"}, `exit code ${data.exit_code}: ` + (r.stands === false
    ? "a verdict of the saved ruling changed" : "a claim's expect: is not met")));
  // three views of one answer: the layout, the text the CLI prints, the JSON
  const narrated = (name) => state.verb === "replay" && data.text  // a replay reads best as the CLI narrates it
    ? [el("pre", {class: "cli-text narration-text", id: "narration"}, data.text),
       el("details", {}, el("summary", {}, "the replay's data"), ...layout(r, data))]
    : layout(r, data);
  const views = {layout: () => narrated(),
    text: () => [el("pre", {class: "cli-text", id: "cli-text"}, data.text || "(this verb prints no text)")],
    json: () => [el("pre", {class: "json", id: "json-text"}, JSON.stringify(r, null, 1))]};
  const body = el("div", {id: "view-body"});
  const show = (name) => {
    state.view = name;
    body.replaceChildren(...views[name]());
    for (const b of bar.querySelectorAll("button")) b.classList.toggle("active", b.getAttribute("data-view") === name);
  };
  const bar = el("div", {class: "views"},
    ...[["layout", "Layout"], ["text", "Text (as the CLI prints it)"], ["json", "JSON"]].map(([name, label]) =>
      el("button", {type: "button", "data-view": name, id: `view-${name}`, onclick: () => show(name)}, label)),
    el("button", {type: "button", id: "download-json", onclick: () => download(`${state.verb}.json`, JSON.stringify(r, null, 1), "application/json")}, "Download JSON"),
    data.ruling ? el("button", {type: "button", id: "save-ruling", title: "the scenario, flags, verdicts with their rules' texts, versions and a content hash: `pycombat verify ruling.json` checks it again later",
      onclick: () => download("ruling.json", JSON.stringify(data.ruling, null, 1), "application/json")}, "Save ruling") : null);
  $("result").replaceChildren(...head, bar, body);
  show(views[state.view] ? state.view : "layout");
}

// ---- loading -------------------------------------------------------------------------------------
const datalists = {};
function datalistFor(kind) {
  // one datalist per kind of name (filled from the game's names of that kind, else every name)
  if (!(kind in datalists)) {
    datalists[kind] = `names-${Object.keys(datalists).length}`;
    $("datalists").append(el("datalist", {id: datalists[kind], "data-kind": kind}));
    fillDatalist(kind);
  }
  return datalists[kind];
}
function fillDatalist(kind) {
  const list = document.getElementById(datalists[kind]);
  if (!list) return;
  const names = (state.names && state.names.kinds && state.names.kinds[kind]) || (state.names ? state.names.names : []);
  list.replaceChildren(...names.map((n) => el("option", {value: n})));
}
async function loadNames() {
  const {status, data} = await api(`/api/games/${state.game}/names`);
  if (status !== 200) return;
  state.names = data;
  $("names").replaceChildren(...data.names.map((n) => el("option", {value: n})));
  for (const kind of Object.keys(datalists)) fillDatalist(kind);
}

function selectGame({keepText = false} = {}) {
  fillExamples(); fillFlags(); fillTabs(); fillOptions(); loadNames(); loadBoard();
  if (!keepText) $("example").value = "";
}

async function loadExample(name) {
  if (name === "(empty)") {
    $("editor").value = `game: ${state.game}\ntitle: a new scenario\n`;
  } else {
    const {status, data} = await api(`/api/games/${state.game}/examples/${encodeURIComponent(name).replace(/%2F/g, "/")}`);
    if (status !== 200) { $("status").textContent = data.error; return; }
    $("editor").value = data.text;
  }
  state.flags = {}; fillFlags();
  changed({});
}

async function init() {
  const [games, limits] = await Promise.all([api("/api/games"), api("/api/limits")]);
  state.games = games.data; state.limits = limits.data;
  fillGames();
  const p = new URLSearchParams(location.hash.slice(1));
  let text = null;
  if (p.get("s")) { try { text = await decompress(p.get("s")); } catch (e) { text = null; } }
  state.game = (p.get("game") && state.games.some((g) => g.name === p.get("game"))) ? p.get("game")
    : (state.games.find((g) => g.default_example) || state.games[0]).name;
  state.verb = p.get("verb") || null;
  try { state.flags = JSON.parse(p.get("flags") || "{}"); } catch (e) { state.flags = {}; }
  $("game").value = state.game;
  selectGame();
  if (text !== null) { $("editor").value = text; changed({}); }
  else {
    const g = game();
    if (g.default_example) { $("example").value = g.default_example; await loadExample(g.default_example); }
  }
  $("game").addEventListener("change", () => {
    state.game = $("game").value; state.flags = {}; selectGame();
    const g = game();
    const first = g.default_example || (g.examples[0] && g.examples[0].name);
    if (first) { $("example").value = first; loadExample(first); }
  });
  $("example").addEventListener("change", () => { if ($("example").value) loadExample($("example").value); });
  $("editor").addEventListener("input", () => changed({}));
  $("run").addEventListener("click", run);
  $("cancel").addEventListener("click", cancel);
  $("download").addEventListener("click", () => download("scenario.yaml", $("editor").value, "application/yaml"));
  $("copy-link").addEventListener("click", async () => {
    const p2 = new URLSearchParams({game: state.game, verb: state.verb, s: await compress($("editor").value)});
    if (Object.keys(state.flags).length) p2.set("flags", JSON.stringify(state.flags));
    const url = location.origin + location.pathname + "#" + p2.toString();
    history.replaceState(null, "", url);
    copy(url, "link copied");
  });
  $("copy-cli").addEventListener("click", () => copy(cliCommand(), "command copied (save the scenario as scenario.yaml)"));
  $("card-go").addEventListener("click", lookupCard);
  $("card-name").addEventListener("keydown", (e) => { if (e.key === "Enter") lookupCard(); });
}

async function copy(text, note) {
  try { await navigator.clipboard.writeText(text); $("copied").textContent = note; }
  catch (e) { $("copied").textContent = "(select and copy: " + text + ")"; }
  setTimeout(() => { $("copied").textContent = ""; }, 4000);
}

async function lookupCard() {
  const name = $("card-name").value.trim();
  if (!name) return;
  const {status, data} = await api(`/api/card?game=${encodeURIComponent(state.game)}&name=${encodeURIComponent(name)}`);
  $("card-out").replaceChildren(status === 200 ? render(Object.fromEntries(Object.entries(data).filter(([k]) => !HIDDEN.has(k))), "")
    : el("div", {class: "error", id: "card-error"}, data.error));
}

init();
