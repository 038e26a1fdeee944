"""TL218: a dataclass of the project constructed or named in an annotation in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script, is_dataclass, is_none, signature_params

# Annotations of one type argument that TorchScript reads through to it.
CONTAINERS = frozenset({"typing.Optional", "typing.List", "builtins.list"})


class DataclassInScript(Rule):
    """Flags dataclasses of the project that scripted code constructs or names in an
    annotation.

    ## What it does
    Finds, in functions `torch.jit.script` compiles, calls of a `@dataclass` class of the
    project (`cfg = NormCfg(1e-5, 2.0)`, `apply(x, Cfg())`; `@dataclass(frozen=True)` too) and
    annotations that are one (alone, in `Optional[...]`, `List[...]` or `... | None`): a
    parameter (`cfg: Cfg`, `Optional[Cfg]`), the return type, a local (`c: Cfg = ...`). Not in
    a `Union[...]`: TorchScript may stop first at another member (`Union[Tuple, Output]` fails
    on the bare `Tuple`). (A dataclass instance stored on the module in `__init__` is TL212's.)

    ## Why is this bad?
    TorchScript compiles a class the scripted code uses as a TorchScript class, and it cannot
    compile a dataclass: with torch 2.13, `torch.jit.script` raises `OSError: Failed to get
    source for <function Cfg.__init__ at 0x...> using inspect.getsource` (it reads the type
    hints of every method before it writes the `__init__` that `dataclasses` generated, which
    has no source). Constructed in the body, passed in, or only named in a signature: each
    fails. `torch.compile` and `torch.export` take dataclasses.

    ## Example
    ```python
    @dataclass
    class NormCfg:
        eps: float
        scale: float

    class Net(nn.Module):
        def forward(self, x):
            cfg = NormCfg(1e-5, 2.0)
            return cfg.scale * x / (x.abs().sum(-1, keepdim=True) + cfg.eps)
    ```
    Use instead a `typing.NamedTuple` (TorchScript compiles one with annotated fields):
    ```python
    class NormCfg(NamedTuple):
        eps: float
        scale: float
    ```
    or keep the values on the module (`self.eps = cfg.eps` in `__init__`).

    ## Fix safety
    No automatic fix: a `NamedTuple` is immutable and compares as a tuple, which callers may
    not expect.
    """

    code = "TL218"
    name = "dataclass-in-script"
    message = "dataclass in scripted code: TorchScript cannot compile a dataclass"
    targets = SCRIPT

    VALID = [
        # A typed NamedTuple, and a dataclass read only in __init__.
        Valid(
            """
            from dataclasses import dataclass
            from typing import NamedTuple

            import torch
            from torch import nn

            @dataclass
            class Config:
                dim: int = 4
                scale: float = 2.0

            class Norm(NamedTuple):
                eps: float
                scale: float

            class Model(nn.Module):
                def __init__(self, config: Config = Config()):
                    super().__init__()
                    self.fc = nn.Linear(config.dim, config.dim)
                    self.scale = config.scale

                def forward(self, x):
                    norm = Norm(1e-5, self.scale)
                    y = self.fc(x)
                    return norm.scale * y / (y.abs().sum(-1, keepdim=True) + norm.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Gate:
                bias: float
                temperature: float

            class Model(nn.Module):
                def forward(self, x):
                    gate = Gate(0.1, 2.0)
                    return torch.sigmoid((x + gate.bias) / gate.temperature) * x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="constructs",
        ),
        Invalid(
            """
            import dataclasses
            from typing import Optional

            import torch
            from torch import nn

            @dataclasses.dataclass(frozen=True)
            class Clip:
                low: float = -1.0
                high: float = 1.0

            def clip(x: torch.Tensor, bounds: Optional[Clip] = None) -> torch.Tensor:
                if bounds is None:
                    return x
                return x.clamp(bounds.low, bounds.high)

            class Model(nn.Module):
                def forward(self, x):
                    return clip(x) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="annotation",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._reported: set[tuple[int, str]] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if not in_script(self.ctx):
            return
        annotations = [p.annotation for p in signature_params(self.ctx, node) if p.annotation]
        if node.returns is not None:
            annotations.append(node.returns)
        for annotation in annotations:
            name = self._named_dataclass(annotation.annotation)
            if name is not None:
                self._report(node, annotation, name, "names it in an annotation")

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        name = self._named_dataclass(node.annotation.annotation)
        if name is not None:
            self._report(self.ctx.function, node.annotation, name, "names it in an annotation")

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or self.ctx.function is None:
            return
        name = self._dataclass(node.func)
        if name is not None:
            self._report(self.ctx.function, node, name, "constructs it")

    def _report(self, function: cst.FunctionDef, node: cst.CSTNode, name: str, how: str) -> None:
        key = (id(function), name)
        if key in self._reported:
            return  # once per function: torch stops at the first
        self._reported.add(key)
        short = name.rsplit(".", 1)[-1]
        self.report(
            node,
            f"`{short}` is a dataclass, and scripted code {how}: TorchScript compiles it as a "
            f"TorchScript class and fails (torch 2.13: `Failed to get source for <function "
            f"{short}.__init__> using inspect.getsource`); use a `typing.NamedTuple` or keep "
            "the values on the module",
        )

    def _dataclass(self, node: cst.BaseExpression) -> Optional[str]:
        if type(node) not in (cst.Name, cst.Attribute):
            return None
        name = self.ctx.qualified_name(node)
        return name if name is not None and is_dataclass(self.ctx, name) else None

    def _named_dataclass(self, annotation: cst.BaseExpression) -> Optional[str]:
        """The dataclass an annotation is, alone or in ``Optional[...]`` / ``List[...]``. (Not
        in a ``Union``: TorchScript may stop first at another member, such as a bare
        ``Tuple``.)"""
        while type(annotation) is cst.Subscript:
            outer = self.ctx.qualified_name(annotation.value)
            if outer not in CONTAINERS or len(annotation.slice) != 1:
                return None
            inner = annotation.slice[0].slice
            if type(inner) is not cst.Index:
                return None
            annotation = inner.value
        if type(annotation) is cst.BinaryOperation and is_none(annotation.right):
            annotation = annotation.left  # `Cfg | None`
        return self._dataclass(annotation)
