"""Setting a tensor's real or imaginary part -> an in-place copy into the part
(fixers/tensor_part_setter.py), in spellings other than the fresh11 package's and the rule's
examples: a tuple target of two parts, an augmented ``/=``, a part set from an expression.
Torch checks that compile passes after the fix with eager unchanged and no back-end that passed
now failing; a swap of parts is left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

SETTINGS = Settings(targets=("compile",), targets_explicit=True)

PARTS = """\
import torch
from torch import nn


def assemble(re: torch.Tensor, im: torch.Tensor) -> torch.Tensor:
    z = torch.zeros(re.shape, dtype=torch.complex64)
    # both parts at once
    z.real, z.imag = re, im
    return z


class Model(nn.Module):
    def forward(self, x):
        re, im = x.chunk(2, dim=-1)
        spec = torch.fft.rfft(x)
        spec.imag /= 2
        w = torch.zeros(re.shape, dtype=torch.complex64)
        w.real = re * 2
        return torch.view_as_real(assemble(re, im) * w), torch.fft.irfft(spec, n=x.shape[-1])


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
"""


def test_parts_set_by_assignment_become_in_place_copies_as_a_safe_fix():
    assert_rewritten(
        PARTS,
        [
            ("    z.real, z.imag = re, im\n", "    z.real.copy_(re)\n    z.imag.copy_(im)\n"),
            ("spec.imag /= 2", "spec.imag.div_(2)"),
            ("w.real = re * 2", "w.real.copy_(re * 2)"),
        ],
        unsafe=False,
        settings=SETTINGS,
    )


def test_a_swap_of_parts_is_left_alone():
    swap = PARTS.replace(
        "z.real, z.imag = re, im", "z.real, z.imag = re, im\n    z.real, z.imag = z.imag, z.real"
    )
    assert "z.real, z.imag = z.imag, z.real" in fixed_text(swap, SETTINGS, unsafe=True)


@requires_torch
def test_torch_compiles_the_in_place_copies_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(PARTS, SETTINGS, unsafe=False)
    assert not check(PARTS, "compile").ok
    assert_eager_unchanged(PARTS, fixed)
    for backend in ("compile", "export", "trace", "script"):
        if backend == "compile" or check(PARTS, backend).ok:
            assert check(fixed, backend).ok, backend
