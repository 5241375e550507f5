// What compiling a module from source costs on MicroPython's 32-bit WebAssembly port (see
// mp32.mjs): the smallest heap in which `import MODULE` succeeds from its .py, its dependencies
// loaded first from .mpy, found by bisection (each try a fresh interpreter). A module shipped in
// pieces (brisca/pieces.py, tools/slim.py) compiles a piece a step: a board collects whenever it
// must, this port only between steps, so garbage a step makes and the compiler does not free
// itself counts too: an upper bound of a board's peak.
//
//     node tools/mp32/compile.mjs [--again] TREE MODULE [PRE...]
//
// TREE holds the .mpy tree (and firmware/, lib/); MODULE's .py (and .src) must be in TREE in
// place of its .mpy. PRE: modules to import first (the ones MODULE needs). Prints
// "COMPILE <module> <before> <after> <heap> <names>": the heap in use after the imports of PRE,
// after MODULE (collected), the smallest heap that held the import, and how much of what it
// added is the table of names' growth.
// --again: MODULE compiled once before, then let go (as brisca.ui.app's unload() does), so the
// names its source holds are in the interpreter's table already, as when a game imports a
// module a second time: that compile makes no new names.
import { boot, NAMES_INFO, namesOf } from "./mp32.mjs";

const args = process.argv.slice(2);
const again = args[0] === "--again";
const [tree, module, ...pre] = again ? args.slice(1) : args;
if (!tree || !module) {
  console.error("usage: node compile.mjs [--again] TREE MODULE [PRE...]");
  process.exit(2);
}
const dot = module.lastIndexOf(".");
const FORGET = `import sys\nsys.modules.pop("${module}")\n` +
  (dot > 0 ? `delattr(sys.modules["${module.slice(0, dot)}"], "${module.slice(dot + 1)}")\n` : "") + "del sys";
// one a step: all in one step, the garbage each leaves as it loads lies between the next ones'
// objects, and the heap's highest object ends 10 KB over what they hold
const STAND_INS = ("player board displayio terminalio fontio bitmaptools vectorio digitalio pwmio audioio audiocore " +
  "neopixel_write analogio storage microcontroller supervisor keypad busdisplay time").split(" ").map((m) => "import " + m);
// as code.py does first: no line numbers in what is compiled after it
const NO_LINES = "import micropython\nmicropython.opt_level(3)\ndel micropython";

// The run with `bytes` of heap (asked for): [used before MODULE, used after, that heap], or null
// if it ran out. The interpreter has a heap of BIG, whatever `bytes`: the stand-ins' own import
// needs more than some modules' compiles (its peak would bound every figure from below), so the
// heap is made smaller only once the modules before MODULE are in, by a block taken from its top
// (first fit: what lies free below stays as it was, as in a heap that much smaller).
const BIG = 1 << 20;
// a module shipped in pieces (brisca/pieces.py): each piece a step of its own, as a board collects
// whenever it needs to and this port only between steps
const PIECES = "try:\n    import brisca.pieces\n    brisca.pieces.LATER = []\nexcept ImportError:\n    pass\n";
const NEXT_PIECE = "_done = True\nimport sys\n_p = getattr(sys.modules.get('brisca.pieces'), 'LATER', None)\n" +
  "while _p:\n    try:\n        next(_p[0])\n        _done = False\n        break\n    except StopIteration:\n        _p.pop(0)\n" +
  "del _p, sys";
// `import MODULE`, a step, and each of its pieces a step of its own; false if the heap ran out
function importInSteps(vm) {
  if (!vm.tryRun(PIECES + "import " + module)) return false;
  for (;;) {
    if (!vm.tryRun(NEXT_PIECE)) return false;
    if (vm.mp.globals.get("_done")) return true;
  }
}

async function attempt(bytes) {
  const vm = await boot(tree, BIG, ["firmware", "lib"], { quiet: true });
  for (const code of [NO_LINES, ...STAND_INS, ...pre.map((m) => "import " + m)]) {
    if (!vm.tryRun(code)) return null;
  }
  if (again && !(importInSteps(vm) && vm.tryRun(FORGET))) return null;
  const before = vm.used();
  const top = vm.size - bytes - 32; // (the bytearray object and the block's rounding)
  if (top > 0 && !vm.tryRun(`_top = bytearray(${top})`)) return null;
  const names = namesNow(vm);
  if (!importInSteps(vm)) return null;
  return [before, vm.used() - (top > 0 ? top + 32 : 0), vm.size - Math.max(top + 32, 0), namesNow(vm) - names];
}

// The interpreter's table of names (qstrs), in bytes: it grows by doubling its pools, so what one
// import adds to it depends on what came before (tools/fit.py puts the game's own growth there)
function namesNow(vm) {
  return vm.tryRun(NAMES_INFO) ? namesOf(vm.lastLine())[0] : 0;
}

const big = await attempt(BIG);
if (!big) {
  console.log("Error: %s does not import even in 1 MiB", module);
  process.exit(1);
}
const [before, after] = big;
let lo = after; // asked-for sizes: `lo` ran out (or is below what stays in use), `hi` did not
let hi = after + 128 * 1024; // (no module of ours costs half that now)
let smallest = big[2];
while (hi - lo > 128) {
  const mid = (lo + hi) >> 1;
  const got = await attempt(mid);
  if (got) {
    hi = mid;
    smallest = got[2];
  } else {
    lo = mid;
  }
}
console.log("COMPILE %s %d %d %d %d", module, before, after, smallest, big[3]);
