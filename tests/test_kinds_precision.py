"""Value kinds as they really are on code written without torchlint in mind: sizes passed to a
submodule in another file stay sizes, what a submodule returns is a tuple when its ``forward``
returns one, and a parameter annotated ``torch.Tensor`` takes what its callers pass."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.semantic_helpers import kinds_in, write_project
from torchlint.lint.run import lint_files
from torchlint.lint.semantic.kinds import Kind

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
