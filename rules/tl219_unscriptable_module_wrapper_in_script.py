"""TL219: a submodule changed by spectral_norm / weight_norm / a parametrization, scripted."""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    class_methods,
    function_returns,
    in_script,
    self_attribute,
)


def _example(init: str, forward: str = "        return self.fc(x)") -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n" + init + "\n\n"
        "    def forward(self, x):\n" + forward + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class UnscriptableModuleWrapperInScript(Rule):
    """Flags submodules that `nn.utils.spectral_norm`, `nn.utils.weight_norm` or a
    `torch.nn.utils.parametrizations` function changed, used in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, reads of a submodule `self.X` that the class
    builds with one of the `torch.nn.utils` functions after which TorchScript cannot compile
    the module: `self.conv = nn.utils.spectral_norm(nn.Conv2d(...))`, `weight_norm(...)` from
    `torch.nn.utils.parametrizations`, a module of an `nn.Sequential(...)` built so, a
    function of the file that returns such a call (`self.c1 = sn_conv(3, 8)`), or
    `nn.utils.weight_norm(self.conv)` applied in `__init__`. Which functions those are is asked
    of torch (`benchmarks/torchscript_tables.py` applies each public function of
    `torch.nn.utils` and `torch.nn.utils.parametrizations`, and of `torch.nn.utils.prune`
    with a parameter name and an amount, to an `nn.Linear`, scripts a model holding it and
    runs it), stored per torch version in `torchscript_tables.json`: a pruning method
    (`prune.l1_unstructured(self.fc, "weight", 0.5)`) leaves a forward pre-hook object too.
    A later top-level statement of `__init__` taking it off the same attribute
    (`prune.remove(self.fc, "weight")`, `remove_weight_norm`, `remove_spectral_norm`,
    `remove_parametrizations`) leaves the module scriptable.
    Also a submodule that is (or holds) an `nn.AdaptiveAvgPool*d` / `nn.AdaptiveMaxPool*d`
    whose output size holds None (TorchScript compiles its forward against the op's int list:
    Expected a value of type 'List[int]' for argument 'output_size'), or an `nn.MaxUnpool*d`
    (torch 2.13 fails to script it whatever its arguments: isIntList() INTERNAL ASSERT FAILED).
    Also a submodule changed by `torch.nn.utils.parametrize.register_parametrization` (with
    any parametrization module: applied to `self.X` in `__init__`, or to a local a function
    of the file returns, `P.register_parametrization(layer, "weight", MaxNorm())` then `return
    layer`; a wrapper applied so in such a function counts too), and a submodule that is (or
    holds) an `nn.SyncBatchNorm`, built or made by `nn.SyncBatchNorm.convert_sync_batchnorm(
    ...)` (torch 2.13 cannot compile it: attribute lookup is not defined on python value of
    type 'module', or Can't redefine method: forward on class SyncBatchNorm).
    Also `self.X = local` of a container `__init__` fills with such a module (`layers["a"] =
    nn.Sequential(wn_conv(...))`, `.append(...)`, `.add_module(...)`): one in it makes the whole
    module unscriptable.

    ## Why is this bad?
    The legacy `spectral_norm` / `weight_norm` recompute the weight in a forward pre-hook
    object that TorchScript cannot compile (torch 2.13: `AttributeError: 'SpectralNorm' object
    has no attribute '__name__'`); a parametrization replaces `weight` by a property whose
    Python code TorchScript compiles and fails on (`Comprehension ifs are not supported yet`,
    `cannot statically infer the expected size of a list`), which fails `torch.jit.script` of
    the whole model even where `forward` never touches the submodule. `weight_norm`'s
    converts, but the property's getter raises under TorchScript, so the scripted model fails
    as soon as it runs the submodule (torch 2.13: `Parametrization is not working with
    scripting`). `torch.compile` and `torch.export` take them.

    ## Example
    ```python
    self.conv = nn.utils.parametrizations.weight_norm(nn.Conv1d(8, 8, 3))
    ```
    Use instead, for a scripted inference model, the weight computed once:
    `torch.nn.utils.parametrize.remove_parametrizations(self.conv, "weight")` (or
    `nn.utils.remove_weight_norm` / `remove_spectral_norm` for the legacy hooks) before
    `torch.jit.script`, or `torch.compile` / `torch.export`.

    ## Fix safety
    No automatic fix: removing the parametrization freezes the weight, which changes training.
    """

    code = "TL219"
    name = "unscriptable-module-wrapper-in-script"
    message = (
        "a submodule changed by spectral_norm / weight_norm / a parametrization: "
        "TorchScript cannot compile it"
    )
    targets = SCRIPT

    VALID = [
        # Int output sizes; unpooling with the function.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.pool = nn.AdaptiveAvgPool2d((1, 2))
                    self.down = nn.MaxPool2d(2, 2, return_indices=True)

                def forward(self, x):
                    y, i = self.down(x)
                    return self.pool(F.max_unpool2d(y, i, 2, 2, 0, x.size()))

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        # The weight norm removed before scripting: no wrapper left.
        Valid(
            _example(
                "        self.fc = nn.utils.parametrizations.weight_norm(nn.Linear(3, 3))\n"
                "        nn.utils.parametrize.remove_parametrizations(self.fc, 'weight')"
            )
            .replace("self.fc = nn.utils", "fc = nn.utils")
            .replace("remove_parametrizations(self.fc", "remove_parametrizations(fc")
            .replace("'weight')", "'weight')\n        self.fc = fc")
        ),
        # Pruning and the legacy weight norm applied in `__init__`, then removed there.
        Valid(
            _example(
                "        self.fc = nn.Linear(3, 3)\n"
                "        self.out = nn.Linear(3, 3)\n"
                "        nn.utils.prune.l1_unstructured(self.fc, name='weight', amount=0.5)\n"
                "        nn.utils.prune.remove(self.fc, 'weight')\n"
                "        nn.utils.weight_norm(self.out)\n"
                "        nn.utils.remove_weight_norm(self.out)",
                "        return self.out(self.fc(x))",
            ).replace("import torch\n", "import torch\nimport torch.nn.utils.prune\n", 1)
        ),
    ]
    INVALID = [
        # `register_parametrization` on a local a helper returns: the weight's getter raises.
        Invalid(
            """
            import torch
            import torch.nn.utils.parametrize as parametrize
            from torch import nn

            class Unit(nn.Module):
                def forward(self, w):
                    return w / w.norm(dim=1, keepdim=True)

            def unit_linear(n: int) -> nn.Linear:
                layer = nn.Linear(n, n)
                parametrize.register_parametrization(layer, "weight", Unit())
                return layer

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = unit_linear(3)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=20,
            message_contains="register_parametrization",
        ),
        # A SyncBatchNorm: TorchScript cannot compile it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Sequential(nn.Conv1d(3, 3, 1), nn.SyncBatchNorm(3))

                def forward(self, x):
                    return self.body(x)

            def inputs():
                return [(torch.randn(2, 3, 5),), (torch.randn(4, 3, 6),)]
            """,
            line=10,
            message_contains="SyncBatchNorm",
        ),
        # A pruning method applied in `__init__`: a forward pre-hook object, as weight_norm's.
        Invalid(
            """
            import torch
            import torch.nn.utils.prune as prune
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    prune.random_unstructured(self.fc, "weight", amount=0.3)

                def forward(self, x):
                    return self.fc(x).relu()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="prune.remove",
        ),
        # An adaptive pool whose output size holds None.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.pool = nn.AdaptiveAvgPool2d((1, None))

                def forward(self, x):
                    return self.pool(x)

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=11,
            message_contains="output size holds None",
        ),
        # `nn.MaxUnpool2d`, which torch 2.13 cannot script.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.down = nn.MaxPool2d(2, 2, return_indices=True)
                    self.up = nn.MaxUnpool2d(2, 2)

                def forward(self, x):
                    y, i = self.down(x)
                    return self.up(y, i, output_size=x.size())

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=13,
            message_contains="MaxUnpool2d",
        ),
        # A module class torch cannot script (the generated `modules_unscriptable`).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(8, 8)
                    self.asm = nn.AdaptiveLogSoftmaxWithLoss(8, 40, cutoffs=[10, 20])

                def forward(self, h):
                    return self.asm.log_prob(self.proj(h))

            def inputs():
                return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
            """,
            line=11,
            message_contains="AdaptiveLogSoftmaxWithLoss",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.loss = nn.TripletMarginWithDistanceLoss(margin=0.5)

                def forward(self, a):
                    return self.loss(a, a.flip(0), a.roll(1, 0))

            def inputs():
                return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
            """,
            line=10,
        ),
        Invalid(_example("        self.fc = nn.utils.spectral_norm(nn.Linear(3, 3))"), line=11),
        Invalid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.parametrizations import weight_norm

            def wn_linear(n: int) -> nn.Module:
                return weight_norm(nn.Linear(n, n))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Sequential(wn_linear(3), nn.ReLU())

                def forward(self, x):
                    return self.body(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="weight_norm",
        ),
        Invalid(
            _example("        self.fc = nn.Linear(3, 3)\n        nn.utils.weight_norm(self.fc)"),
            line=12,
        ),
        Invalid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.parametrizations import weight_norm

            def wn_linear(*args, **kwargs):
                return weight_norm(nn.Linear(*args, **kwargs))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    layers = nn.ModuleDict()
                    layers["a"] = nn.Sequential(wn_linear(3, 3), nn.ReLU())
                    self.layers = layers

                def forward(self, x):
                    for _, layer in self.layers.items():
                        x = layer(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="weight_norm",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        # (class, attribute) -> the wrapper that changed it, or None.
        self._wrapped: dict[tuple[str, str], Optional[str]] = {}
        self._reported: set[tuple[str, str]] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or not in_script(self.ctx):
            return
        owner = info.owner_class
        key = (owner, attr)
        if key in self._reported:
            return
        if key not in self._wrapped:
            self._wrapped[key] = self._wrapper(owner, attr)
        wrapper = self._wrapped[key]
        if wrapper is None:
            return
        self._reported.add(key)
        if wrapper in MAX_UNPOOLS:
            short = wrapper.rpartition(".")[2]
            self.report(
                node,
                f"`self.{attr}` is built with an `nn.{short}`, which torch.jit.script fails on "
                "whatever its arguments (torch 2.13: isIntList() INTERNAL ASSERT FAILED, "
                "Expected IntList but got Int); call the function in forward instead, "
                f"`F.max_unpool{short[-2:]}(x, indices, kernel_size, stride, padding, "
                "output_size)`, which scripts",
            )
            return
        if wrapper in ADAPTIVE_POOLS:
            short = wrapper.rpartition(".")[2]
            function = "adaptive_" + short[len("Adaptive") :].lower().replace("pool", "_pool")
            self.report(
                node,
                f"`self.{attr}` is built with an `nn.{short}` whose output size holds None: TorchScript "
                f"compiles its forward, which passes that size to `F.{function}`, whose "
                f"`output_size` is a list of ints there (torch 2.13: Expected a value of type "
                "'List[int]' for argument 'output_size'); give every size as an int (for "
                "`(1, None)` of an average, `x.mean(2, keepdim=True)`)",
            )
            return
        if wrapper in SYNC_BATCH_NORMS:
            self.report(
                node,
                f"`self.{attr}` is built with `{wrapper}`: torch.jit.script cannot compile a "
                "SyncBatchNorm (torch 2.13: attribute lookup is not defined on python value of "
                "type 'module' for its `torch.distributed` calls; a model "
                "`convert_sync_batchnorm` turned its BatchNorms into SyncBatchNorms fails with "
                "Can't redefine method: forward on class SyncBatchNorm); script the "
                "non-distributed model (plain `nn.BatchNorm*d`), or use torch.compile / "
                "torch.export",
            )
            return
        built = _module_unscriptable(wrapper)
        if built is not None:
            short = wrapper.rpartition(".")[2]
            self.report(
                node,
                f"`self.{attr}` is built with an `nn.{short}`, which torch.jit.script fails to "
                f"compile (torch 2.13, scripting one built alone: {_first(built)}), and "
                "scripting a model compiles every submodule it holds; keep it out of the "
                "scripted model (script the parts around it), or use torch.compile / "
                "torch.export",
            )
            return
        error = MORE_WRAPPERS.get(wrapper) or torchscript_table().get(
            "module_wrappers_unscriptable", {}
        ).get(wrapper, "")
        if "TorchScript interpreter" in error and (
            wrapper.startswith(PARAMETRIZATIONS) or wrapper in MORE_WRAPPERS
        ):
            # Compiles: the parametrization's own forward scripts; the weight's getter raises.
            self.report(
                node,
                f"`self.{attr}` is built with `{wrapper}`: torch.jit.script converts the "
                "module, but the scripted module fails as soon as it runs this submodule, "
                "whose weight is a parametrization property that raises under TorchScript "
                "(torch 2.13: Parametrization is not working with scripting); remove it "
                "before scripting (`remove_parametrizations`), or use torch.compile / "
                "torch.export",
            )
            return
        undo = (
            "`torch.nn.utils.prune.remove(module, name)`, which makes the pruning permanent"
            if wrapper.startswith("torch.nn.utils.prune.")
            else "`remove_parametrizations` / `remove_weight_norm` / `remove_spectral_norm`"
        )
        self.report(
            node,
            f"`self.{attr}` is built with `{wrapper}`, which TorchScript cannot compile "
            f"(torch 2.13: {error.rstrip(':')}); script the model after removing it "
            f"({undo}), or use torch.compile / torch.export",
        )

    def _wrapper(self, owner: str, attr: str) -> Optional[str]:
        """The table's wrapper that every assignment of ``self.<attr>`` in the class holds
        (anywhere in the value, or through a function of the file returning one), or that
        a top-level statement of ``__init__`` applies to ``self.<attr>``."""
        values: list[cst.BaseExpression] = []
        for method in class_methods(self.ctx, owner):
            body = method.body
            for small in _simple_statements(body):
                if isinstance(small, cst.Assign) and len(small.targets) == 1:
                    if self_attribute(small.targets[0].target) == attr:
                        values.append(small.value)
                elif isinstance(small, cst.AnnAssign) and small.value is not None:
                    if self_attribute(small.target) == attr:
                        values.append(small.value)
            if method.name.value == "__init__" and isinstance(body, cst.IndentedBlock):
                applied: Optional[str] = None
                for statement in body.body:
                    if not isinstance(statement, cst.SimpleStatementLine):
                        continue
                    for small in statement.body:
                        call = small.value if isinstance(small, cst.Expr) else None
                        if not isinstance(call, cst.Call) or not call.args:
                            continue
                        if self_attribute(call.args[0].value) != attr:
                            continue
                        if self.ctx.qualified_name(call.func) in UNDOING:
                            applied = None  # `prune.remove(self.fc, "weight")` after it
                            continue
                        applied = applied or self._wrapper_name(call)
                if applied:
                    return applied
        if not values:
            return None
        found = [
            self._contains_wrapper(value, 0) or self._local_container_wrapper(owner, value)
            for value in values
        ]
        return found[0] if all(found) else None

    def _local_container_wrapper(self, owner: str, value: cst.BaseExpression) -> Optional[str]:
        """``self.model = model`` of a local of ``__init__`` that a module built with a wrapper
        is stored into (``model["layer_0"] = nn.Sequential(WNConv1d(...))``,
        ``model.append(...)``, ``model.add_module(name, ...)``): one such module in a container
        makes the whole module unscriptable. (A module bound to the local itself may be
        unwrapped before the store: ``remove_parametrizations(fc, "weight")``.)"""
        if not isinstance(value, cst.Name):
            return None
        init = next((m for m in class_methods(self.ctx, owner) if m.name.value == "__init__"), None)
        if init is None:
            return None
        name = value.value
        stored: list[cst.BaseExpression] = []

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and child is not init:
                return False
            if isinstance(child, cst.Assign):
                for target in child.targets:
                    node = target.target
                    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name):
                        if node.value.value == name:
                            stored.append(child.value)
                    elif (
                        isinstance(node, cst.Name)
                        and node.value == name
                        and isinstance(child.value, cst.Call)
                        and (self.ctx.qualified_name(child.value.func) or "").rsplit(".", 1)[-1]
                        in ("ModuleList", "Sequential", "ModuleDict")
                    ):
                        stored.append(child.value)  # `layers = nn.ModuleList([wn(...), ...])`
            elif (
                isinstance(child, cst.Call)
                and isinstance(child.func, cst.Attribute)
                and isinstance(child.func.value, cst.Name)
                and child.func.value.value == name
                and child.func.attr.value in ("append", "extend", "add_module", "update")
            ):
                stored.extend(a.value for a in child.args)
            return None

        walk(init, enter, lambda child: None)
        for item in stored:
            found = self._contains_wrapper(item, 0)
            if found is not None:
                return found
        return None

    def _wrapper_name(self, call: cst.Call) -> Optional[str]:
        name = self.ctx.qualified_name(call.func)
        table = torchscript_table().get("module_wrappers_unscriptable", {})
        if name in ADAPTIVE_POOLS and _none_output_size(call):
            return name
        if name in MAX_UNPOOLS:
            return name
        if name in MORE_WRAPPERS:
            return name
        if _module_unscriptable(name) is not None:
            return name
        return name if name in table else None

    def _contains_wrapper(self, value: cst.BaseExpression, depth: int) -> Optional[str]:
        found: list[str] = []

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if found or isinstance(child, cst.Lambda):
                return False
            if isinstance(child, cst.Call):
                name = self._wrapper_name(child)
                if name is None and depth < 2 and isinstance(child.func, cst.Name):
                    name = self._returns_wrapper(child.func.value, depth + 1)
                if name is not None:
                    found.append(name)
                    return False
            return None

        walk(value, enter, lambda child: None)
        return found[0] if found else None

    def _returns_wrapper(self, function: str, depth: int) -> Optional[str]:
        """A top-level function of this file every ``return`` of which holds a wrapper, or
        returns a local a top-level statement of the function changed in place with one
        (``P.register_parametrization(layer, "weight", MaxNorm())`` then ``return layer``)."""
        for statement in self.ctx.module.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == function:
                returns = function_returns(statement)
                found = [
                    (self._contains_wrapper(r, depth) or self._applied_to_local(statement, r))
                    if r
                    else None
                    for r in returns
                ]
                return found[0] if found and all(found) else None
        return None

    def _applied_to_local(
        self, function: cst.FunctionDef, value: cst.BaseExpression
    ) -> Optional[str]:
        """The wrapper a top-level expression statement of ``function`` applies to the local
        ``value`` (its first argument), with no later top-level statement taking it off."""
        if not isinstance(value, cst.Name) or not isinstance(function.body, cst.IndentedBlock):
            return None
        applied: Optional[str] = None
        for line in function.body.body:
            if not isinstance(line, cst.SimpleStatementLine):
                continue
            for small in line.body:
                call = small.value if isinstance(small, cst.Expr) else None
                if not isinstance(call, cst.Call) or not call.args:
                    continue
                first = call.args[0].value
                if not isinstance(first, cst.Name) or first.value != value.value:
                    continue
                if self.ctx.qualified_name(call.func) in UNDOING:
                    applied = None
                    continue
                applied = applied or self._wrapper_name(call)
        return applied


# The wrappers built on `torch.nn.utils.parametrize.register_parametrization`: the tensor they
# change becomes a property whose getter raises when scripted code reads it (torch 2.13:
# `if torch.jit.is_scripting(): raise RuntimeError("Parametrization is not working with
# scripting.")`), whether or not the module converts.
PARAMETRIZATIONS = "torch.nn.utils.parametrizations."
# Functions that take a wrapper off a module again (a later top-level statement of
# `__init__` calling one on the attribute leaves it scriptable).
UNDOING = frozenset(
    {
        "torch.nn.utils.prune.remove",
        "torch.nn.utils.remove_weight_norm",
        "torch.nn.utils.remove_spectral_norm",
        "torch.nn.utils.parametrize.remove_parametrizations",
    }
)


# What torch 2.13 does with modules changed or built so (checked by scripting a model holding
# one, tests/test_script_heldout28.py): `register_parametrization` with any parametrization
# module makes the tensor a property whose getter raises under TorchScript (as the
# `parametrizations` functions do), and a SyncBatchNorm (built, or a BatchNorm
# `convert_sync_batchnorm` replaced) fails to compile.
MORE_WRAPPERS = {
    "torch.nn.utils.parametrize.register_parametrization": (
        "Error: The following operation failed in the TorchScript interpreter."
    ),
}
SYNC_BATCH_NORMS = frozenset(
    f"torch.nn.{prefix}SyncBatchNorm{suffix}"
    for prefix in ("", "modules.batchnorm.")
    for suffix in ("", ".convert_sync_batchnorm")
)
MORE_WRAPPERS.update(
    {name: "RuntimeError: cannot compile a SyncBatchNorm" for name in SYNC_BATCH_NORMS}
)


# Adaptive pooling modules whose output size may hold None (keep that input size) in eager.
ADAPTIVE_POOLS = frozenset(
    f"torch.nn.{prefix}Adaptive{kind}Pool{d}d"
    for prefix in ("", "modules.pooling.")
    for kind in ("Avg", "Max")
    for d in (1, 2, 3)
)


# torch.nn's max-unpooling modules: torch 2.13 fails to script each (an internal assert).
MAX_UNPOOLS = frozenset(
    f"torch.nn.{prefix}MaxUnpool{d}d" for prefix in ("", "modules.pooling.") for d in (1, 2, 3)
)


def _module_unscriptable(name: Optional[str]) -> Optional[str]:
    """Torch's error for a module class of torch.nn that ``torch.jit.script`` fails on, built
    with stock arguments (the generated ``modules_unscriptable``: ``nn.AdaptiveLogSoftmax
    WithLoss``, ``nn.GaussianNLLLoss``), by any spelling (``torch.nn.modules.adaptive.X``)."""
    if not name or not name.startswith("torch.nn."):
        return None
    table = torchscript_table().get("modules_unscriptable", {})
    return table.get(name) or table.get("torch.nn." + name.rpartition(".")[2])


def _first(error: str) -> str:
    """Torch's error line without its dangling ``:`` / `` at`` (where the source line came)."""
    return re.sub(r"(:| at)\s*$", "", error)


def _none_output_size(call: cst.Call) -> bool:
    """``nn.AdaptiveAvgPool2d((1, None))`` / ``(None)`` / ``output_size=[None, 7]``."""
    size = next(
        (
            a.value
            for i, a in enumerate(call.args)
            if (a.keyword is None and i == 0)
            or (a.keyword is not None and a.keyword.value == "output_size")
        ),
        None,
    )
    if isinstance(size, (cst.Tuple, cst.List)):
        return any(isinstance(e.value, cst.Name) and e.value.value == "None" for e in size.elements)
    return isinstance(size, cst.Name) and size.value == "None"


def _simple_statements(body: cst.CSTNode) -> list[cst.BaseSmallStatement]:
    """Every small statement in ``body``, nested blocks included (nested functions not)."""
    found: list[cst.BaseSmallStatement] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(child, (cst.Assign, cst.AnnAssign)):
            found.append(child)
            return False
        return None

    walk(body, enter, lambda child: None)
    return found
