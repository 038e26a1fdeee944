"""TL205: tensor methods and attributes TorchScript has no binding for."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, in_script

# Tensor methods torch.jit.script reports as "object has no attribute or method" (torch 2.13).
UNBOUND_METHODS = {
    "numpy": "`.numpy()`",
    "data_ptr": "`.data_ptr()`",
    "storage": "`.storage()`",
    "untyped_storage": "`.untyped_storage()`",
    "register_hook": "`.register_hook()`",
    "share_memory_": "`.share_memory_()`",
    "new": "`.new()` (use `new_empty`/`new_zeros`)",
    "new_tensor": "`.new_tensor()` (use `torch.tensor(..., dtype=x.dtype, device=x.device)`)",
    "apply_": "`.apply_()`",
    "map_": "`.map_()`",
    "nelement": "`.nelement()` (use `.numel()`)",
    "ndimension": "`.ndimension()` (use `.dim()`)",
    "unique": "`.unique()` method (use `torch.unique(x)`)",
}


def _example(body: str) -> str:
    return (
        "from typing import List\n\nimport torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnsupportedTensorApiInScript(Rule):
    """Flags tensor methods and attributes that TorchScript does not have.

    ## What it does
    Finds, on values the semantic model knows are tensors, in code that `torch.jit.script`
    compiles: `.numpy()`, `.data_ptr()`, `.storage()`, `.untyped_storage()`, `.register_hook()`,
    `.share_memory_()`, `.new()`, `.new_tensor()`, `.apply_()`, `.map_()`, `.nelement()`,
    `.ndimension()`, the `.unique()` method, the `.grad_fn` attribute, and `.tolist()` whose
    result has no type annotation.

    ## Why is this bad?
    The TorchScript compiler has no binding for them: `torch.jit.script` raises
    `'Tensor' object has no attribute or method 'nelement'` (and likewise for the others), or
    `Expected type hint for result of tolist()`. Most have a scriptable spelling: `.numel()`,
    `.dim()`, `torch.unique(x)`, `x.new_zeros(...)`, `values: List[float] = x.tolist()`.

    ## Example
    ```python
    def forward(self, x):
        return x / x.nelement()
    ```
    Use instead:
    ```python
    def forward(self, x):
        return x / x.numel()
    ```

    ## Fix safety
    No automatic fix yet; the renames above are safe by hand.
    """

    code = "TL205"
    name = "unsupported-tensor-api-in-script"
    message = "tensor API TorchScript has no binding for"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        values: List[List[float]] = x.tolist()\n"
                "        y = x / x.numel() * x.dim()\n"
                "        return torch.unique(y) if len(values) > 100 else y.new_zeros(2)"
            )
        ),
    ]
    INVALID = [
        Invalid(_example("        return x / x.nelement()"), line=9, message_contains="nelement"),
        Invalid(
            _example("        return torch.from_numpy(x.numpy() * 2)"),
            line=9,
            message_contains="numpy",
        ),
        Invalid(_example("        return x.unique()"), line=9, message_contains="unique"),
        Invalid(
            _example("        return x if x.grad_fn is None else x * 2"),
            line=9,
            message_contains="grad_fn",
        ),
        Invalid(
            _example("        rows = x.tolist()\n        return x * len(rows)"),
            line=9,
            message_contains="tolist",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._annotated_values: set[int] = set()

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._annotated_values.add(id(node.value))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not in_script(self.ctx) or not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if method not in UNBOUND_METHODS and method != "tolist":
            return
        if self.ctx.kind(func.value) is not Kind.TENSOR:
            return
        if method == "tolist":
            if id(node) not in self._annotated_values:
                self.report(
                    node,
                    "`.tolist()` without a type annotation: torch.jit.script needs one "
                    "(`values: List[float] = x.tolist()`)",
                )
            return
        self.report(node, f"tensor method {UNBOUND_METHODS[method]} does not exist in TorchScript")

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if (
            node.attr.value == "grad_fn"
            and in_script(self.ctx)
            and self.ctx.kind(node.value) is Kind.TENSOR
        ):
            self.report(node, "tensor attribute `.grad_fn` does not exist in TorchScript")
