"""Compile / export mechanisms from the blind b57 and b58 batches and the fresh11 corpus, in
other spellings than the probes and the corpus (helpers, aliases, other containers).

- ``copy.copy`` of a builtin dict / list / set calls its C ``copy`` method, which Dynamo skips
  (TL308, from the generated ``copy_refused`` table); a dataclass or plain object is traced.
- A memo written as a hit that returns (``if key in self.cache: return self.cache[key]``, an
  LRU cache) only fills the memo in (no TL311).
- A torch.nn layer built with flags that make no parameter calls no ``Parameter()`` (no
  TL315, from the generated ``nn_parameter_free`` table).
- Torch functions with no fake-tensor kernel for symbolic sizes (``torch.binomial``) and a
  distribution whose ``sample`` calls one (``Binomial``) fail compile with dynamic sizes
  (TL329, from ``fake_refused`` / ``distribution_fake_refused``).
- Assigning ``.real`` / ``.imag`` of a tensor: "Failed to set tensor attribute" (TL348, from
  ``tensor_setattr_refused``).
- A frozen ``nn.TransformerEncoder`` given a key padding mask runs the nested-tensor fast path
  in eager only (TL349).
"""

from __future__ import annotations

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


# --- TL308: copy.copy of a builtin container -------------------------------------------------

SHALLOW_COPIES = """
from copy import copy as shallow

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.order = [2, 0, 1]
        self.names = {n: i for n, i in zip("abc", range(3))}

    def forward(self, x):
        order = shallow(self.order)
        seen = set()
        kept = shallow(seen)
        table = shallow(self.names)
        return x[..., order] * len(kept) + table["a"]
"""


def test_copy_of_builtin_containers_is_flagged_for_compile():
    assert _lines(SHALLOW_COPIES, "TL308", "compile") == [14, 16, 17]
    assert _lines(SHALLOW_COPIES, "TL308", "export") == []


COPIES_TRACED = """
import copy
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Settings:
    gain: float = 2.0


class Model(nn.Module):
    def __init__(self, table):
        super().__init__()
        self.settings = Settings()
        self.table = table
        self.weights = {"a": 1.0}

    def forward(self, x):
        s = copy.copy(self.settings)
        s.gain = 3.0
        unknown = copy.copy(self.table)
        w = dict(self.weights)
        return x * s.gain * w["a"] + len(unknown)
"""


def test_copy_of_a_dataclass_or_a_value_of_unknown_type_is_not_flagged():
    assert _lines(COPIES_TRACED, "TL308", "compile") == []


# --- TL311: a hit-returning memo --------------------------------------------------------------

HIT_RETURNING_MEMO = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.grids = {}

    def grid_for(self, n: int):
        if n in self.grids:
            return self.grids[n]
        grid = torch.linspace(-1.0, 1.0, n)
        self.grids[n] = grid
        while len(self.grids) > 8:
            self.grids.pop(next(iter(self.grids)))
        return grid

    def forward(self, x):
        return x + self.grid_for(x.shape[-1])
"""


def test_a_memo_whose_hit_returns_is_not_state():
    for target in ("export", "trace"):
        assert _lines(HIT_RETURNING_MEMO, "TL311", target) == []


HIT_RETURNING_WITH_COUNTER = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.grids = {}
        self.gain = 1.0

    def forward(self, x):
        n = x.shape[-1]
        if n in self.grids:
            return x + self.grids[n] * self.gain
        self.gain = self.gain * 0.5
        self.grids[n] = torch.linspace(-1.0, 1.0, n)
        return x + self.grids[n] * self.gain
"""


def test_other_state_written_after_the_hit_is_still_flagged():
    assert _lines(HIT_RETURNING_WITH_COUNTER, "TL311", "export")


# --- TL315: layers built without parameters ---------------------------------------------------

NORMS_IN_FORWARD = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, flag: bool = False):
        x = nn.InstanceNorm1d(x.shape[1])(x)
        x = nn.BatchNorm1d(x.shape[1], 1e-5, 0.1, False, False)(x)
        x = nn.RMSNorm(x.shape[-1], elementwise_affine=False)(x)
        x = nn.GroupNorm(1, x.shape[1])(x)
        x = nn.LayerNorm(x.shape[-1], elementwise_affine=flag)(x)
        return nn.InstanceNorm1d(x.shape[1], affine=True)(x)
"""


def test_layers_built_without_parameters_are_not_flagged():
    assert _lines(NORMS_IN_FORWARD, "TL315", "compile") == [10, 11, 12]


# --- TL329: no fake-tensor kernel for symbolic sizes -----------------------------------------

FAKE_KERNELS = """
import torch
from torch import binomial as draw
from torch import distributions as D
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.keep = D.Binomial(total_count=1, probs=0.9)
        self.flip = D.Bernoulli(probs=0.5)

    def forward(self, x):
        counts = draw(torch.ones_like(x), x.sigmoid())
        mask = self.keep.sample(x.shape)
        coin = self.flip.sample(x.shape)
        return x * mask * coin + counts
"""


def test_ops_without_fake_kernels_and_distributions_calling_them():
    assert _lines(FAKE_KERNELS, "TL329", "compile") == [14, 15]


# --- TL348: tensor attributes Dynamo refuses to set ------------------------------------------


def test_real_and_imag_assignments_are_flagged():
    source = """
    import torch
    from torch import nn


    def conjugate(spec):
        spec.imag = -spec.imag
        return spec


    def assemble(re, im):
        out = torch.empty(re.shape, dtype=torch.cfloat)
        [out.real, out.imag] = re, im
        return out


    class Model(nn.Module):
        def forward(self, x):
            spec = conjugate(torch.fft.fft(x))
            return torch.view_as_real(assemble(spec.real, spec.imag))
    """
    assert _lines(source, "TL348", "compile") == [6, 12]


def test_reads_and_attributes_of_other_objects_are_not_flagged():
    source = """
    import torch
    from torch import nn


    class Pair:
        def __init__(self):
            self.real = 0.0


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.pair = Pair()

        def forward(self, x):
            spec = torch.fft.fft(x)
            self.pair.real = 1.0
            re = spec.real
            return torch.complex(re, spec.imag).abs()
    """
    assert _lines(source, "TL348", "compile") == []


@requires_torch
def test_torch_refuses_setting_imag_in_compiled_code():
    import pytest
    import torch
    from torch._dynamo.exc import Unsupported

    def halve_imag(x):
        z = torch.complex(x, x)
        z.imag = z.imag * 0.5
        return z

    torch._dynamo.reset()
    with pytest.raises(Unsupported, match="Failed to set tensor attribute"):
        torch.compile(halve_imag, fullgraph=True, backend="eager")(torch.randn(3))
    torch._dynamo.reset()


# --- TL349: the nested-tensor fast path of a frozen encoder ----------------------------------

FROZEN_ENCODERS = """
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        block = nn.TransformerEncoderLayer(
            d_model=8, nhead=4, dim_feedforward=16, activation=F.gelu, batch_first=True
        )
        self.trunk = nn.TransformerEncoder(block, 2)
        self.odd = nn.TransformerEncoder(nn.TransformerEncoderLayer(9, 3, batch_first=True), 1)
        self.seq_first = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2), 1)
        for p in self.parameters():
            p.requires_grad = False

    def forward(self, x, pad):
        a = self.trunk(x, None, pad)
        b = self.odd(torch.cat([x, x[..., :1]], -1), src_key_padding_mask=pad)
        c = self.seq_first(x.transpose(0, 1), src_key_padding_mask=pad)
        d = self.trunk(x)
        return a, b, c, d
"""


def test_a_frozen_encoder_with_a_padding_mask_is_flagged():
    assert _lines(FROZEN_ENCODERS, "TL349", "compile") == [19]
    assert _lines(FROZEN_ENCODERS, "TL349", "export") == [19]


TRAINABLE_ENCODERS = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(8, 2, batch_first=True, activation="relu")
        self.encoder = nn.TransformerEncoder(layer, 2)
        self.pre_norm = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(8, 2, batch_first=True, norm_first=True), 2
        )

    def forward(self, x, pad):
        a = self.encoder(x, src_key_padding_mask=pad)
        with torch.inference_mode():
            b = self.encoder(x, src_key_padding_mask=pad)
            c = self.pre_norm(x, src_key_padding_mask=pad)
        return a, b, c
"""


def test_a_trainable_encoder_is_flagged_only_without_gradients():
    assert _lines(TRAINABLE_ENCODERS, "TL349", "compile") == [17]
