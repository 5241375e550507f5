// The soak (tools/soak_mp.py) on MicroPython's 32-bit WebAssembly port: a board's object sizes
// and 16-byte heap blocks, in a heap of fixed size.
//
//     node tools/mp32/soak.mjs TREE HEAP_BYTES [GAMES] [SEED] [search|no-search]
//
// TREE is a folder of .mpy files (brisca/ and soak_mp.mpy, as tools/soak.py compiles them). This
// build never collects while Python runs (a collection waits for the call from JavaScript to
// return) and, where a fixed heap would raise MemoryError, adds a heap area instead. So the driver
// calls one step at a time and collects after each, having checked that the heap is still its
// first area alone: any growth is a MemoryError in a fixed heap of this size. That is stricter
// than a board, which may also collect in the middle of a move. Prints soak_mp's lines ("G <game>
// <free bytes> <probe>" after each game, then "DONE ..."); on growth, a MemoryError line and exit
// status 1.
import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const [tree, heapArg, gamesArg = "1000", seedArg = "1", mix = "search"] = process.argv.slice(2);
if (!tree || !heapArg || (mix !== "search" && mix !== "no-search")) {
  console.error("usage: node soak.mjs TREE HEAP_BYTES [GAMES] [SEED] [search|no-search]");
  process.exit(2);
}
const search = mix === "search";
const heapBytes = parseInt(heapArg, 10);
const mp = await loadMicroPython({
  heapsize: heapBytes,
  stdout: (line) => process.stdout.write(line + "\n"),
  linebuffer: true,
});

function copyTree(src, dst) {
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, e.name);
    if (e.isDirectory()) {
      mp.FS.mkdir(dst + "/" + e.name);
      copyTree(from, dst + "/" + e.name);
    } else if (e.name.endsWith(".mpy")) {
      mp.FS.writeFile(dst + "/" + e.name, fs.readFileSync(from));
    }
  }
}
mp.FS.mkdir("/soak");
copyTree(tree, "/soak");
mp.runPython("import sys\nsys.path.insert(0, '/soak')");

// Python functions are bound once: each attribute read from JavaScript would add a reference.
const gc = mp.pyimport("gc");
const [collect, memAlloc, memFree] = [gc.collect, gc.mem_alloc, gc.mem_free];
// gc.mem_free() also counts the largest area the port could add (128 MiB, its
// gc_get_max_new_split()): the heap's own size is what remains.
const SPLIT = 128 * 1024 * 1024;
collect();
const heapTotal = () => memAlloc() + memFree() - SPLIT;
const size = heapTotal();
if (size > heapBytes || size < heapBytes - 2048) {
  console.log("RuntimeError: this MicroPython build's heap is %d bytes, not about %d", size, heapBytes);
  process.exit(1);
}

// Collect at the top level, once sure the call before needed no other heap area.
function settle(what) {
  if (heapTotal() !== size) {
    console.log("MemoryError: the %d-byte heap ran out %s", size, what);
    process.exit(1);
  }
  collect();
}

console.log("HEAP %d", size);
// One module per call, collected between: the gc.collect() before each import in soak_mp (and
// in brisca.ai before it loads brisca.search, which is loaded first here) does that on a board,
// but is put off here.
for (const name of ["brisca.core", "brisca.ai", "brisca.save.slots", ...(search ? ["brisca.search"] : []), "soak_mp"]) {
  mp.runPython("import " + name);
  settle("loading " + name);
}
const soak = mp.pyimport("soak_mp");
const [step, probe, doneLine] = [soak.step, soak.probe, soak.done_line];
const [MOVE, CUT, GAME_OVER, DONE, LAYOUT_SIZE] = [soak.MOVE, soak.CUT, soak.GAME_OVER, soak.DONE, soak.LAYOUT_SIZE];
// microcontroller.nvm is flash on a board, not heap: the stand-in's bytes live outside the heap.
const nvm = mp._module._malloc(LAYOUT_SIZE);
mp._module.HEAPU8.fill(0, nvm, nvm + LAYOUT_SIZE);
soak.start(parseInt(gamesArg, 10), parseInt(seedArg, 10), mp.pyimport("uctypes").bytearray_at(nvm, LAYOUT_SIZE),
  search);
settle("setting up");

let games = 0;
for (let steps = 1; ; steps++) {
  const r = step();
  settle(`at step ${steps} (game ${games + 1})`);
  if (r === GAME_OVER) {
    games++;
    const free = memFree() - SPLIT;
    const ok = probe();
    settle(`in the 4 KB probe after game ${games}`);
    console.log("G %d %d %d", games, free, ok);
  } else if (r === DONE) {
    console.log(doneLine());
    break;
  } else if (r !== MOVE && r !== CUT) {
    console.log("RuntimeError: step() answered %s", r);
    process.exit(1);
  }
}
