"""TL212: module attributes TorchScript cannot type, read in scripted code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script

EMPTY_CALLS = {"builtins.list": "empty list", "builtins.dict": "empty dict", "builtins.set": "set"}
PARTIALS = frozenset({"functools.partial"})
# Unannotated constructor parameters that hold a config object by convention.
CONFIG_NAMES = frozenset({"config", "cfg", "hparams"})


def _assignments(body: cst.BaseSuite) -> list[cst.Assign]:
    """Single-target assignments anywhere in ``body`` (under ``if`` / ``else`` too), in order;
    nested functions and classes are their own scope."""
    found: list[cst.Assign] = []

    def visit(statements: Sequence[cst.CSTNode]) -> None:
        for stmt in statements:
            if isinstance(stmt, cst.SimpleStatementLine):
                found.extend(
                    small
                    for small in stmt.body
                    if isinstance(small, cst.Assign) and len(small.targets) == 1
                )
            elif isinstance(stmt, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
                visit(stmt.body.body)
                orelse = getattr(stmt, "orelse", None)
                while orelse is not None:
                    if isinstance(orelse, cst.If):
                        visit(orelse.body.body)
                        orelse = orelse.orelse
                    else:
                        visit(orelse.body.body)
                        orelse = None

    visit(body.body)
    return found


class UnsupportedAttributeInScript(Rule):
    """Flags `self.<attr>` reads in scripted code when `__init__` stored a value TorchScript
    cannot type: an empty list or dict without annotation, a set, or a dataclass instance.

    ## What it does
    Reads the `__init__` of the module class (same file) for `self.cache = {}`,
    `self.items = []`, `self.seen = set()`, `self.config = config` where `config` is a
    dataclass (by annotation or default) or a parameter named `config` / `cfg` / `hparams`
    (a model config object, such as a transformers `PretrainedConfig`),
    `self.config = Config(...)` of a dataclass and `self.act = functools.partial(...)`, then
    flags reads of those attributes in methods that `torch.jit.script` compiles. (A plain class
    with simple attributes is fine: TorchScript compiles it as a TorchScript class.)

    ## Why is this bad?
    TorchScript types module attributes from their values when it scripts the module; an empty
    container has no element type and a dataclass has no TorchScript type, so the attribute is
    dropped and the first use fails: `Module 'Model' has no attribute 'cache' (This attribute
    exists on the Python module, but we failed to convert Python type: 'dict' to a TorchScript
    type. Dictionary inputs must have entries.)`. Annotate containers in the class body
    (`cache: Dict[str, torch.Tensor]`) and store config fields as plain attributes.

    ## Example
    ```python
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.cache = {}

        def forward(self, x):
            if "prev" in self.cache:
                x = x + self.cache["prev"]
            return x
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        cache: Dict[str, torch.Tensor]

        def __init__(self):
            super().__init__()
            self.cache = {}
    ```

    ## Fix safety
    No automatic fix: the element types must be chosen by hand.
    """

    code = "TL212"
    name = "unsupported-attribute-in-script"
    message = "module attribute TorchScript cannot type"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                cache: Dict[str, torch.Tensor]

                def __init__(self):
                    super().__init__()
                    self.cache = {}
                    self.sizes = [1, 2]

                def forward(self, x):
                    if "prev" in self.cache:
                        x = x + self.cache["prev"]
                    return x * self.sizes[1]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import functools

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.act = functools.partial(nn.functional.gelu, approximate="tanh")

                def forward(self, x):
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="partial",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Config(dict):
                def __getattr__(self, name):
                    return self[name]

            class Model(nn.Module):
                def __init__(self, config=Config(scale=2.0)):
                    super().__init__()
                    self.config = config

                def forward(self, x):
                    return x * self.config.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="config",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cache = {}

                def forward(self, x):
                    if "prev" in self.cache:
                        x = x + self.cache["prev"]
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="empty dict",
        ),
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Config:
                scale: float = 2.0

            class Model(nn.Module):
                def __init__(self, config: Config = Config()):
                    super().__init__()
                    self.config = config

                def forward(self, x):
                    return x * self.config.scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="dataclass",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._by_class: dict[str, dict[str, str]] = {}

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if not (isinstance(node.value, cst.Name) and node.value.value == "self") or not in_script(
            self.ctx
        ):
            return
        info = self.ctx.function_info
        if info is None or info.owner_class is None or info.node.name.value == "__init__":
            return
        what = self._attributes(info.owner_class).get(node.attr.value)
        if what is not None:
            self.report(
                node,
                f"`self.{node.attr.value}` holds {what}: TorchScript cannot type it, so the scripted "
                "module has no such attribute; annotate it in the class body or store plain values",
            )

    def _attributes(self, owner: str) -> dict[str, str]:
        found = self._by_class.get(owner)
        if found is not None:
            return found
        found = {}
        init = next(
            (
                f
                for f in self.ctx.model.functions.values()
                if f.owner_class == owner and f.parent is None and f.node.name.value == "__init__"
            ),
            None,
        )
        annotated = self._class_annotations(owner)
        if init is not None:
            params = {p.name.value: p for p in init.node.params.params}
            for small in _assignments(init.node.body):
                target = small.targets[0].target
                if (
                    isinstance(target, cst.Attribute)
                    and isinstance(target.value, cst.Name)
                    and target.value.value == "self"
                    and target.attr.value not in annotated
                ):
                    what = self._value(small.value, params)
                    if what is not None:
                        found.setdefault(target.attr.value, what)
        self._by_class[owner] = found
        return found

    def _class_annotations(self, owner: str) -> set[str]:
        local = owner.rsplit(".", 1)[-1]
        for stmt in self.ctx.module.body:
            if isinstance(stmt, cst.ClassDef) and stmt.name.value == local:
                return {
                    small.target.value
                    for line in stmt.body.body
                    if isinstance(line, cst.SimpleStatementLine)
                    for small in line.body
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                }
        return set()

    def _value(self, value: cst.BaseExpression, params: dict[str, cst.Param]) -> Optional[str]:
        if isinstance(value, cst.List) and not value.elements:
            return "an empty list"
        if isinstance(value, cst.Dict) and not value.elements:
            return "an empty dict"
        if isinstance(value, (cst.Set, cst.SetComp)):
            return "a set"
        if isinstance(value, cst.Call):
            name = self.ctx.qualified_name(value.func)
            if name in EMPTY_CALLS and not value.args:
                return "an " + EMPTY_CALLS[name] if name != "builtins.set" else "a set"
            if name is not None and self._is_dataclass(name):
                return "a dataclass instance"
            if name in PARTIALS:
                return "a functools.partial"
        if isinstance(value, cst.Name) and value.value in params:
            param = params[value.value]
            for hint in (param.annotation.annotation if param.annotation else None, param.default):
                if hint is None:
                    continue
                name = self.ctx.qualified_name(hint.func if isinstance(hint, cst.Call) else hint)
                if name is not None and self._is_dataclass(name):
                    return "a dataclass instance"
            if value.value in CONFIG_NAMES:
                return f"the `{value.value}` object (a model config, by its name)"
        return None

    def _is_dataclass(self, qualname: str) -> bool:
        info = self.ctx.index.class_info(qualname)
        return info is not None and any(d in ("dataclasses.dataclass",) for d in info[1].decorators)
