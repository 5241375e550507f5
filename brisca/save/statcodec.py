# Statistics payload: 76 little-endian 2-byte counters (75 cells, then cesalj).


def encode_stats(st, buf):
    for i in range(76):
        v = min(max(st.cells[i] if i < 75 else st.cesalj, 0), 0xFFFF)
        buf[8 + 2 * i] = v & 0xFF
        buf[9 + 2 * i] = v >> 8
    return 152


def decode_stats(buf, n, st):
    # Fill `st`; False for counts that cannot happen (more wins than games...).
    if n != 152:
        return False
    cells = st.cells
    for i in range(75):
        cells[i] = buf[8 + 2 * i] | (buf[9 + 2 * i] << 8)
        if i % 5 == 4:  # a full cell: games, wins, draws, streak, best
            g, w, d, cur, best = cells[i - 4 : i + 1]
            if w + d > g or cur > best or best > w:
                return False
    st.cesalj = buf[158] | (buf[159] << 8)
    return True
