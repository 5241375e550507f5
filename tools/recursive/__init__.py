"""recursive: hard's searches as they were before they ran on an explicit stack (brisca/endgame.py
and brisca/search.py at commit b2a6727, one Python frame per card played), frozen here, host only:
tests/test_search_stack.py checks that the loops visit the same nodes and find the same values and
moves. Do not edit: compare against it."""
