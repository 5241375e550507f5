"""Prints hard's learned evaluation (brisca.net) of every card in the positions where it picks the
card in a few seeded deals, one line a position: with 2 players (assets/hard.net), then with 4 and
3 (a tables net, brisca.tablenet's features). tests/test_net.py runs it under CPython and
MicroPython and compares the lines (the same integers on every runtime)."""
from brisca import core, net, tablenet


def main(rules, path, layout, deals=4):
    v = core.View(rules)
    out = [0] * 5
    rng = core.Random(7)
    print("LOADED", rules.players, net.load(path, layout.N_IN if layout else net.N_IN))
    for d in range(deals):
        g = core.Game(rules, 40 + d)
        while g.phase < core.DEAL_OVER:
            g.view(g.turn, v)
            if v.nlegal > 1 and v.stock_left > v.n and net.scores(v, out, path, layout):
                print(" ".join(str(out[i]) for i in range(v.nlegal)))
            g.apply(v.legal[rng.below(v.nlegal)])


def run(tables=None):
    """hard.net's values, then a tables net's (at `tables`, else the shipped assets/tables.net)."""
    main(core.Rules(2), None, None)
    main(core.Rules(4), tables or net.TABLES, tablenet)
    main(core.Rules(3, 39), tables or net.TABLES, tablenet)
