"""Value kinds as they really are on code written without torchlint in mind: sizes passed to a
submodule in another file stay sizes, what a submodule returns is a tuple when its ``forward``
returns one, and a parameter annotated ``torch.Tensor`` takes what its callers pass."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from tests.semantic_helpers import expression_kinds, kinds_in, write_project
from torchlint.lint.engine import lint_text
from torchlint.lint.run import lint_files
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FileModel

# A Swin-style block: `H`, `W` are sizes its stage passes; every test on them is a size check.
BLOCK = """
    import torch
    from torch import nn
    import torch.nn.functional as F

    class Block(nn.Module):
        def __init__(self, dim=16, window=4):
            super().__init__()
            self.window = window
            self.norm = nn.LayerNorm(dim)

        def forward(self, x, H, W):
            B, L, C = x.shape
            if L != H * W:
                raise ValueError("wrong size")
            x = self.norm(x).view(B, H, W, C)
            pad = (self.window - W % self.window) % self.window
            if pad > 0:
                x = F.pad(x, (0, 0, 0, pad))
            return x.reshape(B, -1, C), H, W
"""

STAGE_HEAD = """
    import torch
    from torch import nn

    from pkg.block import Block

    class Stage(nn.Module):
"""

# How a stage in another file calls its blocks.
STAGE_CALLS = {
    "loop": """
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(2)])

        def forward(self, x):
            B, C, H, W = x.shape
            x = x.flatten(2).transpose(1, 2)
            for blk in self.blocks:
                x, H, W = blk(x, H, W)
            return x
    """,
    "enumerate": """
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(2)])

        def forward(self, x):
            B, C, H, W = x.shape
            x = x.flatten(2).transpose(1, 2)
            for i, blk in enumerate(self.blocks):
                x = blk(x, H, W)[0]
            return x
    """,
    "index": """
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([Block() for _ in range(2)])

        def forward(self, x):
            B, C, H, W = x.shape
            x = x.flatten(2).transpose(1, 2)
            for i in range(2):
                x = self.blocks[i](x, H, W)[0]
            return x
    """,
    "attribute": """
        def __init__(self):
            super().__init__()
            self.block = Block()

        def forward(self, x):
            B, C, H, W = x.shape
            x = x.flatten(2).transpose(1, 2)
            return self.block(x, H, W)[0]
    """,
}


def _indent(text: str, spaces: int) -> str:
    return textwrap.indent(textwrap.dedent(text), " " * spaces)


def lint_files_text(source: str) -> list:
    """TL1xx findings of ``source`` linted alone."""
    result = lint_text("example.py", textwrap.dedent(source).lstrip("\n"))
    return [d for d in result.diagnostics if d.code.startswith("TL1")]


def _codes_by_line(paths: dict[str, Path], name: str) -> dict[int, set[str]]:
    results = lint_files([str(p) for p in paths.values()])
    found: dict[int, set[str]] = {}
    for result in results:
        if result.path.endswith(name):
            for diagnostic in result.diagnostics:
                found.setdefault(diagnostic.line, set()).add(diagnostic.code)
    return found


@pytest.mark.parametrize("form", sorted(STAGE_CALLS))
def test_sizes_passed_to_a_submodule_in_another_file_stay_sizes(tmp_path: Path, form: str) -> None:
    stage = textwrap.dedent(STAGE_HEAD) + _indent(STAGE_CALLS[form], 4)
    paths = write_project(
        tmp_path, {"pkg/__init__.py": "", "pkg/block.py": BLOCK, "pkg/stage.py": stage}
    )
    found = _codes_by_line(paths, "block.py")
    # `if L != H * W` and `if pad > 0` decide on sizes: trace's business (TL106 / TL109),
    # never a tensor condition that compile or export would refuse.
    assert all("TL101" not in codes for codes in found.values()), found
    assert found.get(13) and found.get(17), found


def test_a_tensor_annotation_gives_way_to_the_lists_callers_pass(tmp_path: Path) -> None:
    block = """
        import torch
        from torch import nn

        class Scale(nn.Module):
            def forward(self, x: torch.Tensor, scales: torch.Tensor):
                for s in scales:
                    if s > 1:
                        x = x * s
                return x
    """
    net = """
        import torch
        from torch import nn

        from pkg.scale import Scale

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = Scale()

            def forward(self, x):
                return self.scale(x, [1, 2, 3])
    """
    paths = write_project(
        tmp_path, {"pkg/__init__.py": "", "pkg/scale.py": block, "pkg/net.py": net}
    )
    assert _codes_by_line(paths, "scale.py") == {}


ATTENTION_LAYER = """
    import torch
    from torch import nn

    class Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv = nn.Linear(8, 24)

        def forward(self, x, need_weights: bool = False):
            q, k, v = self.qkv(x).chunk(3, dim=-1)
            weights = (q @ k.transpose(-2, -1)).softmax(-1)
            if need_weights:
                return weights @ v, weights
            return weights @ v, None

    class Head(nn.Module):
        def forward(self, x):
            return {"logits": x, "size": x.shape[0]}

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = Attention()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            out, weights = self.attn(x)
            outputs = (x + out,)
            outputs = outputs + (weights,)
            return outputs

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Layer() for _ in range(2)])
            self.attn = Attention()
            self.head = Head()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            pair = self.attn(x)
            for layer in self.layers:
                layer_outputs = layer(x)
                hidden = layer_outputs[0]
            projected = self.fc(hidden)
            result = self.head(projected)
            return result
"""


def test_what_a_submodule_returns_is_what_its_forward_returns() -> None:
    layer = kinds_in(ATTENTION_LAYER, "Layer.forward")
    assert (layer["out"], layer["weights"]) == (Kind.TENSOR, Kind.TENSOR)
    assert layer["outputs"] == Kind.TENSORS
    net = kinds_in(ATTENTION_LAYER, "Net.forward")
    assert net["pair"] == Kind.TENSORS  # `(out, weights)`, not a tensor
    assert net["layer_outputs"] == Kind.TENSORS
    assert net["hidden"] == Kind.TENSOR  # an item of it is one
    assert net["projected"] == Kind.TENSOR  # torch layers still give tensors
    assert net["result"] == Kind.UNKNOWN  # a dict: not a tensor


def test_sizes_computed_from_a_shape_are_sizes() -> None:
    found = expression_kinds(
        """
        import math
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                min(x.shape[-2:])
                max(x.shape[2], x.shape[3])
                math.prod(x.shape[1:])
                torch.sym_max(x.shape[2], x.shape[3])
                torch.sym_int(x.shape[1] / 2)
                len(x)
                x.ndim
                torch.maximum(x, x)
        """,
        "Net.forward",
    )
    assert found == {
        "min(x.shape[-2:])": Kind.SIZE,
        "max(x.shape[2], x.shape[3])": Kind.SIZE,
        "math.prod(x.shape[1:])": Kind.SIZE,
        "torch.sym_max(x.shape[2], x.shape[3])": Kind.SIZE,
        "torch.sym_int(x.shape[1] / 2)": Kind.SIZE,
        "len(x)": Kind.SIZE,
        "x.ndim": Kind.RANK,
        "torch.maximum(x, x)": Kind.TENSOR,
    }


def test_a_configured_size_or_the_input_size_is_a_shape() -> None:
    env = kinds_in(
        """
        import torch.nn.functional as F
        from torch import nn

        class Net(nn.Module):
            def __init__(self, size=(8, 8)):
                super().__init__()
                self.size = (8, 8)

            def forward(self, x, resize: bool = True):
                size = self.size if resize else x.shape[-2:]
                return F.interpolate(x, size=size)
        """,
        "Net.forward",
    )
    assert env["size"] == Kind.SHAPE


def test_every_call_of_a_helper_file_is_seen_before_it_is_modelled(tmp_path: Path) -> None:
    utils = """
        def feat_hw(x):
            return x.shape[-2], x.shape[-1]

        def grid_of(x, patch):
            h, w = x.shape[-2:]
            return h // patch, w // patch
    """
    model = """
        import torch
        from torch import nn

        from pk.utils import feat_hw, grid_of

        class Net(nn.Module):
            def forward(self, x):
                H, W = feat_hw(x)
                gh, gw = grid_of(x, 2)
                return x
    """
    paths = write_project(
        tmp_path, {"pk/__init__.py": "", "pk/utils.py": utils, "pk/model.py": model}
    )
    index = ProjectIndex()
    for path in paths.values():
        index.add_source(str(path), path.read_text())
    text = paths["pk/model.py"].read_text()
    file_model = FileModel(cst.parse_module(text), index.by_path[str(paths["pk/model.py"])], index)
    forward = next(i for i in file_model.functions.values() if i.qualname == "Net.forward")
    inference = file_model.inference(forward.node)
    assert inference is not None
    # `grid_of` is called after `feat_hw`: the helper file's model must see both calls.
    assert {name: inference.env[name] for name in ("H", "W", "gh", "gw")} == dict.fromkeys(
        ("H", "W", "gh", "gw"), Kind.SIZE
    )


def test_unpacking_takes_the_tuple_a_callee_returns_on_the_path_that_returns_one() -> None:
    env = kinds_in(
        """
        import torch
        from torch import nn

        class Layers(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)

            def forward(self, x, return_hiddens: bool = False):
                hiddens = []
                x = self.fc(x)
                if return_hiddens:
                    return x, (hiddens, x.shape[-1])
                return x

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = Layers()

            def forward(self, x):
                h, (hiddens, width) = self.layers(x, return_hiddens=True)
                y = self.layers(x)
                return h + y
        """,
        "Net.forward",
    )
    assert env["h"] == Kind.TENSOR
    # Not unpacked: a tensor or a tuple, as the flag decides.
    assert env["y"] == Kind.UNKNOWN


NUMPY_SIZES = """
    import numpy as np
    import torch
    from torch import nn

    class Model(nn.Module):
        def forward(self, x):
            remainder = np.array(x.shape[2:]) % 2
            if remainder.any():
                raise ValueError("spatial size must be divisible by 2")
            return x * 2

    def inputs():
        return [(torch.randn(1, 2, 4, 4),), (torch.randn(1, 2, 6, 8),)]
"""


def test_a_numpy_array_of_sizes_is_a_compile_problem_only() -> None:
    env = kinds_in(NUMPY_SIZES, "Model.forward")
    assert env["remainder"] == Kind.SIZE_NDARRAY
    results = lint_files_text(NUMPY_SIZES)
    assert [(d.line, d.code, d.targets) for d in results] == [(8, "TL101", ("compile",))]


@pytest.mark.torch
def test_torch_runs_numpy_of_sizes_under_export_and_trace() -> None:
    pytest.importorskip("torch")
    from tests.oracle import check

    source = textwrap.dedent(NUMPY_SIZES).lstrip("\n")
    assert check(source, "export").ok
    assert check(source, "trace").ok
    assert not check(source, "compile").ok


def test_torch_layers_that_return_tuples_give_tuples() -> None:
    env = kinds_in(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.lstm = nn.LSTM(4, 4, batch_first=True)
                self.mha = nn.MultiheadAttention(4, 1, batch_first=True)
                self.fc = nn.Linear(4, 4)

            def forward(self, x):
                outputs = self.lstm(x)
                out, (h, c) = self.lstm(x)
                attended = self.mha(x, x, x)
                y = self.fc(x)
                return out
        """,
        "Net.forward",
    )
    assert (env["outputs"], env["attended"]) == (Kind.TENSORS, Kind.TENSORS)
    assert (env["out"], env["h"], env["c"], env["y"]) == (Kind.TENSOR,) * 4
