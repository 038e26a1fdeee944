"""TL201: *args, **kwargs, keyword-only defaults and positional-only parameters in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, dead_in_script, in_script

# Decorators after which TorchScript calls the Python function instead of compiling it; a
# call of one whose signature has `*args`, `**kwargs` or keyword-only parameters fails an
# internal assert when scripted (torch 2.13).
PYTHON_CALL_DECORATORS = frozenset({"torch.jit.ignore", "torch.jit.unused"})


class StarArgsInScript(Rule):
    """Flags signatures `torch.jit.script` cannot compile: `*args`, `**kwargs`, keyword-only
    parameters with defaults, and positional-only parameters.

    ## What it does
    Finds, in functions and methods that `torch.jit.script` compiles (a scripted module's
    `forward`, also of a module class a function defines, and everything it calls; also the
    wrapper a project decorator returns in place of such a method, and a function a helper
    installs as a module's forward: `setattr(module, "forward", forward)`), a `*args` or
    `**kwargs` parameter, a keyword-only parameter with a default (`def f(x, *, scale=1.0)`),
    or the positional-only marker `/`. Also a call, in such code, of a `@torch.jit.ignore` /
    `@torch.jit.unused` function or method of the file whose signature has `*args`,
    `**kwargs` or keyword-only parameters (with or without defaults): Python runs its body,
    but scripting fails at the call (torch 2.13: INTERNAL ASSERT FAILED `arg_types.size() ==
    param_names.size()`).

    ## Why is this bad?
    TorchScript compiles fixed signatures only. `torch.jit.script` raises
    `NotSupportedError: Compiled functions can't take variable number of arguments or use
    keyword-only arguments with defaults`; with `/` it fails with `undefined value` for the
    positional-only names. `torch.compile` and `torch.export` accept all of these.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, *args, scale: float = 1.0):
            return x * scale
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x, scale: float = 1.0):
            return x * scale
    ```

    ## Fix safety
    Unsafe fix for keyword-only parameters after a bare `*`, each with a default and no
    `**kwargs`: they become ordinary parameters (`def forward(self, x, *, scale: float = 1.0)`
    -> `def forward(self, x, scale: float = 1.0)`); every call that worked binds the same
    values, but one passing them by position, which raised `TypeError`, is now accepted.
    Unsafe fix for `*parts: T` of a function without defaults, keyword-only parameters or
    `**kwargs`, whose body only passes `parts` to torch functions, iterates, measures or
    indexes it, and which this file only calls with positional arguments: `parts: List[T]`, and
    each call passes the extra arguments as a list (`merge(a, b)` -> `merge([a, b])`); callers
    in other files must change too. No fix for `**kwargs`: callers that pass extra keyword
    arguments must change too.
    """

    code = "TL201"
    name = "star-args-in-script"
    message = "`*args`/`**kwargs` in a scripted signature: torch.jit.script cannot compile it"
    targets = SCRIPT

    VALID = [
        # A helper's own `*dims` function, called in `__init__` and installed as no forward.
        Valid(
            """
            import torch
            from torch import nn

            def add_layer(module, sizes):
                def make(*dims):
                    return nn.Linear(*dims)

                module.fc = make(*sizes)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    add_layer(self, (3, 3))

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # With `functools.wraps`, TorchScript compiles the method wrapped, not the wrapper
        # (which here adds nothing, so the two agree).
        Valid(
            """
            import functools
            import torch
            from torch import nn

            def channels_last(method):
                @functools.wraps(method)
                def wrapper(self, x, *rest):
                    return method(self, x)
                return wrapper

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                @channels_last
                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """
        ),
        # A module class a factory function defines: its forward lists its parameters.
        Valid(
            """
            import torch
            from torch import nn

            def make_block(dim):
                class Block(nn.Module):
                    def __init__(self, *layers):
                        super().__init__()
                        self.fc = nn.Linear(dim, dim)

                    def forward(self, x):
                        return self.fc(x)

                return Block()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = make_block(3)

                def forward(self, x):
                    return self.block(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: float = 2.0):
                    return x * scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3), 0.5)]
            """
        ),
        # An ignored method with an ordinary parameter with a default: Python runs it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                @torch.jit.ignore
                def log_stats(self, x: torch.Tensor, tag: str = "fc") -> None:
                    pass

                def forward(self, x):
                    y = self.fc(x)
                    self.log_stats(y, "out")
                    return y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # An ignored method with a keyword-only parameter that scripted code never calls.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                @torch.jit.ignore
                def log_stats(self, x: torch.Tensor, *, tag: str = "fc") -> None:
                    pass

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # A helper installs its own function as the module's forward; scripting compiles it.
        Invalid(
            """
            import torch
            from torch import nn

            def add_noise(module, scale):
                original = module.forward

                def noisy(x, **options):
                    return original(x) + scale * torch.ones_like(x)

                module.forward = noisy

            class Model(nn.Linear):
                def __init__(self):
                    super().__init__(3, 3)
                    add_noise(self, 0.5)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
            message_contains="**options",
        ),
        # A decorator's wrapper replaces the method: TorchScript compiles its signature.
        Invalid(
            """
            import torch
            from torch import nn

            def channels_last(method):
                def wrapper(self, x, *rest):
                    return method(self, x.transpose(1, -1)).transpose(1, -1)
                return wrapper

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                @channels_last
                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 3, 5),)]
            """,
            line=5,
            message_contains="*rest",
        ),
        # The forward of a module class a factory function defines is compiled as any other.
        Invalid(
            """
            import torch
            from torch import nn

            def make_block(dim):
                class Block(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.fc = nn.Linear(dim, dim)

                    def forward(self, x, **extra):
                        return self.fc(x)

                return Block()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = make_block(3)

                def forward(self, x):
                    return self.block(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="**extra",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, *args):
                    return x + len(args)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, **kwargs):
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="**kwargs",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def scaled(x: torch.Tensor, *, scale: float = 2.0) -> torch.Tensor:
                return x * scale

            class Model(nn.Module):
                def forward(self, x):
                    return scaled(x, scale=3.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=4,
            message_contains="keyword-only",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def scaled(x: torch.Tensor, /, scale: float = 2.0) -> torch.Tensor:
                return x * scale

            class Model(nn.Module):
                def forward(self, x):
                    return scaled(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=4,
            message_contains="positional-only",
        ),
        # A `@torch.jit.ignore` method with a keyword-only parameter, called from forward.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                @torch.jit.ignore
                def log_stats(self, x: torch.Tensor, *, tag: str) -> None:
                    pass

                def forward(self, x):
                    y = self.fc(x)
                    self.log_stats(y, tag="out")
                    return y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="keyword-only `tag`",
        ),
        # A `@torch.jit.ignore` function of the module taking `**kwargs`.
        Invalid(
            """
            import torch
            from torch import nn

            @torch.jit.ignore
            def record(x: torch.Tensor, **fields) -> None:
                pass

            class Model(nn.Module):
                def forward(self, x):
                    record(x)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="`**fields`",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None:
            return
        if info.parent is not None and not (
            _returned_wrapper(node, info.parent.node)
            # Installed as a module's forward (`setattr(module, "forward", forward)`): a root.
            or (info.region is not None and info.region.qualname in info.region.roots)
        ):
            return
        params = node.params
        if isinstance(params.star_arg, cst.Param):
            self.report(
                params.star_arg,
                f"`*{params.star_arg.name.value}` in a scripted signature: torch.jit.script "
                "cannot compile variable arguments; list the parameters",
            )
        for param in params.kwonly_params:
            if param.default is not None:
                self.report(
                    param,
                    f"keyword-only parameter `{param.name.value}` with a default: torch.jit.script "
                    "cannot compile it; make it an ordinary parameter",
                )
        if params.star_kwarg is not None:
            self.report(
                params.star_kwarg,
                f"`**{params.star_kwarg.name.value}` in a scripted signature: torch.jit.script "
                "cannot compile variable keyword arguments; list the parameters",
            )
        if params.posonly_params:
            self.report(
                params.posonly_params[0],
                "positional-only parameters (`/`): torch.jit.script fails on them "
                "('undefined value'); drop the `/`",
            )

    def visit_Call(self, node: cst.Call) -> None:
        """A call, in scripted code, of a `@torch.jit.ignore` / `@torch.jit.unused` function or
        method of this file whose signature has `*args`, `**kwargs` or keyword-only
        parameters: scripting fails at the call, whatever arguments it passes (torch 2.13:
        INTERNAL ASSERT FAILED `arg_types.size() == param_names.size()`)."""
        if not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        callee = self._python_callee(node.func)
        if callee is None:
            return
        params = callee.params
        found: list[str] = []
        if isinstance(params.star_arg, cst.Param):
            found.append(f"`*{params.star_arg.name.value}`")
        found.extend(f"keyword-only `{p.name.value}`" for p in params.kwonly_params)
        if params.star_kwarg is not None:
            found.append(f"`**{params.star_kwarg.name.value}`")
        if not found:
            return
        decorator = next(
            name for name in self._decorators(callee) if name in PYTHON_CALL_DECORATORS
        )
        self.report(
            node,
            f"`{callee.name.value}` is `@{decorator}` and its signature has "
            f"{', '.join(found)}: scripting fails at this call though Python runs the "
            "function (torch 2.13: INTERNAL ASSERT FAILED arg_types.size() == "
            "param_names.size()); make them ordinary parameters",
        )

    def _decorators(self, function: cst.FunctionDef) -> list[str]:
        names = []
        for decorator in function.decorators:
            spelled = decorator.decorator
            if type(spelled) is cst.Call:
                spelled = spelled.func
            names.append(self.ctx.qualified_name(spelled) or "")
        return names

    def _python_callee(self, func: cst.BaseExpression) -> Optional[cst.FunctionDef]:
        """The `@torch.jit.ignore` / `@torch.jit.unused` top-level function (`helper(x)`) or
        method of the current class (`self.helper(x)`) of this file that the call runs."""
        info = self.ctx.function_info
        if type(func) is cst.Name:
            wanted, owner = func.value, None
        elif (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and func.value.value == "self"
            and info is not None
            and info.owner_class is not None
        ):
            wanted, owner = func.attr.value, info.owner_class
        else:
            return None
        found = [
            candidate.node
            for candidate in self.ctx.model.functions.values()
            if candidate.parent is None
            and candidate.owner_class == owner
            and candidate.node.name.value == wanted
        ]
        if len(found) != 1:
            return None  # not defined here, or defined twice (overloads, a property's setter)
        if not PYTHON_CALL_DECORATORS.intersection(self._decorators(found[0])):
            return None
        return found[0]


def _returned_wrapper(node: cst.FunctionDef, parent: cst.FunctionDef) -> bool:
    """Whether ``node`` is the wrapper a decorator returns (`def transpose(fun): def
    new_fun(self, x, *args): ...; return new_fun`) without `functools.wraps`: the decorated
    method is that function, and TorchScript compiles its signature. (With `wraps`, it
    compiles the source of the function wrapped, torch 2.13.)"""
    if node.decorators or not isinstance(parent.body, cst.IndentedBlock):
        return False
    return any(
        isinstance(small, cst.Return)
        and isinstance(small.value, cst.Name)
        and small.value.value == node.name.value
        for stmt in parent.body.body
        if isinstance(stmt, cst.SimpleStatementLine)
        for small in stmt.body
    )
