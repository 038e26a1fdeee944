"""Mechanisms from session 21's blind probe batches b64 / b65, in other spellings than the
probes, each claim about torch run through torch 2.13.

- TL116: a ``try`` whose body is one torch call and whose every handler computes a replacement
  from the same tensors is an implementation fallback (fused attention, else the formula), not
  an input check: no finding. A handler that drops one of the call's tensors, or a shape op
  inside the call, is still flagged.
- TL329: ``torch.fake_quantize_per_tensor_affine`` reaches an aten op with no fake kernel
  through its CompositeImplicitAutograd kernel; the generated ``fake_refused`` table now follows
  composite functions into the ops they dispatch.
- TL353: ``math`` functions ``torch.compile(fullgraph=True)`` refuses on a number read from
  tensor data (``math.exp(t.item())``, ``math.cos(float(t)) ** 2``), from the generated
  ``math_data_refused`` table.
- TL325: ``vmap`` in traced code whose mapped function calls a method whose batching the
  trace records with the batch size (``r / torch.norm(r)``, ``r.reshape(-1)``), from the
  generated ``vmap_trace_refused`` table; reductions with ``keepdim=True`` are not flagged.
- TL101 / TL105 keep their trace claim on a data-dependent loop exit and on a loop over
  ``torch.unique``: the trace diverges on inputs that exit at another step, and fails on
  inputs holding another number of classes (the probes' own inputs happen to do neither).
  So does TL101 on ``assert`` / ``torch._assert`` of tensor data: the trace drops the check
  and returns a value where eager rejects the input (the oracle's divergence; b64's inputs
  all pass the checks).
"""

from __future__ import annotations

import logging
import math
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings
from .lint_helpers import load_module


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


def _fullgraph_error(fn, *args) -> str | None:
    """The error class ``torch.compile(fullgraph=True, backend="eager")`` raises on ``args``."""
    import torch

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    torch._dynamo.reset()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.compile(fn, fullgraph=True, backend="eager")(*args)
        return None
    except Exception as exc:  # noqa: BLE001 - the verdict is the exception
        return type(exc).__name__
    finally:
        torch._dynamo.reset()


# ------------------------------------------------------------------ TL116: implementation fallbacks

FALLBACKS = """
    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch.nn.functional import scaled_dot_product_attention as sdpa


    def attend(q, k, v, mask):
        try:
            out = sdpa(q, k, v, attn_mask=mask)
        except RuntimeError:
            w = (q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5).masked_fill(~mask, -1e9)
            out = w.softmax(-1) @ v
        return out


    class Gate(nn.Module):
        def forward(self, z, q, k, v, mask):
            try:
                g = torch.special.erfinv(z)
            except (TypeError, RuntimeError):
                g = torch.sqrt(torch.tensor(2.0)) * z
            return attend(q, k, v, mask) * g.mean()
"""

# One tensor the call takes is left out of the handler (it drops `b`), and a shape op inside a
# single call: both answer an input the op rejects.
NOT_FALLBACKS = """
    import torch
    from torch import nn


    class Joint(nn.Module):
        def forward(self, a, b):
            try:
                y = torch.cat([a, b], dim=1)
            except RuntimeError:
                y = torch.cat([a, a], dim=1)
            try:
                z = torch.tanh(y.view(-1, 8))
            except RuntimeError:
                z = torch.tanh(y)
            return z
"""


def test_tl116_single_call_fallbacks_are_silent():
    assert _lines(FALLBACKS, "TL116", "compile") == []
    assert _lines(FALLBACKS, "TL116", "trace") == []


def test_tl116_handlers_answering_the_input_are_flagged():
    assert _lines(NOT_FALLBACKS, "TL116", "compile") == [8, 12]
    assert _lines(NOT_FALLBACKS, "TL116", "trace") == [8, 12]


@requires_torch
def test_tl116_torch_runs_the_fallback_and_refuses_the_input_check(tmp_path: Path):
    import torch

    module = load_module(tmp_path, FALLBACKS, "fallbacks")
    q, k, v = torch.randn(3, 2, 4, 8).unbind(0)
    mask = torch.ones(4, 4, dtype=torch.bool).tril()
    args = (torch.rand(2, 4) - 0.5, q, k, v, mask)
    gate = module.Gate()
    assert _fullgraph_error(gate, *args) is None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(gate, args)
    q2, k2, v2 = torch.randn(3, 1, 6, 8).unbind(0)
    mask2 = torch.ones(6, 6, dtype=torch.bool).tril()
    other = (torch.rand(1, 6) - 0.5, q2, k2, v2, mask2)
    assert torch.allclose(traced(*other), gate(*other), atol=1e-5)

    joint = load_module(tmp_path, NOT_FALLBACKS, "not_fallbacks").Joint()
    mismatched = (torch.randn(2, 4), torch.randn(3, 4))
    joint(*mismatched)  # eager answers with the handler
    assert _fullgraph_error(joint, *mismatched) is not None


# ------------------------------------------------------------------ TL329: fake quantisation

FAKE_QUANT = """
    import torch
    from torch import fake_quantize_per_tensor_affine as fq
    from torch import nn


    class QuantStub(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("scale", torch.tensor(0.1))
            self.register_buffer("zero_point", torch.tensor(0, dtype=torch.int32))

        def forward(self, x):
            x = fq(x, self.scale, self.zero_point, -128, 127)
            return torch.fake_quantize_per_tensor_affine(x.relu(), 0.05, 0, 0, 255)
"""


def test_tl329_fake_quantize_is_flagged_for_compile():
    assert _lines(FAKE_QUANT, "TL329", "compile") == [13, 14]
    assert _lines(FAKE_QUANT, "TL329", "export") == []


@requires_torch
def test_tl329_fake_quantize_fails_compile_with_dynamic_sizes(tmp_path: Path):
    import torch

    stub = load_module(tmp_path, FAKE_QUANT, "fake_quant").QuantStub()
    torch._dynamo.reset()
    compiled = torch.compile(stub, fullgraph=True, backend="eager")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compiled(torch.randn(2, 6))  # static sizes: accepted
        with pytest.raises(Exception, match="fake tensors"):
            compiled(torch.randn(3, 6))  # a new size: compiled with dynamic sizes
    torch._dynamo.reset()


# ------------------------------------------------------------------ TL353: math of a data number

MATH_OF_DATA = """
    import math as m
    from math import erf, log1p

    import torch
    from torch import nn


    def temperature(v: float):
        return log1p(v) + 1.0


    class Schedule(nn.Module):
        def forward(self, x, t, level):
            v = t.item()
            s = m.sin(v * m.pi)
            gate = erf(float(level))
            return x * pow(s, 2) * temperature(v) * gate
"""

# The same schedule with the functions Dynamo keeps symbolic, `math` of a size and of
# constants.
MATH_KEPT = """
    import math

    import torch
    from torch import nn


    class Schedule(nn.Module):
        def __init__(self):
            super().__init__()
            self.scale = math.exp(-1.0) ** 2

        def forward(self, x, t, k):
            v = t.item()
            s = math.sin(v * math.pi)
            width = math.log(x.shape[-1])
            count = math.exp(int(k))  # an integer tensor's number: Dynamo computes it
            return x * (s * s) * math.sqrt(v + 1.0) * width * self.scale * count
"""


def test_tl353_math_of_data_numbers_is_flagged():
    assert _lines(MATH_OF_DATA, "TL353", "compile") == [9, 16, 17]
    assert _lines(MATH_OF_DATA, "TL353", "export") == []
    assert _lines(MATH_KEPT, "TL353", "compile") == []


@requires_torch
def test_tl353_fullgraph_refuses_the_flagged_and_accepts_the_kept(tmp_path: Path):
    import torch

    args = (torch.randn(2, 4), torch.tensor(0.3), torch.tensor(0.8))
    flagged = load_module(tmp_path, MATH_OF_DATA, "math_of_data").Schedule()
    assert _fullgraph_error(flagged, *args) is not None
    kept = load_module(tmp_path, MATH_KEPT, "math_kept").Schedule()
    assert _fullgraph_error(kept, *args[:2], torch.tensor(3)) is None

    # Each use alone, as the rule reports them.
    def exp_of_item(x, t):
        return x * math.log1p(t.item())

    def erf_of_float(x, t):
        return x * math.erf(float(t))

    def power_of_sin(x, t):
        return x * pow(math.sin(t.item()), 2)

    def product_of_sin(x, t):
        s = math.sin(t.item())
        return x * s * s

    def exp_of_int(x, k):
        return x * math.exp(int(k)) + math.log(k.item() + 1)

    for fn in (exp_of_item, erf_of_float, power_of_sin):
        assert _fullgraph_error(fn, *args[:2]) is not None, fn.__name__
    assert _fullgraph_error(product_of_sin, *args[:2]) is None
    # An integer tensor's number (the rule asks for a float by its form).
    assert _fullgraph_error(exp_of_int, args[0], torch.tensor(3)) is None


# ------------------------------------------------------------------ trace claims kept

EARLY_EXIT = """
    import torch
    from torch import nn


    class Decoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.Linear(4, 4)

        def forward(self, h):
            steps = torch.zeros(())
            for _ in range(6):
                h = torch.tanh(self.cell(h))
                steps = steps + 1
                stop = (h.abs() < 0.5).all()
                if stop:
                    break
            return h * steps
"""

CLASS_LOOP = """
    import torch
    from torch import nn


    class Calibrate(nn.Module):
        def __init__(self):
            super().__init__()
            self.temp = nn.Parameter(torch.linspace(0.5, 2.0, 5))

        def forward(self, scores, labels):
            out = torch.zeros_like(scores)
            present = labels.unique()
            for c in present:
                out = torch.where(labels == c, scores / self.temp[c], out)
            return out
"""


def test_loop_exit_and_class_loop_claim_trace():
    assert [(d.line, d.warns) for d in _findings(EARLY_EXIT, "TL101", "trace")] == [(16, ())]
    assert [(d.line, d.warns) for d in _findings(CLASS_LOOP, "TL105", "trace")] == [(13, ())]


@requires_torch
def test_traces_of_loop_exit_and_class_loop_diverge_on_other_inputs(tmp_path: Path):
    import torch

    decoder = load_module(tmp_path, EARLY_EXIT, "early_exit").Decoder()
    with torch.no_grad():
        decoder.cell.weight.copy_(torch.eye(4) * 0.5)
        decoder.cell.bias.zero_()
    small, large = torch.full((1, 4), 0.1), torch.full((1, 4), 3.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(decoder, (small,))  # exits after the first step
    assert not torch.allclose(traced(large), decoder(large))

    calibrate = load_module(tmp_path, CLASS_LOOP, "class_loop").Calibrate()
    scores = torch.rand(6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(calibrate, (scores, torch.tensor([0, 1, 1, 0, 1, 0])))
    # The trace selects each class from the tensor, so other classes of the same count run
    # right; another count of classes fails (the loop was unrolled for two).
    same_count = torch.tensor([2, 3, 3, 2, 3, 2])
    assert torch.allclose(traced(scores, same_count), calibrate(scores, same_count))
    other_count = torch.tensor([2, 3, 4, 2, 3, 4])
    calibrate(scores, other_count)
    with pytest.raises(RuntimeError):
        traced(scores, other_count)


# ------------------------------------------------------------------ TL325: batch size in vmap

VMAP_RECORDED = """
    import torch
    from torch import nn


    class Embed(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(24, 4)

        def _unit(self, r):
            return r / torch.norm(r)

        def forward(self, x):
            u = torch.vmap(self._unit)(x)
            flat = torch.vmap(lambda r: r.reshape(-1))(u)
            return self.proj(flat)
"""

VMAP_KEPT = """
    import torch
    from torch import nn


    class Embed(nn.Module):
        def __init__(self):
            super().__init__()
            self.scale = 2.0

        def _unit(self, r):
            return r / r.norm(dim=(-2, -1), keepdim=True)

        def forward(self, x):
            u = torch.vmap(self._unit)(x)
            total = torch.vmap(lambda r: r.sum() * self.scale)(u)
            return u * total[:, None, None]
"""


def test_tl325_batch_size_recorded_in_vmap_is_flagged_for_trace():
    found = _findings(VMAP_RECORDED, "TL325", "trace")
    assert [d.line for d in found] == [14, 15]
    assert "torch.norm(r)" in found[0].message and "r.reshape(-1)" in found[1].message
    assert _lines(VMAP_KEPT, "TL325", "trace") == []


@requires_torch
def test_tl325_traces_record_the_batch_size(tmp_path: Path):
    import torch

    for name, source, fails in (("recorded", VMAP_RECORDED, True), ("kept", VMAP_KEPT, False)):
        model = load_module(tmp_path, source, f"vmap_{name}").Embed()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = torch.jit.trace(model, (torch.randn(3, 4, 6),))
        other = torch.randn(2, 4, 6)
        try:
            same = torch.allclose(traced(other), model(other), atol=1e-5)
        except RuntimeError:
            same = False
        assert same is not fails, name


# ------------------------------------------------------------------ TL101: checks the trace drops

RANGE_CHECKS = """
    import torch
    from torch import nn


    class Probabilities(nn.Module):
        def forward(self, p):
            torch._assert(((p >= 0) & (p <= 1)).all(), "probabilities out of [0, 1]")
            assert not torch.isnan(p).any(), "nan in p"
            return p.log1p()
"""


def test_range_checks_claim_trace():
    # Both name trace; since session 23 as a warning (`warns`): the trace drops the check and
    # computes eager's values on every input eager accepts (the next test: it returns a value
    # where eager raises).
    assert [(d.line, d.warns) for d in _findings(RANGE_CHECKS, "TL101", "trace")] == [
        (7, ("trace",)),
        (8, ("trace",)),
    ]


@requires_torch
def test_trace_accepts_inputs_the_checks_reject(tmp_path: Path):
    import torch

    model = load_module(tmp_path, RANGE_CHECKS, "range_checks").Probabilities()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.rand(4),))
    for bad in (torch.tensor([0.5, 2.0]), torch.tensor([0.5, float("nan")])):
        with pytest.raises(AssertionError):
            model(bad)
        traced(bad)  # the trace returns a value where eager rejects the input
