import ast
import atexit
import importlib.util
import os
import shutil
import sys
import tempfile

import pytest

# The CLI caches results in the project by default; tests keep theirs out of the checkout, in
# a folder removed when the session ends (workers inherit the variable and share it).
if "TORCHLINT_CACHE_DIR" not in os.environ:
    os.environ["TORCHLINT_CACHE_DIR"] = tempfile.mkdtemp(prefix="torchlint-test-cache-")
    atexit.register(shutil.rmtree, os.environ["TORCHLINT_CACHE_DIR"], ignore_errors=True)

HAS_TORCH = importlib.util.find_spec("torch") is not None
requires_torch = pytest.mark.skipif(not HAS_TORCH, reason="torch is not installed")


def skip_syntax_this_python_lacks(source: str) -> None:
    """An example in syntax newer than the running Python (``match`` on 3.9) cannot be linted
    there: the parser follows the interpreter's grammar."""
    try:
        ast.parse(source)
    except SyntaxError:
        pytest.skip(f"Python {sys.version_info[0]}.{sys.version_info[1]} cannot parse this example")


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """The files the engine parses with libcst, in order."""
    from torchlint.lint import engine

    paths: list[str] = []
    real_parse = engine.parse

    def recording_parse(source, **kwargs):
        paths.append(source.path)
        return real_parse(source, **kwargs)

    monkeypatch.setattr(engine, "parse", recording_parse)
    return paths


@pytest.fixture
def driver_collections(monkeypatch) -> list[str]:
    """How each driver model collected its call sites: "own walk" or "shared walk"."""
    from torchlint.lint.semantic.driver import DriverModel

    ways: list[str] = []
    real_collect, real_begin = DriverModel._collect, DriverModel.begin_walk

    def own_walk(self: DriverModel) -> None:
        ways.append("own walk")
        real_collect(self)

    def shared_walk(self: DriverModel) -> None:
        ways.append("shared walk")
        real_begin(self)

    monkeypatch.setattr(DriverModel, "_collect", own_walk)
    monkeypatch.setattr(DriverModel, "begin_walk", shared_walk)
    return ways
