"""hard2: the hard AI with its learned evaluation (brisca/ai.py, endgame.py, net.py and search.py
at commit c5b4707, and the weights assets/hard.net as hard.net here), frozen, host only, so every
later change to hard, or a retrained net, is measured against it (tools/bench.py --b hard2). It
sits at one table with hard: its modules and their buffers are its own; brisca.core is the live
one. Do not edit: measure against it."""


def player(rules, seed):
    """hard2's hard player (tools/bench.py's `hard2`)."""
    from hard2 import ai

    return ai.Player(rules, "hard", seed)
