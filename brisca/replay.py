"""Replay codes: rules (4 bytes), the deal's seed (4) and its dealer (1) in 15 Crockford base-32
characters, and a check character that refuses every one-character typo and every swap of two
characters, shown as 0040-A0RM-MZQ8-G005. Typing one on another board deals the same cards. A code
tells this deal's cards and nothing more: the match's later deals follow from its secret, which no
code carries (brisca.core.deal_seed). One code per deal: a code is typed in upper or lower case,
with or without its dashes or spaces, O for 0 and I or L for 1, and read back it is written the
one way; the bits past the last byte must be 0, so no two codes mean the same deal.

A module of its own, apart from the records (brisca/_records.py): the end-of-deal screen shows a
code, and a board that compiles our .py files compiles this much there, over the game it holds.
brisca.core is imported where a Game is read or made (it is loaded wherever a game is played).
"""

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _check(values):
    # Damm-style check over GF(32) (polynomial x^5 + x^2 + 1): s = a*s ^ v for each 5-bit value v,
    # a = x (the field's generator, order 31; a*s is a shift and a conditional xor); a code is good
    # when s ends at 0, its last character chosen so. Every typo of one character is refused: s is
    # linear, sum(a^(15-i) * v_i), and changing v_i by d != 0 changes s by a^(15-i) * d != 0 (a field
    # has no zero divisors). Every swap of two adjacent unequal characters x, y too: a*x ^ y ==
    # a*y ^ x would mean (a ^ 1) * (x ^ y) == 0, so x == y as a != 1; and, a's order being 31, a
    # swap of any two unequal characters of the 16. (The check of the first codes, mod 31 over 32
    # symbols, missed 0 <-> Z.)
    s = 0
    for v in values:
        s = s << 1 ^ v
        if s & 32:
            s ^= 37
    return s


def replay_code(game):
    """A short code for the current deal: another board replays it with from_replay_code(). It
    shows the whole deal (the hands, the stock's order): show it once the deal is over."""
    seed = game.key
    data = game.rules.to_bytes() + bytes((seed >> 24, seed >> 16 & 255, seed >> 8 & 255, seed & 255,
                                          game.deal_dealer))
    out = []
    acc = nbits = 0
    for i in range(len(data)):
        acc = (acc << 8 | data[i]) & 0xFFFF
        nbits += 8
        while nbits >= 5:
            nbits -= 5
            out.append(acc >> nbits & 31)
    out.append(acc << (5 - nbits) & 31)  # 72 bits: 14 full characters and a 2-bit tail
    out.append(0)
    out[15] = _check(out)  # the character that brings the check to 0
    text = "".join(CODE_ALPHABET[v] for v in out)
    return "-".join(text[i: i + 4] for i in range(0, len(text), 4))


def from_replay_code(code):
    """The deal a replay code describes, as a new one-deal-long Game; ValueError if mistyped."""
    from brisca import core

    values = []
    if not isinstance(code, str):
        raise TypeError("replay code: a str expected, not %s" % type(code).__name__)
    for ch in code:
        if ch in "- ":
            continue
        up = ch.upper() if "a" <= ch <= "z" else ch  # (ASCII only: a dotless i is no I)
        up = "0" if up == "O" else "1" if up in "IL" else up
        if up not in CODE_ALPHABET:
            raise ValueError("replay code: %r is not a code character" % (ch,))
        values.append(CODE_ALPHABET.index(up))
    if len(values) != 16:
        raise ValueError("replay code: 16 characters expected, got %d" % len(values))
    if _check(values):
        raise ValueError("replay code: a character is mistyped (the check does not match)")
    data = bytearray()
    acc = nbits = 0
    for v in values[:15]:
        acc = (acc << 5 | v) & 0xFFFF
        nbits += 5
        if nbits >= 8:
            nbits -= 8
            data.append(acc >> nbits & 255)
    if acc & 7 or data[4] > 63:  # (the 3 bits past the 9th byte; a deal's seed has 30 bits)
        raise ValueError("replay code: not a code this game writes")
    rules = core.Rules.from_bytes(bytes(data[:4]))
    return core.Game.dealt(rules, data[4] << 24 | data[5] << 16 | data[6] << 8 | data[7], data[8])
