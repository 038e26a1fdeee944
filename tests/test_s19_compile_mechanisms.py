"""Compile / export mechanisms from the blind b59 and b60 batches, in other spellings than the
probes (helpers, aliases, submodules, other functions of the same table).

- A pure-Python standard-library function that Dynamo inlines until it meets a builtin it
  refuses (``ast.literal_eval`` / ``ast.parse`` reach the builtin ``compile``; ``json.loads``,
  ``shlex.split``): TL317, from the generated ``stdlib_inlined_refused`` table.
- A ``torch.*`` operator that takes no tensor and returns a Python value Dynamo does not fold
  (``torch.can_cast(dtype, dtype)``; ``torch.promote_types`` is folded): TL317, from
  ``torch_value_op_breaks``.
- ``torch.quasirandom.SobolEngine`` built in graph code: Dynamo does not inline its
  constructor, and export fails filling its state ("data is not allocated yet"): TL317, from
  ``torch_skipped`` / ``torch_export_refused`` (``torch.quasirandom`` is now asked).
- A Python generator kept on the module and seeded with a constant in ``__init__``
  (``self.rng = random.Random(seed)``): export converts a fresh model, so its recorded draws
  are eager's first call's: TL305 claims compile and trace, not export; an unseeded one
  (``random.Random()``, ``seed=None``) keeps the export claim.
"""

from __future__ import annotations

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


# --- TL317: standard-library parsers Dynamo inlines into a refused builtin ---------------------

PARSED_CONFIG = """
import json
from ast import literal_eval as parse_literal
import shlex

import torch
from torch import nn


def kernel_sizes(spec: str):
    return parse_literal(spec)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.spec = "[3, 5]"
        self.cfg = '{"scale": 0.5}'
        self.flags = "--a --b"

    def forward(self, x):
        sizes = kernel_sizes(self.spec)
        scale = json.loads(self.cfg)["scale"]
        n = len(shlex.split(self.flags))
        return x * scale * (sum(sizes) + n)
"""


def test_inlined_stdlib_parsers_are_flagged_for_compile():
    assert _lines(PARSED_CONFIG, "TL317", "compile") == [10, 22, 23]
    assert _lines(PARSED_CONFIG, "TL317", "export") == []


PARSED_OUTSIDE = """
import ast
import json

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, spec: str = "(1, 2)"):
        super().__init__()
        self.dilations = ast.literal_eval(spec)
        self.text = json.dumps({"d": list(self.dilations)})

    def forward(self, x):
        return x * sum(self.dilations)
"""


def test_parsing_in_init_is_not_flagged():
    assert _lines(PARSED_OUTSIDE, "TL317", "compile") == []


@requires_torch
def test_torch_refuses_literal_eval_in_compiled_code():
    import ast

    import pytest
    import torch
    from torch._dynamo.exc import Unsupported

    def scaled(x, spec="(2, 3)"):
        return x * sum(ast.literal_eval(spec))

    torch._dynamo.reset()
    with pytest.raises(Unsupported, match="Failed to trace builtin operator"):
        torch.compile(scaled, fullgraph=True, backend="eager")(torch.randn(3))
    torch._dynamo.reset()


# --- TL317: torch value operators on dtypes -----------------------------------------------------

DTYPE_CHECKS = """
import torch as T
from torch import nn


def widened(x, y):
    if T.can_cast(y.dtype, x.dtype):
        return x + y
    return x.to(T.promote_types(x.dtype, y.dtype)) + y


class Model(nn.Module):
    def forward(self, x, y):
        kind = T.promote_types(x.dtype, T.float32)
        return widened(x.to(kind), y)
"""


def test_can_cast_is_flagged_and_promote_types_is_not():
    assert _lines(DTYPE_CHECKS, "TL317", "compile") == [6]


@requires_torch
def test_torch_refuses_can_cast_and_folds_promote_types():
    import pytest
    import torch
    from torch._dynamo.exc import Unsupported

    def promoted(x):
        return x.to(torch.promote_types(x.dtype, torch.float64))

    def checked(x):
        return x * 2 if torch.can_cast(x.dtype, torch.int32) else x

    torch._dynamo.reset()
    torch.compile(promoted, fullgraph=True, backend="eager")(torch.ones(2))
    torch._dynamo.reset()
    with pytest.raises(Unsupported, match="non-Tensor"):
        torch.compile(checked, fullgraph=True, backend="eager")(torch.ones(2))
    torch._dynamo.reset()


# --- TL317: a quasi-random engine built in graph code ------------------------------------------

SOBOL = """
import torch
from torch import nn
from torch.quasirandom import SobolEngine


def sample_points(n: int, dim: int = 2):
    return SobolEngine(dim, scramble=True, seed=3).draw(n)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fixed = SobolEngine(2).draw(8)

    def forward(self, x):
        return x @ (sample_points(x.shape[-1]) + self.fixed[: x.shape[-1]]).T
"""


def test_sobol_engine_in_graph_code_is_flagged_for_compile_and_export():
    assert _lines(SOBOL, "TL317", "compile") == [7]
    assert _lines(SOBOL, "TL317", "export") == [7]


# --- TL305: a generator seeded with a constant in __init__ ---------------------------------------

SEEDED_GENERATORS = """
import random

import torch
from torch import nn


class Dropper(nn.Module):
    def __init__(self, p: float = 0.2, seed: int = 7, fresh=None):
        super().__init__()
        self.p = p
        self.rng = random.Random(seed)
        self.other = random.Random(fresh)
        self.unseeded = random.Random()

    def keep(self):
        return self.rng.random() >= self.p

    def forward(self, x):
        a = x if self.keep() else x * 0
        b = x * self.other.random()
        return a + b * self.unseeded.random()
"""


def test_a_constant_seeded_generator_attribute_claims_compile_and_trace_not_export():
    assert _lines(SEEDED_GENERATORS, "TL305", "compile") == [16, 20, 21]
    assert _lines(SEEDED_GENERATORS, "TL305", "trace") == [16, 20, 21]
    assert _lines(SEEDED_GENERATORS, "TL305", "export") == [20, 21]


# --- TL306: a NumPy function torch._numpy lacks, on numbers -------------------------------------

NUMPY_ON_NUMBERS = """
import math

import numpy
from numpy.polynomial import hermite as H
import torch
from torch import nn


def gauss_hermite(n: int):
    points, weights = H.hermgauss(n)
    return torch.as_tensor(points), torch.as_tensor(weights)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.dim = 16
        self.rates = [0.1, 0.2, 0.3]

    def forward(self, x):
        points, weights = gauss_hermite(5)
        scale = numpy.sqrt(self.dim) + float(numpy.arange(3).sum()) + math.pi
        tiny = numpy.finfo(numpy.float32).eps
        mean = numpy.nanmean(self.rates)
        return x * scale * mean * (points * weights).sum() + tiny
"""


def test_numpy_functions_torch_numpy_lacks_are_flagged_on_numbers_for_compile_only():
    assert _lines(NUMPY_ON_NUMBERS, "TL306", "compile") == [10, 24]
    assert _lines(NUMPY_ON_NUMBERS, "TL306", "export") == []
    assert _lines(NUMPY_ON_NUMBERS, "TL306", "trace") == []


@requires_torch
def test_torch_refuses_a_numpy_function_it_lacks_on_numbers_and_traces_one_it_has():
    import numpy as np
    import pytest
    import torch
    from torch._dynamo.exc import Unsupported

    def traced(x):
        return x * float(np.sqrt(16.0)) + torch.as_tensor(np.arange(3)).sum()

    def refused(x):
        points, _ = np.polynomial.legendre.leggauss(3)
        return x * float(points.sum())

    torch._dynamo.reset()
    torch.compile(traced, fullgraph=True, backend="eager")(torch.ones(2))

    def mean_of_list(x, rates=(0.1, 0.2)):
        return x * float(np.nanmean(list(rates)))

    torch._dynamo.reset()
    with pytest.raises(Unsupported, match="marked as skipped"):
        torch.compile(refused, fullgraph=True, backend="eager")(torch.ones(2))
    torch._dynamo.reset()
    with pytest.raises(Unsupported):
        torch.compile(mean_of_list, fullgraph=True, backend="eager")(torch.ones(2))
    torch._dynamo.reset()
