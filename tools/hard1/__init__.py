"""hard1: the hard AI as it was before its learned evaluation (brisca/ai.py and brisca/endgame.py at
commit ccb4770), frozen here, host only, so every later change to hard is measured against it
(tools/bench.py --b hard1). Do not edit: measure against it."""


def player(rules, seed):
    """hard1's hard player (tools/bench.py's `hard1`, tools/train.py's reference and generation 0)."""
    from hard1 import ai

    return ai.Player(rules, "hard", seed)
