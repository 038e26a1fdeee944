"""TL311 on state the caller resets on every call (fresh18's spikingtorch neurons and auto-esn
reservoirs), in other spellings than the corpus.

- A neuron that starts a sequence when a flag parameter is true (``if first: self.clear(x)``,
  or ``if first: mem = zeros_like(x) else: mem = self.mem``) and whose ``__init__`` never gives
  the state a value: the module that steps it passes the flag on its first step of every call,
  so no call carries the state into the next. The same neuron with a state ``__init__`` sets
  carries it (a call without the flag reads the last call's value): still flagged.
- A cell whose reset method clears the state to a literal, called by the module holding it
  (``self.core.forget()`` in its forward) where the index cannot tell the held class: reset
  on every call. Never called by graph code (only the user resets between runs): flagged.
"""

from __future__ import annotations

import warnings

from .conftest import requires_torch
from .lint_helpers import findings as _findings
from .lint_helpers import load_module


def _lines(source: str, target: str) -> list[int]:
    return sorted({d.line for d in _findings(source, "TL311", target)})


FLAG_RESET = """
import torch
from torch import nn


class Neuron(nn.Module):
    def __init__(self, leak=0.7):
        super().__init__()
        self.leak = leak

    def clear(self, current):
        self.mem = torch.zeros_like(current)

    def forward(self, current, first=False):
        if first:
            self.clear(current)
        self.mem = self.leak * self.mem + current
        return torch.sigmoid(self.mem - 1.0)


class Decaying(nn.Module):
    def __init__(self):
        super().__init__()
        self.rate = 0.5

    def forward(self, current, start=False):
        if start:
            mem = current.new_zeros(current.shape)
        else:
            mem = self.mem
        self.mem = self.rate * mem + current
        return self.mem


class Stepper(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.neuron = Neuron()
        self.decay = Decaying()

    def forward(self, x):
        outs = []
        for t in range(x.shape[1]):
            h = self.neuron(self.fc(x[:, t]), first=t == 0)
            outs.append(self.decay(h, t == 0))
        return torch.stack(outs, 1)
"""

# The same neuron with a state `__init__` sets: a call without the flag reads what the last
# call left (the stepper passes the flag only on the very first call).
FLAG_WITH_INIT_STATE = """
import torch
from torch import nn


class Neuron(nn.Module):
    def __init__(self, leak=0.7):
        super().__init__()
        self.leak = leak
        self.mem = torch.zeros(4)

    def clear(self, current):
        self.mem = torch.zeros_like(current)

    def forward(self, current, first=False):
        if first:
            self.clear(current)
        self.mem = self.leak * self.mem + current
        return torch.sigmoid(self.mem - 1.0)
"""


def test_state_reset_on_the_callers_first_step_flag_is_not_flagged():
    assert _lines(FLAG_RESET, "trace") == []
    assert _lines(FLAG_RESET, "export") == []


def test_flag_reset_state_that_init_sets_is_still_flagged():
    assert _lines(FLAG_WITH_INIT_STATE, "trace") == [17]


@requires_torch
def test_flag_reset_stepper_traces_like_eager_and_init_state_neuron_does_not(tmp_path):
    import torch

    torch.manual_seed(0)
    mod = load_module(tmp_path, FLAG_RESET, "flag_reset")
    model = mod.Stepper().eval()
    a, b = torch.randn(2, 5, 4), torch.randn(2, 5, 4)
    with torch.no_grad():
        traced = torch.jit.trace(model, (a,))
        exported = torch.export.export(model, (a,)).module()
        for x in (b, a, b):
            assert torch.allclose(traced(x), model(x))
            assert torch.allclose(exported(x), model(x))
    carried = load_module(tmp_path, FLAG_WITH_INIT_STATE, "flag_init").Neuron()
    x = torch.randn(4)
    with torch.no_grad():
        # The trace's own check already sees the graphs differ across invocations; unchecked,
        # the traced module keeps the state seen while tracing, eager moves on.
        traced = torch.jit.trace(carried, (x,), check_trace=False)
        assert not torch.allclose(traced(x), carried(x))


HOLDER_RESET = """
import torch
from torch import nn


class Cell(nn.Module):
    def __init__(self, size=4):
        super().__init__()
        self.lin = nn.Linear(size, size)
        self.state = None

    def forget(self):
        self.state = None

    def forward(self, x):
        if self.state is None:
            self.state = torch.zeros_like(x)
        self.state = torch.tanh(self.lin(x) + 0.5 * self.state)
        return self.state


class Stack(nn.Module):
    def __init__(self, cells):
        super().__init__()
        self.cells = nn.ModuleList(cells)

    def forget(self):
        for cell in self.cells:
            cell.forget()

    def forward(self, x):
        for cell in self.cells:
            x = cell(x)
        return x


class Runner(nn.Module):
    def __init__(self, core):
        super().__init__()
        self.core = core

    def forward(self, series):
        self.core.forget()
        out = []
        for t in range(series.shape[0]):
            out.append(self.core(series[t]))
        return torch.stack(out)
"""


def test_state_cleared_by_the_holding_modules_forward_is_not_flagged():
    assert _lines(HOLDER_RESET, "trace") == []
    assert _lines(HOLDER_RESET, "export") == []


def test_state_cleared_only_by_the_user_is_flagged():
    # No graph code calls `forget()`: the user resets between runs, the converted model never.
    source = HOLDER_RESET.replace("        self.core.forget()\n", "")
    assert _lines(source, "trace") == [17]


@requires_torch
def test_holder_reset_traces_like_eager_and_unreset_cell_does_not(tmp_path):
    import torch

    torch.manual_seed(0)
    mod = load_module(tmp_path, HOLDER_RESET, "holder_reset")
    model = mod.Runner(mod.Stack([mod.Cell(), mod.Cell()])).eval()
    a, b = torch.randn(6, 4), torch.randn(6, 4)
    with torch.no_grad():
        traced = torch.jit.trace(model, (a,), check_trace=False)
        for x in (b, a, b):
            assert torch.allclose(traced(x), model(x))
    source = HOLDER_RESET.replace("        self.core.forget()\n", "")
    mod = load_module(tmp_path, source, "holder_unreset")
    model = mod.Runner(mod.Stack([mod.Cell(), mod.Cell()])).eval()
    with torch.no_grad():
        traced = torch.jit.trace(model, (a,), check_trace=False)
        assert not torch.allclose(traced(b), model(b))


# --- TL114: `.data` feeding only a running statistic the call reads no more ------------------

RUNNING_STATS = """
import torch
from torch import nn


def whiten(x, running_mean, running_var, training, momentum=0.1):
    if training:
        mu = x.mean(0)
        var = x.var(0, unbiased=False)
        if running_mean is not None:
            running_mean.mul_(1 - momentum).add_(momentum * mu.data)
            stats = torch.stack([var.data, var.data.sqrt()])
            running_var += momentum * (stats[0] - running_var)
    else:
        mu, var = running_mean, running_var
    return (x - mu) / (var + 1e-5).sqrt()


class Whiten(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.register_buffer("running_mean", torch.zeros(n))
        self.register_buffer("running_var", torch.ones(n))

    def forward(self, x):
        return whiten(x, self.running_mean, self.running_var, self.training)
"""

# The same update, then the statistic read back for the output in the same call.
# (`running_var`, not read back, stays export-only.)
READ_BACK = RUNNING_STATS.replace(
    "            running_var += momentum * (stats[0] - running_var)\n",
    "            running_var += momentum * (stats[0] - running_var)\n"
    "            return x - running_mean\n",
)


def test_data_feeding_only_an_unread_running_stat_is_export_only():
    assert _findings(RUNNING_STATS, "TL114", "trace") == []
    assert sorted({d.line for d in _findings(RUNNING_STATS, "TL114", "export")}) == [10, 11]


def test_data_feeding_a_stat_read_back_or_the_output_is_flagged_for_trace():
    assert sorted({d.line for d in _findings(READ_BACK, "TL114", "trace")}) == [10]
    direct = RUNNING_STATS.replace("return (x - mu)", "return (x - mu.data)")
    assert 15 in {d.line for d in _findings(direct, "TL114", "trace")}


@requires_torch
def test_running_stat_trace_agrees_with_eager_and_read_back_does_not(tmp_path):
    import torch

    torch.manual_seed(0)
    a, b = torch.randn(8, 4), torch.randn(8, 4)
    for name, source, agrees in (("stats", RUNNING_STATS, True), ("read", READ_BACK, False)):
        mod = load_module(tmp_path, source, f"whiten_{name}")
        for train in (True, False):
            eager, other = mod.Whiten().train(train), mod.Whiten().train(train)
            traced = torch.jit.trace(other, (a,), check_trace=False)
            eager(a)  # the call the trace made
            same = torch.allclose(traced(b), eager(b))
            assert same if (agrees or not train) else not same


# --- TL113: `type()` of a tensor compared with a torch.nn class that is no tensor -------------

NN_CLASS_TEST = """
import torch
from torch import nn


class Affine(nn.Module):
    def __init__(self):
        super().__init__()
        self.gain = nn.Parameter(torch.full((4,), 2.0))

    def forward(self, x):
        split = type(self.gain) is nn.ModuleList or type(x) == nn.parameter.Buffer
        packed = self.gain.__class__ in (nn.ParameterList, nn.ParameterDict)
        if split or packed:
            return x
        return x * self.gain
"""


def test_type_compared_with_a_torch_nn_class_is_flagged_only_for_tensor_classes():
    # `nn.parameter.Buffer` is a tensor class (a Tensor subclass in torch 2.13): still flagged.
    assert sorted({d.line for d in _findings(NN_CLASS_TEST, "TL113", "export")}) == [11]


@requires_torch
def test_type_against_module_classes_exports_like_eager(tmp_path):
    import torch

    mod = load_module(
        tmp_path, NN_CLASS_TEST.replace(" or type(x) == nn.parameter.Buffer", ""), "nncls"
    )
    model = mod.Affine().eval()
    a, b = torch.randn(2, 4), torch.randn(3, 4)
    exported = torch.export.export(model, (a,)).module()
    assert torch.allclose(exported(a), model(a))
    assert not torch.allclose(model(b), b)  # the tests are False in eager too: the gain applies
    assert issubclass(torch.nn.parameter.Buffer, torch.Tensor)
    assert not issubclass(torch.nn.ParameterList, torch.Tensor)


# --- TL306: NumPy on sizes only, for export ---------------------------------------------------

NUMPY_SIZES = """
import numpy as np
import torch
from torch import nn


def _changed_axes(x, target):
    return np.flatnonzero(np.equal(x.shape[1:], target) == False)


def _target(x, n):
    if torch._C._get_tracing_state():
        return [torch.tensor(n) for _ in range(x.dim() - 1)]
    return [n] * (x.dim() - 1)


class Crop(nn.Module):
    def forward(self, x):
        for axis in _changed_axes(x, _target(x, 5)):
            x = x.narrow(int(axis) + 1, 0, 5)
        scale = np.nonzero(x.detach().numpy() > 0)[0]
        return x * len(scale)
"""


def test_numpy_on_sizes_is_not_flagged_for_export():
    lines = {d.line for d in _findings(NUMPY_SIZES, "TL306", "export")}
    assert 7 not in lines
    assert 20 in lines  # NumPy on the tensor's data: still flagged
    assert 7 in {d.line for d in _findings(NUMPY_SIZES, "TL306", "trace")}


@requires_torch
def test_numpy_on_sizes_exports_like_eager(tmp_path):
    import torch

    source = NUMPY_SIZES.replace(
        "        scale = np.nonzero(x.detach().numpy() > 0)[0]\n        return x * len(scale)",
        "        return x * 2",
    )
    model = load_module(tmp_path, source, "npsizes").Crop()
    a, a2 = torch.randn(2, 7, 6), torch.randn(2, 7, 6)
    exported = torch.export.export(model, (a,)).module()
    assert exported(a2).shape == model(a2).shape == (2, 5, 5)
    assert torch.allclose(exported(a2), model(a2))
    # The tracer sees the sizes as tensors: NumPy converts them, with the tracer's warning.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(model, (a,), check_trace=False)
    assert any("Converting a tensor to a NumPy array" in str(w.message) for w in caught)
