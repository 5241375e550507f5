"""What keeps what alive in the 32-bit port's heap: read a dump that tools/mp32/game.mjs wrote
(MP32_DUMP=<screen>:<n>:<path>) and say which code points past its own block, and which modules
the game let go are still held, and by what.

    node tools/mp32/game.mjs TREE full   (with MP32_DUMP=pause:1:/tmp/heap)
    .venv/bin/python tools/heapref.py /tmp/heap

MicroPython's collector takes any word that reads as the address of a block's start for a
reference. The map (micropython.mem_info(1)) says where each allocation starts and what it is
(M a module or code's context, D a dict, B a function, h anything else), the bytes what it holds.
A context is four words: its type, its globals, its names' table and its objects' table; the two
tables are one block, the objects' last, so a context whose objects' table is the start of
another block holds that block (tools/install.py's ANCHOR is there so that none does). Host-only.
"""
import re
import struct
import sys

BLOCK = 16  # bytes a heap block, on the 32-bit port as on a SAMD51


def read(path):
    """(the heap's start address, its blocks' kinds as one string, its bytes, the names' text)."""
    with open(path + ".map") as f:
        start, kinds = map_kinds(f.read())
    with open(path + ".bin", "rb") as f:
        data = f.read()
    with open(path + ".names") as f:
        names = f.read()
    return start, kinds, data, names


def map_kinds(text):
    """(the heap's start address, its blocks' kinds as one string: "." free, "=" a tail, a letter
    a head) from micropython.mem_info(1)'s text."""
    start = int(text.split("GC memory layout; from ")[1].split(":")[0], 16)
    kinds = []
    for line in text.split("GC memory layout")[1].splitlines()[1:]:
        m = re.match(r"([0-9a-f]{8}): (.*)", line)
        if m:
            at = int(m.group(1), 16) // BLOCK
            kinds.extend("." * (at - len(kinds)))
            kinds.extend(m.group(2))
    return start, "".join(kinds)


def allocations(kinds):
    """(first block, kind, blocks) of each allocation in a heap map's kinds ("." free, "=" a tail
    block, any other character the head of an allocation of that kind)."""
    out = []
    i = 0
    while i < len(kinds):
        if kinds[i] in ".=":
            i += 1
            continue
        j = i + 1
        while j < len(kinds) and kinds[j] == "=":
            j += 1
        out.append((i, kinds[i], j - i))
        i = j
    return out


class Heap:
    """A dump's allocations and the references between them."""

    def __init__(self, path):
        self.start, kinds, self.data, names = read(path)
        self.end = self.start + len(kinds) * BLOCK
        self.heads = {i: (kind, n) for i, kind, n in allocations(kinds)}  # block -> (kind, blocks)
        self.out = {h: [] for h in self.heads}  # block -> blocks it points at
        self.into = {h: [] for h in self.heads}  # block -> blocks pointing at it
        for h, (_kind, n) in self.heads.items():
            for k in range(0, n * BLOCK, 4):
                t = self.block(self.word(h, k))
                if t is not None and t != h:
                    self.out[h].append(t)
                    self.into[t].append(h)
        # sys.modules: the dict table pointing at the most modules
        self.sys_modules = max(self.heads, key=lambda h: sum(self.heads[t][0] == "M" for t in self.out[h]))
        self.dynamic = _dynamic_names(names)
        self.static = self._static_count()

    def word(self, h, offset):
        return struct.unpack_from("<I", self.data, h * BLOCK + offset)[0]

    def block(self, w):
        """The allocation `w` points at the start of, or None."""
        if self.start <= w < self.end and not (w - self.start) % BLOCK:
            b = (w - self.start) // BLOCK
            return b if b in self.heads else None
        return None

    def pairs(self, h):
        """A dict's table (block h), as (key, value) words."""
        n = self.heads[h][1] * BLOCK
        return [struct.unpack_from("<II", self.data, h * BLOCK + k) for k in range(0, n - 7, 8)]

    def globals_table(self, context):
        g = self.block(self.word(context, 4))
        if g is None or self.heads[g][0] != "D":
            return None, None
        return g, self.block(self.word(g, 12))

    def name(self, w):
        """The name a word holds (a qstr object), or None."""
        if w & 7 != 2:
            return None
        q = (w >> 3) - self.static
        return self.dynamic[q] if 0 <= q < len(self.dynamic) else None

    def modules(self):
        """sys.modules, as {module block: name}."""
        return {self.block(v): self.name(k) for k, v in self.pairs(self.sys_modules) if self.block(v) is not None}

    def _static_count(self):
        """How many names the firmware holds (the first dynamic name's number): the count that
        reads sys.modules' keys as the most module names of ours."""
        keys = [k >> 3 for k, _v in self.pairs(self.sys_modules) if k & 7 == 2]

        def ours(s):
            return sum(0 <= q - s < len(self.dynamic) and self.dynamic[q - s].startswith("brisca") for q in keys)

        return max(range(0, 4096), key=ours)

    def module_name(self, context):
        """The first "brisca..." name a context's globals hold (its __name__ or its file)."""
        _g, table = self.globals_table(context)
        for _k, v in self.pairs(table) if table is not None else ():
            n = self.name(v)
            if n and (n.startswith("brisca") or n.startswith("/") and n.endswith(".py")):
                return n
        return None

    def closure(self, roots, stop):
        """Every allocation reachable from `roots` without going through one in `stop`."""
        seen, todo = set(), list(roots)
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo += [t for t in self.out[x] if t not in stop]
        return seen


def _dynamic_names(text):
    """The names made at run time, in number order (qstr_info(1) prints its newest pool first;
    pools of 20 names, then twice the one before)."""
    names = [line[2:-1] for line in text.splitlines() if line.startswith("Q(") and line.endswith(")")]
    sizes, size = [], 20
    while sum(sizes) < len(names):
        sizes.append(size)
        size *= 2
    if sizes:
        sizes[-1] = len(names) - sum(sizes[:-1])
    pools, at = [], 0
    for n in reversed(sizes):
        pools.append(names[at:at + n])
        at += n
    return [name for pool in reversed(pools) for name in pool]


def report(path):
    """{"past": contexts whose objects' table is another block's start, "kept": modules the game
    let go that are still held, with their size and what holds them}."""
    heap = Heap(path)
    past = []
    for h, (kind, _n) in sorted(heap.heads.items()):
        if kind == "M":
            tables, objects = heap.block(heap.word(h, 8)), heap.block(heap.word(h, 12))
            if tables is not None and objects is not None and objects != tables:
                past.append("%s holds %d B (%s)" % (heap.module_name(h) or "a context", heap.heads[objects][1] * BLOCK,
                                                   heap.heads[objects][0]))
    loaded = heap.modules()
    live = {heap.globals_table(m)[0] for m in loaded}
    gone = {}  # globals dict -> its contexts, for modules no longer in sys.modules
    for h, (kind, _n) in heap.heads.items():
        g = heap.globals_table(h)[0] if kind == "M" else None
        if g is not None and g not in live:
            gone.setdefault(g, []).append(h)
    every = {h for h, (kind, _n) in heap.heads.items() if kind == "M"}  # (sys.modules' among them)
    kept = []
    for g, contexts in sorted(gone.items()):
        held = heap.closure([g] + contexts, every.difference(contexts))
        by = sorted({s for x in held for s in heap.into[x] if s not in held})
        size = sum(heap.heads[x][1] for x in held) * BLOCK
        holders = ", ".join("%d B (%s)" % (heap.heads[s][1] * BLOCK, heap.heads[s][0]) for s in by)
        kept.append("%s: %d B, held by %s" % (heap.module_name(contexts[0]), size, holders))
    return {"past": past, "kept": kept}


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    path = args[0] if args else None
    if not path:
        print(__doc__.split("\n\n")[1])
        return 2
    got = report(path)
    print("code pointing past its block: %d" % len(got["past"]))
    for line in got["past"]:
        print("  " + line)
    print("modules let go and still held: %d" % len(got["kept"]))
    for line in got["kept"]:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
