"""Mechanisms from the fresh13 corpus's trace and export false findings, each linted in
spellings other than the corpus's and, where the claim is about torch, run through torch 2.13.

- State set on every call before it is read carries nothing across calls (TL311): an
  ``if`` / ``else`` whose every branch sets the attribute, a recurrence that starts from a value
  the same call set first (``self.x = x0...; self.x = step(self.x)``), and a counter that
  another method of the class clears, when that method is itself graph code (a stepper's
  ``reset()`` called at the top of forward). The same state set in one branch only, or cleared
  only by a method no graph code calls, is still flagged.
- A local dict filled with tensors (``v = {}; v[k] = t[None, :]``) holds tensors: a closure's
  ``v[k].view(-1)[idx]`` indexes a tensor, no Python list (no TL102); a dict filled with
  Python lists is still one.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings
from .lint_helpers import load_module

# ------------------------------------------------------------------ state set on every call

BRANCH_SET = """
    import torch
    from torch import nn

    class Rollout(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.Linear(4, 4)
            self.h = None
            self.path = None

        def run(self, x, h0=None):
            if h0 is None:
                self.h = torch.zeros(x.shape[0], 4)
            else:
                self.h = h0
            self.path = x.unsqueeze(1).repeat(1, 3, 1)
            self.path = torch.tanh(self.cell(self.path)) + self.h.unsqueeze(1)
            return self.path

        def decode(self):
            return self.path.sum(1) + self.h

        def forward(self, x):
            self.run(x)
            return self.decode()
"""

# The same state set only when the caller passes one: later calls read what an earlier left.
ONE_BRANCH = """
    import torch
    from torch import nn

    class Rollout(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.Linear(4, 4)
            self.h = torch.zeros(1, 4)

        def run(self, x, h0=None):
            if h0 is not None:
                self.h = h0
            return torch.tanh(self.cell(x)) + self.h

        def decode(self, y):
            return y + self.h

        def forward(self, x):
            y = self.run(x, x.mean(0, keepdim=True) if x.shape[0] > 2 else None)
            return self.decode(y)
"""


def test_state_set_in_every_branch_is_not_flagged():
    assert _findings(BRANCH_SET, "TL311", "trace") == []
    assert _findings(BRANCH_SET, "TL311", "export") == []


def test_state_set_in_one_branch_is_flagged():
    assert _findings(ONE_BRANCH, "TL311", "export")


@requires_torch
def test_state_set_in_every_branch_traces_right(tmp_path: Path):
    import torch

    module = load_module(tmp_path, BRANCH_SET, "s21_branch_set")
    torch.manual_seed(0)
    model = module.Rollout().eval()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.randn(2, 4),))
        exported = torch.export.export(model, (torch.randn(2, 4),))
    for _ in range(2):
        x = torch.randn(2, 4)
        torch.testing.assert_close(traced(x), model(x))
        torch.testing.assert_close(exported.module()(x), model(x))


COUNTER = """
    import torch
    from torch import nn

    class Budget:
        def __init__(self, limit):
            self.limit = limit
            self.restart()

        def restart(self):
            self.used, self.exhausted = 0, False

        def spend(self):
            self.used = self.used + 1
            if self.used >= self.limit:
                self.exhausted = True
            return self.exhausted

    class Refine(nn.Module):
        def __init__(self):
            super().__init__()
            self.budget = Budget(3)
            self.step = nn.Linear(4, 4)

        def forward(self, x):
            self.budget.restart()
            while not self.budget.exhausted:
                x = x + 0.1 * torch.tanh(self.step(x))
                self.budget.spend()
            return x
"""


def test_counter_cleared_by_graph_code_is_not_flagged():
    assert _findings(COUNTER, "TL311", "trace") == []
    assert _findings(COUNTER, "TL311", "export") == []


def test_counter_cleared_only_outside_graph_code_is_flagged():
    # The user's `restart()` between runs: a converted model never runs it.
    source = COUNTER.replace("            self.budget.restart()\n", "")
    assert _findings(source, "TL311", "export")


@requires_torch
def test_counter_cleared_by_graph_code_traces_right(tmp_path: Path):
    import torch

    module = load_module(tmp_path, COUNTER, "s21_counter")
    torch.manual_seed(0)
    model = module.Refine().eval()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.randn(2, 4),))
    for _ in range(2):
        x = torch.randn(2, 4)
        torch.testing.assert_close(traced(x), model(x))


@requires_torch
def test_counter_not_cleared_diverges(tmp_path: Path):
    """What the flagged spelling does: the second eager call finds the budget spent."""
    import torch

    source = COUNTER.replace("            self.budget.restart()\n", "")
    module = load_module(tmp_path, source, "s21_counter_kept")
    torch.manual_seed(0)
    model = module.Refine().eval()
    x = torch.randn(2, 4)
    first = model(x)
    assert not torch.allclose(model(x), first)


# ------------------------------------------------------------------ a local dict of tensors

TENSOR_DICT = """
    import torch
    from torch import nn

    class Pick(nn.Module):
        def forward(self, a, b, idx):
            rows = {}
            for key, t in zip(("a", "b"), (a, b)):
                rows[key] = t.unsqueeze(0)

            def flat(key):
                return rows[key].reshape(-1)[idx]

            return flat("a") + flat("b")
"""

LIST_DICT = """
    import torch
    from torch import nn

    class Pick(nn.Module):
        def forward(self, a, idx):
            table = {}
            table["w"] = [1.0, 2.0, 3.0, 4.0]

            def weight(key):
                return table[key][idx]

            return a * weight("w")
"""


def test_closure_indexing_a_dict_of_tensors_is_not_flagged():
    assert _findings(TENSOR_DICT, "TL102", "export") == []
    assert _findings(TENSOR_DICT, "TL102", "trace") == []


def test_closure_indexing_a_dict_of_lists_is_flagged():
    assert _findings(LIST_DICT, "TL102", "export")


@requires_torch
def test_dict_of_tensors_indexed_by_a_tensor_exports(tmp_path: Path):
    import torch

    module = load_module(tmp_path, TENSOR_DICT, "s21_tensor_dict")
    model = module.Pick()
    args = (torch.randn(5), torch.randn(5), torch.tensor([0, 3]))
    exported = torch.export.export(model, args)
    torch.testing.assert_close(exported.module()(*args), model(*args))


@requires_torch
def test_dict_of_lists_indexed_by_a_tensor_fails_export(tmp_path: Path):
    import torch

    module = load_module(tmp_path, LIST_DICT, "s21_list_dict")
    with pytest.raises(Exception):  # noqa: B017, PT011 - torch raises several kinds here
        torch.export.export(module.Pick(), (torch.randn(3), torch.tensor(2)))


# A local dict filled with size tests: a closure's `if single[key]:` decides on a size.
SIZE_DICT = """
    import torch
    from torch import nn

    class Pick(nn.Module):
        def forward(self, a, b):
            single = {}
            for key, t in zip(("a", "b"), (a, b)):
                single[key] = t.size(0) == 1

            def rows(key, t):
                if single[key]:
                    return t.expand(4, -1)
                return t[:4]

            return rows("a", a) + rows("b", b)
"""


def test_closure_deciding_on_a_dict_of_size_tests_is_flagged():
    found = _findings(SIZE_DICT, "TL106", "trace")
    assert [d.line for d in found] == [11]


@requires_torch
def test_dict_of_size_tests_warns_while_tracing(tmp_path: Path):
    import torch

    module = load_module(tmp_path, SIZE_DICT, "s21_size_dict")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module.Pick(), (torch.randn(5, 3), torch.randn(1, 3)))
    lines = {
        w.lineno
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning)
        and w.filename.endswith("s21_size_dict.py")
    }
    assert 11 in lines


# ------------------------------------------------------------------ checks every passing call runs

# `or` in a raise guard, `and` in an assert: a call that passes evaluated every operand, the
# size test after the setting's test included.
PASSING_CHECKS = """
    import torch
    from torch import nn

    def keep_rows(x, n_keep: int = 2):
        if n_keep < 1 or n_keep > x.size(0):
            raise ValueError("n_keep out of range")
        return x[:n_keep]

    def window(x, width: int = 2):
        assert width > 0 and width <= x.shape[1], "window wider than the input"
        return x[:, :width]

    class Crop(nn.Module):
        def forward(self, x):
            return keep_rows(x, 2)[:, :2] + window(x, 2)[:2]
"""


def test_size_test_after_a_setting_in_a_passing_check_is_flagged():
    found = _findings(PASSING_CHECKS, "TL109", "trace")
    assert sorted(d.line for d in found) == [5, 10]


def test_size_test_after_a_setting_in_an_and_raise_guard_is_not_flagged():
    # `if n < 0 and ...: raise`: a passing call with the default n never runs the size test.
    source = PASSING_CHECKS.replace(
        "n_keep < 1 or n_keep > x.size(0)", "n_keep < 0 and n_keep > x.size(0)"
    )
    assert [d.line for d in _findings(source, "TL109", "trace")] == [10]


@requires_torch
def test_passing_checks_warn_while_tracing(tmp_path: Path):
    import torch

    module = load_module(tmp_path, PASSING_CHECKS, "s21_passing_checks")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module.Crop(), (torch.randn(4, 3),))
    lines = {
        w.lineno
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning)
        and w.filename.endswith("s21_passing_checks.py")
    }
    assert {5, 10} <= lines


# ------------------------------------------------------------------ a setter every call runs

SETTER = """
    import torch
    from torch import nn

    class Frame:
        def __init__(self, cell):
            self.cell = cell
            self.inv = torch.linalg.inv(cell)

        def update(self, cell=None, shift=None):
            if cell is not None:
                self.cell = cell
                self.inv = torch.linalg.inv(cell)
            if shift is not None:
                self.shift = shift

        def fractional(self, x):
            return (x - self.shift) @ self.inv

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.frame = Frame(torch.eye(3))

        def forward(self, x, cell, shift):
            self.frame.update(cell, shift)
            return self.frame.fractional(x)
"""


def test_setter_every_forward_calls_with_tensors_is_not_flagged():
    assert _findings(SETTER, "TL311", "trace") == []
    assert _findings(SETTER, "TL311", "export") == []


def test_setter_a_forward_may_call_without_a_value_is_flagged():
    # `cell=None` in forward: a call without it reads the cell an earlier call left.
    source = SETTER.replace(
        "def forward(self, x, cell, shift):", "def forward(self, x, shift, cell=None):"
    )
    assert _findings(source, "TL311", "export")


@requires_torch
def test_setter_every_forward_calls_traces_right(tmp_path: Path):
    import torch

    module = load_module(tmp_path, SETTER, "s21_setter")
    model = module.Model()

    def args():
        return torch.randn(4, 3), torch.eye(3) + 0.1 * torch.randn(3, 3), torch.randn(3)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, args())
        exported = torch.export.export(model, args())
    for _ in range(2):
        sample = args()
        torch.testing.assert_close(traced(*sample), model(*sample))
        torch.testing.assert_close(exported.module()(*sample), model(*sample))
