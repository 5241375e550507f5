"""Shared test setup: pygame never opens a window or a sound device during tests; the `mp32`
fixture for tests on MicroPython's 32-bit WebAssembly port."""

import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import mpytree  # noqa: E402

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def mp32():
    """Skip unless tools/mp32 can run here (Node.js and the npm package): a failure instead where
    BRISCA_REQUIRE_MP32 is set, as .ci/run does, so CI never skips these tests silently."""
    missing = mpytree.mp32_missing()
    if missing:
        if os.environ.get("BRISCA_REQUIRE_MP32"):
            pytest.fail(missing)
        pytest.skip(missing)
