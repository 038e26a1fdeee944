"""TL206: context managers TorchScript cannot compile."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script

# Context managers torch.jit.script compiles (checked on torch 2.13).
SCRIPTABLE = frozenset(
    {
        "torch.no_grad",
        "torch.autocast",
        "torch.amp.autocast",
        "torch.cuda.amp.autocast",
        "torch.cpu.amp.autocast",
        "torch.autograd.profiler.record_function",
        "torch.profiler.record_function",
    }
)
# Standard-library modules whose context managers are plain Python objects.
PYTHON_MODULES = frozenset(
    {"contextlib", "warnings", "threading", "os", "io", "tempfile", "time", "sys"}
)


def _example(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnsupportedWithInScript(Rule):
    """Flags `with` statements over context managers that TorchScript does not know.

    ## What it does
    Finds `with` items in code that `torch.jit.script` compiles whose context manager is a
    torch one other than `torch.no_grad()`, `torch.autocast(...)` and `record_function(...)`
    (for example `torch.inference_mode()`, `torch.enable_grad()`,
    `torch.set_grad_enabled(...)`), or a Python one (`open(...)`, `contextlib`, `warnings`),
    called in the `with` item or bound to the name it uses (`ctx = torch.autocast("cpu") if amp
    else contextlib.nullcontext()` / `with ctx:`; either branch: TorchScript compiles both).

    ## Why is this bad?
    TorchScript compiles `with` only over objects it can type with `__enter__`/`__exit__`:
    `torch.jit.script` raises `Unknown builtin op: aten::inference_mode`,
    `Unknown builtin op: aten::enable_grad`, `With item expression must return an object`
    (`set_grad_enabled`), or `Python builtin <built-in function open> is currently not supported`.
    `with torch.no_grad():` works in all back-ends; under `torch.compile` the others work too.

    ## Example
    ```python
    def forward(self, x):
        with torch.inference_mode():
            stats = x.mean(0)
        return x - stats
    ```
    Use instead:
    ```python
    def forward(self, x):
        with torch.no_grad():
            stats = x.mean(0)
        return x - stats
    ```

    ## Fix safety
    Unsafe fix: `torch.inference_mode()` (or `(True)`) and `torch.set_grad_enabled(False)` ->
    `torch.no_grad()`. The block computes the same values without gradients, but its tensors
    are no longer inference tensors (`is_inference()` changes; code that failed on them, an
    in-place update or a later backward, now runs). `with warnings.catch_warnings():` becomes
    `if torch.jit.is_scripting(): <body without its filters> else: <the with block>` (unsafe:
    scripted code no longer applies the filters). `enable_grad`, `set_grad_enabled(True)`,
    other Python context managers and `with ... as` have no fix. A manager chosen against
    `contextlib.nullcontext()` in a ternary (in the `with` item, or bound to a name just before
    it and used only there) becomes `if <test>:` with the block under the manager on one side
    and the block as it is on the other (safe: the same test, evaluated once, picks the same
    block; TorchScript compiles both).
    """

    code = "TL206"
    name = "unsupported-with-in-script"
    message = "context manager torch.jit.script cannot compile"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        with torch.no_grad():\n            stats = x.mean(0)\n        return x - stats"
            )
        ),
        Valid(
            _example(
                "        with torch.autocast('cpu', enabled=False):\n            y = x * 2\n        return y"
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example(
                "        with torch.inference_mode():\n            stats = x.mean(0)\n        return x - stats"
            ),
            line=7,
            message_contains="inference_mode",
            fixed=_example(
                "        with torch.no_grad():\n            stats = x.mean(0)\n        return x - stats"
            ),
        ),
        Invalid(
            _example("        with torch.enable_grad():\n            y = x * 2\n        return y"),
            line=7,
            message_contains="enable_grad",
        ),
        Invalid(
            _example(
                "        with torch.set_grad_enabled(False):\n            y = x * 2\n        return y"
            ),
            line=7,
        ),
        # A context manager bound to a name first; TorchScript compiles both branches.
        Invalid(
            "import contextlib\n\n"
            + _example(
                "        ctx = torch.autocast('cpu') if x.dim() > 5 else contextlib.nullcontext()\n"
                "        with ctx:\n            y = x * 2\n        return y"
            ),
            line=10,
            message_contains="contextlib.nullcontext",
        ),
        # The same ternary in the `with` item itself.
        Invalid(
            "import contextlib\n\n"
            + _example(
                "        with (torch.no_grad() if x.dim() > 5 else contextlib.nullcontext()):\n"
                "            y = x * 2\n        return y"
            ),
            line=9,
            message_contains="contextlib.nullcontext",
        ),
    ]

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if not in_script(self.ctx):
            return
        if isinstance(node.item, cst.Name):
            # `ctx = torch.autocast("cpu") if amp else contextlib.nullcontext()` / `with ctx:`.
            bound = assignments(self.ctx.function, node.item.value)
            for value, _, size in bound:
                names = [self._unsupported(v) for v in _branches(value)] if size == 1 else []
                name = next((n for n in names if n is not None), None)
                if name is not None:
                    self.report(
                        node,
                        f"`with {node.item.value}:` over `{name}(...)` (bound to "
                        f"`{node.item.value}`): torch.jit.script cannot compile this context "
                        "manager (only `torch.no_grad()`, `torch.autocast()` and "
                        "`record_function()`)",
                    )
                    return
            return
        # `with (torch.no_grad() if frozen else contextlib.nullcontext()):` too: TorchScript
        # compiles both branches (torch 2.13: Expected <function nullcontext.__aenter__> to be
        # a function)
        names = [self._unsupported(v) for v in _branches(node.item)]
        name = next((n for n in names if n is not None), None)
        if name is not None:
            self.report(
                node,
                f"`with {name}(...)`: torch.jit.script cannot compile this "
                "context manager (only `torch.no_grad()`, `torch.autocast()` and `record_function()`)",
            )

    def _unsupported(self, value: cst.BaseExpression) -> Optional[str]:
        """The name of the context manager ``value`` calls, when TorchScript cannot compile it."""
        if not isinstance(value, cst.Call):
            return None
        name = self.ctx.qualified_name(value.func)
        if name is None or name in SCRIPTABLE:
            return None
        module = name.split(".")[0]
        if name.startswith("torch.") or name == "builtins.open" or module in PYTHON_MODULES:
            return name.removeprefix("builtins.")
        return None


def _branches(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """``value``, or both branches of a conditional expression (TorchScript compiles both)."""
    if isinstance(value, cst.IfExp):
        return [*_branches(value.body), *_branches(value.orelse)]
    return [value]
