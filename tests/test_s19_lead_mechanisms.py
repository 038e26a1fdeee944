"""Mechanisms met on fresh12.

Kinds (spacecutter's weighted loss): a tensor handed to a module's constructor under a tensor
annotation and kept on ``self`` is a tensor, not a configuration number, so indexing it with a
tensor is tensor indexing (no host read), where a list kept the same way is read through
``__index__``. Checked against torch: compile, export and trace pass for the tensor.

Conditions (cliffordlayers' functional batch norm): code under ``if training or mean is None:``
then ``if mean is not None:`` runs only when ``training`` holds, and its findings say so."""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

KEPT = """
from typing import List, Optional

import torch
from torch import nn


def weighted(losses: torch.Tensor, labels: torch.Tensor, weights: Optional[torch.Tensor] = None):
    if weights is not None:
        weights = weights.to(losses.dtype)
        losses = losses * weights[labels]
    return losses


class Loss(nn.Module):
    def __init__(self, weights: {annotation} = None):
        super().__init__()
        self.weights = weights

    def forward(self, losses, labels):
        return weighted(losses, labels, self.weights)
"""
TENSOR_SPELLINGS = ("Optional[torch.Tensor]", "torch.Tensor | None", "Union[torch.Tensor, None]")


@pytest.mark.parametrize("annotation", TENSOR_SPELLINGS)
@pytest.mark.parametrize("target", ["compile", "export", "trace"])
def test_a_tensor_kept_from_the_constructor_is_indexed_as_a_tensor(annotation, target):
    source = KEPT.replace("{annotation}", annotation).replace(
        "from typing import List, Optional", "from typing import List, Optional, Union"
    )
    assert findings(source, "TL102", target) == []


def test_a_list_kept_from_the_constructor_is_still_read_through_index():
    # `weighted` is annotated for a tensor, but the module keeps a list: indexing a list with a
    # tensor reads it as a Python int.
    source = KEPT.replace("{annotation}", "Optional[List[float]]").replace(
        "weights = weights.to(losses.dtype)\n        ", ""
    )
    source = source.replace("weights: Optional[torch.Tensor] = None", "weights=None")
    assert [d.line for d in findings(source, "TL102", "compile")] == [9]


@requires_torch
@pytest.mark.torch
def test_torch_indexes_the_kept_tensor_in_every_backend(tmp_path):
    import torch

    module = load_module(tmp_path, KEPT.replace("{annotation}", "Optional[torch.Tensor]"), "kept")
    model = module.Loss(torch.tensor([1.0, 0.5, 2.0])).eval()
    losses, labels = torch.rand(4), torch.tensor([0, 2, 1, 2])
    expected = model(losses, labels)
    compiled = torch.compile(model, fullgraph=True, backend="eager")
    assert torch.equal(compiled(losses, labels), expected)
    exported = torch.export.export(model, (losses, labels)).module()
    assert torch.equal(exported(losses, labels), expected)
    traced = torch.jit.trace(model, (losses, labels))
    other = torch.tensor([2, 2, 0, 1])
    assert torch.equal(traced(losses, other), model(losses, other))


NORM = """
from typing import Optional

import torch
from torch import nn


def norm(x, running_mean: Optional[torch.Tensor] = None, {flag}: bool = True, momentum: float = 0.1):
    if {flag} or running_mean is None:
        mean = x.mean(0)
        if running_mean is not None:
            print("updating the running mean")
            running_mean += momentum * (mean - running_mean)
    else:
        mean = running_mean
    return x - mean


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("running_mean", torch.zeros(4))

    def forward(self, x):
        return norm(x, self.running_mean, self.training)
"""


@pytest.mark.parametrize("flag", ["training", "update"])
def test_the_operand_an_or_owes_its_truth_to_is_named(flag):
    # A flag parameter, not the module's mode: a caller may pass anything (the corpora trace
    # functional code called with training=True in train mode, and torch warns there).
    [found] = findings(NORM.replace("{flag}", flag), "TL301", "compile")
    assert (found.condition, found.mode) == (f"running_mean is not None and {flag}", None)


def test_an_or_with_no_refuted_operand_names_nothing_more():
    source = NORM.replace("{flag}", "training").replace(
        "        if running_mean is not None:\n            print(",
        "        if True:\n            print(",
    )
    [found] = findings(source, "TL301", "compile")
    assert found.condition is None and found.mode is None


# Found by `fix_safety.py --corpus fresh7`: cerebral-lstm's cell unpacks the state tuple its
# caller passes into an unannotated parameter. TorchScript types the parameter as a Tensor
# (TL204 is right for script), but eager gets a tuple, which has no `unbind`.
UNPACKED = """
import torch
from torch import nn


class Cell(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(4, 4)

    def forward(self, x, {state}):
        upper, lower = state
        return self.gate(x) * upper + lower


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = Cell()

    def forward(self, x):
        return self.cell(x, (x, x + 1))
"""


def test_an_unannotated_parameter_is_not_unpacked_with_unbind():
    from torchlint.lint.settings import Settings

    from .fix_helpers import fixed_text

    script = Settings(select=("TL",), targets=("script",), targets_explicit=True)
    source = UNPACKED.replace("{state}", "state")
    assert fixed_text(source, script, unsafe=False).count("unbind") == 0
    # A parameter annotated as a tensor is one in eager too: its unpacking gets the fix.
    annotated = UNPACKED.replace("{state}", "state: torch.Tensor").replace(
        "(x, x + 1)", "torch.stack((x, x + 1))"
    )
    assert "upper, lower = state.unbind(0)" in fixed_text(annotated, script, unsafe=False)


@requires_torch
@pytest.mark.torch
def test_the_unfixed_tuple_still_runs_in_eager(tmp_path):
    import torch

    module = load_module(tmp_path, UNPACKED.replace("{state}", "state"), "unpacked")
    x = torch.randn(2, 4)
    assert module.Model()(x).shape == (2, 4)
