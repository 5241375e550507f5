// What compiling a module from source costs on MicroPython's 32-bit WebAssembly port (see
// mp32.mjs): the smallest heap in which `import MODULE` succeeds from its .py, its dependencies
// loaded first from .mpy, found by bisection (each try a fresh interpreter with a fixed heap).
// This port collects only between calls, so garbage the compiler does not free itself counts
// too: an upper bound of a board's peak.
//
//     node tools/mp32/compile.mjs [--again] TREE MODULE [PRE...]
//
// TREE holds the .mpy tree (and firmware/, lib/); MODULE's .py must be in TREE in place of its
// .mpy. PRE: modules to import first (the ones MODULE needs). Prints
// "COMPILE <module> <before> <after> <heap>": the heap in use after the imports of PRE, after
// MODULE (collected), and the smallest heap that held the import.
// --again: MODULE compiled once before, then let go (as brisca.ui.app's unload() does), so the
// names its source holds are in the interpreter's table already, as when a game imports a
// module a second time: that compile makes no new names.
import { boot } from "./mp32.mjs";

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
const STAND_INS = "import player, board, displayio, terminalio, fontio, bitmaptools, vectorio, digitalio, pwmio, " +
  "audioio, audiocore, neopixel_write, analogio, storage, microcontroller, supervisor, keypad, busdisplay, time";

// The run in a heap of `bytes` (asked for): [used before MODULE, used after, the heap's size],
// or null if it ran out.
async function attempt(bytes) {
  const vm = await boot(tree, bytes, ["firmware", "lib"], { quiet: true });
  const first = again ? ["import " + module, FORGET] : [];
  for (const code of [STAND_INS, ...pre.map((m) => "import " + m), ...first]) {
    if (!vm.tryRun(code)) return null;
  }
  const before = vm.used();
  if (!vm.tryRun("import " + module)) return null;
  return [before, vm.used(), vm.size];
}

const big = await attempt(1 << 20);
if (!big) {
  console.log("Error: %s does not import even in 1 MiB", module);
  process.exit(1);
}
const [before, after] = big;
let lo = after; // asked-for sizes: `lo` ran out (or is below what stays in use), `hi` did not
let hi = after + 256 * 1024;
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
console.log("COMPILE %s %d %d %d", module, before, after, smallest);
