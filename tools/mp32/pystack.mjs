// Hard's searches against CircuitPython's pystack, on MicroPython's 32-bit WebAssembly port.
// CircuitPython keeps Python frames on a fixed stack outside the heap: 1,536 B on CircuitPython 9
// (2,048 B on 10), of which the board's call chain from code.py down to Player.step holds about
// 600 B, so the AI has 936 B. A search that needs more stops a game with "RuntimeError: pystack
// exhausted".
//
//     node tools/mp32/pystack.mjs BYTES DEALS [SHAPE...]
//
// Plays DEALS deals of each table SHAPE (rules notation, quoted; default: every table shape hard
// searches on) with a pystack of BYTES and every seat hard, each decision made from a top-level
// loop: seat 0 takes ai.hint()'s move (the deepest chain: hint, choose, step, one, the search),
// the others choose(). Each deal runs in its own call, collected after. Prints "pystack
// exhausted: SHAPE seed N" for each deal that ran out, "SEARCHED n decisions" (how many searched
// placements) and "RESULT n of m deals exhausted the pystack"; exit status 1 if any did.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const SHAPES = ["p2", "p2 exchange spanish", "p2 open", "p2 notrump open", "p2 double", "p3 d39", "p3 d32", "p4",
  "p4 double", "p6 d36"];

const [bytes, deals, ...asked] = process.argv.slice(2);
if (!bytes || !deals) {
  console.error("usage: node pystack.mjs BYTES DEALS [SHAPE...]");
  process.exit(2);
}
const mp = await loadMicroPython({
  pystack: Math.floor(parseInt(bytes, 10) / 4), // (in words)
  heapsize: 1 << 20,
  stdout: (line) => console.log(line),
  stderr: (line) => console.log(line),
  linebuffer: true,
});
function copyTree(src, dst) {
  mp.FS.mkdir(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, e.name);
    if (e.isDirectory()) {
      copyTree(from, dst + "/" + e.name);
    } else if (e.name.endsWith(".py")) {
      mp.FS.writeFile(dst + "/" + e.name, fs.readFileSync(from));
    }
  }
}
copyTree(path.join(ROOT, "brisca"), "/brisca");
mp.FS.mkdir("/assets");
mp.FS.writeFile("/assets/hard.net", fs.readFileSync(path.join(ROOT, "assets", "hard.net")));
mp.FS.chdir("/");
mp.runPython("import sys\nsys.path.insert(0, '/')\nfrom brisca import ai, core\nfrom brisca.notation import parse_rules\nsearched = 0");
const gc = mp.pyimport("gc");

// One deal, at the top level (no frame of ours between the module's and the AI's).
const DEAL = `
rules = parse_rules(SHAPE)
g = core.Game(rules, SEED, SEED % rules.players)
ps = [ai.Player(rules, "hard", SEED + s) for s in range(rules.players)]
exhausted = False
try:
    while g.phase < core.DEAL_OVER:
        v = g.view(g.turn)
        g.apply(ai.hint(v, 10 ** 6)[0] if g.turn == 0 else ps[g.turn].choose(v, 10 ** 6))
        searched += ai._S[13] > 0
except RuntimeError as e:
    if "pystack" not in str(e):
        raise
    exhausted = True
ps = g = v = None
`;
let bad = 0;
let total = 0;
for (const shape of asked.length ? asked : SHAPES) {
  for (let d = 0; d < parseInt(deals, 10); d++) {
    const seed = 7919 * d + 17;
    mp.runPython(DEAL.replaceAll("SHAPE", JSON.stringify(shape)).replaceAll("SEED", String(seed)));
    total++;
    if (mp.globals.get("exhausted")) {
      bad++;
      console.log("pystack exhausted: %s seed %d", shape, seed);
    }
    gc.collect();
  }
}
console.log("SEARCHED %d decisions", mp.globals.get("searched"));
console.log("RESULT %d of %d deals exhausted the pystack", bad, total);
process.exit(bad ? 1 : 0);
