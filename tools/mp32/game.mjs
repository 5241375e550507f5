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
// then code.py's error screen. Prints the player's lines, "LIVE <bytes> <step>" for each start-up step and "PEAK
// <bytes>" at the end: the heap in use after each step's collection, at its largest (a floor for
// what the game needs: within a step it also makes garbage). SCRIPT "stand-ins" only prints
// "STAND-INS <bytes>", the heap the stand-in modules take (a board has them in firmware). The heap
// (default 1 MiB) is fixed: once it would have run out, a MemoryError line and exit status 1.
// "VIEW <name> <bytes>": the heap in use (collected) each time the game shows another screen;
// with MP32_PROBE=<bytes> set, a bytearray that size is allocated then too (the largest free block).
import { boot } from "./mp32.mjs";

const [tree, script = "full", heapArg = String(1 << 20)] = process.argv.slice(2);
if (!tree) {
  console.error("usage: node game.mjs TREE [full|boot|resume|hard4|stand-ins] [HEAP_BYTES]");
  process.exit(2);
}
const vm = await boot(tree, parseInt(heapArg, 10), ["firmware", "lib"]);
const used = vm.used;
const base = used();
let peak = 0;
let peakAt = "";
function measure(where) {
  if (used() > peak) {
    peak = used();
    peakAt = where;
  }
}
function step(code, what = code.split("\n")[0]) {
  vm.run(code, what);
  measure(what);
  console.log("LIVE %d %s", used(), what);
}

if (script === "stand-ins") {
  vm.run("import player, board, displayio, terminalio, fontio, bitmaptools, vectorio, digitalio, pwmio, audioio, " +
    "audiocore, neopixel_write, analogio, storage, microcontroller, supervisor, keypad, busdisplay");
  console.log("STAND-INS %d", used() - base);
  process.exit(0);
}
step("import player");
// microcontroller.nvm is flash on a board, not heap: the stand-in's 8 KB live outside the heap.
const nvmSize = vm.mp.pyimport("microcontroller").nvm._size;
step(`import microcontroller, uctypes\nmicrocontroller.nvm._data = uctypes.bytearray_at(${vm.flash(nvmSize, 0xff)}, ` +
  `${nvmSize})\ndel uctypes`, "the save memory, outside the heap");
step("player.begin(" + JSON.stringify(script) + ")");
// code.boot(): code.py's own start-up, a phase a step; the saves on microcontroller.nvm, as
// open_store() picks them on CircuitPython.
step("import code\nfrom brisca.save.store import SaveData\nphases = code.boot(SaveData(microcontroller.nvm))\n" +
  "del SaveData", "code.py");
for (let phase = 1; ; phase++) {
  step("parts = next(phases)\nready = parts is not None", `start-up phase ${phase}`);
  if (vm.mp.globals.get("ready")) break;
}
step("brd, store = parts\ndel parts, phases, ready\nfrom brisca.ui.app import run", "the board and the saves");
step("app = run(brd, store, 0)\ndef poll():\n    app.loop(1)\n    return app.screen", "the app, its first screen");
const poll = vm.mp.globals.get("poll");
const probe = process.env.MP32_PROBE ? parseInt(process.env.MP32_PROBE, 10) : 0;
let screen = vm.mp.runPython("app.screen");
console.log("VIEW %s %d", screen, used());
for (let polls = 1; ; polls++) {
  let now;
  try {
    now = poll();
  } catch (e) {
    if (String(e).includes("Done")) {
      vm.settle("at the script's last poll");
      break;
    }
    console.log("PLAYER failed at poll %d: %s", polls, String(e).split("\n").slice(-2).join(" "));
    process.exit(3);
  }
  vm.settle(`at poll ${polls}`);
  measure(`poll ${polls}, after "${vm.lastLine()}"`);
  if (now !== screen) {
    screen = now;
    console.log("VIEW %s %d", screen, used());
    if (probe) { // the largest free block: a bytearray of `probe` bytes must still fit
      vm.run(`_probe = bytearray(${probe})\ndel _probe`, `a ${probe}-byte block on the ${screen} screen`);
    }
  }
}
step("app = brd = store = None\nplayer.finish()", "the error screen");
console.log("PEAK %d at %s", peak, peakAt);
