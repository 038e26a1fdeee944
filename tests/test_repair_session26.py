"""Session-26 repairs (issue #23; fixers/repair_session26.py), in spellings other than the
probes' (b64, b65, b66, b69): fake quantisation with keyword arguments and tensor qparams, a
dense matrix made sparse for a product. Torch checks that the fixed text passes the back-ends
the original failed, with eager outputs unchanged, and that no back-end that passed now fails;
``fixed_text`` applies each fix twice (the second changes nothing). Each fixer has look-alikes
it leaves alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
TRACE = Settings(targets=("trace",), targets_explicit=True)


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
    from .oracle import assert_eager_unchanged, check

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace", "script"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


# -- TL329: torch.fake_quantize_per_tensor_affine ------------------------------------------------
FAKE_QUANT = """\
import torch as th
import torch.nn as nn


class QuantLinear(nn.Module):
    \"\"\"A QAT layer: activations in 4 bits around a learned-free zero point, weights
    through 8 bits held as tensors.\"\"\"

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 3)
        self.act_scale = 0.125
        self.register_buffer("w_scale", th.tensor(0.02))
        self.register_buffer("w_zero", th.tensor(0, dtype=th.int32))

    def forward(self, x):
        # activations: 4 bits
        x = th.fake_quantize_per_tensor_affine(
            x, scale=self.act_scale, zero_point=7, quant_min=0, quant_max=15
        )
        w = th.fake_quantize_per_tensor_affine(self.fc.weight, self.w_scale, self.w_zero, -128, 127)
        return nn.functional.linear(x, w, self.fc.bias)


Model = QuantLinear


def inputs():
    th.manual_seed(0)
    return [(th.randn(2, 5) * 2,), (th.randn(4, 5),), (th.randn(3, 5) * 0.1,)]
"""


def test_fake_quant_becomes_a_helper_of_ops_with_fake_kernels():
    fixed = fixed_text(FAKE_QUANT, COMPILE)
    # one helper per overload, after the imports, spelling the file's alias of torch
    assert "\n\n\ndef fake_quantize_per_tensor_affine(\n" in fixed
    assert "\n\n\ndef fake_quantize_per_tensor_affine_tensor_qparams(\n" in fixed
    assert "th.fake_quantize_per_tensor_affine(" not in fixed
    assert "torch." not in fixed.replace("import torch", "")
    assert "        # activations: 4 bits\n        x = fake_quantize_per_tensor_affine(\n" in fixed
    assert "x, scale=self.act_scale, zero_point=7, quant_min=0, quant_max=15" in fixed
    assert fixed_text(FAKE_QUANT, COMPILE, unsafe=False) == FAKE_QUANT  # unsafe only


@requires_torch
def test_fake_quant_helper_compiles_with_dynamic_sizes_and_keeps_values_and_gradient():
    fixed = fixed_text(FAKE_QUANT, COMPILE)
    _assert_repaired(FAKE_QUANT, fixed, ("compile",))

    import torch

    from .oracle import load_example

    # the kernel's straight-through gradient, bit for bit, in every floating dtype
    helpers = load_example(fixed)
    for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
        x = (torch.arange(-40, 40) * 0.0625 + 0.03125).to(dtype)  # half-way values included
        for fake, args in (
            (helpers.fake_quantize_per_tensor_affine, (0.125, 7, 0, 15)),
            (
                helpers.fake_quantize_per_tensor_affine_tensor_qparams,
                (torch.tensor(0.125), torch.tensor(3, dtype=torch.int32), -8, 7),
            ),
        ):
            a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
            want = torch.fake_quantize_per_tensor_affine(a, *args)
            got = fake(b, *args)
            want.backward(torch.ones_like(want))
            got.backward(torch.ones_like(got))
            assert got.dtype == want.dtype and torch.equal(got, want)
            assert torch.equal(a.grad, b.grad)


def test_fake_quant_reuses_its_helper_and_numbers_around_another_function_of_its_name():
    fixed = fixed_text(FAKE_QUANT, COMPILE)
    # a new call in the fixed file reuses the helper already there
    again = fixed.replace(
        "        return nn.functional.linear(x, w, self.fc.bias)\n",
        "        x = th.fake_quantize_per_tensor_affine(x, 0.25, 0, 0, 255)\n"
        "        return nn.functional.linear(x, w, self.fc.bias)\n",
    )
    refixed = fixed_text(again, COMPILE)
    assert refixed.count("def fake_quantize_per_tensor_affine(") == 1
    assert "        x = fake_quantize_per_tensor_affine(x, 0.25, 0, 0, 255)\n" in refixed
    # a function of the file that has the name: the helper gets another
    taken = FAKE_QUANT.replace(
        "\n\nclass QuantLinear",
        "\n\ndef fake_quantize_per_tensor_affine(x):\n    return x\n\n\nclass QuantLinear",
    )
    fixed = fixed_text(taken, COMPILE)
    assert "def fake_quantize_per_tensor_affine_1(\n" in fixed
    assert "x = fake_quantize_per_tensor_affine_1(\n" in fixed


def test_fake_quant_with_a_tensor_scale_and_an_int_zero_point_is_left_alone():
    # the two overloads take both as numbers or both as tensors: a mixed call is not one
    # this fix can keep (torch raises on it)
    mixed = FAKE_QUANT.replace("self.w_scale, self.w_zero, -128, 127", "self.w_scale, 0, -128, 127")
    fixed = fixed_text(mixed, COMPILE)
    assert "th.fake_quantize_per_tensor_affine(self.fc.weight, self.w_scale, 0, -128, 127)" in fixed


# -- TL317: a dense matrix made sparse for a product ---------------------------------------------
SPARSE_PRODUCT = """\
import torch
from torch import nn


class GraphConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("ring", (torch.eye(5) + torch.eye(5).roll(1, 0)).clamp(max=1))

    def forward(self, h, adj):
        deg = adj.sum(-1, keepdim=True).clamp(min=1)
        norm = adj / deg
        out = torch.sparse.mm(norm.to_sparse_csr(), self.lin(h))  # sparse product
        ring = self.ring.to_sparse()
        return out + ring @ h + torch.mm(ring, out)


Model = GraphConv


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(5, 4), (torch.rand(5, 5) > 0.5).float()),
        (torch.randn(5, 4), (torch.rand(5, 5) > 0.2).float()),
    ]
"""


def test_sparse_operand_of_products_stays_dense_keeping_comments():
    fixed = fixed_text(SPARSE_PRODUCT, COMPILE)
    assert "        out = torch.sparse.mm(norm, self.lin(h))  # sparse product\n" in fixed
    assert "        ring = self.ring\n" in fixed
    assert fixed_text(SPARSE_PRODUCT, COMPILE, unsafe=False) == SPARSE_PRODUCT


@requires_torch
def test_sparse_operand_kept_dense_compiles_with_eager_unchanged():
    _assert_repaired(SPARSE_PRODUCT, fixed_text(SPARSE_PRODUCT, COMPILE), ("compile",))


def test_sparse_tensor_used_as_sparse_or_made_from_a_changed_tensor_is_left_alone():
    # read as a sparse tensor (its values): the conversion stays
    values = SPARSE_PRODUCT.replace(
        "        return out + ring @ h + torch.mm(ring, out)\n",
        "        return out + ring @ h + ring.coalesce().values().sum()\n",
    )
    assert "        ring = self.ring.to_sparse()\n" in fixed_text(values, COMPILE)
    # the right operand of a product, not the left
    right = SPARSE_PRODUCT.replace("torch.mm(ring, out)", "torch.mm(out.t(), ring)")
    assert "        ring = self.ring.to_sparse()\n" in fixed_text(right, COMPILE)
    # the dense matrix is written in place after the conversion: the sparse copy holds the
    # values from before
    changed = SPARSE_PRODUCT.replace(
        "        out = torch.sparse.mm(norm.to_sparse_csr(), self.lin(h))  # sparse product\n",
        "        sparse = norm.to_sparse_csr()\n"
        "        norm.fill_diagonal_(1.0)\n"
        "        out = torch.sparse.mm(sparse, self.lin(h))  # sparse product\n",
    )
    assert "        sparse = norm.to_sparse_csr()\n" in fixed_text(changed, COMPILE)
