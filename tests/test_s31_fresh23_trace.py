"""Session 31 (helper-285): fresh23's trace false findings, in other spellings.

- TL311: a tensor on ``self`` updated in place whose every read is one the tracer turns into
  a constant (``.item()``, ``.tolist()``, ``int()``/``float()``/``bool()`` of it, or code
  that runs only under an ``if`` whose test converts tensor data, directly or in a method
  called only from there) is no trace claim: the traced module starts one update ahead, but
  none of its outputs reads the state (diveq's usage counters: ``self.iter_counter += 1``,
  ``self.codebook_usage[indices] += 1``, read by ``if self.iter_counter.item() % n == 0:
  self._replace_unused_entries()``). The ``.item()`` stays TL103's. A counter also read by a
  tensor op the trace records stays flagged: the trace diverges from eager.
- TL311: ``self.usage[idx] += 1`` on a registered buffer is an in-place write (index_put_)
  that trace and export record, not Python state they bake in: it is the in-place claim
  (trace starts one update ahead) where graph code reads it back, with no export claim
  (torch.export carries the buffer mutation).

Each claim about torch is checked by running it (torch 2.13, CPU).
"""

from __future__ import annotations

import copy
import textwrap
import warnings

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# diveq's DiVeQ: usage counted every call, the codebook replaced every 100 calls.
COUNTED = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 4))
        self.register_buffer("usage", torch.zeros(4, dtype=torch.int32))
        self.register_buffer("calls", torch.zeros(1, dtype=torch.int32))

    def forward(self, x):
        idx = (x @ self.w).argmax(-1)
        with torch.no_grad():
            self.usage[idx] += 1
            self.calls += 1
            if self.calls.item() % 100 == 0:
                self._replace()
        return x @ self.w

    def _replace(self):
        unused = self.usage == 0
        self.w.data[unused] = 0.0
        self.usage.zero_()


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""

# The same counter also scales the output: the trace reads the state it made one update ahead.
COUNTED_READ = COUNTED.replace("return x @ self.w\n", "return (x @ self.w) * self.calls\n")

# A usage histogram counted into a buffer by index and read by the output.
HISTOGRAM = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("usage", torch.zeros(4))

    def forward(self, x):
        idx = x.argmax(-1)
        self.usage[idx] += 1
        return x * self.usage


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(3, 4),)]
"""


def _source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(_source(text).splitlines(), 1) if needle in line)


def _converted(module, backend: str):
    """(TracerWarning lines in the module, whether the converted model gives eager's result on
    input B on three calls in a row); the model runs A eagerly first, as the corpus models."""
    import torch

    torch.manual_seed(0)
    model = module.Model()
    first, second = module.inputs()
    model(*first)
    other = copy.deepcopy(model)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if backend == "trace":
            converted = torch.jit.trace(other, first, check_trace=False)
        else:
            converted = torch.export.export(other, first).module()
    lines = sorted(
        {
            w.lineno
            for w in caught
            if w.category is torch.jit.TracerWarning and w.filename == module.__file__
        }
    )
    same = []
    for _ in range(3):
        got, want = converted(*second), model(*second)
        same.append(got.shape == want.shape and bool(torch.allclose(got, want)))
    return lines, all(same)


def test_a_counter_read_only_through_item_is_no_trace_claim():
    assert findings(COUNTED, "TL311", "trace") == []
    (item,) = findings(COUNTED, "TL103", "trace")
    assert item.line == _line(COUNTED, ".item() % 100")
    flagged = findings(COUNTED_READ, "TL311", "trace")
    assert [d.line for d in flagged] == [_line(COUNTED, "self.calls += 1")]
    assert flagged[0].targets == ("trace",)
    assert "one update ahead" in flagged[0].message


@requires_torch
def test_torch_traces_a_counter_read_through_item_right_and_one_read_as_a_tensor_wrong(tmp_path):
    counted = load_module(tmp_path, _source(COUNTED), "s31_f23_counted")
    assert _converted(counted, "trace") == ([_line(COUNTED, ".item() % 100")], True)
    read = load_module(tmp_path, _source(COUNTED_READ), "s31_f23_counted_read")
    lines, same = _converted(read, "trace")
    assert not same  # the traced module counts from one call ahead of eager


def test_an_indexed_update_of_a_buffer_is_the_in_place_claim_for_trace_alone():
    (found,) = findings(HISTOGRAM, "TL311", "trace")
    assert found.line == _line(HISTOGRAM, "self.usage[idx] += 1")
    assert found.targets == ("trace",)
    assert "one update ahead" in found.message
    assert findings(HISTOGRAM, "TL311", "export") == []


@requires_torch
def test_torch_export_carries_an_indexed_buffer_update_and_trace_starts_ahead(tmp_path):
    module = load_module(tmp_path, _source(HISTOGRAM), "s31_f23_histogram")
    assert _converted(module, "export") == ([], True)
    assert _converted(module, "trace") == ([], False)
