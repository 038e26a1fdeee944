"""TL209: calls into Python that TorchScript cannot compile."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, in_script

# math functions torch.jit.script reports as "Python builtin ... is currently not supported".
# Builtins TorchScript reports as "currently not supported" (torch 2.13).
UNSUPPORTED_BUILTINS = frozenset({"builtins.callable", "builtins.vars", "builtins.next"})
UNSUPPORTED_MATH = frozenset(
    {"cbrt", "comb", "dist", "exp2", "fsum", "hypot", "isclose", "isqrt", "lcm", "log2", "nextafter",
     "perm", "prod", "trunc", "ulp"}
)  # fmt: skip
# Python modules whose functions are opaque builtins to TorchScript.
PYTHON_MODULES = {
    "numpy": "numpy",
    "random": "`random`",
    "time": "`time`",
    "os": "`os`",
    "copy": "`copy`",
    "logging": "`logging`",
    "pickle": "`pickle`",
    "json": "`json`",
}
TORCH_UNSUPPORTED = {
    "torch.finfo": "`torch.finfo` (Unknown builtin op: aten::finfo)",
    "torch.iinfo": "`torch.iinfo` (Unknown builtin op: aten::iinfo)",
    "torch.utils.checkpoint.checkpoint": "`torch.utils.checkpoint.checkpoint` (takes *args)",
}


def _example(body: str, extra: str = "") -> str:
    return (
        "import math\n\nimport torch\nfrom torch import nn\n"
        + extra
        + "\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnsupportedCallInScript(Rule):
    """Flags calls into Python that `torch.jit.script` cannot compile.

    ## What it does
    Finds, in code that `torch.jit.script` compiles: numpy calls; `random`, `time`, `os`,
    `copy`, `logging`, `pickle` and `json` calls; the `math` functions TorchScript lacks
    (`math.isclose`, `math.prod`, `math.log2`, `math.trunc`, ...); `torch.finfo`, `torch.iinfo`,
    `torch.cuda.*`, `torch.utils.checkpoint.checkpoint`; `super().method(...)`; `getattr` with a
    non-literal name; `print` with keyword arguments; `set(...)`; `reversed(range(...))`;
    `tuple(...)` of a list or shape; `type(x).__name__`; the builtins `callable()`, `vars()` and
    `next()`.

    ## Why is this bad?
    TorchScript compiles calls to torch ops, to the builtins it models, and to Python functions
    it can compile from source; anything else fails: `Python builtin <built-in function
    perf_counter> is currently not supported in Torchscript`, `Unknown builtin op: aten::finfo`,
    `attribute lookup is not defined on python value of type 'module'` (`torch.cuda`),
    `'Tensor' object has no attribute or method 'forward'` (`super().forward`), `getattr's
    second argument must be a string literal`, `print doesn't accept any keyword arguments`,
    `cannot statically infer the expected size of a list in this context` (`tuple(x.shape)`),
    `range cannot be used as a value` (`reversed(range(n))`).

    ## Example
    ```python
    def forward(self, x):
        scale = float(np.sqrt(x.size(-1)))
        return x / scale
    ```
    Use instead:
    ```python
    def forward(self, x):
        scale = math.sqrt(x.size(-1))
        return x / scale
    ```

    ## Fix safety
    No automatic fix: each call has its own TorchScript spelling, or must move out of the
    scripted code (`@torch.jit.ignore`).
    """

    code = "TL209"
    name = "unsupported-call-in-script"
    message = "call torch.jit.script cannot compile"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        n = math.sqrt(x.size(-1)) + math.log(2.0)\n"
                "        dims = list(x.shape)\n"
                "        sub = getattr(self, 'scale', 1.0)\n"
                "        print('rows', x.size(0))\n"
                "        return x.view(dims) / n * sub"
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example("        s = 2.0\n        return x * (s() if callable(s) else s)"),
            line=10,
            message_contains="callable",
        ),
        Invalid(
            _example("        return x / float(np.sqrt(x.size(-1)))", "import numpy as np\n"),
            line=10,
        ),
        Invalid(
            _example("        return x * float(math.isclose(1.0, 1.0))"),
            line=9,
            message_contains="math.isclose",
        ),
        Invalid(
            _example("        start = time.perf_counter()\n        return x * 2", "import time\n"),
            line=10,
            message_contains="time",
        ),
        Invalid(
            _example("        return x.clamp(min=torch.finfo(x.dtype).eps)"),
            line=9,
            message_contains="finfo",
        ),
        Invalid(
            _example("        name = 'relu'\n        return getattr(torch, name)(x)"),
            line=10,
            message_contains="getattr",
        ),
        Invalid(
            _example("        print(x.size(0), end='')\n        return x"),
            line=9,
            message_contains="print",
        ),
        Invalid(
            _example("        return x.new_zeros(tuple(x.shape))"), line=9, message_contains="tuple"
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Linear):
                def __init__(self):
                    super().__init__(3, 3)

                def forward(self, x):
                    return torch.tanh(super().forward(x))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="super()",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        problem = self._problem(node)
        if problem is not None:
            self.report(node, f"{problem} in scripted code: torch.jit.script cannot compile it")

    def _problem(self, node: cst.Call) -> Optional[str]:
        func = node.func
        name = self.ctx.qualified_name(func)
        if name is None:
            if (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Call)
                and self.ctx.qualified_name(func.value.func) == "builtins.super"
            ):
                return f"`super().{func.attr.value}(...)`"
            return None
        module, _, rest = name.partition(".")
        if module in PYTHON_MODULES and rest:
            return f"{PYTHON_MODULES[module]} call `{name}`"
        if module == "math" and rest in UNSUPPORTED_MATH:
            return f"`{name}`"
        if name in TORCH_UNSUPPORTED:
            return TORCH_UNSUPPORTED[name]
        if name.startswith("torch.cuda."):
            return f"`{name}` (torch.cuda is a Python module to TorchScript)"
        if name == "builtins.getattr" and len(node.args) >= 2:
            if not isinstance(node.args[1].value, cst.SimpleString):
                return "`getattr` with a non-literal attribute name"
        if name == "builtins.print" and any(arg.keyword is not None for arg in node.args):
            return "`print` with keyword arguments"
        if name in ("builtins.set", "builtins.frozenset"):
            return f"`{name[9:]}(...)` (no set type)"
        if name in UNSUPPORTED_BUILTINS:
            return f"the builtin `{name[9:]}()`"
        if (
            name == "builtins.reversed"
            and node.args
            and self._is_call_to(node.args[0].value, "builtins.range")
        ):
            return "`reversed(range(...))`"
        if name == "builtins.tuple" and node.args and self._list_like(node.args[0].value):
            return "`tuple(...)` of a list or shape (size unknown statically)"
        return None

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if (
            node.attr.value == "__name__"
            and in_script(self.ctx)
            and self._is_call_to(node.value, "builtins.type")
        ):
            self.report(
                node, "`type(x).__name__` in scripted code: torch.jit.script cannot compile it"
            )

    def _is_call_to(self, node: cst.BaseExpression, name: str) -> bool:
        return isinstance(node, cst.Call) and self.ctx.qualified_name(node.func) == name

    def _list_like(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.List, cst.ListComp, cst.GeneratorExp)):
            return True
        while isinstance(value, cst.Subscript):
            value = value.value
        if isinstance(value, cst.Attribute) and value.attr.value == "shape":
            return self.ctx.kind(value.value) is Kind.TENSOR
        if (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "size"
        ):
            return not value.args and self.ctx.kind(value.func.value) is Kind.TENSOR
        return False
