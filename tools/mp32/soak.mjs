// The soak (tools/soak_mp.py) on MicroPython's 32-bit WebAssembly port (see mp32.mjs).
//
//     node tools/mp32/soak.mjs TREE HEAP_BYTES [GAMES] [SEED] [search|no-search] [saves|no-saves]
//
// TREE is a folder of .mpy files (brisca/ and soak_mp.mpy, as tools/soak.py compiles them).
// Prints soak_mp's lines ("G <game> <free bytes> <probe>" after each game, then "DONE ..."); once
// the heap would have run out, a MemoryError line and exit status 1.
import { boot } from "./mp32.mjs";

const [tree, heapArg, gamesArg = "1000", seedArg = "1", mix = "search", saving = "saves"] = process.argv.slice(2);
if (!tree || !heapArg || (mix !== "search" && mix !== "no-search") || (saving !== "saves" && saving !== "no-saves")) {
  console.error("usage: node soak.mjs TREE HEAP_BYTES [GAMES] [SEED] [search|no-search] [saves|no-saves]");
  process.exit(2);
}
const search = mix === "search";
const vm = await boot(tree, parseInt(heapArg, 10));

// One module per call, collected between: the gc.collect() before each import in soak_mp (and
// in brisca.ai before it loads brisca.search, which is loaded first here) does that on a board,
// but is put off here.
const saves = saving === "saves";
for (const name of ["brisca.core", "brisca.ai", ...(saves ? ["brisca.save.slots"] : []),
  ...(search ? ["brisca.search"] : []), "soak_mp"]) {
  vm.run("import " + name);
}
const mod = vm.mp.pyimport("soak_mp");
const [MOVE, CUT, GAME_OVER, DONE] = [mod.MOVE, mod.CUT, mod.GAME_OVER, mod.DONE];
// microcontroller.nvm is flash on a board, not heap: the stand-in's bytes live outside the heap.
const LAYOUT_SIZE = saves ? vm.mp.pyimport("brisca.save.slots").LAYOUT_SIZE : 0;
const nvm = saves ? vm.mp.pyimport("uctypes").bytearray_at(vm.flash(LAYOUT_SIZE, 0), LAYOUT_SIZE) : null;
const soak = mod.Soak(parseInt(gamesArg, 10), parseInt(seedArg, 10), nvm, search, saves);
const [step, probe, doneLine] = [soak.step, mod.probe, soak.done_line];
vm.settle("setting up");

let games = 0;
for (let steps = 1; ; steps++) {
  const r = step();
  vm.settle(`at step ${steps} (game ${games + 1})`);
  if (r === GAME_OVER) {
    games++;
    const free = vm.free();
    const ok = probe();
    vm.settle(`in the 4 KB probe after game ${games}`);
    console.log("G %d %d %d", games, free, ok);
  } else if (r === DONE) {
    console.log(doneLine());
    break;
  } else if (r !== MOVE && r !== CUT) {
    console.log("RuntimeError: step() answered %s", r);
    process.exit(1);
  }
}
