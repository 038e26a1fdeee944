"""Session 31 (helper-281): fresh22's compile, export and script misses, in other spellings.

- Kinds: a function defined in a body returns what its body returns (torchlip's Björck loop,
  ``def cond(w, old_w): return torch.linalg.norm(w - old_w) >= eps`` then ``done = (not
  cond(w, old_w)) or (i <= 0)``): the ``not`` of the call is a truth test of tensor data.
  torch 2.13: fullgraph compile and export fail there (data-dependent guard).
- Kinds: after ``try`` / ``except`` a name has the kind of any path through the statement, a
  handler's too (``try: v = bool(norm > tol)`` / ``except Exception: v = False``), so ``if
  v:`` is a branch on tensor data (torchdae's consistency check). TL101 names compile alone
  there: export raises at the conversion inside the ``try``, the handler runs and the branch
  exports (torch 2.13); with the conversion outside a ``try`` export fails as before.
- TL212: ``last: nn.Linear = self.memory.net[-1]``, the container a submodule of a project
  class keeps (filled by that class's ``__init__`` in the file with a ``SiLU`` beside the
  ``Linear``): scripting checks every item against the annotation (titans' neural memory).
- TL212: ``if self.share:`` where ``__init__`` stores ``share = _norm(share)``, a helper of
  the file whose first statement returns None for None, and ``share`` defaults to None
  (pytorch-hexagdly's ``_normalize_share_neighbors``): the attribute is NoneType.
- TL214: ``model: nn.Module`` in a scripted signature: TorchScript has no type for the base
  module class unless the model holds a bare ``nn.Module()`` (fast-ngp's volume renderer).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

INPUTS = """

def inputs():
    torch.manual_seed(0)
    return [(torch.eye(4) * 1.0001,), (torch.eye(4) * 1.0002,)]
"""

# -- a function defined in the body ---------------------------------------------------------
NESTED = """
import torch
from torch import nn


def normalize(w: torch.Tensor, eps: float = 1e-3, maxiter: int = 15) -> torch.Tensor:
    def cond(a, b):
        return torch.linalg.norm(a - b) >= eps

    done = False
    i = maxiter
    while not done:
        old = w
        w = 1.5 * w - 0.5 * torch.mm(torch.mm(w, w.t()), w)
        i -= 1
        done = (not cond(w, old)) or (i <= 0)
    return w


class Model(nn.Module):
    def forward(self, x):
        return normalize(x)
"""
# The nested function compares Python numbers: nothing of tensor data.
NESTED_NUMBERS = """
import torch
from torch import nn


def normalize(w: torch.Tensor, maxiter: int = 3) -> torch.Tensor:
    def cond(i, n):
        return i < n

    i = 0
    done = False
    while not done:
        w = 1.5 * w - 0.5 * torch.mm(torch.mm(w, w.t()), w)
        i += 1
        done = not cond(i, maxiter)
    return w


class Model(nn.Module):
    def forward(self, x):
        return normalize(x)
"""


def test_truth_test_of_a_nested_function_returning_a_tensor_flagged():
    for target in ("compile", "export"):
        found = findings(NESTED, "TL101", target)
        assert 15 in [d.line for d in found], target


def test_nested_function_comparing_numbers_not_flagged():
    for target in ("compile", "export", "trace"):
        assert findings(NESTED_NUMBERS, "TL101", target) == [], target


@requires_torch
@pytest.mark.torch
def test_torch_fails_on_the_nested_tensor_test_and_passes_the_numbers():
    from .oracle import check

    for backend in ("compile", "export"):
        verdict = check(NESTED + INPUTS, backend)
        assert not verdict.ok, backend
        assert check(NESTED_NUMBERS + INPUTS, backend).ok, backend


# -- a bool made from tensor data in a `try` ------------------------------------------------
CHECK = """
import torch
from torch import nn


def check(y: torch.Tensor, tol: float = 1e3) -> None:
    norm = y.norm()
{body}
    if violating:
        raise ValueError("inconsistent")


class Model(nn.Module):
    def forward(self, x):
        check(x)
        return x * 2
"""
IN_TRY = """\
    try:
        violating = bool(norm > tol)
    except Exception:
        violating = False"""
OUTSIDE = """\
    violating = bool(norm > tol)"""
# The handler re-raises: the bool after the statement is the body's, and export fails at it.
RERAISED = """\
    try:
        violating = bool(norm > tol)
    except Exception:
        raise"""
# A size, not data, on either path.
SIZE = """\
    try:
        violating = y.shape[0] > 64
    except Exception:
        violating = False"""


def _check(body: str) -> str:
    return CHECK.replace("{body}", body)


def test_bool_of_tensor_data_in_a_try_flagged_for_compile_only():
    assert [d.line for d in findings(_check(IN_TRY), "TL101", "compile")] == [11]
    assert findings(_check(IN_TRY), "TL101", "export") == []


@pytest.mark.parametrize("body,line", [(OUTSIDE, 8), (RERAISED, 11)], ids=["outside", "reraised"])
def test_bool_of_tensor_data_export_sees_flagged_for_export(body: str, line: int):
    assert [d.line for d in findings(_check(body), "TL101", "export")] == [line]


def test_size_test_in_a_try_not_flagged():
    for target in ("compile", "export"):
        assert findings(_check(SIZE), "TL101", target) == [], target


@requires_torch
@pytest.mark.torch
def test_torch_compile_fails_and_export_passes_on_the_caught_conversion():
    from .oracle import check

    source = _check(IN_TRY) + INPUTS
    assert not check(source, "compile").ok
    assert check(source, "export").ok
    assert not check(_check(OUTSIDE) + INPUTS, "export").ok
    for backend in ("compile", "export"):
        assert check(_check(SIZE) + INPUTS, backend).ok, backend


# -- TL212: a submodule's container indexed under a module annotation ---------------------------
SUB_CONTAINER = """
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, depth: int = 2):
        super().__init__()
        layers = []
        for i in range(depth):
            layers.append(nn.Linear(4, 4, bias=False))
            if i < depth - 1:
                layers.append(nn.SiLU())
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.memory = MLP()

    def forward(self, x):
        last{annotation} = self.memory.net[-1]
        return x @ last.weight
"""


def test_annotated_index_of_a_submodule_container_flagged():
    source = SUB_CONTAINER.replace("{annotation}", ": nn.Linear")
    found = findings(source, "TL212", "script")
    assert [d.line for d in found] == [25]
    assert "`self.memory.net`" in found[0].message and "MLP.__init__" in found[0].message


def test_unannotated_index_of_a_submodule_container_not_flagged():
    assert findings(SUB_CONTAINER.replace("{annotation}", ""), "TL212", "script") == []


@requires_torch
@pytest.mark.torch
def test_torch_script_checks_every_item_against_the_annotation():
    from .oracle import check

    inputs = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"
    flagged = SUB_CONTAINER.replace("{annotation}", ": nn.Linear") + inputs
    verdict = check(flagged, "script")
    assert not verdict.ok and "is not of annotated type" in verdict.detail
    assert check(SUB_CONTAINER.replace("{annotation}", "") + inputs, "script").ok


# -- TL212: None kept by a normalizing helper ---------------------------------------------------
NORMALIZED = """
import torch
from torch import nn


def _norm(value):
    \"\"\"None/False -> {off}; True -> "ring".\"\"\"
    if value is None or value is False:
        return {off}
    if value is True:
        return "ring"
    return value


class Model(nn.Module):
    def __init__(self, share=None):
        super().__init__()
        share = _norm(share)
        self.share = share

    def forward(self, x):
        if self.share:
            return x * 2
        return x


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_none_kept_by_a_helper_flagged():
    found = findings(NORMALIZED.replace("{off}", "None"), "TL212", "script")
    assert [d.line for d in found] == [21]
    assert "`_norm` keeps None" in found[0].message


def test_helper_giving_a_value_for_none_not_flagged():
    assert findings(NORMALIZED.replace("{off}", '""'), "TL212", "script") == []


@requires_torch
@pytest.mark.torch
def test_torch_script_cannot_test_the_none_attribute():
    from .oracle import check

    verdict = check(NORMALIZED.replace("{off}", "None"), "script")
    assert not verdict.ok and "NoneType to bool" in verdict.detail
    assert check(NORMALIZED.replace("{off}", '""'), "script").ok


# -- TL214: the base module class in a scripted signature ---------------------------------------
BASE_MODULE = """
import torch
from torch import nn


class Renderer(nn.Module):
    def forward(self, x: torch.Tensor, model: nn.Module) -> torch.Tensor:
        return x * 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.renderer = Renderer()
        self.field = {field}

    def forward(self, x):
        return self.renderer(x, self.field)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_base_module_annotation_flagged():
    found = findings(BASE_MODULE.replace("{field}", "nn.Linear(4, 4)"), "TL214", "script")
    assert [d.line for d in found] == [6]
    assert "Unknown type name 'nn.Module'" in found[0].message


def test_base_module_annotation_with_a_bare_module_built_not_flagged():
    assert findings(BASE_MODULE.replace("{field}", "nn.Module()"), "TL214", "script") == []


@requires_torch
@pytest.mark.torch
def test_torch_script_resolves_the_base_class_only_for_a_bare_module():
    import textwrap

    import torch

    from .oracle import load_example

    failing = load_example(BASE_MODULE.replace("{field}", "nn.Linear(4, 4)"))
    with pytest.raises(Exception, match="Unknown type name 'nn.Module'"):
        torch.jit.script(failing.Renderer())
    # With a bare `nn.Module()` submodule compiled with the model the name resolves.
    passing = load_example(
        textwrap.dedent(
            """
            import torch
            from torch import nn


            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.base = nn.Module()

                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    return self.helper(x, self.base)

                def helper(self, x: torch.Tensor, m: nn.Module) -> torch.Tensor:
                    return x * 2


            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        )
    )
    torch.jit.script(passing.Model())
