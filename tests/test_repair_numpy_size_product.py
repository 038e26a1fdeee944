"""TL102 repair of ``int(np.prod(<sizes>))`` (fixers/numpy_size_product.py): the text, ``import
math`` added, what is left alone, and torch's word that the fixed model compiles without a
graph break with eager outputs unchanged and no back-end that passed now failing."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

MODEL = normalized(
    """
    import numpy as np
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(12, 3)

        def forward(self, x):
            flat = x.reshape(x.shape[0], int(np.prod(x.shape[1:])))
            return self.fc(flat).softmax(-1)

    def inputs():
        return [(torch.randn(2, 3, 4),), (torch.randn(5, 4, 3),)]
    """
)


def test_the_product_of_sizes_becomes_math_prod():
    assert_rewritten(
        MODEL,
        [
            ("from torch import nn\n", "from torch import nn\nimport math\n"),
            ("int(np.prod(x.shape[1:]))", "math.prod(x.shape[1:])"),
        ],
        unsafe=False,
        settings=Settings(),
    )


def test_a_product_of_tensor_data_is_left_alone():
    source = MODEL.replace("int(np.prod(x.shape[1:]))", "int(np.prod(x.detach().numpy()))")
    assert fixed_text(source, Settings(), unsafe=True).count("math.prod") == 0


@pytest.mark.parametrize("sizes", [(), (3,), (2, 3, 4), (0, 5)])
def test_math_prod_is_int_of_numpy_prod(sizes):
    np = pytest.importorskip("numpy")
    import math

    assert math.prod(sizes) == int(np.prod(sizes)) and type(math.prod(sizes)) is int


@requires_torch
@pytest.mark.torch
def test_torch_compiles_the_fixed_model_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(MODEL, Settings(), unsafe=False)
    assert not check(MODEL, "compile").ok
    assert_eager_unchanged(MODEL, fixed)
    for backend in ("compile", "export", "trace", "script"):
        if check(MODEL, backend).ok or backend == "compile":
            verdict = check(fixed, backend)
            assert verdict.ok, f"{backend}: {verdict}\n{fixed}"
