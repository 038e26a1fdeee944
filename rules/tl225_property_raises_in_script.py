"""TL225: a property of a scripted module that raises when it is read."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script

# What `getattr(module, name, None)` swallows: a property raising it reads as None.
SKIPPED = frozenset({"builtins.AttributeError"})


class PropertyRaisesInScript(Rule):
    """Flags a property of a scripted module whose body raises before it returns (`raise
    NotImplementedError` in a base class the scripted subclass does not override).

    ## What it does
    Finds, in a module class `torch.jit.script` compiles (its own or the one it inherits where
    the scripted class does not override it), a `@property` whose body raises an exception
    other than `AttributeError` before any `return` or branch: `raise NotImplementedError`,
    `raise ValueError(...)`.

    ## Why is this bad?
    Before it compiles anything, `torch.jit.script` reads every attribute of the module's
    class on the instance, properties included (`getattr(module, name, None)` while it
    collects overloads, torch 2.13). A property that raises makes scripting fail there with
    the property's own exception (`NotImplementedError:`), however unused the property is;
    only `AttributeError` is taken as "no such attribute". Listing the name in
    `__jit_ignored_attributes__` does not help for a property the class inherits (torch only
    reads the class's own properties there). Eager, trace, compile and export read the
    property only where the code does.

    ## Example
    ```python
    class Transformer(nn.Module):
        @property
        def default_parameters(self) -> torch.Tensor:
            raise NotImplementedError

    class Affine(Transformer):  # scripted, does not override default_parameters
        def forward(self, x): ...
    ```
    Use instead: override the property in the subclass, or raise `AttributeError` (what an
    attribute that is not there raises), which that read skips:
    ```python
    class Transformer(nn.Module):
        @property
        def default_parameters(self) -> torch.Tensor:
            raise AttributeError("default_parameters: defined by subclasses")
    ```

    ## Fix safety
    No fix: whether callers catch the `NotImplementedError` is the author's to check.
    """

    code = "TL225"
    name = "property-raises-in-script"
    message = "a property of a scripted module raises when torch.jit.script reads it"
    targets = SCRIPT

    VALID = [
        # The scripted subclass overrides the property; the base raises AttributeError.
        Valid(
            """
            import torch
            from torch import nn

            class Base(nn.Module):
                @property
                def default_scale(self) -> float:
                    raise NotImplementedError

                @property
                def offset(self) -> float:
                    raise AttributeError("offset")

            class Model(Base):
                @property
                def default_scale(self) -> float:
                    return 2.0

                def forward(self, x):
                    return x * 2.0

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    VALID += [
        # The base has a forward of its own, but the one class deriving from it overrides the
        # property: the base is abstract, scripting the subclass reads the override.
        Valid(
            """
            import torch
            from torch import nn

            class Pooler(nn.Module):
                @property
                def num_prefix_tokens(self) -> int:
                    raise NotImplementedError

                def forward(self, x):
                    return x[:, self.num_prefix_tokens :].mean(1)

            class Model(Pooler):
                @property
                def num_prefix_tokens(self) -> int:
                    return 1

            def inputs():
                return [(torch.randn(2, 5, 3),), (torch.randn(1, 4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Base(nn.Module):
                @property
                def default_scale(self) -> float:
                    \"\"\"The scale a subclass starts from.\"\"\"
                    raise NotImplementedError("subclasses define it")

                def forward(self, x):
                    return x * 2.0

            class Model(Base):
                def forward(self, x):
                    return x * 3.0

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="NotImplementedError",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        if info.owner_class is None or not self.ctx.index.is_module_class(info.owner_class):
            return
        if not any(
            self.ctx.qualified_name(dec.decorator) == "builtins.property" for dec in node.decorators
        ):
            return
        raised = _first_raise(node)
        if raised is None or raised.exc is None:
            return
        if _overridden_in_every_subclass(self.ctx, info.owner_class, node.name.value):
            return
        exc = raised.exc.func if isinstance(raised.exc, cst.Call) else raised.exc
        name = self.ctx.qualified_name(exc)
        if name is None or not name.startswith("builtins.") or name in SKIPPED:
            return
        short = name[len("builtins.") :]
        self.report(
            raised,
            f"property `{node.name.value}` raises {short} when read: torch.jit.script reads "
            "every property of the module it compiles (getattr on the instance, torch 2.13), "
            f"so scripting fails here with the {short}; override the property in the scripted "
            "subclass, or raise AttributeError, which that read skips",
        )


def _overridden_in_every_subclass(ctx, owner: str, name: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``owner`` is a base that classes of this file derive from, each of which binds
    ``name`` again before ``owner`` in its resolution order (a property, a method or a class
    body value): the property that raises is the abstract one, and torch.jit.script, which
    reads the property of the class it compiles, reads the override (torch 2.13)."""
    summary = ctx.model.summary
    prefix = f"{summary.module}." if summary.module else ""
    subclasses = 0
    for cls in summary.classes:
        qualname = prefix + cls
        if qualname == owner:
            continue
        order = ctx.index.mro(qualname)
        if owner not in (entry[0] for entry in order):
            continue
        subclasses += 1
        for entry_name, _, entry in order:
            if entry_name == owner:
                return False
            if name in entry.methods or name in entry.body_values:
                break
    return subclasses > 0


def _first_raise(function: cst.FunctionDef) -> Optional[cst.Raise]:
    """The `raise` the body reaches first when nothing before it returns or branches."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    for statement in body.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
        for small in statement.body:
            if isinstance(small, cst.Raise):
                return small
            if isinstance(small, cst.Return):
                return None
    return None
