"""Mechanisms from the fresh14 corpus's trace misses (torchquad's VEGAS), each linted in
spellings other than the corpus's and, where the claim is about torch, run through torch 2.13.

- A list an object keeps and its methods fill with tensors holds tensors: ``self.results =
  []``, a list method putting an item in (``append`` / ``insert`` / ``extend``) and a tensor
  going in (``self.results[-1] = ih.sum()``, ``self.parts.insert(i, x.mean())``) make
  ``self.results[-1]`` a tensor in every graph method of the class, so a Python branch on it
  is flagged (TL101). A list given only numbers, and a dict keyed by names (no list method
  fills it), stay clean.
- autoray's numpy (``from autoray import numpy as anp``; ``anp.abs(x)``, ``do("sqrt", x)``,
  ``astype(x, "float64")``) runs numpy's API with the library of the array it dispatches on:
  on a tensor, torch, so a tensor comes back (``anp.shape(x)`` gives sizes). A call that
  dispatches on no tensor (``anp.array([1.0, 2.0])``) says nothing.
- A project ``is_*`` helper that dispatches on the array library (``if backend == "jax":
  return ...``, then ``return torch.jit.is_tracing()``) is a tracing guard: the other
  libraries' branches are never taken on tensors, so the code after ``if is_traced(x):
  return`` never runs under trace (no TL101 there; torchquad's ``_is_compiling``). A branch on
  any other string keeps the helper unknown.
- Arithmetic on an autoray call kept on an object (``self.dx = anp.ones((d, n),
  like=self.backend) / n``) is an array of the library ``like`` names (a tensor for torch),
  no config number: indexing a row of it with a tensor indexes a tensor (no TL102; before,
  the row was read as a Python list's item).
"""

from __future__ import annotations

import subprocess
import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings
from .lint_helpers import load_module

# ------------------------------------------------------------------ a list of tensors on self

LIST_OF_TENSORS = """
    import torch
    from torch import nn

    class Accumulator:
        def __init__(self):
            self.parts = []

        def add(self, x):
            self.parts.insert(len(self.parts), x.mean())

        def positive(self):
            if self.parts[-1] > 0:
                return 1.0
            return -1.0

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.acc = Accumulator()

        def forward(self, x):
            self.acc.parts = []
            self.acc.add(x)
            return x * self.acc.positive()
"""

# A placeholder number first, the tensor set into it later (torchquad's spelling is
# `append(0)` then `[-1] = ...`; here `extend` of a list display and `+=`), read by a loop.
PLACEHOLDER_THEN_TENSOR = """
    import torch
    from torch import nn

    class Steps(nn.Module):
        def __init__(self):
            super().__init__()
            self.history = []

        def step(self, x):
            self.history.extend([0.0])
            self.history[-1] += x.abs().sum()

        def forward(self, x):
            self.history = []
            self.step(x)
            self.step(x * 2)
            for h in self.history:
                if h > 3.0:
                    return x * 2
            return x
"""

# Numbers only: a count of calls kept in a list.
LIST_OF_NUMBERS = """
    import torch
    from torch import nn

    class Counter(nn.Module):
        def __init__(self):
            super().__init__()
            self.calls = []

        def step(self, x):
            self.calls.append(x.shape[0] * 0 + 1.5)
            self.calls[-1] = 2.0

        def forward(self, x):
            self.calls = []
            self.step(x)
            if self.calls[-1] > 1.0:
                return x * 2
            return x
"""

# A dict keyed by names: no list method fills it, so it is no list of tensors.
DICT_OF_TENSORS = """
    import torch
    from torch import nn

    class Cache(nn.Module):
        def __init__(self):
            super().__init__()
            self.stats = {}

        def forward(self, x):
            self.stats["mean"] = x.mean()
            if "mean" in self.stats:
                return x - self.stats["mean"]
            return x
"""


def _lines(source: str) -> list[int]:
    return sorted(d.line for d in _findings(source, "TL101", "trace"))


def _line_of(source: str, text: str) -> int:
    for number, line in enumerate(textwrap.dedent(source).lstrip("\n").splitlines(), 1):
        if text in line:
            return number
    raise AssertionError(text)


def test_list_of_tensors_on_an_object_is_flagged() -> None:
    assert _lines(LIST_OF_TENSORS) == [_line_of(LIST_OF_TENSORS, "if self.parts[-1] > 0")]


def test_placeholder_then_tensor_is_flagged() -> None:
    assert _lines(PLACEHOLDER_THEN_TENSOR) == [_line_of(PLACEHOLDER_THEN_TENSOR, "if h > 3.0")]


def test_list_of_numbers_and_dict_stay_clean() -> None:
    assert _lines(LIST_OF_NUMBERS) == []
    assert _lines(DICT_OF_TENSORS) == []


def _trace_warnings(tmp_path: Path, source: str, name: str, cls: str) -> list[int]:
    """Lines of the TracerWarnings torch.jit.trace raises on ``cls`` of ``source``."""
    import torch

    module = load_module(tmp_path, source, name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(getattr(module, cls)(), (torch.randn(3, 4),))
    return sorted({w.lineno for w in caught if issubclass(w.category, torch.jit.TracerWarning)})


@requires_torch
def test_torch_warns_where_flagged_and_not_where_clean(tmp_path: Path) -> None:
    flagged = [(LIST_OF_TENSORS, "Model"), (PLACEHOLDER_THEN_TENSOR, "Steps")]
    for number, (source, cls) in enumerate(flagged):
        assert _trace_warnings(tmp_path, source, f"s22_flagged{number}", cls) == _lines(source)
    clean = [(LIST_OF_NUMBERS, "Counter"), (DICT_OF_TENSORS, "Cache")]
    for number, (source, cls) in enumerate(clean):
        assert _trace_warnings(tmp_path, source, f"s22_clean{number}", cls) == []


# ------------------------------------------------------------------ autoray's numpy

AUTORAY = """
    import torch
    from torch import nn
    from autoray import numpy as anp
    from autoray import astype, do

    class Scaled(nn.Module):
        def forward(self, x):
            y = anp.abs(x)
            if y.max() > 1.0:
                x = x / 2
            z = do("sqrt", y)
            if z.sum() > 2.0:
                x = x * 2
            w = astype(x, "float64")
            if w.min() > 0.5:
                x = x + 1
            weights = anp.array([1.0, 2.0])
            if weights.sum() > 2.0:
                x = x + 0.5
            return x
"""

AUTORAY_SIZE = """
    import torch
    from torch import nn
    from autoray import numpy as anp

    class Rows(nn.Module):
        def forward(self, x):
            if anp.shape(x)[0] > 2:
                return x * 2
            return x
"""


def test_autoray_on_a_tensor_gives_a_tensor() -> None:
    expected = [
        _line_of(AUTORAY, "if y.max() > 1.0"),
        _line_of(AUTORAY, "if z.sum() > 2.0"),
        _line_of(AUTORAY, "if w.min() > 0.5"),
    ]
    assert _lines(AUTORAY) == expected


def test_autoray_shape_is_sizes() -> None:
    assert _lines(AUTORAY_SIZE) == []
    sized = [d.line for d in _findings(AUTORAY_SIZE, "TL106", "trace")]
    assert sized == [_line_of(AUTORAY_SIZE, "if anp.shape(x)[0] > 2")]


def _env_python() -> str:
    """The corpora's virtual environment (torch with autoray), when set up."""
    path = Path(__file__).resolve().parent.parent / "benchmarks/accuracy/env/bin/python"
    return str(path) if path.exists() else ""


AUTORAY_RUN = """
import sys, warnings, importlib.util, torch
spec = importlib.util.spec_from_file_location("m", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model = getattr(m, sys.argv[2])()
    traced = torch.jit.trace(model, (torch.randn(3, 4),))
print(sorted({w.lineno for w in caught if issubclass(w.category, torch.jit.TracerWarning) and w.filename == sys.argv[1]}))
other = torch.full((2, 4), 0.1)
print(torch.equal(traced(other), model(other)))
"""


@requires_torch
def test_torch_warns_on_autoray_lines(tmp_path: Path) -> None:
    python = _env_python()
    if not python:
        pytest.skip("benchmarks/accuracy/env (torch with autoray) not set up")
    for source, cls in ((AUTORAY, "Scaled"), (AUTORAY_SIZE, "Rows")):
        path = tmp_path / f"{cls.lower()}.py"
        path.write_text(textwrap.dedent(source).lstrip("\n"))
        done = subprocess.run(
            [python, "-c", AUTORAY_RUN, str(path), cls], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-2000:]
        printed = done.stdout.strip().splitlines()
        lines = eval(printed[-2])  # a printed list of ints
        if cls == "Scaled":
            # The branch on anp.array's numpy data warns nothing; the three on tensors do.
            assert lines == _lines(source)
        else:
            # TL106's claim: the tracer bakes in the example's size, no warning on this line
            # (autoray's `shape` warns inside autoray): an input of two rows takes the
            # three-row branch.
            assert lines == []
            assert printed[-1] == "False"


# ------------------------------------------------------------------ array-library guards

BACKEND_GUARD = """
    import torch
    from torch import nn

    def is_traced(x, backend):
        if backend == "jax":
            return hasattr(x, "aval")
        if "tensorflow" == backend:
            return not hasattr(x, "numpy")
        return torch.jit.is_tracing()

    class Clamp(nn.Module):
        def forward(self, x):
            if is_traced(x, "torch"):
                return x.clamp(min=0)
            if x.min() < 0:
                return x.clamp(min=0)
            return x
"""

# The same helper branching on a mode name, no array library: which return runs is unknown
# (here the first: the model asks for "eager", and a tensor has no `aval`).
MODE_GUARD = BACKEND_GUARD.replace('"jax"', '"eager"').replace('x, "torch"', 'x, "eager"')


def test_array_library_branches_leave_the_tracing_guard() -> None:
    assert _lines(BACKEND_GUARD) == []
    assert _lines(MODE_GUARD) == [_line_of(MODE_GUARD, "if x.min() < 0")]
    # Compile runs the code after the guard (is_tracing is False there): still flagged.
    compiled = [d.line for d in _findings(BACKEND_GUARD, "TL101", "compile")]
    assert compiled == [_line_of(BACKEND_GUARD, "if x.min() < 0")]


@requires_torch
def test_torch_does_not_warn_after_the_backend_guard(tmp_path: Path) -> None:
    assert _trace_warnings(tmp_path, BACKEND_GUARD, "s22_guard", "Clamp") == []
    assert _trace_warnings(tmp_path, MODE_GUARD, "s22_mode", "Clamp") == _lines(MODE_GUARD)


# ------------------------------------------------------------------ autoray arrays kept on self

AUTORAY_TABLE = """
    import torch
    from torch import nn
    from autoray import numpy as anp

    class Lookup(nn.Module):
        def __init__(self, backend="torch"):
            super().__init__()
            self.backend = backend
            self.steps = anp.ones((2, 5), dtype=torch.float32, like=self.backend) / 5

        def forward(self, x):
            idx = (x.abs() * 4).long().clamp(max=4)
            return x * self.steps[0][idx]
"""


def test_autoray_array_on_self_is_no_python_list() -> None:
    assert [d.line for d in _findings(AUTORAY_TABLE, "TL102", "trace")] == []


@requires_torch
def test_torch_on_the_autoray_table(tmp_path: Path) -> None:
    python = _env_python()
    if not python:
        pytest.skip("benchmarks/accuracy/env (torch with autoray) not set up")
    path = tmp_path / "lookup.py"
    path.write_text(textwrap.dedent(AUTORAY_TABLE).lstrip("\n"))
    done = subprocess.run(
        [python, "-c", AUTORAY_RUN, str(path), "Lookup"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    printed = done.stdout.strip().splitlines()
    assert eval(printed[-2]) == []  # no TracerWarning on the module's lines
    assert printed[-1] == "True"  # and the trace computes what eager does on other data
