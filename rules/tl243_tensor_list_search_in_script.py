"""TL243: `remove` / `index` / `count` of a list of tensors in scripted code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script, tensor_container

SEARCHES = frozenset({"remove", "index", "count"})


class TensorListSearchInScript(Rule):
    """Flags `feats.remove(t)`, `feats.index(t)`, `feats.count(t)` on a list of tensors.

    ## What it does
    Finds, in code `torch.jit.script` compiles, a call of a list's `remove`, `index` or
    `count` method on a list the analysis knows holds tensors (a local or parameter annotated
    `List[Tensor]`, a list of tensors the kind inference follows).

    ## Why is this bad?
    Python's list methods match an element that is the same object before comparing values,
    so `feats.remove(feats[0])` removes the first element without comparing any tensor.
    TorchScript compiles them as `aten::remove` / `aten::index` / `aten::count` over
    `List[Tensor]`, which compare each element with `==` and take the truth of the result.
    Checked with torch 2.13: the scripted module fails when it runs ("Boolean value of Tensor
    with more than one value is ambiguous") for tensors of more than one element.

    ## Example
    ```python
    feats: List[Tensor] = [h]
    for layer in self.layers:
        h = layer(h)
        feats.append(h)
    feats.remove(feats[0])
    ```
    Use instead: remove or find by position (`del feats[0]`, `feats.pop(0)`, keep the index
    where the tensor was appended).

    ## Fix safety
    No automatic fix: which position the call means depends on the identity of the tensor.
    """

    code = "TL243"
    name = "tensor-list-search-in-script"
    message = (
        "`remove` / `index` / `count` of a list of tensors in scripted code: TorchScript "
        "compares the elements with `==` and takes the truth of the result, where Python first "
        "matches the same object (torch 2.13: Boolean value of Tensor with more than one value "
        "is ambiguous, when the scripted module runs); remove or find by position "
        "(`del feats[0]`, `feats.pop(i)`, the index kept when the tensor was appended)"
    )
    targets = SCRIPT

    VALID = [
        # Removal by position, and `remove` of a list of ints.
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    outs: List[torch.Tensor] = [x, x * 2, x * 3]
                    outs.pop(0)
                    dims: List[int] = [0, 1]
                    dims.remove(1)
                    return torch.stack(outs).sum(dims)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # `index` of a tensor in a parameter annotated List[Tensor].
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, feats: List[torch.Tensor]):
                    at = feats.index(feats[0])
                    return x + feats[at]

            def inputs():
                return [(torch.randn(2, 3), [torch.randn(2, 3), torch.randn(2, 3)])]
            """,
            line=8,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            not isinstance(func, cst.Attribute)
            or func.attr.value not in SEARCHES
            or len(node.args) != 1
            or not self.ctx.in_graph
            or not in_script(self.ctx)
        ):
            return
        if tensor_container(self.ctx, func.value) == "a list of tensors":
            self.report(node)
