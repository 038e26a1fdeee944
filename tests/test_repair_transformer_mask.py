"""TL341 repairs (fixers/transformer_mask.py): `is_causal=True` added where the mask given to
`nn.TransformerEncoder` / `nn.TransformerDecoder` / `nn.Transformer` is surely the causal mask;
other masks left alone; torch's word that compile (fullgraph, no graph break) and export accept
the fixed code with eager outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

ENCODER = """\
import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(8, 2, 16, 0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2)

    def forward(self, x):
        n = x.size(1)
{body}

def inputs():
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
"""

DECODER = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerDecoderLayer(8, 2, 16, 0.0, batch_first=True)
        self.decoder = nn.TransformerDecoder(layer, 1)
        self.model = nn.Transformer(8, 2, 1, 1, 16, 0.0, batch_first=True)

    def forward(self, x, memory):
        n = x.size(1)
{body}

def inputs():
    return [
        (torch.randn(2, 5, 8), torch.randn(2, 4, 8)),
        (torch.randn(3, 7, 8), torch.randn(3, 6, 8)),
    ]
"""


def _source(template: str, body: str) -> str:
    return normalized(template.format(body=textwrap.indent(textwrap.dedent(body), " " * 8)))


def _fix(source: str, *, unsafe: bool = True) -> str:
    settings = Settings(select=("TL341",), targets=("compile", "export"), targets_explicit=True)
    return fixed_text(source, settings, unsafe=unsafe)


FIXED = [
    pytest.param(
        ENCODER,
        """\
        mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
        return self.encoder(x, mask=mask)
        """,
        "self.encoder(x, mask=mask, is_causal=True)",
        id="triu-full-name",
    ),
    pytest.param(
        ENCODER,
        """\
        return self.encoder(x, torch.full([n, n], -math.inf).triu(1))
        """,
        "self.encoder(x, torch.full([n, n], -math.inf).triu(1), is_causal=True)",
        id="method-triu-inline",
    ),
    pytest.param(
        ENCODER,
        """\
        mask = torch.ones(n, n, dtype=torch.bool).triu(1)
        return self.encoder(x, mask, None, None)
        """,
        "self.encoder(x, mask, None, True)",
        id="bool-positional-none-hint",
    ),
    pytest.param(
        DECODER,
        """\
        causal = torch.triu(torch.ones((n, n), dtype=torch.bool), 1)
        return self.decoder(x, memory, tgt_mask=causal)
        """,
        "self.decoder(x, memory, tgt_mask=causal, tgt_is_causal=True)",
        id="decoder-bool-triu",
    ),
    pytest.param(
        DECODER,
        """\
        mask = nn.Transformer.generate_square_subsequent_mask(n)
        return self.model(memory, x, tgt_mask=mask)
        """,
        "self.model(memory, x, tgt_mask=mask, tgt_is_causal=True)",
        id="transformer-generated",
    ),
]


@pytest.mark.parametrize(("template", "body", "call"), FIXED)
def test_causal_mask_gets_the_hint(template, body, call):
    source = _source(template, body)
    fixed = _fix(source)
    assert call in fixed, fixed
    assert _fix(source, unsafe=False) == source  # unsafe: a mask of another size ran


LEFT = [
    # Not -inf: eager decides False for it.
    pytest.param(
        ENCODER,
        """\
        mask = torch.triu(torch.full((n, n), torch.finfo(x.dtype).min), diagonal=1)
        return self.encoder(x, mask=mask)
        """,
        id="finfo-min",
    ),
    pytest.param(
        ENCODER,
        """\
        mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=2)
        return self.encoder(x, mask=mask)
        """,
        id="other-diagonal",
    ),
    pytest.param(
        ENCODER,
        """\
        mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
        mask = mask + 0.0
        return self.encoder(x, mask=mask)
        """,
        id="rebound",
    ),
    pytest.param(
        ENCODER,
        """\
        i = torch.arange(n)
        return self.encoder(x, mask=(i[:, None] - i[None, :]).abs() > 2)
        """,
        id="band",
    ),
]


@pytest.mark.parametrize(("template", "body"), LEFT)
def test_other_masks_are_left_alone(template, body):
    source = _source(template, body)
    assert _fix(source) == source


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("template", "body", "call"), FIXED)
def test_torch_compiles_and_exports_the_fixed_call(template, body, call):
    from .oracle import assert_eager_unchanged, check, compile_modes

    source = _source(template, body)
    fixed = _fix(source)
    assert not check(source, "export").ok, "nothing to repair"
    assert_eager_unchanged(source, fixed)
    assert check(fixed, "export").ok
    fullgraph, breaks = compile_modes(fixed, counted=True)
    assert fullgraph.ok and not breaks, (fullgraph, breaks)
