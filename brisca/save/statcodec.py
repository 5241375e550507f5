# Statistics payload: little-endian 2-byte counters: the first five modes' 75 cells, cesalj, then
# the 6-player mode's 15 cells (152 bytes before that mode came: they read as none played).


def encode_stats(st, buf):
    for i in range(91):
        v = min(max(st.cesalj if i == 75 else st.cells[i - 1 if i > 75 else i], 0), 0xFFFF)
        buf[8 + 2 * i] = v & 0xFF
        buf[9 + 2 * i] = v >> 8
    return 182


def decode_stats(buf, n, st):
    # Fill `st`; False for counts that cannot happen (more wins than games...).
    if n != 182 and n != 152:
        return False
    cells = st.cells
    for i in range(n // 2):
        v = buf[8 + 2 * i] | (buf[9 + 2 * i] << 8)
        if i == 75:
            st.cesalj = v
            continue
        c = i - 1 if i > 75 else i
        cells[c] = v
        if c % 5 == 4:  # a full cell: games, wins, draws, streak, best
            g, w, d, cur, best = cells[c - 4 : c + 1]
            if w + d > g or cur > best or best > w:
                return False
    return True
