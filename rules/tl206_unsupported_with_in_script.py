"""TL206: context managers TorchScript cannot compile."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, constant_attributes, in_script, is_method

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
# The autocast managers and the position of their device argument (None: the device is fixed).
AUTOCAST_DEVICE_POSITION = {
    "torch.autocast": 0,
    "torch.amp.autocast": 0,
    "torch.cuda.amp.autocast": None,
    "torch.cpu.amp.autocast": None,
}
# Arguments scripted autocast reads as constants when the block runs (torch 2.13:
# torch/csrc/jit/passes/autocast.cpp, `Autocast device argument must be a constant`, `Autocast
# _enabled argument must be a constant`); `dtype` and `cache_enabled` may vary. Name ->
# (position in torch.autocast, position in torch.cuda/cpu.amp.autocast, torch's word).
AUTOCAST_CONSTANT_ARGUMENTS = {"device_type": (0, None, "device"), "enabled": (2, 0, "_enabled")}
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
    Also a `torch.autocast(...)` (or `torch.amp` / `torch.cuda.amp` / `torch.cpu.amp`
    autocast) whose `device_type` or `enabled` argument is not a constant to TorchScript: it
    reads a parameter of the function (`device_type=x.device.type`, `enabled=use_amp`), a
    module attribute the class declares neither `Final` nor in `__constants__`
    (`enabled=not self.upcast`, `enabled=self.training`), a call, or a local bound to one of
    these. The scripted block fails when it runs: `Autocast device argument must be a
    constant` / `Autocast _enabled argument must be a constant` (torch 2.13); a literal, a
    `Final` attribute (also under `not`) or a local bound to a literal compiles.

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
        # A local bound to a literal, a Final attribute under `not`, and a varying dtype.
        Valid(
            "from typing import Final\n\n"
            "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
            "    upcast: Final[bool]\n\n"
            "    def __init__(self):\n        super().__init__()\n        self.upcast = True\n\n"
            "    def forward(self, x):\n        device = 'cpu'\n"
            "        with torch.autocast(device_type=device, dtype=x.dtype, enabled=not self.upcast):\n"
            "            y = x * 2\n        return y\n\n\ndef inputs():\n"
            "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
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
        # The device read from the input (torch 2.13: Autocast device argument must be a
        # constant, when the block runs).
        Invalid(
            _example(
                "        with torch.autocast(device_type=x.device.type, enabled=False):\n"
                "            y = x * 2\n        return y"
            ),
            line=7,
            message_contains="device argument must be a constant",
        ),
        # `enabled` from a plain bool attribute (torch 2.13: Autocast _enabled argument must be
        # a constant).
        Invalid(
            "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.upcast = True\n\n"
            "    def forward(self, x):\n"
            "        with torch.autocast('cpu', enabled=not self.upcast):\n"
            "            y = x * 2\n        return y\n\n\ndef inputs():\n"
            "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n",
            line=11,
            message_contains="_enabled argument must be a constant",
        ),
    ]

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if not in_script(self.ctx):
            return
        self._autocast_arguments(node.item)
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

    def _autocast_arguments(self, item: cst.BaseExpression) -> None:
        """``torch.autocast(...)`` whose device or ``enabled`` argument varies."""
        if not isinstance(item, cst.Call):
            return
        name = self.ctx.qualified_name(item.func)
        if name not in AUTOCAST_DEVICE_POSITION:
            return
        general = AUTOCAST_DEVICE_POSITION[name] is not None
        positional = [a for a in item.args if a.keyword is None and a.star == ""]
        for keyword, (position, amp_position, word) in AUTOCAST_CONSTANT_ARGUMENTS.items():
            index = position if general else amp_position
            arg = next(
                (a for a in item.args if a.keyword is not None and a.keyword.value == keyword),
                None,
            )
            if arg is None and index is not None and index < len(positional):
                arg = positional[index]
            if arg is None:
                continue
            why = self._varying(arg.value, set())
            if why is None:
                continue
            code = self.ctx.module.code_for_node(arg.value)
            self.report(
                arg,
                f"`{keyword}={code}` of `{name.removeprefix('torch.')}(...)` {why}: scripted "
                f"autocast needs it constant and fails when the block runs (torch 2.13: "
                f"Autocast {word} argument must be a constant); pass a literal or a `Final` "
                "attribute, or choose between two `with` blocks",
            )

    def _varying(self, value: cst.BaseExpression, seen: set[str]) -> Optional[str]:
        """Why ``value`` is surely no constant to TorchScript, or None (a literal, a ``Final``
        or ``__constants__`` attribute, a local bound only to such values, or unknown)."""
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None:
            return None
        kind = type(value)
        if kind is cst.UnaryOperation:
            return self._varying(value.expression, seen)  # type: ignore[attr-defined]
        if kind is cst.BooleanOperation:
            # `flag and False` folds to a constant: both sides must vary.
            left = self._varying(value.left, seen)  # type: ignore[attr-defined]
            return left if left and self._varying(value.right, seen) else None  # type: ignore[attr-defined]
        if kind is cst.Comparison:
            parts = [value.left, *(c.comparator for c in value.comparisons)]  # type: ignore[attr-defined]
            return next((w for w in (self._varying(p, seen) for p in parts) if w), None)
        if kind is cst.IfExp:
            parts = [value.test, value.body, value.orelse]  # type: ignore[attr-defined]
            return next((w for w in (self._varying(p, seen) for p in parts) if w), None)
        if kind is cst.Call:
            return "is a call's result"
        params = [
            *function.params.posonly_params,
            *function.params.params,
            *function.params.kwonly_params,
        ]
        method = is_method(self.ctx, function) and bool(params)
        receiver = params[0].name.value if method else None
        attr = self_attribute(value) if receiver == "self" else None
        if attr is not None and info.owner_class is not None:
            if attr in constant_attributes(self.ctx, info.owner_class):
                return None
            return f"reads the module attribute `self.{attr}` (no `Final`)"
        root = value
        while type(root) in (cst.Attribute, cst.Subscript):
            root = root.value  # type: ignore[attr-defined]
        if type(root) is not cst.Name:
            return None
        name = root.value  # type: ignore[attr-defined]
        if name == receiver:
            return None  # `self.a.b`: left alone
        if any(p.name.value == name for p in params):
            return f"reads the parameter `{name}`"
        if value is not root or name in seen:
            return None
        bound = assignments(function, name)
        for bound_value, _, size in bound:
            if bound_value is None or size != 1:
                return None
            why = self._varying(bound_value, seen | {name})
            if why is not None:
                return f"is bound to a value that {why}"
        return None

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
