# Replay codes (brisca.notation.replay_code / from_replay_code), loaded on first use. See
# brisca.notation for the format.
from brisca import core
from brisca.notation import CODE_ALPHABET


def replay_code(game):
    seed = core.deal_seed(game.seed, game.deal_no)
    data = game.rules.to_bytes() + bytes((seed >> 24, seed >> 16 & 255, seed >> 8 & 255, seed & 255,
                                          game.deal_dealer))
    out = []
    acc = nbits = check = 0
    for i in range(len(data)):
        acc = (acc << 8 | data[i]) & 0xFFFF
        nbits += 8
        while nbits >= 5:
            nbits -= 5
            out.append(acc >> nbits & 31)
    out.append(acc << (5 - nbits) & 31)  # 72 bits: 14 full characters and a 2-bit tail
    for i in range(len(out)):
        check = (check * 7 + out[i] + i) % 31
    out.append(check)
    text = "".join(CODE_ALPHABET[v] for v in out)
    return "-".join(text[i: i + 4] for i in range(0, len(text), 4))


def from_replay_code(code):
    values = []
    for ch in code.upper().replace("O", "0").replace("I", "1").replace("L", "1"):
        if ch in "- ":
            continue
        if ch not in CODE_ALPHABET:
            raise ValueError("replay code: %r is not a code character" % (ch,))
        values.append(CODE_ALPHABET.index(ch))
    if len(values) != 16:
        raise ValueError("replay code: 16 characters expected, got %d" % len(values))
    check = 0
    for i in range(15):
        check = (check * 7 + values[i] + i) % 31
    if check != values[15]:
        raise ValueError("replay code: a character is mistyped (the check does not match)")
    data = bytearray()
    acc = nbits = 0
    for v in values[:15]:
        acc = (acc << 5 | v) & 0xFFFF
        nbits += 5
        if nbits >= 8:
            nbits -= 8
            data.append(acc >> nbits & 255)
    rules = core.Rules.from_bytes(bytes(data[:4]))
    seed = data[4] << 24 | data[5] << 16 | data[6] << 8 | data[7]
    return core.Game(rules, seed, data[8])
