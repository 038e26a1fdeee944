"""TL242: a method under `functools.lru_cache` / `functools.cache` called in scripted code, or a
cached function called there with an argument left to its default or passed by keyword."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, class_methods, in_script

CACHE_DECORATORS = frozenset({"functools.lru_cache", "functools.cache"})
# A static method over the cache is a plain function TorchScript scripts (torch 2.13).
STATIC = "builtins.staticmethod"


def _example(decorator: str, call: str = "self.distance_bias(x.shape[1])") -> str:
    return (
        "import functools\n\nimport torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.slope = 0.5\n\n"
        f"{decorator}"
        "    def distance_bias(self, n: int) -> torch.Tensor:\n"
        "        pos = torch.arange(n)\n"
        "        return -self.slope * (pos[None, :] - pos[:, None]).abs().float()\n\n"
        "    def forward(self, x):\n"
        f"        return x @ x.transpose(-1, -2) + {call}\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 5, 4),), (torch.randn(1, 7, 4),)]\n"
    )


def _function_example(call: str, decorator: str = "@functools.lru_cache(maxsize=8)\n") -> str:
    return (
        "import functools\n\nimport torch\nfrom torch import nn\n\n\n"
        f"{decorator}"
        "def inv_freq(dim: int, base: float = 10000.0) -> torch.Tensor:\n"
        "    return 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))\n\n\n"
        "class Model(nn.Module):\n"
        "    def forward(self, x):\n"
        f"        f = {call}\n"
        "        return x[..., 0::2] * f\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 5, 4),), (torch.randn(1, 7, 4),)]\n"
    )


def _static_example(call: str) -> str:
    return (
        "import functools\n\nimport torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    @staticmethod\n"
        "    @functools.lru_cache(maxsize=None)\n"
        "    def distance_bias(n: int, slope: float = 0.5) -> torch.Tensor:\n"
        "        pos = torch.arange(n)\n"
        "        return -slope * (pos[None, :] - pos[:, None]).abs().float()\n\n"
        "    def forward(self, x):\n"
        f"        return x @ x.transpose(-1, -2) + {call}\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 5, 4),), (torch.randn(1, 7, 4),)]\n"
    )


class CachedMethodInScript(Rule):
    """Flags a call, in scripted code, of a method decorated with `functools.lru_cache`.

    ## What it does
    Finds `self.<method>(...)` in code `torch.jit.script` compiles where `<method>` is a
    method of the module's class (a class method too) decorated with `functools.lru_cache` (with or
    without arguments) or `functools.cache`, however the decorator is imported. A static
    method over the cache and a cached method nothing scripted calls are not flagged.

    ## Why is this bad?
    TorchScript compiles the methods `forward` calls from the class attribute, which for a
    cached method is the cache's wrapper object, not a function: checked with torch 2.13,
    `torch.jit.script` fails with `AttributeError: 'functools._lru_cache_wrapper' object has
    no attribute '__globals__'`. Trace, compile and export run the Python and accept it.
    (The cache also keeps `self` alive and keys on it, which for an `nn.Module` is rarely
    what was meant.)

    ## Example
    ```python
    @functools.lru_cache(maxsize=8)
    def distance_bias(self, n: int) -> torch.Tensor:
        ...

    def forward(self, x):
        return attend(x) + self.distance_bias(x.shape[1])
    ```
    Use instead: compute the value in forward, or keep the cache in a module-level function
    of plain arguments (`distance_bias(n, slope)`), which TorchScript calls as a Python
    function, each argument passed by position.

    ## Fix safety
    Unsafe: the fix drops the cache decorator (the method then scripts). Every call computes
    the value again: the same value where the method reads only its arguments and attributes
    that do not change, but a value cached before an attribute changed, or a cached tensor a
    caller changed in place, is no longer what is returned.
    """

    code = "TL242"
    name = "cached-method-in-script"
    message = (
        "a method under functools.lru_cache called in scripted code: torch.jit.script compiles "
        "the cache's wrapper object, which is no function ('functools._lru_cache_wrapper' "
        "object has no attribute '__globals__'); cache in a module-level function instead"
    )
    targets = SCRIPT

    VALID = [
        # Not cached.
        Valid(_example("")),
        # A static method over the cache is a plain function TorchScript scripts.
        Valid(
            _example("    @staticmethod\n    @functools.lru_cache(maxsize=None)\n")
            .replace("def distance_bias(self, n: int)", "def distance_bias(n: int)")
            .replace("-self.slope * ", "-0.5 * ")
        ),
        # Cached, but forward does not call it.
        Valid(_example("    @functools.lru_cache(maxsize=8)\n", "0.0")),
        # A cached module-level function given every argument by position (an opaque Python
        # call to TorchScript, which compiles).
        Valid(_function_example("inv_freq(x.shape[-1], 10000.0)")),
        # The static method over the cache given every argument by position.
        Valid(_static_example("self.distance_bias(x.shape[1], 0.5)")),
        # No cache: TorchScript compiles the function, defaults and keywords included.
        Valid(_function_example("inv_freq(dim=x.shape[-1])", decorator="")),
    ]
    INVALID = [
        Invalid(_example("    @functools.lru_cache(maxsize=8)\n"), line=18),
        Invalid(_example("    @functools.cache\n"), line=18),
        Invalid(
            _example("    @lru_cache\n").replace(
                "import functools\n", "from functools import lru_cache\n"
            ),
            line=18,
        ),
        # A default left to the cached function (torch 2.13: INTERNAL ASSERT FAILED).
        Invalid(_function_example("inv_freq(x.shape[-1])"), line=14),
        # An argument by keyword.
        Invalid(_function_example("inv_freq(x.shape[-1], base=100.0)"), line=14),
        Invalid(
            _function_example("inv_freq(dim=x.shape[-1])", decorator="@functools.cache\n"),
            line=14,
        ),
        # The static method over the cache with its default left.
        Invalid(_static_example("self.distance_bias(x.shape[1])"), line=15),
    ]

    def _cached_function(self, call: cst.Call) -> Optional[tuple[str, cst.FunctionDef]]:
        """``(name, def)`` of the cached function of this file ``call`` calls: a module-level
        function, or a static method over the cache of the module's class called through
        ``self``."""
        func = call.func
        if type(func) is cst.Name:
            qualname = self.ctx.qualified_name(func)
            if qualname is None or self.ctx.model.summary.qualify(func.value) != qualname:
                return None
            found = [
                stmt
                for stmt in self.ctx.module.body
                if type(stmt) is cst.FunctionDef and stmt.name.value == func.value
            ]
            if len(found) == 1 and CACHE_DECORATORS & self._decorators(found[0]):
                return func.value, found[0]
            return None
        name = self_attribute(func)
        info = self.ctx.function_info
        if name is None or info is None or info.owner_class is None:
            return None
        found = [m for m in class_methods(self.ctx, info.owner_class) if m.name.value == name]
        if len(found) == 1:
            decorators = self._decorators(found[0])
            if STATIC in decorators and CACHE_DECORATORS & decorators:
                return f"self.{name}", found[0]
        return None

    def _decorators(self, function: cst.FunctionDef) -> set[str]:
        names = set()
        for decorator in function.decorators:
            target = decorator.decorator
            if type(target) is cst.Call:
                target = target.func
            names.add(self.ctx.qualified_name(target) or "")
        return names

    def _python_call(self, node: cst.Call) -> None:
        """A cached function called with a default left or an argument by keyword."""
        found = self._cached_function(node)
        if found is None:
            return
        name, function = found
        params = function.params
        if (
            isinstance(params.star_arg, cst.Param)
            or params.star_kwarg is not None
            or params.kwonly_params
        ):
            return  # a signature the wrapper's annotations do not give plainly
        count = len(params.posonly_params) + len(params.params)
        keyword = next((a for a in node.args if a.keyword is not None), None)
        starred = any(a.star for a in node.args)
        positional = sum(1 for a in node.args if a.keyword is None and not a.star)
        if keyword is not None:
            how = f"passes `{keyword.keyword.value}` by keyword"
        elif starred:
            how = "unpacks its arguments with `*` / `**`"
        elif positional < count:
            left = [p.name.value for p in [*params.posonly_params, *params.params][positional:]]
            how = f"leaves {', '.join(f'`{n}`' for n in left)} to the default"
        else:
            return
        self.report(
            node,
            f"`{name}` is under functools.lru_cache and this scripted call {how}: TorchScript "
            "does not compile a cached function but calls it as an opaque Python function "
            "whose signature takes every parameter by position, with no default and no keyword, "
            "so scripting fails (torch 2.13: arg_types.size() == param_names.size() INTERNAL "
            "ASSERT FAILED); pass every argument by position",
        )

    def _cached_method(self, call: cst.Call) -> Optional[str]:
        name = self_attribute(call.func)
        info = self.ctx.function_info
        if name is None or info is None or info.owner_class is None:
            return None
        for method in class_methods(self.ctx, info.owner_class):
            if method.name.value != name:
                continue
            decorators = []
            for decorator in method.decorators:
                target = decorator.decorator
                if type(target) is cst.Call:
                    target = target.func
                decorators.append(self.ctx.qualified_name(target) or "")
            if STATIC not in decorators and CACHE_DECORATORS & set(decorators):
                return name
        return None

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        name = self._cached_method(node)
        if name is None:
            self._python_call(node)
        if name is not None:
            self.report(
                node,
                f"`self.{name}` is under functools.lru_cache and called in scripted code: "
                "torch.jit.script compiles the cache's wrapper object, which is no function "
                "(torch 2.13: 'functools._lru_cache_wrapper' object has no attribute "
                "'__globals__'); compute it in forward or cache in a module-level function",
            )
