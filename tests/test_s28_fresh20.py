"""Session 28 (helper-252): what fresh20's blind score's false findings led to, in other
spellings.

- Kinds: ``isinstance(x, T)`` with builtin types no tensor is an instance of (``(list,
  tuple)``, ``dict``, ``int``) proves ``x`` is not a tensor in the right operand of its ``and``
  (``isinstance(inputs, (list, tuple)) and len(inputs) == 2``, torch-nac's liquid attention)
  and in the body of an ``if`` on it; TL105 took ``len(inputs)`` there for ``len()`` of the
  forward's tensor argument. The ``or`` spelling, the other branch and the code after the
  ``if`` still see the tensor.

Each claim about torch is checked by running it (torch 2.13, CPU).
"""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# torch-nac's LAN: one forward for a tensor, a (x, v) pair or a (q, k, v) triple.
UNPACK_AND = """
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(4, 4)

    def forward(self, inputs):
        if isinstance(inputs, (list, tuple)) and len(inputs) == 2:
            x, v = inputs
            q = k = x
        elif isinstance(inputs, (list, tuple)) and len(inputs) == 3:
            q, k, v = inputs
        else:
            q = k = v = inputs
        return self.q(q) + k * v
"""

# The body of the `if` on the sequence test, and a dict test: not a tensor there either.
UNPACK_BODY = """
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(4, 4)

    def forward(self, inputs, extra=None):
        if isinstance(inputs, tuple):
            count = len(inputs)
            inputs = inputs[0] * count
        if isinstance(extra, dict) and len(extra) > 0:
            inputs = inputs + 1
        return self.q(inputs)
"""

# `or`: the right operand runs when the input is not a sequence, a tensor here.
UNPACK_OR = """
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(4, 4)

    def forward(self, inputs):
        if isinstance(inputs, (list, tuple)) or len(inputs) == 2:
            return self.q(inputs[0])
        return self.q(inputs)
"""

# The other branch and the code after the `if` still have the tensor.
UNPACK_ELSE = """
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(4, 4)

    def forward(self, inputs):
        if isinstance(inputs, (list, tuple)):
            inputs = inputs[0]
        else:
            n = len(inputs)
            inputs = inputs * n
        return self.q(inputs) * len(inputs)
"""


def _lines(source: str) -> list[int]:
    return [d.line for d in findings(source, "TL105", "trace")]


def test_len_after_a_sequence_isinstance_and_is_not_flagged():
    assert _lines(UNPACK_AND) == []


def test_len_in_the_body_of_a_sequence_or_dict_isinstance_is_not_flagged():
    assert _lines(UNPACK_BODY) == []


def test_len_after_a_sequence_isinstance_or_is_flagged():
    assert _lines(UNPACK_OR) == [11]


def test_len_in_the_other_branch_and_after_the_if_is_flagged():
    assert _lines(UNPACK_ELSE) == [14, 16]


def _trace_warnings(module, inputs) -> list[str]:
    import torch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module.Attention(), inputs)
    return [str(w.message) for w in caught if issubclass(w.category, torch.jit.TracerWarning)]


@requires_torch
@pytest.mark.parametrize(
    ("source", "name"), [(UNPACK_AND, "unpack_and_s28"), (UNPACK_BODY, "unpack_body_s28")]
)
def test_torch_traces_the_sequence_tests_of_a_tensor_without_a_warning(
    tmp_path: Path, source: str, name: str
):
    import torch

    module = load_module(tmp_path, textwrap.dedent(source), name)
    x = torch.randn(3, 4)
    assert _trace_warnings(module, (x,)) == []
    # Traced and eager agree on another batch size.
    other = torch.randn(5, 4)
    model = module.Attention()
    traced = torch.jit.trace(model, (x,))
    torch.testing.assert_close(traced(other), model(other))


@requires_torch
@pytest.mark.parametrize(
    ("source", "name"), [(UNPACK_OR, "unpack_or_s28"), (UNPACK_ELSE, "unpack_else_s28")]
)
def test_torch_warns_at_len_of_the_tensor(tmp_path: Path, source: str, name: str):
    import torch

    module = load_module(tmp_path, textwrap.dedent(source), name)
    caught = _trace_warnings(module, (torch.randn(3, 4),))
    assert any("len" in message for message in caught), caught
