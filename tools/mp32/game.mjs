// The board's start-up and a scripted game (tests/mpstubs/player.py) on MicroPython's 32-bit
// WebAssembly port (see mp32.mjs), one poll of the game's loop per step: the heap the game holds,
// with a board's object sizes.
//
//     node tools/mp32/game.mjs TREE [SCRIPT] [HEAP_BYTES]
//
// TREE is tools/device_boot.py's board tree (code.py, brisca/, lib/, assets/, and the stand-ins
// for CircuitPython's modules in firmware/). The steps are code.main()'s (the app's modules, the
// board, the saves on microcontroller.nvm, the text libraries, the app), then the game's loop one
// poll at a time, the player pressing keys through the keypad stand-in, until its script ends;
// then code.py's error screen. Prints the player's lines, "LIVE <bytes> <step>" for each start-up
// step and "PEAK <bytes> at <step> (names <count>)" at the end: the heap in use after each step's
// collection, at its largest (a floor for what the game needs: within a step it also makes
// garbage), and how many names the table held then. SCRIPT "stand-ins" only prints "STAND-INS
// <bytes>", the heap the stand-in modules take (a board has them in firmware), and "STAND-IN-NAMES
// <bytes> <count>", the names table (qstrs) then and how many names it holds. The heap (default
// 1 MiB) is fixed: once it would have run out, a MemoryError line and exit status 1.
// "VIEW <name> <bytes> <names> <count> <text>": the heap in use (collected) each time the game
// shows another screen, how much of it the interpreter's table of names (qstrs, never freed) takes,
// how many names it holds, and how much of it is their text (the rest: its pools of entries).
// With MP32_PROBE=<bytes> set, a bytearray that size is allocated then too: "BLOCK <bytes>", how
// far from the heap's start its end lies (the heap is first fit: a block that ends below a size
// fits a heap of that size; tools/fit.py's BLOCK_HEAP). With MP32_DUMP=<screen>:<n>:<path> set, the n-th time that
// screen shows, the heap as it is then goes to <path>.map (the port's map of its blocks),
// <path>.bin (its bytes) and <path>.names (the names table), for tools/heapref.py, and the run
// ends. With MP32_MAPS=<folder> set, each time the game shows another screen the heap's map goes to
// <folder>/<poll>-<screen>.map (tools/fit.py models a board's split heap from it).
// "IMPORT <module> <bytes> <names> <count>": a poll imported a screen's module (the app loads them
// one a poll here), the heap in use when it began, how much the table of names grew in it, and
// how many names it held after. "NESTED <module> <bytes> <names> <count>": a brisca module a poll
// loaded besides that one (imported by a module as it loaded, or by a handler), the same figures
// for that poll. "MODULES ...": what start-up loaded, at the first screen.
// MP32_PYSTACK_TRACE=1: the pystack a board would use (Python's frames, outside the heap), on the
// port's build with sys.settrace: at every call of a function of the game (brisca/, code.py, the
// libraries; not the stand-ins, which are C on a board, nor the player, nor what they call) the
// pystack in use up to the end of its frame, as the board's frames hold it (the settrace build's
// frames are SETTRACE_BYTES larger each, its tracer's own frame apart), with the board's call chain
// above App.loop (code.py's module, start(), main(): mp32.mjs' boardChain(), measured on code.py
// itself) taken from the pystack before anything runs. At the end "PYSTACK <bytes> of 1536 at
// <function> (<file>)": the deepest, against CircuitPython 9's pystack (1,536 B), and "PYSTACK-AI
// <bytes>": the chain above the AI (the deepest end of Table.ai_turn's or a hint's frame); exit
// status 4 once the deepest is over 1,536 B. The run's own pystack is 8 KB (the stand-ins' frames
// are no board's), its heap as asked (the tracer's frame objects are garbage each step).
import fs from "node:fs";
import path from "node:path";
import { boot, boardChain, BOARD_PYSTACK, SETTRACE_BYTES } from "./mp32.mjs";

const [tree, script = "full", heapArg = String(1 << 20)] = process.argv.slice(2);
if (!tree) {
  console.error("usage: node game.mjs TREE [full|boot|resume|hard4|stand-ins] [HEAP_BYTES]");
  process.exit(2);
}
// the game's loop one poll a step (a call from JavaScript: its frame is the driver's chain)
const POLL = "def poll():\n    app.loop(1)\n" +
  "    r = '%s %s %d %d' % (app.screen, app.loaded, app.imports, len(__import__('sys').modules))\n";
const tracing = process.env.MP32_PYSTACK_TRACE === "1";
// MP32_BOARD_CHAIN=1 (untraced, with MP32_PYSTACK): the board's chain above App.loop taken from the
// pystack too, so a run on CircuitPython 9's 384 words is a board's chain plus the stand-ins' frames
const boardChained = tracing || process.env.MP32_BOARD_CHAIN === "1";
const chain = boardChained ? await boardChain(fs.readFileSync(path.join(tree, "code.py"), "utf8"), POLL + "    return r")
  : null;
const vm = await boot(tree, parseInt(heapArg, 10), ["firmware", "lib"], tracing ? { settrace: true, pystack: 2048 } : {});
if (boardChained) vm.reserve(chain.missing);
// untraced on the board's chain: how far up the pystack the run wrote (stand-ins' frames included)
const highWater = boardChained && !tracing;
if (highWater) {
  vm.paintStack(chain.missing); // (reserve() left the pystack's next free byte there)
}
function stackCheck(where, e) { // a step that ran out of the pystack ends the run
  if (e !== undefined && String(e).includes("pystack exhausted")) {
    console.log("PYSTACK exhausted (%d B) %s: %s", vm.pystackBytes, where, String(e).split("\n").slice(-2).join(" "));
    process.exit(4);
  }
}
// The stand-ins' and the player's files (as their frames name them): not the game's frames.
const notOurs = fs.readdirSync(path.join(tree, "firmware")).flatMap((name) => [name.replace(/\.mpy$/, ""),
  name.replace(/\.mpy$/, ".py")]);
// The tracer (see the top): `_deep` [deepest, its function, its file, the chain above the AI]; `_T` the
// pystack the tracer's call itself takes (measured on a call from here: _cal's own use against
// what the tracer saw at its start).
const TRACER = `from micropython import pystack_use as _use
from sys import settrace as _settrace
_deep = [0, '', '', 0, '']
_AT = {}  # a frame's id -> the pystack in use at its call, its frame included
_T = [0, 0]
_NOT = ${JSON.stringify(notOurs)}
def _tr(f, ev, arg):
    if ev != 'call':
        return None
    if _T[0] == 0:
        _T[1] = _use()
        return None
    u = _use() - _T[0]
    _AT[id(f)] = u
    if u <= _deep[0] and u <= _deep[3]:
        return None
    n = 0
    g = f
    while g is not None:
        if g.f_code.co_filename in _NOT:
            return None
        n += 1
        g = g.f_back
    b = u - ${SETTRACE_BYTES} * n
    c = f.f_code
    if b > _deep[0]:
        _deep[0] = b
        _deep[1] = c.co_name
        _deep[2] = c.co_filename
        _deep[4] = '<'.join(['%s.%s:%d' % (h.f_code.co_filename.split('.')[-1], h.f_code.co_name, _AT.get(id(h), 0) - _AT.get(id(h.f_back), 0) - ${SETTRACE_BYTES})
                             for h in _frames(f)])
    if b > _deep[3] and (c.co_name == 'ai_turn' or c.co_name == 'hint' and 'ui' in c.co_filename):
        _deep[3] = b
    return None
def _frames(f):
    while f is not None:
        yield f
        f = f.f_back
def _cal():
    return _use()
_settrace(_tr)`;
const used = vm.used;
const base = used();
let peak = 0;
let peakAt = "";
let peakNames = 0; // how many names the table held at the peak (read after it: names only grow)
function measure(where) {
  if (used() > peak) {
    peak = used();
    peakAt = where;
    namesNow();
    peakNames = lastCount;
  }
}
// The table of names (qstrs) in bytes, and its size when last read: an import's line says how much
// it grew in that poll (tools/fit.py counts that instead of what it grew by when measured alone)
let lastNames = 0;
let lastCount = 0; // how many names the table held when last read
function namesNow() { // [bytes, names, bytes of text], as vm.names()
  const figures = vm.names();
  lastCount = figures[1];
  return figures;
}
function namesGrown() {
  const now = namesNow()[0];
  const grown = now - lastNames;
  lastNames = now;
  return grown;
}

function step(code, what = code.split("\n")[0]) {
  try {
    vm.run(code, what);
  } catch (e) {
    stackCheck(what, e);
    throw e;
  }
  measure(what);
  console.log("LIVE %d %s", used(), what);
}

if (script === "stand-ins") {
  vm.run("import player, board, displayio, terminalio, fontio, bitmaptools, vectorio, digitalio, pwmio, audioio, " +
    "audiocore, neopixel_write, analogio, storage, microcontroller, supervisor, keypad, busdisplay");
  console.log("STAND-INS %d", used() - base);
  const [bytes, count] = vm.names();
  console.log("STAND-IN-NAMES %d %d", bytes, count);
  process.exit(0);
}
// Where the heap begins: a 16-byte block taken before anything else (the heap fills from its start:
// the "BLOCK" lines below say how far up a large block had to go).
step("import uctypes\n_b = bytearray(16)\nHEAP0 = uctypes.addressof(_b)\ndel _b, uctypes", "the heap's start");
step("import player");
// microcontroller.nvm is flash on a board, not heap: the stand-in's 8 KB live outside the heap.
const nvmSize = vm.mp.pyimport("microcontroller").nvm._size;
step(`import microcontroller, uctypes\nmicrocontroller.nvm._data = uctypes.bytearray_at(${vm.flash(nvmSize, 0xff)}, ` +
  `${nvmSize})\ndel uctypes`, "the save memory, outside the heap");
// (no wrappers round the searches: they measure the C stack on the unix port, with frames of their own)
step("player._stack[1] = player._stack[2] = True\nplayer.begin(" + JSON.stringify(script) + ")");
// code.boot(): code.py's own start-up, a phase a step; the saves on microcontroller.nvm, as
// open_store() picks them on CircuitPython.
step("import code\nfrom brisca.save.store import SaveData\nphases = code.boot(SaveData(microcontroller.nvm))\n" +
  "del SaveData", "code.py");
lastNames = namesNow()[0];
for (let phase = 1; ; phase++) {
  const before = used();
  step("parts = next(phases)\nready = type(parts) is tuple\nname = parts if type(parts) is str else ''",
    `start-up phase ${phase}`);
  const name = vm.mp.globals.get("name");
  const grown = namesGrown();
  if (name) console.log("IMPORT %s %d %d %d", name, before, grown, lastCount);
  if (vm.mp.globals.get("ready")) break;
}
step("brd, store = parts\ndel parts, phases, ready, name\nfrom brisca.ui.app import run", "the board and the saves");
// stepwise: the app imports a screen's modules one a poll, so each import is a step of its own
step("app = run(brd, store, 0, stepwise=True)\n" + POLL +
  vm.endCheck.replace(/^/gm, "    ") + "\n    return r", "the app, its first screen");
// brisca's modules loaded now, as a set (read again whenever sys.modules changes size)
function loadedNow() {
  vm.run("print('LOADED', ' '.join([k for k in __import__('sys').modules if k.startswith('brisca')]))");
  return new Set(vm.lastLine().split(" ").slice(1));
}
let known = loadedNow();
if (tracing) { // the tracer on, and what its own call takes
  vm.mp.runPython(TRACER);
  const own = vm.mp.globals.get("_cal")();
  vm.mp.runPython("_T[0] = _T[1] - " + own);
}
let mods = "";
let lastMods = "";
const poll = vm.mp.globals.get("poll");
let lastImports = "0";
let printedModules = false;
const probe = process.env.MP32_PROBE ? parseInt(process.env.MP32_PROBE, 10) : 0;
const [dumpAt, dumpNth, dumpPath] = (process.env.MP32_DUMP || "::").split(":");
const shown = {}; // screen -> how many times it has shown
// What running `code` prints (the port prints through process.stdout.write), as text.
function printed(code) {
  const lines = [];
  const write = process.stdout.write;
  process.stdout.write = (text) => lines.push(String(text));
  try {
    vm.run(code);
  } finally {
    process.stdout.write = write;
  }
  return lines.join("");
}
// The heap's map (micropython.mem_info(1)'s text), as tools/heapref.py reads it.
function heapMap() {
  return printed("import micropython\nmicropython.mem_info(1)\ndel micropython");
}
// The heap's map, bytes and names, as tools/heapref.py reads them (see MP32_DUMP above).
function dump(path) {
  const text = printed("import micropython\nmicropython.mem_info(1)\nmicropython.qstr_info(1)\ndel micropython");
  const start = parseInt(text.split("GC memory layout; from ")[1], 16);
  const total = parseInt(text.split("GC: total: ")[1], 10);
  fs.writeFileSync(path + ".map", text.split("qstr pool:")[0]);
  fs.writeFileSync(path + ".names", "qstr pool:" + text.split("qstr pool:")[1]);
  fs.writeFileSync(path + ".bin", vm.mp._module.HEAPU8.slice(start, start + total));
}
let screen = "";
let loaded = "";
let imports = "0";
for (let polls = 1; ; polls++) {
  let now;
  const before = used();
  try {
    [now, loaded, imports, mods] = poll().split(" ");
  } catch (e) {
    stackCheck(`poll ${polls} (${screen})`, e);
    if (vm.ranOut(e)) vm.outOfHeap(`at poll ${polls}`);
    if (String(e).includes("Done")) {
      vm.settle("at the script's last poll");
      break;
    }
    console.log("PLAYER failed at poll %d: %s", polls, String(e).split("\n").slice(-2).join(" "));
    process.exit(3);
  }
  vm.settle(`at poll ${polls}`);
  measure(`poll ${polls}, after "${vm.lastLine().trim()}"`);
  const importing = imports !== lastImports;
  const changed = mods !== lastMods || importing;
  const grown = changed ? namesGrown() : 0; // (the names this poll's imports made)
  if (importing) { // this poll imported `loaded`: the heap held `before` when it began
    console.log("IMPORT %s %d %d %d", loaded, before, grown, lastCount);
    lastImports = imports;
  }
  if (now !== screen) {
    screen = now;
    const [names, count, text] = namesNow();
    lastNames = names;
    console.log("VIEW %s %d %d %d %d", screen, used(), names, count, text);
    if (polls === 1 || screen === "title" && !printedModules) { // what start-up loaded
      vm.run("import sys\nprint('MODULES', ' '.join(sorted([k for k in sys.modules if k.startswith('brisca')])))");
      printedModules = true;
    }
    shown[screen] = (shown[screen] || 0) + 1;
    if (screen === dumpAt && String(shown[screen]) === dumpNth) { // (and the run ends there)
      dump(dumpPath);
      console.log("DUMPED %s", dumpPath);
      process.exit(0);
    }
    if (process.env.MP32_MAPS) { // the heap's map now, for tools/fit.py's model of a board's split heap
      fs.writeFileSync(path.join(process.env.MP32_MAPS, `${polls}-${screen}.map`), heapMap());
    }
    if (probe) { // a large block: where the heap (first fit) puts a bytearray of `probe` bytes
      vm.run(`import uctypes\n_p = bytearray(${probe})\nprint("BLOCK", uctypes.addressof(_p) + ${probe} - HEAP0)\n` +
        "del _p, uctypes", `a ${probe}-byte block on the ${screen} screen`);
    }
  }
  if (changed) { // modules came or went (read after the figures): any other one this poll
    lastMods = mods; // loaded (a module's own import, or a handler's) compiled in it too
    const now2 = loadedNow();
    for (const m of now2) {
      if (!known.has(m) && !(importing && m === loaded)) console.log("NESTED %s %d %d %d", m, before, grown, lastCount);
    }
    known = now2;
  }
}
step("app = brd = store = None\nplayer.finish()", "the error screen");
console.log("PEAK %d at %s (names %d)", peak, peakAt, peakNames);
if (highWater) {
  console.log("PYSTACK-HIGH %d of %d (the board's chain above App.loop %d B, the stand-ins' Python frames included)",
    vm.stackHigh(), vm.pystackBytes, chain.board);
}
if (tracing) {
  vm.mp.runPython("_settrace(None)\ndeep = '%d %d %s %s' % (_deep[0], _deep[3], _deep[1], _deep[2])");
  const [deepest, ai, fn, file] = vm.mp.globals.get("deep").split(" ");
  console.log("PYSTACK %d of %d at %s (%s) (the board's chain above App.loop %d B, the driver's %d B)", deepest,
    BOARD_PYSTACK, fn, file, chain.board, chain.port);
  console.log("PYSTACK-AI %d", ai);
  vm.mp.runPython("chain = _deep[4]");
  console.log("PYSTACK-CHAIN %s", vm.mp.globals.get("chain"));
  if (Number(deepest) > BOARD_PYSTACK) process.exit(4);
}
