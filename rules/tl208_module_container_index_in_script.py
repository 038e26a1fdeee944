"""TL208: ModuleList / Sequential / ModuleDict indexed with a variable in scripted code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, in_script


def _example(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])\n\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


def _literal_index(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.SimpleString))


class ModuleContainerIndexInScript(Rule):
    """Flags `self.layers[i]` with a non-literal index, and `zip` of a module list with a
    non-module list, in scripted code.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, subscripts of an `nn.ModuleList`,
    `nn.Sequential` or `nn.ModuleDict` attribute whose index is not an integer or string
    literal (`for i in range(len(self.layers)): x = self.layers[i](x)`), and `zip(...)` of such a
    container with something that is not one.

    ## Why is this bad?
    TorchScript unrolls loops over module containers and needs every index to be a literal:
    `Expected integer literal for index but got a variable or non-integer. ModuleList/Sequential
    indexing is only supported with integer literals.` (`Unable to extract string literal index`
    for a ModuleDict), and `Can not iterate over a module list or tuple with a value that does
    not have a statically determinable length` for `zip`. `torch.compile` and `torch.export`
    accept both.

    ## Example
    ```python
    for i in range(len(self.layers)):
        x = self.layers[i](x)
    ```
    Use instead:
    ```python
    for layer in self.layers:
        x = layer(x)
    ```

    ## Fix safety
    Unsafe fix: `for i in range(len(self.layers)): ... self.layers[i] ...` -> `for layer in
    self.layers:` (`for i, layer in enumerate(self.layers):` where `i` is used otherwise), and
    `for block, g in zip(self.blocks, self.gains):` -> `for i, block in
    enumerate(self.blocks):` with `g = self.gains[i]` first in the body. The loops are the same
    when the lengths agree; `zip` stopped at a shorter list where the rewrite raises
    `IndexError`. Loops indexing two containers, other `range` bounds and one-line bodies have
    no fix.
    """

    code = "TL208"
    name = "module-container-index-in-script"
    message = "module container indexed with a variable: torch.jit.script needs a literal index"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        for i, layer in enumerate(self.layers):\n"
                "            x = layer(x) * float(i + 1)\n"
                "        return self.layers[-1](x)"
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example(
                "        for i in range(len(self.layers)):\n            x = self.layers[i](x)\n        return x"
            ),
            line=12,
            fixed=_example(
                "        for layer in self.layers:\n            x = layer(x)\n        return x"
            ),
        ),
        Invalid(
            _example(
                "        for layer, s in zip(self.layers, [1.0, 2.0]):\n            x = layer(x) * s\n        return x"
            ),
            line=11,
            message_contains="zip",
        ),
    ]

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not in_script(self.ctx) or len(node.slice) != 1:
            return
        index = node.slice[0].slice
        if not isinstance(index, cst.Index) or _literal_index(index.value):
            return
        if self.ctx.kind(node.value) is Kind.MODULES:
            self.report(
                node,
                "module container indexed with a variable: torch.jit.script needs a literal index; "
                "iterate over it (`for layer in self.layers`, `enumerate(...)`)",
            )

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or self.ctx.qualified_name(node.func) != "builtins.zip":
            return
        kinds = [self.ctx.kind(arg.value) for arg in node.args]
        if Kind.MODULES in kinds and any(kind is not Kind.MODULES for kind in kinds):
            self.report(
                node,
                "`zip` of a module container with a non-module sequence: torch.jit.script cannot "
                "unroll it; zip module containers only, or use `enumerate`",
            )
