"""Help lines: what each key does on a screen, named as this board names its keys.

One table holds every screen's, assets/lang/keys.txt, on flash: "screen=spec|its form on boards
with two or three buttons", a spec being "ud:move a:ok b:back" (tokens a, b, st START, se SELECT,
r RIGHT, lr LEFT/RIGHT, ud UP/DOWN, * any key; then the action's text key after "hk_"; a "!"
before the action keeps its word to the last). tests/test_help.py presses every key on every
screen to hold the table to the screens' handlers. App.help() loads this module for a line it has
not made yet and lets it go after."""

from brisca.ui import board as B

TOKENS = {"a": B.BTN_A, "b": B.BTN_B, "st": B.BTN_START, "se": B.BTN_SELECT, "r": B.BTN_RIGHT}


def spec(app, screen):
    """What each key does on `screen` on this board; "" when the table cannot be read."""
    try:
        from brisca.lang import Texts

        found = Texts("keys", app.assets + "/lang/keys.txt").find(screen) or ""
    except (OSError, ValueError, MemoryError) as e:
        print("keys:", e)
        return ""
    return found[1 if app.board.two_buttons else 0] if isinstance(found, tuple) else found  # ("a|b")


def label(app, token):
    """How this board names `token`'s key ("A", "hold B", "<>"); None if it has no such key."""
    b = app.board
    if token == "*":
        return app.t("hk_any")
    if token in ("lr", "ud"):
        pair = (B.BTN_LEFT, B.BTN_RIGHT) if token == "lr" else (B.BTN_UP, B.BTN_DOWN)
        return ("<>" if token == "lr" else "^v") if b.key_for(pair[0]) and b.key_for(pair[1]) else None
    key = b.key_for(TOKENS[token])
    return key and (app.t("hk_hold", key[0]) if key[1] else key[0])


def line(app, screen, width=0, rows=1):
    """The help of `screen`, every key it answers to: "^v move  A ok  B back", keys that do the
    same joined ("A/B/START back"), in up to `rows` lines of `width` characters (0: the screen's).
    With the actions' words, else their shorter forms (hk_*_s, where a language has them), else
    the words of the arrows (and of "next") left out, then the last keys' words, one at a time,
    the marked ones ("!") last; never a key."""
    labels = []  # type: list[str]
    words = []  # type: list[str]
    first = []  # type: list[int]  # the words left out first (the arrows', "next")
    kept = []  # type: list[int]  # and last (marked "!")
    for item in spec(app, screen).split():
        token, _, action = item.partition(":")
        mark = action[:1] == "!"
        action = action[1:] if mark else action
        name = label(app, token)
        if name and words and words[-1] == action:
            labels[-1] += "/" + name
        elif name:
            if mark:
                kept.append(len(words))
            elif token in ("lr", "ud", "r"):
                first.append(len(words))
            labels.append(name)
            words.append(action)
    n = len(words)
    texts = [app.t("hk_" + w) for w in words]
    drop = first + [i for i in range(n - 1, -1, -1) if i not in first and i not in kept] + kept
    width = width or app.board.width // app.font.w
    out = ""
    for step in range(n + 2):
        if step == 1 and app.T is not None:  # the shorter words
            for i in range(n):
                texts[i] = app.T.find("hk_" + words[i] + "_s") or texts[i]
        elif step > 1:
            texts[drop[step - 2]] = ""
        parts = [labels[i] + " " + texts[i] if texts[i] else labels[i] for i in range(n)]
        for sep in ("  ", " "):
            out = _pack(parts, sep, width, rows)
            if out is not None:
                return out
    return " ".join(parts)


def _pack(parts, sep, width, rows):
    """`parts` joined by `sep` over at most `rows` lines of `width` characters ("\\n" between
    them), each part whole on one line; None if they do not fit."""
    lines = [""]
    for part in parts:
        if lines[-1] and len(lines[-1]) + len(sep) + len(part) <= width:
            lines[-1] += sep + part
        elif not lines[-1] and len(part) <= width:
            lines[-1] = part
        elif len(lines) < rows and len(part) <= width:
            lines.append(part)
        else:
            return None
    return "\n".join(lines)
