"""Shared test setup: pygame never opens a window or a sound device during tests; the `mp32`
fixture for tests on MicroPython's 32-bit WebAssembly port; consts() for the tests of our
modules' underscore consts; same_choices() for the tests that hold a player to a frozen one;
random_net() for the network tests' stand-in weights."""

import ast
import os
import pathlib
import random
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import mpytree  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def close_apps(monkeypatch):
    """Every App a test made is closed after it: the table keeps its card sheets' files open while
    it is on screen (OnDiskBitmap reads them as it draws), as on a board."""
    made = []
    from brisca.ui import app as app_module

    real = app_module.App.__init__

    def init(self, *args, **kwargs):
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(app_module.App, "__init__", init)
    yield
    for app in made:
        app.close()


def pytest_sessionfinish(session):
    """Blinka's terminalio font reads its glyphs from its BDF file as they are asked for, and keeps
    the file open: close it once every test is done."""
    font = getattr(sys.modules.get("terminalio"), "FONT", None)
    f = getattr(font, "file", None)
    if f is not None:
        f.close()


def consts(path):
    """{name: value} of the module-level `_NAME = const(value)` lines of a source file."""
    out = {}
    for node in ast.parse((ROOT / path).read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and getattr(node.value.func, "id", None) == "const":
            out[node.targets[0].id] = ast.literal_eval(node.value.args[0])
    return out


def same_choices(new, old, rules):
    """Assert players `new` and `old` choose the same action at every turn of three deals (played
    on by new's choice, one time in five the last legal action, for variety); how many turns."""
    from brisca import core

    rng = random.Random(2)
    n = 0
    for d in range(3):
        g = core.Game(rules, 60 + d)
        while g.phase < core.DEAL_OVER:
            v = g.view(g.turn)
            a = new.choose(v)
            assert a == old.choose(v)
            g.apply(a if rng.random() < 0.8 else g.legal_actions()[-1])
            n += 1
    return n


def random_net(seed, n_in, b2=0.0):
    """A random integer net of 24 hidden units (tools/train.py's), its hidden biases spread so
    that units switch on and off: the stand-in weights of the network tests."""
    import numpy as np
    import train

    m = train.MLP(24, np.random.default_rng(seed), n_in)
    m.b1 += np.random.default_rng(seed + 1).normal(0, 0.3, 24).astype(np.float32)
    m.b2[0] = b2
    return train.quantize(m)


def need_mp32():
    """Skip unless tools/mp32 can run here (Node.js and the npm package): a failure instead where
    BRISCA_REQUIRE_MP32 is set, as .ci/run does, so CI never skips these tests silently."""
    missing = mpytree.mp32_missing()
    if missing:
        if os.environ.get("BRISCA_REQUIRE_MP32"):
            pytest.fail(missing)
        pytest.skip(missing)


@pytest.fixture
def mp32():
    """need_mp32() for one test."""
    need_mp32()
