"""Session-20 repairs (issue #23; fixers/repair_session20.py), in spellings other than the
probes': ``cov`` through ``import torch as th`` with ``correction=0`` and ``Tensor.corrcoef``
as a method; an ``nn.TransformerEncoder`` under a
``@torch.no_grad()`` forward given its padding mask positionally, built from ``.eq``; a number
returned by a module-level helper called by name and by a plain method called on ``self``.
Torch checks that the fixed text passes the back-ends the original failed, with eager
outputs unchanged, and that no back-end that passed now fails."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

ALL = Settings()


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
    from .oracle import assert_eager_unchanged, check

    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


def _codes(text: str) -> set[str]:
    return {d.code for d in lint_text("example.py", text, ALL).diagnostics}


COVARIANCE = """\
import torch as th
from torch import nn


class Whitening(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 5)

    def forward(self, x):
        h = self.enc(x)
        c = th.cov(h.T, correction=0)  # population covariance
        r = x.corrcoef()
        return c.trace() + r.sum()


Model = Whitening


def inputs():
    return [(th.randn(6, 4),), (th.randn(9, 4),)]
"""

COVARIANCE_FIXED = (
    "((th.atleast_2d(h.T) - th.atleast_2d(h.T).mean(1, keepdim=True)) @ "
    "(th.atleast_2d(h.T) - th.atleast_2d(h.T).mean(1, keepdim=True)).mT.conj() / "
    "(th.atleast_2d(h.T).shape[1] - 0)).squeeze()"
)
CORRELATION_FIXED = (
    "(th.nn.functional.normalize(th.atleast_2d(x) - th.atleast_2d(x).mean(1, keepdim=True), "
    "dim=1, eps=0.0) @ th.nn.functional.normalize(th.atleast_2d(x) - th.atleast_2d(x).mean(1, "
    "keepdim=True), dim=1, eps=0.0).mT.conj()).clip(-1, 1).squeeze()"
)


def test_cov_and_corrcoef_become_tensor_operations_as_unsafe_fixes():
    assert_rewritten(
        COVARIANCE,
        [
            ("th.cov(h.T, correction=0)", COVARIANCE_FIXED),
            ("x.corrcoef()", CORRELATION_FIXED),
        ],
        unsafe=True,
        settings=ALL,
    )
    assert "TL338" not in _codes(fixed_text(COVARIANCE, ALL))


def test_cov_with_weights_or_of_a_call_is_left_alone():
    source = COVARIANCE.replace("th.cov(h.T, correction=0)", "th.cov(self.enc(x).T)").replace(
        "x.corrcoef()", "th.cov(x, aweights=x[:, 0].abs())"
    )
    assert "TL338" in _codes(source)
    assert fixed_text(source, ALL) == source


@requires_torch
def test_covariance_rewrite_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(COVARIANCE, fixed_text(COVARIANCE, ALL), ("compile", "export"))


ENCODER = """\
import torch
from torch import nn


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad_id = 0
        self.tok = nn.Embedding(12, 8, padding_idx=0)
        block = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
        self.body = nn.TransformerEncoder(block, 1)
        self.head = nn.Linear(8, 3)

    @torch.no_grad()
    def forward(self, tokens):
        is_pad = tokens.eq(self.pad_id)
        h = self.body(self.tok(tokens), None, is_pad)
        return self.head(h)


Model = Tagger


def inputs():
    a = torch.randint(1, 12, (2, 5))
    a[1, 3:] = 0
    b = torch.randint(1, 12, (3, 7))
    b[0, 4:] = 0
    return [(a,), (b,)]
"""


def test_encoder_output_is_zeroed_at_padding_as_an_unsafe_fix():
    assert_rewritten(
        ENCODER,
        [
            (
                "self.body(self.tok(tokens), None, is_pad)",
                "self.body(self.tok(tokens), None, is_pad).masked_fill(is_pad.unsqueeze(-1), 0.0)",
            )
        ],
        unsafe=True,
        settings=ALL,
    )


def test_encoder_with_a_final_norm_is_left_alone():
    # the norm runs after the fast path pads: the padded positions hold norm(0), not 0
    source = ENCODER.replace(
        "nn.TransformerEncoder(block, 1)", "nn.TransformerEncoder(block, 1, nn.LayerNorm(8))"
    )
    assert "TL349" in _codes(source)
    assert fixed_text(source, ALL) == source


def test_zeroed_encoder_output_is_no_longer_flagged():
    fixed = fixed_text(ENCODER, ALL)
    assert "masked_fill(is_pad.unsqueeze(-1), 0.0)" in fixed
    assert "TL349" in _codes(ENCODER)
    assert "TL349" not in _codes(fixed)
    assert "TL349" not in _codes(fixed.replace("is_pad.unsqueeze(-1)", "is_pad[..., None]"))


@requires_torch
def test_zeroed_encoder_output_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(ENCODER, fixed_text(ENCODER, ALL), ("compile", "export"))


RETURNED = """\
import torch
from torch import nn


def gain_of(p):
    return p.sigmoid().mean().item()


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.g = nn.Parameter(torch.tensor([0.3, -0.2]))
        self.s = nn.Parameter(torch.tensor(1.5))
        self.fc = nn.Linear(4, 4)

    def shift(self) -> float:
        return float(self.s.tanh())

    def forward(self, x):
        y = self.fc(x) * gain_of(self.g)
        return y + self.shift()


Model = Scaled


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""


def test_numbers_returned_by_helpers_stay_tensors_as_unsafe_fixes():
    assert_rewritten(
        RETURNED,
        [
            ("return p.sigmoid().mean().item()", "return p.sigmoid().mean().detach()"),
            (
                "def shift(self) -> float:\n        return float(self.s.tanh())",
                "def shift(self) -> torch.Tensor:\n"
                "        return self.s.tanh().detach().reshape(()).float()",
            ),
        ],
        unsafe=True,
        settings=ALL,
    )


def test_a_returned_number_used_as_a_python_number_is_left_alone():
    source = RETURNED.replace(
        "return y + self.shift()", "print(gain_of(self.g))\n        return y + self.shift()"
    ).replace("def shift(self) -> float:", "def shift(self, k: int = 1) -> float:")
    codes = _codes(source)
    assert "TL102" in codes or "TL103" in codes
    fixed = fixed_text(source, ALL)  # (another fixer guards the print)
    assert "return p.sigmoid().mean().item()" in fixed
    assert "def shift(self, k: int = 1) -> float:\n        return float(self.s.tanh())" in fixed


@requires_torch
def test_returned_tensors_compile_and_export_with_eager_unchanged():
    _assert_repaired(RETURNED, fixed_text(RETURNED, ALL), ("compile", "export"))
