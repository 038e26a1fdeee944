"""TL242: a method under `functools.lru_cache` / `functools.cache` called in scripted code."""

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
    of plain arguments (`distance_bias(n, slope)`), which TorchScript scripts undecorated.

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
    ]

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
        if name is not None:
            self.report(
                node,
                f"`self.{name}` is under functools.lru_cache and called in scripted code: "
                "torch.jit.script compiles the cache's wrapper object, which is no function "
                "(torch 2.13: 'functools._lru_cache_wrapper' object has no attribute "
                "'__globals__'); compute it in forward or cache in a module-level function",
            )
