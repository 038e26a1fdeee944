"""Trace mechanisms of the twentieth session (fresh12's misses), in other spellings than the
corpus's: project subclasses of torch.distributions classes (TL345), a function library's
``__getitem__`` as its API, and tensors kept on ``self`` from helpers annotated to return one
or read off a local object of a project class (TL105, TL109). Each flagged case was checked with torch 2.13 (a TracerWarning at
the line under torch.jit.trace); each clean one traces without one there."""

from __future__ import annotations

import traceback
import warnings

import pytest

from tests.lint_helpers import findings, load_module, project_findings

torch = pytest.importorskip("torch")

HEAD = """
import math
import torch
from torch import nn
import torch.distributions as tdist
"""


def _lines(source: str, code: str = "TL345") -> list[int]:
    return sorted(d.line for d in findings(source, code, "trace"))


def _trace_warning_lines(tmp_path, source: str, name: str) -> set[int]:
    """Lines of ``name``.py where torch.jit.trace of its ``Model`` warns (TracerWarning)."""
    module = load_module(tmp_path, source, name)
    lines: set[int] = set()

    def record(message, category, *args, **kwargs):  # type: ignore[no-untyped-def]
        if issubclass(category, torch.jit.TracerWarning):
            # The innermost frame of the module (torch warns from its own files).
            frames = [f for f in traceback.extract_stack() if f.filename.endswith(f"{name}.py")]
            if frames:
                lines.add(frames[-1].lineno)

    # A torch.compile earlier in the process turns the checks off for the whole process.
    validating = torch.distributions.Distribution._validate_args
    torch.distributions.Distribution.set_default_validate_args(True)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = record
            torch.jit.trace(module.Model(), (torch.rand(2, 3) + 0.5,), check_trace=False)
    finally:
        torch.distributions.Distribution.set_default_validate_args(validating)
    return lines


# A project subclass keeping torch's constructor: its calls run torch's checks, and its own
# methods' `self.log_prob(v)` checks the value.
SUBCLASS = (
    HEAD
    + """
class Skewed(tdist.Gamma):
    def log_density(self, v):
        return self.log_prob(v) + 1.0


class Model(nn.Module):
    def forward(self, x):
        g = Skewed(x, x * 2)
        return g.log_density(x)
"""
)

# The same with the checks off in the subclass's own constructor or where the project makes
# it, and a method the subclass overrides (no torch check behind `self.log_prob`).
SUBCLASS_OFF = (
    HEAD
    + """
class Skewed(tdist.Normal):
    def __init__(self, a, b):
        super().__init__(a, b, validate_args=False)

    def log_density(self, v):
        return self.log_prob(v) + 1.0


class Flat(tdist.Normal):
    def log_prob(self, v):
        return v * 0.0

    def log_density(self, v):
        return self.log_prob(v) + 1.0


class Kept(tdist.Normal):
    def log_density(self, v):
        return self.log_prob(v) + 1.0


class Model(nn.Module):
    def forward(self, x):
        g = Skewed(x, x * 2)
        f = Flat(x, x * 2, validate_args=False)
        k = Kept(x, x * 2, validate_args=False)
        return g.log_density(x) + f.log_density(x) + k.log_density(x)
"""
)

# A constructor handing its caller's `validate_args=None` to torch's, and a support check
# under `if self._validate_args:` (on by default).
PASS_THROUGH = (
    HEAD
    + """
class Shifted(tdist.TransformedDistribution):
    def __init__(self, base, shift, validate_args=None):
        super().__init__(base, [tdist.AffineTransform(shift, 1.0)], validate_args=validate_args)

    def shifted_log_prob(self, v):
        u = v - 1.0
        if self._validate_args:
            self.base_dist._validate_sample(u)
        return self.base_dist.log_prob(u)


class Model(nn.Module):
    def forward(self, x):
        d = Shifted(tdist.Exponential(x, validate_args=False), 1.0)
        return d.shifted_log_prob(x + 1.0)
"""
)

# `arg_constraints` naming a tensor attribute the constructor sets before torch's checks.
CONSTRAINED = (
    HEAD
    + """
class Ring(tdist.Distribution):
    arg_constraints = {"radius": tdist.constraints.positive}

    def __init__(self, radius, validate_args=None):
        self.radius = radius if isinstance(radius, torch.Tensor) else torch.tensor(radius)
        super().__init__(validate_args=validate_args)

    def log_prob(self, v):
        return v * 0.0 - math.log(self.radius)


class Model(nn.Module):
    def forward(self, x):
        ring = Ring(x.sum())
        return ring.log_prob(x)
"""
)

# The checks off in the constructor: torch reads no constraint (with them on, a Python number
# under a constraint is a TypeError in eager: torch._is_all_true takes only tensors).
CONSTRAINED_OFF = (
    HEAD
    + """
class Disc(tdist.Distribution):
    arg_constraints = {"radius": tdist.constraints.positive}

    def __init__(self, radius):
        self.radius = radius.abs()
        super().__init__(validate_args=False)


class Model(nn.Module):
    def forward(self, x):
        disc = Disc(x.sum())
        return x + disc.radius
"""
)


def test_subclass_keeping_torchs_constructor(tmp_path):
    assert _lines(SUBCLASS) == [8, 13]
    assert _trace_warning_lines(tmp_path, SUBCLASS, "s20_subclass") == {8, 13}


def test_subclass_with_checks_off_or_own_method(tmp_path):
    assert _lines(SUBCLASS_OFF) == []
    assert _trace_warning_lines(tmp_path, SUBCLASS_OFF, "s20_subclass_off") == set()


def test_validate_args_passed_through_and_support_check(tmp_path):
    assert _lines(PASS_THROUGH) == [8, 13]
    assert _trace_warning_lines(tmp_path, PASS_THROUGH, "s20_pass") == {8, 13}


def test_arg_constraints_on_a_tensor_attribute(tmp_path):
    assert _lines(CONSTRAINED) == [11]
    # 14: math.log of the radius (a tensor made from a Python number) warns too, but
    # Dynamo folds it, so the kinds leave such an attribute unknown (no TL102 there).
    assert _trace_warning_lines(tmp_path, CONSTRAINED, "s20_constrained") == {11, 14}


def test_arg_constraints_with_checks_off(tmp_path):
    assert _lines(CONSTRAINED_OFF) == []
    assert _trace_warning_lines(tmp_path, CONSTRAINED_OFF, "s20_constrained_off") == set()


@pytest.mark.parametrize("method", ["__getitem__", "_getitem"])
def test_function_library_getitem_is_api(tmp_path, method):
    """A function library's public class indexed in a model's forward runs its
    ``__getitem__``: graph code; a private helper of the same body is not the API."""
    files = {
        "spans/__init__.py": "from .core import Spans\n",
        "spans/core.py": f"""
            import torch

            class Spans:
                def __init__(self, ends):
                    self.ends = torch.as_tensor(ends)

                def {method}(self, i):
                    assert bool((self.ends[i] > 0).all())
                    return Spans(self.ends[i])
            """,
    }
    found = project_findings(tmp_path, files, "TL102", "trace")
    assert found == ([("core.py", 8)] if method == "__getitem__" else [])


# A tensor kept on the module from a function or method annotated to return one: iterating it
# or reading its size under trace reads a traced tensor. Clean: the same helper annotated to
# return a list of ints.
ANNOTATED_RETURNS = """
from typing import List

import torch
from torch import nn


def visit_order(n: int) -> torch.LongTensor:
    return torch.arange(n - 1, -1, -1)


def visit_list(n: int) -> List[int]:
    return list(range(n - 1, -1, -1))


class Scale:
    def __init__(self, s):
        self.s = self._as_tensor(s)

    def _as_tensor(self, s) -> torch.Tensor:
        return torch.as_tensor(s, dtype=torch.float32)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.order = visit_order(3)
        self.plain = visit_list(3)
        scale = Scale([1.0, 2.0])
        self.scale = scale.s

    def forward(self, x):
        out = x
        for i in self.order:
            out = out + x[:, i : i + 1]
        for j in self.plain:
            out = out + j
        return scaled(out, self.scale)


def scaled(out, s):
    assert s.numel() == 2
    return out * s[0]
"""


def test_tensor_from_annotated_helpers(tmp_path):
    flagged = {
        (d.code, d.line)
        for code in ("TL105", "TL109")
        for d in findings(ANNOTATED_RETURNS, code, "trace")
    }
    assert flagged == {("TL105", 33), ("TL109", 41)}
    assert _trace_warning_lines(tmp_path, ANNOTATED_RETURNS, "s20_annotated") == {33, 41}
