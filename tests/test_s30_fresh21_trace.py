"""Session 30 (helper-270): fresh21's trace false findings and misses, in other spellings.

- Reach: a local bound to an entry of a dict (or list / tuple) display of functions indexed in
  place (``recurrence = {"reference": f, "chunkwise": g}[self.backend]``) calls any of them
  (opengdn's recurrences: their size checks went unseen).
- Conditions: code in a function under ``functools.lru_cache`` / ``functools.cache``, or in a
  function graph code reaches only through one, runs on the first call of each argument tuple;
  a trace of a model that has run once meets the cached result (ezgatr's index tensors and
  bilinear kernels: TL110 and TL106 there were false findings). Dynamo ignores the cache
  wrapper, so only trace claims take the condition.
- TL106: ``torch.einsum`` of three or more operands: with opt_einsum installed torch reads the
  operands' sizes as Python integers to pick the contraction order, and the tracer warns
  (ezgatr's geometric products).
- TL109: ``ok = x.shape[-1] == 6`` then ``if not ok: raise``: the local holds a size
  comparison, converted to a bool at the test (torchlie's tangent-vector checks).
- Reach: a method called on a parameter annotated with a project class (``def
  axial_apply(x, lattice: Lattice): lattice.to_sequence(x)``) is that class's method
  (torch-dimensions' lattice check went unseen).
- TL106: ``if chunk is None or seq.shape[0] <= chunk:`` with ``chunk`` an optional setting
  (a parameter defaulting to None, no tensor): the size is compared only where a caller gives
  it, like the operands after a configuration test (torch-dimensions' axial scan: a false
  finding, the tracer does not warn with ``chunk`` left out).

Each claim about torch is checked by running it (torch 2.13, CPU); the einsum claim in the
accuracy environment, which has opt_einsum (skipped where it is missing).
"""

from __future__ import annotations

import subprocess
import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# opengdn's mixer: the recurrence picked from a dict display by a setting.
DISPATCH = """
import torch
from torch import nn


def reference(q, k):
    if q.shape != k.shape:
        raise ValueError("q and k differ")
    return q * k


def chunked(q, k, chunk_size: int = 2):
    return (q + k) * chunk_size


class Model(nn.Module):
    def __init__(self, backend: str = "reference"):
        super().__init__()
        self.backend = backend

    def forward(self, q, k):
        recurrence = {"reference": reference, "chunked": chunked}[self.backend]
        return recurrence(q, k)


def inputs():
    return [(torch.rand(2, 4), torch.rand(2, 4)), (torch.rand(3, 4), torch.rand(3, 4))]
"""

# The same dispatch to functions without a size check: nothing to report.
DISPATCH_CLEAN = DISPATCH.replace(
    '    if q.shape != k.shape:\n        raise ValueError("q and k differ")\n', ""
)

# ezgatr's index tensors: built once per device by a cached function.
CACHED = """
import functools

import torch
from torch import nn


@functools.lru_cache(maxsize=None)
def selector(device):
    return torch.tensor([0, 2], device=device)


def kernel(device):
    return torch.tensor([1.0, -1.0], device=device)


@functools.cache
def cached_kernel(device):
    return kernel(device) * 2


class Model(nn.Module):
    def forward(self, x):
        return x[:, selector(x.device)] * cached_kernel(x.device)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""

# The same constructor in a function that is not cached: every trace meets it.
UNCACHED = CACHED.replace("@functools.lru_cache(maxsize=None)\n", "")

# ezgatr's geometric product: a bilinear basis contracted with two batches of multivectors.
EINSUM = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.basis = nn.Parameter(torch.randn(4, 4, 4))

    def forward(self, x, y):
        return torch.einsum("ijk, ...j, ...k -> ...i", self.basis, x, y)


def inputs():
    return [(torch.rand(2, 4), torch.rand(2, 4)), (torch.rand(3, 5, 4), torch.rand(3, 5, 4))]
"""

# Two operands: no contraction order to pick.
EINSUM_TWO = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.basis = nn.Parameter(torch.randn(4, 4))

    def forward(self, x, y):
        return torch.einsum("ij, ...j -> ...i", self.basis, x) + y


def inputs():
    return [(torch.rand(2, 4), torch.rand(2, 4)), (torch.rand(3, 5, 4), torch.rand(3, 5, 4))]
"""

# torchlie's tangent-vector check: the comparison held by a local.
LOCAL_CHECK = """
import torch
from torch import nn


def check_tangent(v):
    _check = v.shape[-1] == 4
    if not _check:
        raise ValueError("tangent vectors have 4 entries")


class Model(nn.Module):
    def forward(self, v):
        check_tangent(v)
        return v * 2


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""

# A local holding a setting's comparison: the same for every input.
LOCAL_SETTING = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.dim = dim

    def forward(self, v):
        _check = self.dim == 4
        if not _check:
            raise ValueError("configured for 4 entries")
        return v * 2


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""


def _source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(_source(text).splitlines(), 1) if needle in line)


def _lines(text: str, code: str) -> list[int]:
    return [d.line for d in findings(text, code, "trace")]


def _trace_warning_lines(module, args) -> list[int]:
    import torch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module.Model(), args, check_trace=False)
    return sorted(
        {
            w.lineno
            for w in caught
            if w.category is torch.jit.TracerWarning and w.filename == module.__file__
        }
    )


def test_a_function_picked_from_a_dict_display_is_reached():
    assert _lines(DISPATCH, "TL109") == [_line(DISPATCH, "if q.shape != k.shape")]
    assert _lines(DISPATCH_CLEAN, "TL109") == []


@requires_torch
def test_torch_warns_in_a_function_picked_from_a_dict_display(tmp_path):
    import torch

    module = load_module(tmp_path, _source(DISPATCH), "s30_dispatch")
    args = module.inputs()[0]
    assert _trace_warning_lines(module, args) == [_line(DISPATCH, "if q.shape != k.shape")]
    clean = load_module(tmp_path, _source(DISPATCH_CLEAN), "s30_dispatch_clean")
    assert _trace_warning_lines(clean, clean.inputs()[0]) == []
    torch.testing.assert_close(clean.Model()(*args), args[0] * args[1])


def test_a_cached_function_body_runs_on_the_first_call_only():
    found = findings(CACHED, "TL110", "trace")
    assert [d.line for d in found] == [
        _line(CACHED, "torch.tensor([0, 2]"),
        _line(CACHED, "torch.tensor([1.0, -1.0]"),
    ]
    selector, kernel = found
    assert selector.condition == "selector(...) is not in its cache, on the first call only"
    assert "runs only on the first call" in selector.message
    # `kernel` is reached only through the cached `cached_kernel`.
    assert kernel.condition is not None and kernel.condition.endswith("on the first call only")
    # Not cached: every trace meets the constructor.
    assert [d.condition for d in findings(UNCACHED, "TL110", "trace")][0] is None


@requires_torch
def test_torch_warns_in_a_cached_function_on_the_first_trace_only(tmp_path):
    module = load_module(tmp_path, _source(CACHED), "s30_cached")
    args = module.inputs()[0]
    first = _trace_warning_lines(module, args)
    assert _line(CACHED, "torch.tensor([0, 2]") in first
    assert _line(CACHED, "torch.tensor([1.0, -1.0]") in first
    module.Model()(*args)  # the model has run: the caches answer
    assert _trace_warning_lines(module, args) == []
    uncached = load_module(tmp_path, _source(UNCACHED), "s30_uncached")
    uncached.Model()(*args)
    assert _line(UNCACHED, "torch.tensor([0, 2]") in _trace_warning_lines(uncached, args)


@requires_torch
def test_dynamo_runs_a_cached_body_on_every_compile(tmp_path):
    """Dynamo ignores the cache wrapper: the condition is for trace claims only."""
    import torch

    module = load_module(tmp_path, _source(CACHED), "s30_cached_compile")
    args = module.inputs()[0]
    model = module.Model()
    model(*args)
    torch._dynamo.reset()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.compile(model, backend="eager")(*args)
    assert any("lru_cache" in str(w.message) for w in caught)


def test_einsum_of_three_operands_is_flagged_for_trace():
    found = findings(EINSUM, "TL106", "trace")
    assert [d.line for d in found] == [_line(EINSUM, "torch.einsum")]
    assert found[0].warns == ("trace",)
    assert "opt_einsum" in found[0].message
    assert findings(EINSUM_TWO, "TL106", "trace") == []


ACCURACY_PYTHON = Path(__file__).parents[1] / "benchmarks/accuracy/env/bin/python"

EINSUM_CHECK = """
import importlib.util, json, sys, traceback, warnings
import torch
import torch.backends.opt_einsum as opt_einsum
if not opt_einsum.is_available():
    print(json.dumps(None)); sys.exit()
result = {}
for name in ("einsum", "einsum_two"):
    spec = importlib.util.spec_from_file_location(name, sys.argv[1] + "/" + name + ".py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = module.Model()
    first, second = module.inputs()
    lines = set()

    def record(message, category, filename, lineno, file=None, line=None):
        # opt_einsum's contract.py converts the sizes: the example's line is on the stack.
        if category is torch.jit.TracerWarning:
            lines.update(f.lineno for f in traceback.extract_stack() if f.filename == module.__file__)

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = record
        traced = torch.jit.trace(model, first, check_trace=False)
    lines = sorted(lines)
    same = bool(torch.allclose(traced(*second), model(*second)))
    result[name] = [lines, same]
print(json.dumps(result))
"""


@pytest.mark.skipif(not ACCURACY_PYTHON.exists(), reason="no accuracy environment")
def test_torch_warns_at_an_einsum_of_three_operands_with_opt_einsum(tmp_path):
    import json

    (tmp_path / "einsum.py").write_text(_source(EINSUM))
    (tmp_path / "einsum_two.py").write_text(_source(EINSUM_TWO))
    done = subprocess.run(
        [str(ACCURACY_PYTHON), "-c", EINSUM_CHECK, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if result is None:
        pytest.skip("opt_einsum is not installed in the accuracy environment")
    # The warning at the einsum's line; the traced model still right on other sizes.
    assert result["einsum"] == [[_line(EINSUM, "torch.einsum")], True]
    assert result["einsum_two"] == [[], True]


def test_a_local_holding_a_size_comparison_is_an_input_check():
    assert _lines(LOCAL_CHECK, "TL109") == [_line(LOCAL_CHECK, "if not _check")]
    assert _lines(LOCAL_SETTING, "TL109") == []


@requires_torch
def test_torch_warns_at_a_check_of_a_local_size_comparison(tmp_path):
    module = load_module(tmp_path, _source(LOCAL_CHECK), "s30_local_check")
    assert _trace_warning_lines(module, module.inputs()[0]) == [_line(LOCAL_CHECK, "if not _check")]
    setting = load_module(tmp_path, _source(LOCAL_SETTING), "s30_local_setting")
    assert _trace_warning_lines(setting, setting.inputs()[0]) == []


# torch-dimensions' lattice: a plain class the helper's parameter is annotated with.
LATTICE = """
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Lattice:
    shape: tuple

    def _check(self, x: torch.Tensor) -> None:
        got = tuple(x.shape[1 : 1 + len(self.shape)])
        if got != self.shape:
            raise ValueError("bad lattice")

    def to_sequence(self, x: torch.Tensor) -> torch.Tensor:
        self._check(x)
        return x.flatten(1, 2)


def axial_apply(x: torch.Tensor, lattice: Lattice) -> torch.Tensor:
    return lattice.to_sequence(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lattice = Lattice((4, 4))

    def forward(self, x):
        return axial_apply(x, self.lattice)


def inputs():
    return [(torch.rand(2, 4, 4, 3),), (torch.rand(3, 4, 4, 3),)]
"""

# torch-dimensions' axial scan: an optional chunk no caller gives.
OPTIONAL_CHUNK = """
import torch
from torch import nn


def scan(x, fn, *, chunk: int | None = None):
    if chunk is None or x.shape[0] <= chunk:
        return fn(x)
    return torch.cat([fn(x[:chunk]), fn(x[chunk:])])


class Model(nn.Module):
    def forward(self, x):
        return scan(x, torch.sin)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
"""

# The chunk always set: every call compares the size.
SET_CHUNK = OPTIONAL_CHUNK.replace(
    "def scan(x, fn, *, chunk: int | None = None):\n    if chunk is None or x.shape[0] <= chunk:",
    "def scan(x, fn, *, chunk: int = 2):\n    if x.shape[0] <= chunk:",
)


def test_a_method_of_a_parameters_annotated_class_is_reached():
    assert _lines(LATTICE, "TL109") == [_line(LATTICE, "if got != self.shape")]


@requires_torch
def test_torch_warns_in_a_method_of_a_parameters_annotated_class(tmp_path):
    module = load_module(tmp_path, _source(LATTICE), "s30_lattice")
    assert _trace_warning_lines(module, module.inputs()[0]) == [
        _line(LATTICE, "if got != self.shape")
    ]


def test_a_size_compared_after_an_optional_setting_is_none_is_not_claimed():
    assert SET_CHUNK != OPTIONAL_CHUNK
    assert _lines(OPTIONAL_CHUNK, "TL106") == []
    assert _lines(SET_CHUNK, "TL106") == [_line(SET_CHUNK, "if x.shape[0] <= chunk")]


@requires_torch
def test_torch_compares_the_size_only_where_the_optional_setting_is_given(tmp_path):
    module = load_module(tmp_path, _source(OPTIONAL_CHUNK), "s30_optional_chunk")
    assert _trace_warning_lines(module, module.inputs()[0]) == []
    chunked = load_module(tmp_path, _source(SET_CHUNK), "s30_set_chunk")
    assert _trace_warning_lines(chunked, chunked.inputs()[0]) == [
        _line(SET_CHUNK, "if x.shape[0] <= chunk")
    ]
