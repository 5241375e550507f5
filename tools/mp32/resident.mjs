// The heap each module holds once loaded, on MicroPython's 32-bit WebAssembly port (see
// mp32.mjs): modules loaded in the order given, collected between, each figure what that import
// added, and how much of that is the interpreter's table of names (its pools grow in steps: a
// step lands on the module that triggers it; the rest is the module's code and objects).
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
const names = () => vm.names()[0]; // the table of names, in bytes
let before = vm.used();
let namesBefore = names();
for (const name of modules) {
  vm.run("import " + name);
  const now = vm.used();
  const namesNow = names();
  console.log("%s %d (names %d)", name, now - before, namesNow - namesBefore);
  before = now;
  namesBefore = namesNow;
}
