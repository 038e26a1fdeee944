"""Compile / export mechanisms from the blind b55 and b56 batches and the fresh10 corpus, in
other spellings than the probes and the corpus (helpers, aliases, base classes).

- Dynamo calls the skipped ``re`` functions itself when every argument is a constant
  (``RE_CONSTANT_FOLD_FNS``): no TL317 for ``re.fullmatch(pattern, name)`` on strings.
- ``torch.utils.dlpack.to_dlpack`` is ``torch.to_dlpack``: skipped by Dynamo, and export
  reads the data pointer of its fake tensor; ``torch.lobpcg`` guards on data under export
  (TL317 names export for the skipped callables the generated table says export refuses).
- ``torch.nn.attention.bias.causal_lower_right`` / ``causal_upper_left`` make a tensor
  subclass compile and export refuse to make (TL317, from a generated table).
- A ``functools.partialmethod`` of the class read in graph code: Dynamo raises inside
  ``partialmethod.__get__`` (TL331).
- ``flag is False`` of a size comparison: a SymBool once the size is symbolic, a tensor while
  tracing (TL347).
- A get-or-compute memo in a module-level dict changes no result (no TL310).
- ``VonMises.sample`` is refused by Dynamo with the checks off too (TL345, from the
  distribution table's ``compile`` entries).
"""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


REGEX_ON_CONSTANTS = """
import re as regex

import torch
from torch import nn


def heads_for(spec: str):
    return [part for part in regex.split(r"[-_+]", spec) if regex.match(r"^[a-z]+$", part)]


class Model(nn.Module):
    def __init__(self, spec: str = "cls+reg"):
        super().__init__()
        self.spec = spec
        self.heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 3)})

    def forward(self, x):
        return sum(self.heads[name](x) for name in heads_for(self.spec))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

STDLIB_NOT_FOLDED = """
import zlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, name: str = "enc"):
        super().__init__()
        self.name = name
        self.table = nn.Embedding(16, 4)

    def forward(self, x):
        slot = zlib.crc32(self.name.encode()) % 16
        return x + self.table.weight[slot]
"""


def test_regex_on_constants_is_folded_by_dynamo():
    assert _lines(REGEX_ON_CONSTANTS, "TL317", "compile") == []
    assert _lines(STDLIB_NOT_FOLDED, "TL317", "compile") == [14]


DLPACK = """
import torch
from torch import nn
from torch.utils import dlpack as dlp


def handoff(t):
    capsule = dlp.to_dlpack(t)
    return dlp.from_dlpack(capsule)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(handoff(x.contiguous()))


def export_features(model, x):
    # outside graph code: a host-side hand-off after the model ran
    return dlp.to_dlpack(model(x).detach())
"""


def test_dlpack_alias_fails_compile_and_export():
    assert _lines(DLPACK, "TL317", "compile") == [7, 8]
    assert _lines(DLPACK, "TL317", "export") == [7, 8]


LOBPCG = """
import torch
from torch import nn


class SpectralEmbedding(nn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k

    def forward(self, laplacian):
        _, basis = torch.lobpcg(laplacian, k=self.k, largest=False)
        return basis


class SeedOnly(nn.Module):
    def forward(self, x):
        return x * torch.initial_seed()
"""


def test_lobpcg_names_export_and_a_skipped_query_does_not():
    assert _lines(LOBPCG, "TL317", "export") == [11]
    assert _lines(LOBPCG, "TL317", "compile") == [11, 17]


CAUSAL_BIAS = """
import torch
import torch.nn.attention.bias as attn_bias
import torch.nn.functional as F
from torch import nn


def chunk_mask(q_len: int, kv_len: int, lower_right: bool):
    if lower_right:
        return attn_bias.causal_lower_right(q_len, kv_len)
    return torch.ones(q_len, kv_len, dtype=torch.bool).tril()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24)

    def forward(self, x, cache_len: int = 0):
        q, k, v = self.qkv(x).unsqueeze(1).chunk(3, -1)
        mask = chunk_mask(q.shape[-2], k.shape[-2], cache_len > 0)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
"""

PLAIN_MASK = """
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def forward(self, q, k, v):
        lq, lk = q.shape[-2], k.shape[-2]
        mask = torch.ones(lq, lk, dtype=torch.bool, device=q.device).tril(lk - lq)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
"""


def test_causal_bias_object_fails_compile_and_export():
    for target in ("compile", "export"):
        assert _lines(CAUSAL_BIAS, "TL317", target) == [9]
        assert _lines(PLAIN_MASK, "TL317", target) == []


PARTIAL_METHOD = """
from functools import partialmethod as pm

import torch
from torch import nn


class Readout(nn.Module):
    def _readout(self, h, reduce: str = "sum"):
        return h.sum(1) if reduce == "sum" else h.amax(1)

    readout_max = pm(_readout, reduce="max")
    readout_sum = pm(_readout, reduce="sum")


class Model(Readout):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, h):
        return self.fc(self.readout_max(h)) + self._readout(h, reduce="sum").mean()
"""


def test_partialmethod_read_in_graph_code():
    assert _lines(PARTIAL_METHOD, "TL331", "compile") == [21]
    # Called with the keyword instead: nothing to flag.
    clean = PARTIAL_METHOD.replace("self.readout_max(h)", "self._readout(h, reduce='max')")
    assert _lines(clean, "TL331", "compile") == []


SIZE_IDENTITY = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, squeeze: bool = False):
        super().__init__()
        self.squeeze = squeeze

    def forward(self, points):
        self.batched = points.size(0) > 1
        if self.batched is not True:
            points = points.expand(2, -1, -1)
        if (points.shape[-1] == 3) is False:
            points = points[..., :3]
        if self.squeeze is False:
            points = points + 0
        single = points.shape[1] == 1
        if single == False:
            points = points * 2
        return points

    def other(self, points):
        if self.batched is True:
            return points
        return points[0]
"""


def test_size_comparison_identity_test():
    assert _lines(SIZE_IDENTITY, "TL347", "compile") == [12, 14]
    assert _lines(SIZE_IDENTITY, "TL347", "trace") == [12, 14]


MEMO = """
import torch
from torch import nn

_BASES = {}
_SEEN = {}


def fourier_basis(n: int, device):
    key = (n, str(device))
    basis = _BASES.get(key)
    if basis is None:
        basis = torch.fft.rfft(torch.eye(n, device=device))
        _BASES[key] = basis
    return basis


def counted(x, key: str):
    _SEEN[key] = _SEEN.get(key, 0) + 1
    return x * _SEEN[key]


class Model(nn.Module):
    def forward(self, x):
        spectrum = x.to(torch.complex64) @ fourier_basis(x.shape[-1], x.device)
        return counted(spectrum.abs(), "calls")
"""


def test_memo_is_not_global_state():
    assert _lines(MEMO, "TL310", "export") == [18]


VON_MISES = """
import torch
from torch import nn
from torch.distributions import Normal, VonMises


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, h):
        loc, log_conc = self.fc(h).unbind(-1)
        angle = VonMises(loc, log_conc.exp(), validate_args=False).sample()
        step = Normal(loc, log_conc.exp(), validate_args=False).rsample()
        return angle + step
"""


def test_von_mises_sample_is_refused_by_dynamo():
    assert _lines(VON_MISES, "TL345", "compile") == [13]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "backend", "fails"),
    [
        (REGEX_ON_CONSTANTS, "compile", False),
        (
            PARTIAL_METHOD + "\n\ndef inputs():\n"
            "    return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]\n",
            "compile",
            True,
        ),
    ],
)
def test_torch_agrees(source: str, backend: str, fails: bool):
    from .oracle import check

    assert check(textwrap.dedent(source).lstrip("\n"), backend).ok != fails
