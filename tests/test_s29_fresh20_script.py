"""Session 29 (helper-263): what fresh20's TorchScript misses led to, in other spellings.

- TL212: an attribute ``__init__`` binds to values of different kinds on different paths (a
  module and an ``nn.Parameter``, a module and None, a plain module and a container), read in
  compiled code in a way one of them cannot take (a call, a tensor method, an index) under no
  test of the attribute: torch compiles the read whichever way the module was built
  (torch-slices' ``self.init``, contextual-conv's ``self.beta_proc``). A test of the
  attribute (``isinstance``, ``is None``) is folded: torch compiles one side of it.
- TL212: a lambda stored by the ``__init__`` of a base class in the same file, read in a
  subclass's method (rcps-pytorch's ``RCPSInput``).
- TL223: a name bound to a number before a loop or ``if`` and to a tensor in it, then read as
  a tensor (``m.sum()``): TorchScript keeps the number type (gaussian-adaptive-attention).
- TL215: a Union parameter narrowed by ``isinstance`` only inside a conditional expression
  elsewhere is still a Union at a torch call (torch-friction's ``torch.tensor(dt)``).

Each claim about torch is checked by running it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

KINDS = """
import torch
from torch import nn


class Init(nn.Module):
    def __init__(self, dependent: bool = True):
        super().__init__()
        self.dependent = dependent
        if dependent:
            self.init = nn.Linear(4, 4)
        else:
            self.init = nn.Parameter(torch.randn(4))

    def forward(self, x):
        if self.dependent:
            return self.init(x)
        return x + self.init.unsqueeze(0)


class Head(nn.Module):
    def __init__(self, use_bias: bool = True):
        super().__init__()
        self.use_bias = use_bias
        if use_bias:
            self.beta = nn.Linear(4, 4)
        else:
            self.beta = None

    def forward(self, x):
        b = self.beta(x) if self.use_bias else None
        return x if b is None else x + b


class Last(nn.Module):
    def __init__(self, hidden: int = 0):
        super().__init__()
        self.deep = hidden > 0
        if hidden > 0:
            self.proc = nn.Sequential(nn.Linear(4, hidden), nn.ReLU(), nn.Linear(hidden, 4))
        else:
            self.proc = nn.Linear(4, 4)

    def forward(self, x):
        if self.deep:
            x = x + self.proc[-1].weight.sum()
        return self.proc(x)
"""

KINDS_OK = """
from typing import Optional

import torch
from torch import nn


class Init(nn.Module):
    def __init__(self, dependent: bool = True):
        super().__init__()
        if dependent:
            self.init = nn.Linear(4, 4)
        else:
            self.init = nn.Parameter(torch.randn(4))

    def forward(self, x):
        if isinstance(self.init, torch.Tensor):
            return x + self.init.unsqueeze(0)
        return self.init(x)


class Head(nn.Module):
    def __init__(self, use_bias: bool = True):
        super().__init__()
        if use_bias:
            self.beta = nn.Linear(4, 4)
        else:
            self.beta = None

    def forward(self, x):
        if self.beta is not None:
            x = x + self.beta(x)
        return x


class Last(nn.Module):
    def __init__(self, hidden: int = 0):
        super().__init__()
        if hidden > 0:
            self.proc = nn.Sequential(nn.Linear(4, hidden), nn.ReLU(), nn.Linear(hidden, 4))
        else:
            self.proc = nn.Linear(4, 4)

    def forward(self, x):
        last = self.proc if isinstance(self.proc, nn.Linear) else self.proc[-1]
        return self.proc(x) + last.weight.sum()
"""


def test_attribute_of_two_kinds_read_as_one_flagged():
    found = findings(KINDS, "TL212", "script")
    assert [d.line for d in found] == [16, 17, 30, 45]
    assert "cannot call a value of type 'Tensor'" in found[0].message
    assert "Module 'Linear' has no attribute 'unsqueeze'" in found[1].message
    assert "cannot call a value of type 'NoneType'" in found[2].message
    assert "subscriptable" in found[3].message


def test_attribute_of_two_kinds_guarded_or_of_one_kind_not_flagged():
    assert findings(KINDS_OK, "TL212", "script") == []


# TorchScript keeps what it compiled of a class for the process: scripting the same classes
# after other tests did (under xdist) failed where a fresh process passes, so the checks run
# in one of their own.
TWO_KINDS_CHECK = """
import importlib.util, sys
import pytest, torch


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


module = load(sys.argv[1], "kinds_s29")
ok = load(sys.argv[2], "kinds_ok_s29")
x = torch.randn(2, 4)
cases = [
    (module.Init(False), "cannot call a value of type 'Tensor'"),
    (module.Init(True), "Module 'Linear' has no attribute 'unsqueeze'"),
    (module.Head(False), "cannot call a value of type 'NoneType'"),
    (module.Last(0), "subscriptable"),
]
for model, error in cases:
    model(x)  # eager runs it
    with pytest.raises(RuntimeError, match=error):
        torch.jit.script(model)
for model in (ok.Init(True), ok.Init(False), ok.Head(True), ok.Head(False), ok.Last(0), ok.Last(8)):
    assert torch.equal(torch.jit.script(model)(x), model(x))
"""


@requires_torch
def test_torch_fails_on_attribute_of_two_kinds(tmp_path: Path):
    import subprocess
    import sys
    import textwrap

    kinds, kinds_ok, check = (tmp_path / n for n in ("kinds_s29.py", "kinds_ok_s29.py", "c.py"))
    kinds.write_text(textwrap.dedent(KINDS).lstrip("\n"))
    kinds_ok.write_text(textwrap.dedent(KINDS_OK).lstrip("\n"))
    check.write_text(TWO_KINDS_CHECK)
    done = subprocess.run(
        [sys.executable, str(check), str(kinds), str(kinds_ok)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]


BASE_LAMBDA = """
import torch
from torch import nn


class Scan(nn.Module):
    def __init__(self, channels: int, padding: int = 1):
        super().__init__()
        self.padding = padding
        self.weight = nn.Parameter(torch.randn(channels, channels, 3))
        self.conv = lambda s, k: nn.functional.conv1d(s, k, padding=self.padding)

    def forward(self, x):
        return self.conv(x, self.weight)


class Input(Scan):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def forward(self, x):
        return self.conv(x, self.weight.flip(-1))
"""

BASE_LAMBDA_OK = """
import torch
from torch import nn


class Scan(nn.Module):
    def __init__(self, channels: int, padding: int = 1):
        super().__init__()
        self.padding = padding
        self.weight = nn.Parameter(torch.randn(channels, channels, 3))

    def conv(self, s, k):
        return nn.functional.conv1d(s, k, padding=self.padding)

    def forward(self, x):
        return self.conv(x, self.weight)


class Input(Scan):
    def forward(self, x):
        return self.conv(x, self.weight.flip(-1))
"""


def test_lambda_of_base_init_read_in_subclass_flagged():
    found = findings(BASE_LAMBDA, "TL212", "script")
    assert [d.line for d in found] == [13, 21]
    assert "lambda" in found[1].message


def test_method_of_base_not_flagged():
    assert findings(BASE_LAMBDA_OK, "TL212", "script") == []


@requires_torch
def test_torch_fails_on_lambda_of_base_init(tmp_path: Path):
    import torch

    module = load_module(tmp_path, BASE_LAMBDA, "base_lambda_s29")
    x = torch.randn(2, 4, 8)
    module.Input(4)(x)
    with pytest.raises(RuntimeError, match="failed to compile it"):
        torch.jit.script(module.Input(4))
    ok = load_module(tmp_path, BASE_LAMBDA_OK, "base_lambda_ok_s29")
    model = ok.Input(4)
    assert torch.equal(torch.jit.script(model)(x), model(x))


NUMBER = """
import torch
from torch import nn


class Mixture(nn.Module):
    def __init__(self, n: int = 3):
        super().__init__()
        self.n = n
        self.c = nn.Parameter(torch.rand(n) + 0.5)

    def forward(self, x):
        mixture = 1
        for i in range(self.n):
            g = torch.exp(-x / self.c[i])
            mixture *= g
        mixture /= mixture.sum(dim=-1, keepdim=True)
        return x * mixture


class Gate(nn.Module):
    def __init__(self, gated: bool = True):
        super().__init__()
        self.gated = gated

    def forward(self, x):
        scale = 1.0
        if self.gated:
            scale = torch.sigmoid(x)
        return x * scale.mean()
"""

NUMBER_OK = """
import torch
from torch import nn


class Mixture(nn.Module):
    def __init__(self, n: int = 3):
        super().__init__()
        self.n = n
        self.c = nn.Parameter(torch.rand(n) + 0.5)

    def forward(self, x):
        mixture = torch.ones_like(x)
        for i in range(self.n):
            mixture = mixture * torch.exp(-x / self.c[i])
        total = 1.0
        for i in range(self.n):
            total *= x.sum()
        return x * mixture / mixture.sum(dim=-1, keepdim=True) + torch.sum(total)


class Layers(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x):
        total = 0
        for layer in self.layers:
            total = total + layer(x)
        return total.sum()
"""


def test_number_rebound_to_tensor_then_read_as_tensor_flagged():
    found = findings(NUMBER, "TL223", "script")
    assert [d.line for d in found if "no attribute or method" in d.message] == [16, 29]
    assert "'int' object has no attribute or method 'sum'" in found[0].message


def test_number_read_as_number_or_unrolled_loop_not_flagged():
    found = findings(NUMBER_OK, "TL223", "script")
    assert [d for d in found if "no attribute or method" in d.message] == []


@requires_torch
def test_torch_fails_on_number_read_as_tensor(tmp_path: Path):
    import torch

    module = load_module(tmp_path, NUMBER, "number_s29")
    x = torch.randn(2, 4)
    module.Mixture()(x)
    module.Gate()(x)
    with pytest.raises(RuntimeError, match="'int' object has no attribute or method 'sum'"):
        torch.jit.script(module.Mixture())
    with pytest.raises(RuntimeError, match="'float' object has no attribute or method 'mean'"):
        torch.jit.script(module.Gate())
    ok = load_module(tmp_path, NUMBER_OK, "number_ok_s29")
    for model in (ok.Mixture(), ok.Layers()):
        assert torch.allclose(torch.jit.script(model)(x), model(x))


UNION = """
from typing import Union

import torch
from torch import nn


class Step(nn.Module):
    def forward(self, x: torch.Tensor, dt: Union[float, torch.Tensor]) -> torch.Tensor:
        value = dt.item() if isinstance(dt, torch.Tensor) else dt
        if value <= 0:
            raise ValueError("dt must be positive")
        return x * torch.tensor(dt, dtype=x.dtype)
"""

UNION_OK = """
from typing import Union

import torch
from torch import nn


class Step(nn.Module):
    def forward(self, x: torch.Tensor, dt: Union[float, torch.Tensor]) -> torch.Tensor:
        if isinstance(dt, torch.Tensor):
            return x * dt
        return x * torch.tensor(dt, dtype=x.dtype)
"""


def test_union_narrowed_only_in_another_expression_flagged():
    found = findings(UNION, "TL215", "script")
    assert [d.line for d in found] == [12]
    assert "Arguments for call are not valid" in found[0].message


def test_union_narrowed_by_if_not_flagged():
    assert findings(UNION_OK, "TL215", "script") == []


@requires_torch
def test_torch_fails_on_union_narrowed_elsewhere(tmp_path: Path):
    import torch

    module = load_module(tmp_path, UNION, "union_s29")
    x = torch.randn(2, 4)
    module.Step()(x, 0.1)
    with pytest.raises(RuntimeError, match="Arguments for call are not valid"):
        torch.jit.script(module.Step())
    ok = load_module(tmp_path, UNION_OK, "union_ok_s29")
    scripted = torch.jit.script(ok.Step())
    assert torch.equal(scripted(x, 0.5), ok.Step()(x, 0.5))
    assert torch.equal(scripted(x, torch.tensor(0.5)), ok.Step()(x, torch.tensor(0.5)))


ANNOTATED = """
from typing import List

import torch
from torch import nn


class Processor(nn.Module):
    def __init__(self, hidden: int = 8):
        super().__init__()
        layers: List[nn.Module] = [nn.Linear(4, hidden), nn.ReLU()]
        layers.append(nn.Linear(hidden, 4))
        self.processor = nn.Sequential(*layers)

    def forward(self, x):
        return self.processor(x)

    @property
    def last_linear(self) -> nn.Linear:
        return self.processor[-1]


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Tanh()])

    def forward(self, x):
        first: nn.Linear = self.blocks[0]
        return first(x)
"""

ANNOTATED_OK = """
import torch
from torch import nn


class Processor(nn.Module):
    def __init__(self, hidden: int = 8):
        super().__init__()
        self.processor = nn.Sequential(nn.Linear(4, hidden), nn.ReLU(), nn.Linear(hidden, 4))
        self.mixed = nn.Sequential(nn.Linear(4, 4), nn.ReLU())

    def forward(self, x):
        return self.processor(x) + self.mixed(x)

    @property
    def last_linear(self):
        return self.processor[-1]

    @property
    def first(self):
        return self.mixed[0]
"""


def test_container_indexed_under_module_annotation_flagged():
    found = findings(ANNOTATED, "TL212", "script")
    assert [d.line for d in found] == [19, 28]
    assert "`ReLU` beside `Linear`" in found[0].message
    assert "`Tanh` beside `Linear`" in found[1].message


def test_container_indexed_without_annotation_not_flagged():
    assert findings(ANNOTATED_OK, "TL212", "script") == []


@requires_torch
def test_torch_fails_on_container_indexed_under_module_annotation(tmp_path: Path):
    import torch

    module = load_module(tmp_path, ANNOTATED, "annotated_s29")
    x = torch.randn(2, 4)
    for model in (module.Processor(), module.Stack()):
        model(x)
        with pytest.raises(RuntimeError, match="is not of annotated type"):
            torch.jit.script(model)
    ok = load_module(tmp_path, ANNOTATED_OK, "annotated_ok_s29")
    model = ok.Processor()
    assert torch.equal(torch.jit.script(model)(x), model(x))


PLAIN = """
import torch
from torch import nn


class Wiring:
    def __init__(self, units: int):
        self.units = units


class Cell(nn.Module):
    def __init__(self, wiring: Wiring, width: int = 4):
        super().__init__()
        self._wiring = wiring
        self.fc = nn.Linear(width, wiring.units)

    def forward(self, x):
        return self.fc(x)

    @property
    def wiring(self):
        return self._wiring


class Scaled(Cell):
    def forward(self, x):
        return self.fc(x) * self._wiring.units
"""

PLAIN_OK = """
import torch
from torch import nn


class Wiring:
    def __init__(self, units: int):
        self.units = units


class Cell(nn.Module):
    __jit_unused_properties__ = ["wiring"]

    def __init__(self, wiring: Wiring, width: int = 4):
        super().__init__()
        self._wiring = wiring
        self.units = wiring.units
        self.fc = nn.Linear(width, wiring.units)

    def forward(self, x):
        return self.fc(x) * self.units

    @property
    def wiring(self):
        return self._wiring
"""


def test_plain_object_read_in_compiled_code_flagged():
    found = findings(PLAIN, "TL212", "script")
    assert [d.line for d in found] == [21, 26]
    assert "plain Python class" in found[0].message


def test_plain_object_not_read_in_compiled_code_not_flagged():
    assert findings(PLAIN_OK, "TL212", "script") == []


@requires_torch
def test_torch_fails_on_plain_object_attribute(tmp_path: Path):
    import torch

    module = load_module(tmp_path, PLAIN, "plain_s29")
    x = torch.randn(2, 4)
    for cls in (module.Cell, module.Scaled):
        model = cls(module.Wiring(3))
        model(x)
        with pytest.raises(RuntimeError, match="failed to convert Python type"):
            torch.jit.script(model)
    ok = load_module(tmp_path, PLAIN_OK, "plain_ok_s29")
    model = ok.Cell(ok.Wiring(3))
    assert torch.equal(torch.jit.script(model)(x), model(x))
