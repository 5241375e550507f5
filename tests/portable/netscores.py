"""Prints hard's learned evaluation (brisca.net) of every card in the stock-phase positions of a
few seeded deals, one line a position: tests/test_net.py runs it under CPython and MicroPython
and compares the lines (the same integers on every runtime)."""
from brisca import core, net


def main(deals=4):
    rules = core.Rules(2)
    v = core.View(rules)
    out = [0] * 5
    rng = core.Random(7)
    print("LOADED", net.load())
    for d in range(deals):
        g = core.Game(rules, 40 + d)
        while g.phase < core.DEAL_OVER:
            g.view(g.turn, v)
            if v.nlegal > 1 and v.stock_left > 2 and net.scores(v, out):
                print(" ".join(str(out[i]) for i in range(v.nlegal)))
            g.apply(v.legal[rng.below(v.nlegal)])


main()
