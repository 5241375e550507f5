// The portable tests (tests/portable) on MicroPython's 32-bit WebAssembly port (see mp32.mjs):
// a board's 31-bit small ints, 32-bit objects and 16-byte heap blocks, where the 64-bit unix binary
// has 63-bit small ints (an int a board must allocate is free there).
//
//     node tools/mp32/portable.mjs TREE MODULE...
//
// TREE is a folder of .mpy files (brisca/ and the test modules, as tests/test_micropython.py
// compiles them). Each test function runs in its own call, collected after. The heap may grow
// here (the unix binary's runs check the 32K): these runs check behaviour, allocation counts
// included. Prints "FAIL module.function: error" for each failure, then "N passed, N failed";
// exit status 1 if any failed.
import { boot } from "./mp32.mjs";

const [tree, ...modules] = process.argv.slice(2);
if (!tree || !modules.length) {
  console.error("usage: node portable.mjs TREE MODULE...");
  process.exit(2);
}
const vm = await boot(tree, 1 << 20);
let passed = 0;
let failed = 0;
for (const name of modules) {
  vm.mp.runPython("import " + name);
  const mod = vm.mp.pyimport(name);
  vm.mp.runPython(`_names = " ".join(sorted(n for n in dir(${name}) if n.startswith("test_")))`);
  const tests = vm.mp.globals.get("_names").split(" ");
  for (const test of tests) {
    try {
      mod[test]();
      passed++;
    } catch (e) {
      failed++;
      console.log("FAIL %s.%s: %s", name, test, String(e.message || e).trim().split("\n").slice(-3).join(" | "));
    }
    vm.collect();
  }
}
console.log("%d passed, %d failed", passed, failed);
process.exit(failed || !passed ? 1 : 0);
