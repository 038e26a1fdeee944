"""Trace mechanisms from the b57 / b58 blind probes and the fresh11 accuracy corpus, each linted
in spellings other than the probes' and the corpus's, and where torch decides, run through
torch 2.13.

- A folder without ``__init__.py`` (a namespace package, torch4d's) names its files from inside
  it (``functional``), while a sibling imports them with the folder's name in front
  (``from torch4d.functional import f``): that import reaches the same file, so its functions
  are graph code (the size decisions in torch4d's drop block: TL106).
- ``torch.sym_max`` / ``torch.sym_min`` of a size fail under trace (AssertionError: a size is a
  0-dim tensor there, and they take only Python numbers and symbolic sizes): TL106.
- An ``nn`` layer built in forward from a size gets the size as a 0-dim tensor under trace:
  ``nn.LayerNorm(n)`` fails (iteration over a 0-d tensor), others warn: TL106. A shape
  (``nn.LayerNorm(h.shape[-2:])``), a number and the functional form are not flagged.
- A loop over the pieces of ``split(k, dim)`` along a literal dimension other than the first
  unrolls for the example's number of pieces: TL105. The last dimension (a negative one) and
  a list of sizes are not flagged.
- A number read from parameters or buffers alone (TL102's trace claim) says what torch does:
  a TracerWarning, the trace right for every input, a later state dict not seen.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from .conftest import requires_torch
from .lint_helpers import findings, load_module
from .lint_helpers import project_findings as _project


def _lines(source: str, code: str, target: str = "trace") -> list[int]:
    return [d.line for d in findings(source, code, target)]


# ------------------------------------------------------------------ namespace packages

KERNELS = """
    import torch


    def crop_to(x, limits):
        _, _, rows, cols = x.shape
        limits = list(limits)
        limits[0] = max(rows, limits[0])
        return x[:, :, : limits[0], :cols]
"""

LAYERS = """
    from torch import nn

    from {package}.kernels import crop_to


    class Crop(nn.Module):
        def forward(self, x):
            return crop_to(x, (2, 3))
"""


def test_namespace_package_sibling_import_reaches_the_function(tmp_path: Path):
    files = {
        "ns_blocks/kernels.py": KERNELS,
        "ns_blocks/layers.py": LAYERS.format(package="ns_blocks"),
    }
    assert ("kernels.py", 7) in _project(tmp_path, files, "TL106", "trace")


def test_namespace_package_the_same_as_a_regular_package(tmp_path: Path):
    files = {
        "reg_blocks/__init__.py": "",
        "reg_blocks/kernels.py": KERNELS,
        "reg_blocks/layers.py": LAYERS.format(package="reg_blocks"),
    }
    assert ("kernels.py", 7) in _project(tmp_path, files, "TL106", "trace")


def test_namespace_package_unreached_function_stays_unflagged(tmp_path: Path):
    # The layer calls another helper: the size decision is not graph code.
    layers = (
        LAYERS.format(package="ns_other")
        .replace("crop_to(x, (2, 3))", "x[:, :, :2]")
        .replace("from ns_other.kernels import crop_to\n", "")
    )
    files = {"ns_other/kernels.py": KERNELS, "ns_other/layers.py": layers}
    assert _project(tmp_path, files, "TL106", "trace") == []


def test_folder_named_like_the_import_but_holding_other_files(tmp_path: Path):
    # `from ns_far.kernels import ...` where the folder ns_far holds no kernels.py: nothing is
    # invented (the import stays unresolved, the layer's own code is all there is).
    files = {
        "ns_far/layers.py": LAYERS.format(package="ns_far"),
        "elsewhere/kernels.py": KERNELS,
    }
    assert _project(tmp_path, files, "TL106", "trace") == []


# ------------------------------------------------------------------ sym_max / sym_min

SYM = """
    import torch
    from torch import nn


    def crop_len(x, cap):
        return torch.sym_min(x.size(2), cap)


    class Model(nn.Module):
        def forward(self, x):
            n = crop_len(x, 5)
            m = torch.sym_max(3, 4)
            return x[:, :, :n] * m

    def inputs():
        return [(torch.randn(2, 3, 7),), (torch.randn(1, 3, 4),)]
"""


def test_sym_min_of_a_size_is_flagged_but_not_of_numbers():
    assert _lines(SYM, "TL106") == [6]


@requires_torch
def test_torch_fails_tracing_sym_min_of_a_size(tmp_path: Path):
    import pytest
    import torch

    module = load_module(tmp_path, SYM, "b57_sym")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(AssertionError):
            torch.jit.trace(module.Model(), module.inputs()[0])


# ------------------------------------------------------------------ layers built from a size

BUILT = """
    import torch
    from torch import nn
    import torch.nn.functional as F


    def normed(h):
        width = h.size(-1)
        return nn.LayerNorm(normalized_shape=width, elementwise_affine=False)(h)


    class Model(nn.Module):
        def forward(self, x):
            a = normed(x)
            b = nn.LayerNorm(x.shape[-2:], elementwise_affine=False)(x)
            c = F.layer_norm(x, x.shape[-1:])
            d = nn.LayerNorm(4, elementwise_affine=False)(x)
            return a + b + c + d

    def inputs():
        return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
"""


def test_layer_built_from_a_size_is_flagged_not_from_a_shape_or_number():
    assert _lines(BUILT, "TL106") == [8]


@requires_torch
def test_torch_fails_tracing_layernorm_of_a_size(tmp_path: Path):
    import pytest
    import torch

    module = load_module(tmp_path, BUILT, "b57_built")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(TypeError, match="0-d tensor"):
            torch.jit.trace(module.Model(), module.inputs()[0])


# ------------------------------------------------------------------ split loops

STREAM = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.GRUCell(4, 4)
            self.hop = 2

        def forward(self, x):
            h = x.new_zeros(x.shape[0], 4)
            for block in torch.split(x, self.hop, 1):
                h = self.cell(block.sum(1), h)
            heads = [p.tanh() for p in x.split(2, dim=-1)]
            parts = [p.relu() for p in x[:, :2].split([1, 1], dim=1)]
            return h + torch.cat(heads, -1).sum(1) + parts[0].sum(1)

    def inputs():
        return [(torch.randn(2, 6, 4),), (torch.randn(3, 2, 4),)]
"""


def test_loop_over_split_pieces_along_an_inner_dim_is_flagged():
    assert _lines(STREAM, "TL105") == [13]


@requires_torch
def test_torch_trace_of_the_split_loop_diverges(tmp_path: Path):
    import torch

    module = load_module(tmp_path, STREAM, "b58_stream")
    model = module.Model()
    first, second = module.inputs()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, first)
        try:
            same = torch.allclose(traced(*second), model(*second))
        except RuntimeError:
            same = False  # the unrolled pieces do not fit the shorter input
    assert not same


# ------------------------------------------------------------------ parameter-only numbers

HORIZON = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("keep", torch.tensor(3))

        def forward(self, x):
            return x[:, : int(self.keep)]

    def inputs():
        return [(torch.randn(2, 5),), (torch.randn(4, 6),)]
"""


def test_number_of_a_buffer_says_the_trace_is_right_until_weights_change():
    (finding,) = findings(HORIZON, "TL102", "trace")
    assert "TracerWarning" in finding.message
    assert "matches eager for every input" in finding.message
    assert "weights loaded into the traced module later" in finding.message


@requires_torch
def test_torch_warns_and_keeps_the_buffer_number(tmp_path: Path):
    import torch

    module = load_module(tmp_path, HORIZON, "b58_horizon")
    model = module.Model()
    first, second = module.inputs()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, first)
    assert any("Python integer" in str(w.message) for w in caught)
    assert torch.equal(traced(*second), model(*second))
    model.keep.fill_(1)
    traced.keep.fill_(1)
    assert traced(*second).shape[1] == 3 != model(*second).shape[1]
