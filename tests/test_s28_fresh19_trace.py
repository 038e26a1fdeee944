"""Session 28 (helper-254): what fresh19's trace misses and false findings led to, in other
spellings than the corpus.

- TL105: ``tuple(t)`` / ``list(t)`` of a tensor (an xLSTM's ``tuple(state[layer].clone())``,
  ``tuple(state.transpose(0, 1))``) splits it into its rows: torch warns "Iterating over a
  tensor". ``tuple(x.unbind(0))``, ``list(x.shape)``, ``list(self.layers)`` are no such thing.
- The summary: ``self.sizes = 2 ** L`` with ``L = torch.arange(...).int()`` a local tensor is a
  tensor the module keeps, so ``for n in self.sizes`` is iteration over a tensor (dSWIPE's
  window sizes).
- TL112: ``getattr(self, f"window_{n}")`` of a tensor ``n`` looks up by its string: trace keeps
  the example's, export makes the fake tensor's ('FakeTensor(...)') and fails.
- TL106: a name bound to a size comparison or an ``and`` chain over one (goat's
  ``use_internal_causal = is_causal and (s_past == 0) and ...``) tested later (``if not
  flag``) warns there too, and passed for an operator's ``bool`` argument (``is_causal=``)
  fails the trace with TypeError. A comparison of numbers ``float()`` / ``int()`` already made
  of a size (``log_denom > 0`` of ``log_denom = math.log1p(float(n))``) is Python's own: no
  warning, no finding (the conversion has both).

Each claim about torch is checked by running it.
"""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module


def _lines(source: str, code: str, target: str = "trace") -> list[int]:
    return sorted({d.line for d in findings(source, code, target)})


def _trace_warnings(module, args, file_stem: str) -> dict[int, list[str]]:
    """TracerWarnings raised at lines of the module's own file, by line; those raised inside
    torch's own code (``Tensor.__format__``) under the key 0."""
    import torch

    found: dict[int, list[str]] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module, args, check_trace=False)
    for w in caught:
        if issubclass(w.category, torch.jit.TracerWarning):
            line = w.lineno if Path(w.filename).stem == file_stem else 0
            found.setdefault(line, []).append(str(w.message))
    return found


TUPLE_OF_TENSOR = """
import torch
from torch import nn


class Cell(nn.Module):
    def forward(self, x, state):
        h, c = state
        return x + h + c, (h, c)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.cells = nn.ModuleList([Cell(), Cell()])

    def forward(self, x):
        states = torch.zeros(2, 2, x.shape[0], x.shape[1])
        for i, cell in enumerate(self.cells):
            x, pair = cell(x, tuple(states[i].clone()))
            states[i] = torch.stack(list(pair))
        return x, list(states.transpose(0, 1))
"""

TUPLE_CLEAN = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x, pair=None):
        rows = tuple(x.unbind(0))
        dims = list(x.shape)
        layers = list(self.layers)
        pieces = tuple(x.chunk(2, dim=-1))
        given = list(pair) if pair is not None else []
        return rows[0], dims, len(layers), pieces, given
"""


def test_tuple_and_list_of_a_tensor_flagged():
    assert _lines(TUPLE_OF_TENSOR, "TL105") == [19, 21]
    message = findings(TUPLE_OF_TENSOR, "TL105", "trace")[0].message
    assert "Iterating over a tensor" in message


def test_tuple_of_pieces_shape_or_modules_not_flagged():
    assert _lines(TUPLE_CLEAN, "TL105") == []


@requires_torch
def test_torch_warns_at_tuple_and_list_of_a_tensor(tmp_path: Path):
    import torch

    module = load_module(tmp_path, textwrap.dedent(TUPLE_OF_TENSOR), "tuple_s28")
    found = _trace_warnings(module.Stack(), (torch.randn(3, 4),), "tuple_s28")
    assert {19, 21} <= set(found)
    assert all("Iterating over a tensor" in found[line][0] for line in (19, 21))
    clean = load_module(tmp_path, textwrap.dedent(TUPLE_CLEAN), "tuple_clean_s28")
    x = torch.randn(3, 4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        clean.Model()(x)  # eager: no tracer involved, just the forms running
    assert not [w for w in caught if "Iterating" in str(w.message)]


WINDOWS = """
import torch
from torch import nn


class Spectra(nn.Module):
    def __init__(self):
        super().__init__()
        exponents = torch.arange(3, 5).type(torch.int)
        self.sizes = 2**exponents
        for n in self.sizes:
            self.register_buffer(f"win_{n}", torch.hann_window(int(n)), persistent=False)

    def forward(self, x):
        outs = []
        for n in self.sizes:
            window = getattr(self, f"win_{n}")
            outs.append((x[..., : window.shape[0]] * window).sum(-1))
        return torch.stack(outs, -1)
"""

WINDOWS_CLEAN = """
import torch
from torch import nn


class Spectra(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = [8, 16]
        for n in self.sizes:
            self.register_buffer(f"win_{n}", torch.hann_window(n), persistent=False)

    def forward(self, x):
        outs = []
        for n in self.sizes:
            window = getattr(self, f"win_{n}")
            outs.append((x[..., : window.shape[0]] * window).sum(-1))
        return torch.stack(outs, -1)
"""


def test_tensor_kept_from_local_tensor_arithmetic_iterated_and_looked_up():
    assert _lines(WINDOWS, "TL105") == [15]
    assert _lines(WINDOWS, "TL112") == [16]
    assert _lines(WINDOWS, "TL112", "export") == [16]


def test_python_sizes_looked_up_not_flagged():
    assert _lines(WINDOWS_CLEAN, "TL105") == []
    assert _lines(WINDOWS_CLEAN, "TL112") == []
    assert _lines(WINDOWS_CLEAN, "TL112", "export") == []


@requires_torch
def test_torch_on_windows_kept_as_a_tensor(tmp_path: Path):
    import torch

    module = load_module(tmp_path, textwrap.dedent(WINDOWS), "windows_s28")
    x = torch.randn(2, 32)
    found = _trace_warnings(module.Spectra(), (x,), "windows_s28")
    assert "Iterating over a tensor" in found[15][0]
    # The f-string formats the 0-dim tensor by its number: Tensor.__format__ reads it (the
    # warning is raised in torch's own _tensor.py, for the lookup at line 16).
    assert any("Python number" in message for message in found[0])
    with pytest.raises(Exception, match="FakeTensor"):
        torch.export.export(module.Spectra(), (x,))
    clean = load_module(tmp_path, textwrap.dedent(WINDOWS_CLEAN), "windows_clean_s28")
    assert _trace_warnings(clean.Spectra(), (x,), "windows_clean_s28") == {}
    exported = torch.export.export(clean.Spectra(), (x,))
    torch.testing.assert_close(exported.module()(x), clean.Spectra()(x))


CAUSAL = """
import torch
import torch.nn.functional as F
from torch import nn


class Attention(nn.Module):
    def forward(self, q, past=None, is_causal: bool = True):
        s_past = 0 if past is None else past.shape[2]
        k = q if past is None else torch.cat([past, q], dim=2)
        fused = is_causal and (s_past == 0)
        mask = None
        if is_causal and not fused:
            rows, cols = q.shape[2], k.shape[2]
            keep = torch.arange(cols).view(1, cols) <= s_past + torch.arange(rows).view(rows, 1)
            mask = torch.zeros(rows, cols).masked_fill(~keep, float("-inf"))
        return F.scaled_dot_product_attention(q, k, k, attn_mask=mask, is_causal=fused)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        half = x.shape[2] // 2
        return self.attn(x[:, :, half:], past=x[:, :, :half])
"""

CAUSAL_CLEAN = """
import torch
import torch.nn.functional as F
from torch import nn


class Attention(nn.Module):
    def __init__(self, causal: bool = True):
        super().__init__()
        self.causal = causal

    def forward(self, q):
        fused = self.causal and q.dtype == torch.float32
        return F.scaled_dot_product_attention(q, q, q, is_causal=fused)
"""


def test_size_test_bound_to_a_name_flagged_where_tested_and_passed_as_bool():
    # Not line 10: the size test is the chain's last operand, which `and` hands on untested.
    assert _lines(CAUSAL, "TL106") == [12, 16]
    bool_argument = [d for d in findings(CAUSAL, "TL106", "trace") if d.line == 16]
    assert "must be bool, not Tensor" in bool_argument[0].message


def test_configuration_flag_passed_as_bool_not_flagged():
    assert _lines(CAUSAL_CLEAN, "TL106") == []


@requires_torch
def test_torch_on_size_test_bound_to_a_name(tmp_path: Path):
    import torch

    module = load_module(tmp_path, textwrap.dedent(CAUSAL), "causal_s28")
    x = torch.randn(1, 2, 8, 4)
    module.Model()(x)  # eager runs it
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(TypeError, match="argument 'is_causal' must be bool, not Tensor"):
            torch.jit.trace(module.Model(), (x,))
    lines = {
        w.lineno
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning) and "causal_s28" in w.filename
    }
    assert lines == {12}
    clean = load_module(tmp_path, textwrap.dedent(CAUSAL_CLEAN), "causal_clean_s28")
    traced = torch.jit.trace(clean.Attention(), (x,))
    torch.testing.assert_close(traced(x), clean.Attention()(x))


CONVERTED = """
import math
import torch
from torch import nn


class Positions(nn.Module):
    def forward(self, x):
        n = x.size(1)
        denom = float(max(n - 1, 1))
        log_denom = math.log1p(denom)
        t = torch.arange(n, dtype=x.dtype) / (log_denom if log_denom > 0 else 1.0)
        if n > 2:
            t = t + 1
        return x + t
"""


def test_comparison_of_converted_numbers_not_flagged():
    # The float() conversion (line 9, and its max() decision) and the raw size test (line 12)
    # are flagged; the test of the number float() made (line 11) is not.
    lines = _lines(CONVERTED, "TL106")
    assert 11 not in lines
    assert {9, 12} <= set(lines)


@requires_torch
def test_torch_does_not_warn_at_converted_number_test(tmp_path: Path):
    import torch

    module = load_module(tmp_path, textwrap.dedent(CONVERTED), "converted_s28")
    found = _trace_warnings(module.Positions(), (torch.randn(2, 5),), "converted_s28")
    assert 11 not in found
    assert {9, 12} <= set(found)


STEPS = """
import torch
from torch import nn


class Integrator(nn.Module):
    def __init__(self):
        super().__init__()
        self.field = nn.Linear(3, 3)
        self.register_buffer("fixed", torch.tensor(2.0))

    def forward(self, y, t):
        steps = int(torch.ceil((t.max() - t.min()) / 0.25).item())
        for _ in range(steps):
            y = y + 0.25 * torch.tanh(self.field(y))
        for _ in range(int(self.fixed.item())):
            y = y * 0.5
        return y
"""


def test_loop_bounded_by_data_claims_trace():
    assert _lines(STEPS, "TL115") == [13]
    assert _lines(STEPS, "TL115", "export") == [13, 15]


@requires_torch
def test_torch_trace_unrolls_a_loop_bounded_by_data(tmp_path: Path):
    import torch

    module = load_module(tmp_path, textwrap.dedent(STEPS), "steps_s28")
    model = module.Integrator()
    y = torch.randn(2, 3)
    short, long = torch.linspace(0, 1, 5), torch.linspace(0, 2, 5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (y, short))
    torch.testing.assert_close(traced(y, short), model(y, short))
    assert not torch.allclose(traced(y, long), model(y, long))  # 4 steps baked in, 8 needed
