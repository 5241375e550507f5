// MicroPython's 32-bit WebAssembly port as a stand-in for a board's heap: 32-bit objects and
// 16-byte heap blocks, as on a SAMD51, in a heap of fixed size.
//
// This build never collects while Python runs: a collection waits until the call from
// JavaScript returns, and where a fixed heap would raise MemoryError it adds a heap area instead.
// So a driver calls Python one small step at a time and settles after each: settle() checks that
// the heap is still its first area alone (any growth is the MemoryError a fixed heap of this size
// gives) and collects. Garbage made within one step counts against the heap too: stricter than a
// board, which may also collect in the middle of a step. The collection after a call frees an
// added area that holds only garbage, so a step also checks the heap's size as it ends, inside
// the call (vm.endCheck, the last line of each step run here): else a step whose garbage alone
// overran the heap would go unseen.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

// An error escaping a driver: one readable line (the port's own report quotes its whole source).
process.on("uncaughtException", (e) => {
  const text = String(e && e.message !== undefined ? e.message : e);
  console.log("Error: %s", text.trim().split("\n").slice(-3).join(" | "));
  process.exit(1);
});

// gc.mem_free() also counts the largest area the port could add (128 MiB, its
// gc_get_max_new_split()): the heap's own size is what remains.
const SPLIT = 128 * 1024 * 1024;

// The port's stack for Python calls (its pystack), in 4-byte words: the port's default, 2048 (8 KB),
// unless MP32_PYSTACK or boot()'s options.pystack says. CircuitPython's is 1536 bytes (384 words)
// unless settings.toml's CIRCUITPY_PYSTACK_SIZE says: docs/memory.md, "The stack".
const PYSTACK_WORDS = Number(process.env.MP32_PYSTACK || 2048);
export const BOARD_PYSTACK = 1536; // CircuitPython 9's, in bytes (10's is 2048)
export const SETTRACE_BYTES = 8; // what the settrace build adds to every frame (mp_code_state_t's two words)
const SETTRACE_WASM = path.join(path.dirname(fileURLToPath(import.meta.resolve("@micropython/micropython-webassembly-pyscript"))),
  "micropython-settrace.wasm");

function copyTree(mp, src, dst) {
  mp.FS.mkdir(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, e.name);
    if (e.isDirectory()) {
      copyTree(mp, from, dst + "/" + e.name);
    } else {
      mp.FS.writeFile(dst + "/" + e.name, fs.readFileSync(from));
    }
  }
}

// The heap where a SAMD51's RAM is (0x20000000 up): the collector takes any word that reads as an
// address inside the heap for a reference, and data (a hand of cards, tile indices, a bitmap's
// pixels) is full of small numbers. Where the port puts it (about 0x38000), four such bytes with a
// zero on top read as an address in it; on a board, as here now, a word must read 0x2000.... (The
// figures moved by less than 1 KB when it came here.) The room below is memory the port asks for
// and never touches: no RAM of this computer.
const HEAP_AT = 0x20000000;

// The instantiated port, its start (mp_js_init, which allocates the pystack, then the heap) first
// taking the memory below HEAP_AT. `where.pystack`: where the pystack will be (the block malloc gives
// next for its size: taken and given back just before; boot() checks it).
function placedHigh(result, where) {
  const exports = result.instance ? result.instance.exports : result.exports;
  const patched = Object.assign({}, exports, {
    mp_js_init: (...args) => {
      exports.malloc(HEAP_AT);
      where.pystack = exports.malloc(args[0] * 4);
      exports.free(where.pystack);
      return exports.mp_js_init(...args);
    },
  });
  return result.instance ? { instance: { exports: patched }, module: result.module } : { exports: patched };
}

// What the interpreter's table of names (qstrs) prints of itself, and its figures in that line:
// [the bytes it takes, how many names, the bytes of their text].
export const NAMES_INFO = "import micropython\nmicropython.qstr_info()\ndel micropython";
export function namesOf(line) {
  return ["n_total_bytes=", "n_qstr=", "n_str_data_bytes="].map((key) => parseInt(line.split(key)[1], 10));
}

// A MicroPython with a heap of `heapBytes`, `tree` (a host folder) copied to /board as its
// current folder, and `paths` (folders under it) put first on sys.path. Exits with status 1 and
// a MemoryError line once the heap would have run out (vm.tryRun() returns false instead).
// options.quiet: no "HEAP" line.
// options.pystack: the pystack in words (else MP32_PYSTACK's, else 2048); options.settrace: the
// port's build with sys.settrace (its frames 8 B larger each, as it keeps two more words a frame).
export async function boot(tree, heapBytes, paths = [], options = {}) {
  let last = "";
  const instantiate = WebAssembly.instantiate;
  const where = {};
  WebAssembly.instantiate = async (...args) => placedHigh(await instantiate(...args), where);
  const pystackBytes = 4 * (options.pystack || PYSTACK_WORDS);
  let mp;
  try {
    mp = await loadMicroPython({
      heapsize: heapBytes,
      pystack: pystackBytes / 4,
      url: options.settrace ? SETTRACE_WASM : undefined,
      stdout: (line) => {
        last = line;
        process.stdout.write(line + "\n");
      },
      linebuffer: true,
    });
  } finally {
    WebAssembly.instantiate = instantiate;
  }
  copyTree(mp, tree, "/board");
  mp.FS.chdir("/board"); // (not os.chdir: this port's os is Python, 1.7 KB of heap a board does not spend)
  mp.runPython("import sys\nsys.path[0:0] = " + JSON.stringify(["/board", ...paths.map((p) => "/board/" + p)]));
  // Python functions are bound once: each attribute read from JavaScript adds a reference.
  const gc = mp.pyimport("gc");
  const [collect, memAlloc, memFree] = [gc.collect, gc.mem_alloc, gc.mem_free];
  collect();
  const heapTotal = () => memAlloc() + memFree() - SPLIT;
  const size = heapTotal();
  if (size > heapBytes || size < heapBytes * 0.96) { // (the rest holds the heap's block tables)
    console.log("RuntimeError: this MicroPython build's heap is %d bytes, not about %d", size, heapBytes);
    process.exit(1);
  }
  if (!options.quiet) console.log("HEAP %d", size);
  const stack = mp._module.HEAPU8.subarray(where.pystack, where.pystack + pystackBytes);
  const vm = {
    mp,
    size,
    // Python lines that raise MemoryError if a heap area was added in the step so far, for the
    // end of a step: no name, no heap (small ints, the gc module's functions), and no message (a
    // string constant in each step's code left a stale word that kept 480 B of garbage alive).
    endCheck: `if __import__('gc').mem_alloc() + __import__('gc').mem_free() != ${size + SPLIT}:\n` +
      "    raise MemoryError",
    // True if `e`, thrown by a call into Python, is a MemoryError: the end-of-step check's (the
    // port adds heap areas rather than raise one of its own).
    ranOut: (e) => String(e && e.message !== undefined ? e.message : e).includes("MemoryError"),
    lastLine: () => last, // what Python printed last
    names: () => { // the table of names' figures now (namesOf()), as a step
      vm.run(NAMES_INFO);
      return namesOf(last);
    },
    free: () => memFree() - SPLIT,
    used: () => memAlloc(),
    collect, // (at the top level: this port collects only there)
    // `bytes` bytes of memory outside the heap, every one `fill`: their address (for
    // uctypes.bytearray_at), as a board's flash (microcontroller.nvm) is no heap of its own.
    flash(bytes, fill) {
      const at = mp._module._malloc(bytes);
      mp._module.HEAPU8.fill(fill, at, at + bytes);
      return at;
    },
    // Collect at the top level, once sure the call before needed no other heap area.
    settle(what) {
      if (heapTotal() !== size) vm.outOfHeap(what);
      collect();
    },
    pystackBytes,
    // The pystack's high-water mark: paintStack() fills what lies above `from` bytes with a
    // pattern, stackHigh() is how far up calls have written since (frames leave some slots
    // unwritten, so it may read a few bytes short)
    paintStack(from) { stack.fill(0xa5, from); },
    stackHigh() {
      let end = stack.length;
      while (end > 0 && stack[end - 1] === 0xa5) end--;
      return end;
    },
    // Take `bytes` of the pystack before anything runs, as frames below the port's first call would
    // (the board's call chain above the driver's: boardChain()): the port's state holds the
    // pystack's start, end and next free byte side by side; the next free byte moves up.
    reserve(bytes) {
      const words = new Uint32Array(mp._module.HEAPU8.buffer, 0, Math.min(where.pystack, 64 << 20) >> 2);
      const start = where.pystack;
      for (let i = 0; i + 2 < words.length; i++) {
        if (words[i] === start && words[i + 1] === start + pystackBytes && words[i + 2] === start) {
          words[i + 2] = start + bytes;
          const use = mp.pyimport("micropython").pystack_use;
          if (use() !== bytes) break;
          return;
        }
      }
      console.log("RuntimeError: this MicroPython build's pystack state is not where reserve() looked for it");
      process.exit(1);
    },
    // Run Python source as one step.
    run(code, what) {
      try {
        mp.runPython(code + "\n" + vm.endCheck);
      } catch (e) {
        if (!vm.ranOut(e)) throw e;
        vm.outOfHeap(what || code);
      }
      vm.settle(what || code);
    },
    outOfHeap(what) {
      console.log("MemoryError: the %d-byte heap ran out %s", size, what);
      process.exit(1);
    },
    // Run Python source as one step; false (and the interpreter spent) if the heap ran out.
    tryRun(code) {
      try {
        mp.runPython(code + "\n" + vm.endCheck);
      } catch (e) {
        if (!vm.ranOut(e)) throw e;
        return false;
      }
      if (heapTotal() !== size) return false;
      collect();
      return true;
    },
  };
  // where the pystack lies, checked: a call from here writes its frame at the pystack's start
  // (0x12345 as a small int is the word 0x0002468b, on the frame's stack)
  stack.fill(0xa5);
  mp.runPython("abs(0x12345)");
  if (!new Uint32Array(stack.buffer, stack.byteOffset, stack.length >> 2).includes(0x0002468b)) {
    console.log("RuntimeError: this MicroPython build's pystack is not where boot() looked for it");
    process.exit(1);
  }
  collect();
  return vm;
}

// The board's call chain above App.loop against the driver's, in pystack bytes: {board, port,
// missing}. On a board, code.py runs as the program (its module's frame), start() calls main(),
// which calls app.loop(); here a driver calls `pollSource`'s poll() from JavaScript, which calls
// app.loop(1). Both measured on a port of this build (its frames are the board's: 32-bit words),
// code.py itself run as __main__ on stand-ins for the modules it imports, each chain's app.loop
// reading micropython.pystack_use() and stopping there.
export async function boardChain(codePySource, pollSource) {
  const mp = await loadMicroPython({ heapsize: 256 * 1024, pystack: 2048, linebuffer: true, stdout: () => {} });
  const files = {
    "probe.py": "import micropython\nuse = []\ndef loop(n=None):\n    use.append(micropython.pystack_use())\n" +
      "    raise KeyboardInterrupt\nclass App:\n    pass\napp = App()\napp.loop = loop\n",
    "brisca/__init__.py": "", "brisca/ui/__init__.py": "", "brisca/save/__init__.py": "def open_store():\n    pass\n",
    "brisca/ui/app.py": "def run(brd, store, n):\n    from probe import app\n    return app\ndef unload(name):\n    pass\n",
    "brisca/ui/detect.py": "def detect():\n    pass\n",
  };
  for (const name of ["ui/board", "save/store", "ui/text", "lang", "ui/font", "save/settings"]) files[`brisca/${name}.py`] = "";
  for (const dir of ["/probe", "/probe/brisca", "/probe/brisca/ui", "/probe/brisca/save"]) mp.FS.mkdir(dir);
  for (const [name, text] of Object.entries(files)) mp.FS.writeFile("/probe/" + name, text);
  mp.FS.chdir("/probe");
  mp.runPython("import sys\nsys.path.insert(0, '/probe')\nfrom probe import app, use");
  const stopped = (f) => {
    try {
      f();
    } catch (e) {
      if (String(e).includes("KeyboardInterrupt")) return;
      throw e;
    }
    throw new Error("boardChain: app.loop was never called");
  };
  stopped(() => mp.runPython(codePySource)); // (as __main__: code.py calls start())
  mp.runPython(pollSource);
  stopped(() => mp.globals.get("poll")());
  mp.runPython("use = ' '.join([str(n) for n in use])");
  const [board, port] = mp.globals.get("use").split(" ").map(Number);
  return { board, port, missing: board - port };
}
