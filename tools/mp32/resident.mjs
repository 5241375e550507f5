// The heap each module holds once loaded, on MicroPython's 32-bit WebAssembly port (see
// mp32.mjs): modules loaded in the order given, collected between, each figure what that import
// added (cumulative effects, such as the string pool growing in steps, land on the module that
// triggers them).
//
//     node tools/mp32/resident.mjs TREE MODULE...      (TREE: a folder of .mpy files; its
//                                                       firmware/ and lib/ are on the path too)
import { boot } from "./mp32.mjs";

const [tree, ...modules] = process.argv.slice(2);
if (!tree || !modules.length) {
  console.error("usage: node resident.mjs TREE MODULE...");
  process.exit(2);
}
const vm = await boot(tree, 1 << 20, ["firmware", "lib"]);
let before = vm.used();
for (const name of modules) {
  vm.run("import " + name);
  const now = vm.used();
  console.log("%s %d", name, now - before);
  before = now;
}
