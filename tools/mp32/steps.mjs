// Python steps on MicroPython's 32-bit WebAssembly port (see mp32.mjs), each collected after: the
// heap each step added (and, before its collection, the heap in use at the step's end: with
// no collection inside a step, an upper bound of its peak), for measuring what an object or a module costs with a board's sizes.
//
//     node tools/mp32/steps.mjs TREE CODE...     (TREE's firmware/ and lib/ are on the path too)
import { boot } from "./mp32.mjs";

const [tree, ...steps] = process.argv.slice(2);
if (!tree || !steps.length) {
  console.error("usage: node steps.mjs TREE CODE...");
  process.exit(2);
}
const vm = await boot(tree, parseInt(process.env.MP32_HEAP || String(1 << 20), 10), ["firmware", "lib"]);
let before = vm.used();
for (const code of steps) {
  vm.mp.runPython(code);
  const high = vm.used(); // before the collection: everything the step allocated is still counted
  vm.settle(code);
  const now = vm.used();
  console.log("%d\t%d\t%d\t%s", now - before, now, high, code.split("\n")[0].slice(0, 70));
  before = now;
}
