"""TL227: `torch.tensor` of a list display mixing int and float literals, in scripted code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import mixed_number_list
from torchlint.rules._script import SCRIPT, in_script

TENSOR_FACTORIES = frozenset({"torch.tensor", "torch.as_tensor"})


def _example(weights: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n"
        f"        w = torch.tensor({weights})\n"
        "        return (x * w).sum(-1)\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class MixedNumberListTensorInScript(Rule):
    """Flags `torch.tensor([1, 0.5, 0.25])` (ints and floats in one list) in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, `torch.tensor(...)` / `torch.as_tensor(...)` of
    a list display whose elements are int and float literals both (`[1, 0.5, 0.25]`: per-scale
    loss weights), written in the call or bound once to a local the call reads.

    ## Why is this bad?
    TorchScript types a list display from its elements: ints and floats together make a
    `List[Union[float, int]]` (it warns: List consists of heterogeneous types), and
    `torch.tensor` has no overload for it. `torch.jit.script` compiles the model, but every
    call fails at run time in the TorchScript interpreter. Eager, trace, compile and export
    run the Python, which makes a float tensor.

    ## Example
    ```python
    weights = torch.tensor([1, 0.5, 0.25])
    ```
    Use instead: `torch.tensor([1.0, 0.5, 0.25])`.

    ## Fix safety
    Safe: the int literals are written as floats (`1` -> `1.0`). Python's `torch.tensor` makes
    the same float tensor from either list (a float among the elements makes the whole tensor
    the default float dtype, and an int literal converts exactly).
    """

    code = "TL227"
    name = "mixed-number-list-tensor-in-script"
    message = (
        "`torch.tensor` of a list mixing int and float literals in scripted code: TorchScript "
        "types the list as List[Union[float, int]], which torch.tensor does not take, so the "
        "scripted module fails on every call; write the ints as floats (`1.0`)"
    )
    targets = SCRIPT

    VALID = [
        Valid(_example("[1.0, 0.5, 0.25]")),
        # All ints: a List[int], an integer tensor in both.
        Valid(_example("[1, 2, 3]")),
    ]
    INVALID = [
        Invalid(
            _example("[1, 0.5, 0.25]"),
            line=7,
            fixed=_example("[1.0, 0.5, 0.25]"),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or not node.args or node.args[0].keyword is not None:
            return
        if self.ctx.qualified_name(node.func) not in TENSOR_FACTORIES:
            return
        value = node.args[0].value
        if isinstance(value, cst.Name) and self.ctx.function is not None:
            bound = assignments(self.ctx.function, value.value)
            if len(bound) != 1 or bound[0][0] is UNKNOWN_VALUE or bound[0][2] != 1:
                return
            value = bound[0][0]
        if mixed_number_list(value):
            self.report(node)
