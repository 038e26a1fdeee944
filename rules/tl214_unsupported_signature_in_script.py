"""TL214: signatures TorchScript cannot compile (annotations it has no type for, mutable
defaults)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.rules._script import SCRIPT, in_script, signature_params


def _example(signature: str, returns: str = "") -> str:
    return (
        "from typing import List, Optional, Tuple\n\nimport torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        f"    def forward(self, x{signature}){returns}:\n"
        "        return x * 2\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnsupportedSignatureInScript(Rule):
    """Flags annotations TorchScript has no type for, and mutable default values, in the
    signatures of functions `torch.jit.script` compiles.

    ## What it does
    Finds, in parameters and return annotations of scripted functions: `typing` and
    `collections.abc` types TorchScript has none for (`Iterable`, `Sequence`, `Callable`,
    `Mapping`, `Set`, ...: asked of torch's frontend per torch version, see TL209), `torch.Size`
    (`shape: torch.Size`), variable-length tuples (`Tuple[torch.Tensor, ...]`,
    `tuple[int, ...]`, also inside `Optional[...]`), and defaults that are list, dict or set
    literals (`sizes: List[int] = [1, 2]`).

    ## Why is this bad?
    `torch.jit.script` fails on the signature before it reads the body:
    `Unsupported annotation typing.Optional[collections.abc.Iterable] could not be resolved`
    (`Unknown type name 'Iterable'` in a plain class TorchScript compiles because a scripted
    signature names it, as pytorch-tcn's `BufferIO`), `Unknown type name 'torch.Size'`,
    `Expression of type dots cannot be used in a type
    expression`, `Mutable default parameters are not supported because Python binds them to
    the function and they persist across function calls`. Python, trace, compile and export
    do not read annotations, so only script breaks.

    ## Example
    ```python
    def forward(self, x, shape: torch.Size, extra: Tuple[torch.Tensor, ...] = ()):
        ...
    ```
    Use instead: `shape: List[int]`, a fixed-length `Tuple[torch.Tensor, torch.Tensor]` or a
    `List[torch.Tensor]`, and `Optional[List[int]] = None` with the default filled in the body.

    ## Fix safety
    No automatic fix: the right type depends on what callers pass.
    """

    code = "TL214"
    name = "unsupported-signature-in-script"
    message = "signature TorchScript cannot compile"
    targets = SCRIPT

    VALID = [
        Valid(_example(", shape: Optional[List[int]] = None")),
        Valid(_example(", pair: Optional[Tuple[torch.Tensor, torch.Tensor]] = None")),
        Valid(_example(", sizes: Optional[List[int]] = None", " -> torch.Tensor")),
        # Not scripted: a plain helper may use any annotation.
        Valid(
            """
            from typing import Tuple

            import torch

            def shapes(xs: Tuple[torch.Tensor, ...]) -> torch.Size:
                return xs[0].shape
            """,
            runtime=False,
        ),
        Valid(_example(", scale: float = 1.0, name: str = 'x', dims: Tuple[int, int] = (1, 2)")),
    ]
    INVALID = [
        Invalid(
            _example(", shape: torch.Size = torch.Size([1])"),
            line=8,
            message_contains="torch.Size",
        ),
        Invalid(
            _example(", extra: Tuple[torch.Tensor, ...] = ()"),
            line=8,
            message_contains="...",
        ),
        Invalid(
            _example(", extra: Optional[tuple[int, ...]] = None"),
            line=8,
            message_contains="...",
        ),
        Invalid(_example(", sizes: List[int] = [1, 2]"), line=8, message_contains="default"),
        Invalid(
            """
            from typing import Iterable

            import torch
            from torch import nn

            def total(parts: Iterable[torch.Tensor]) -> torch.Tensor:
                out = torch.zeros(1)
                for p in parts:
                    out = out + p.sum()
                return out

            class Model(nn.Module):
                def forward(self, x):
                    return x * total([x, x + 1])

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Iterable",
        ),
        Invalid(
            """
            from collections.abc import Callable

            import torch
            from torch import nn

            def apply(fn: Callable, x: torch.Tensor) -> torch.Tensor:
                return fn(x)

            class Model(nn.Module):
                def forward(self, x):
                    return apply(torch.relu, x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
            message_contains="Callable",
        ),
        # pytorch-tcn's `in_buffers: Optional[Iterable] = None`, in a function scripted code calls.
        Invalid(
            """
            from collections.abc import Iterable
            from typing import Optional

            import torch
            from torch import nn

            def first(x: torch.Tensor, items: Optional[Iterable] = None) -> torch.Tensor:
                return x if items is None else x * 2

            class Model(nn.Module):
                def forward(self, x):
                    return first(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="`Iterable` annotation",
        ),
        Invalid(
            _example(", sizes: Optional[Sequence[int]] = None").replace(
                "from typing import", "from typing import Sequence,"
            ),
            line=8,
            message_contains="Sequence",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        for param in signature_params(self.ctx, node):
            if param.annotation is not None:
                self._check_annotation(param.annotation.annotation)
            if type(param.default) in (cst.List, cst.Dict, cst.Set):
                self.report(
                    param.default,  # type: ignore[arg-type]
                    "mutable default (a list, dict or set literal): TorchScript refuses it; "
                    "default to None and fill it in the body",
                )
        if node.returns is not None:
            self._check_annotation(node.returns.annotation)

    def _check_annotation(self, annotation: cst.BaseExpression) -> None:
        problem = self._problem(annotation)
        if problem is not None:
            self.report(annotation, problem)

    def _problem(self, annotation: cst.BaseExpression) -> Optional[str]:
        name = self.ctx.qualified_name(annotation)
        if name == "torch.Size":
            return "`torch.Size` annotation: TorchScript has no such type; use `List[int]`"
        typing_name = self._typing_name(annotation)
        if typing_name is not None:
            return (
                f"`{typing_name}` annotation: TorchScript has no type for it (the annotation "
                "could not be resolved; Unknown type name in a class it compiles); use `List`, "
                "`Tuple`, `Dict` or `Optional`"
            )
        if type(annotation) is cst.BinaryOperation:  # `X | None`
            return self._problem(annotation.left) or self._problem(annotation.right)
        if type(annotation) is cst.Subscript:
            for element in annotation.slice:
                if type(element.slice) is not cst.Index:
                    continue
                value = element.slice.value
                if type(value) is cst.Ellipsis:
                    return (
                        "variable-length tuple annotation (`...`): TorchScript has no such "
                        "type; use a fixed-length Tuple or a List"
                    )
                inner = self._problem(value)
                if inner is not None:
                    return inner
        return None

    def _typing_name(self, annotation: cst.BaseExpression) -> Optional[str]:
        """``Iterable`` of ``Iterable[Tensor]``, ``Callable``...: the ``typing`` /
        ``collections.abc`` names TorchScript's frontend has no type for (generated table)."""
        base = annotation.value if type(annotation) is cst.Subscript else annotation
        name = self.ctx.qualified_name(base)
        if name is None:
            return None
        module, _, short = name.rpartition(".")
        if module in ("typing", "collections.abc", "typing_extensions"):
            if short in torchscript_table()["annotations"]["unsupported"]:
                return short
        return None
