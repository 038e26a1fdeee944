"""TL212: a forward hook / pre-hook function whose input parameter is not annotated ->
``inputs: Tuple[torch.Tensor, ...]`` (one ``torch.Tensor`` per input of the hooked module),
and ``-> None`` for a pre-hook that returns nothing.

``def double(module, inputs, output): ...`` registered by ``self.fc.register_forward_hook(
double)`` in ``__init__`` -> ``def double(module, inputs: Tuple[torch.Tensor], output): ...``.
TorchScript compiles the hooks of every module it scripts and wants the input typed as a
tuple (torch 2.13: Hook 'double' on module 'Linear' expected the input argument to be typed as
a Tuple but found type: 'Tensor'), and a pre-hook's return annotated (Return annotations are
required); typed, the hook compiles (checked on torch 2.13, equal to eager).

Only for a module-level ``def`` of the file (no decorator, no ``*args``), registered only on
``self`` or ``self.<sub>`` in ``__init__`` s of the file, where each hooked module's inputs are
known: ``self`` by its ``forward`` (positional parameters without defaults, unannotated or
``torch.Tensor``), a submodule by its class (``nn.Linear``, convolutions, norms, activations,
pooling, dropout, ``nn.Embedding``, ``nn.Identity``: one input), the same count everywhere.

Safe: annotations change nothing Python runs (only TorchScript reads them); ``Tuple`` is
imported from typing where missing.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.walk import walk

REGISTRARS = frozenset({"register_forward_hook", "register_forward_pre_hook"})
ONE_INPUT = frozenset(
    f"torch.nn.{name}"
    for name in (
        "Linear Bilinear Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d "
        "BatchNorm1d BatchNorm2d BatchNorm3d LayerNorm GroupNorm InstanceNorm1d InstanceNorm2d "
        "RMSNorm ReLU ReLU6 GELU SiLU Mish Tanh Sigmoid LeakyReLU ELU Hardswish Softmax "
        "LogSoftmax Dropout Dropout1d Dropout2d Identity Embedding Flatten MaxPool1d MaxPool2d "
        "AvgPool1d AvgPool2d AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveMaxPool2d Upsample"
    ).split()
    if name != "Bilinear"
)


def _returns_value(function: cst.FunctionDef) -> bool:
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(node, (cst.Lambda, cst.ClassDef)) or (
            isinstance(node, cst.FunctionDef) and node is not function
        ):
            return False
        if isinstance(node, cst.Return) and node.value is not None:
            found = True
        return None

    walk(function, enter, lambda node: None)
    return found


def _calls_of(root: cst.CSTNode, hook_name: str) -> list[cst.Call]:
    """The ``X.register_forward_hook(hook_name)`` / ``register_forward_pre_hook`` calls in
    ``root``."""
    found: list[cst.Call] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in REGISTRARS
            and len(node.args) == 1
            and isinstance(node.args[0].value, cst.Name)
            and node.args[0].value.value == hook_name
        ):
            found.append(node)
        return None

    walk(root, enter, lambda node: None)
    return found


class HookInputAnnotation(Fixer):
    codes = ("TL212",)
    applicability = "safe"
    message = "annotate the hook's input as the Tuple TorchScript wants"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "the hook registered on line" not in diagnostic.message:
            return None
        if (
            "is not annotated `Tuple" not in diagnostic.message
            and "pre-hook" not in diagnostic.message
        ):
            return None
        node = diagnostic.node
        cls = (
            next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
            if node is not None
            else None
        )
        if cls is None:
            return None
        hooks = {
            stmt.name.value: stmt
            for stmt in self.ctx.module.body
            if isinstance(stmt, cst.FunctionDef)
        }
        own = self._registrations(cls)
        for hook_name, pre in own:
            hook = hooks.get(hook_name)
            if hook is None or hook.decorators or isinstance(hook.params.star_arg, cst.Param):
                continue
            params = [*hook.params.posonly_params, *hook.params.params]
            if len(params) < 2:
                continue
            needs_input = params[1].annotation is None
            needs_return = pre and hook.returns is None and not _returns_value(hook)
            if not needs_input and not needs_return:
                continue
            counts = self._input_counts(hook_name)
            if needs_input and (len(counts) != 1 or None in counts):
                continue
            changes: dict = {}
            torch = self.import_module("torch")
            if needs_input:
                count = counts.pop()
                inner = ", ".join([f"{torch}.Tensor"] * count)
                tuple_name = self.import_from("typing", "Tuple")
                annotation = cst.Annotation(cst.parse_expression(f"{tuple_name}[{inner}]"))
                new_param = params[1].with_changes(annotation=annotation)
                if params[1] in hook.params.params:
                    changes["params"] = hook.params.with_changes(
                        params=[new_param if p is params[1] else p for p in hook.params.params]
                    )
                else:
                    continue
            if needs_return:
                changes["returns"] = cst.Annotation(cst.Name("None"))
            return [(hook, hook.with_changes(**changes))]
        return None

    def _registrations(self, cls: cst.ClassDef) -> list[tuple[str, bool]]:
        """(hook name, whether a pre-hook) of each registration in the class's ``__init__``."""
        found: list[tuple[str, bool]] = []
        init = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is None:
            return found

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if (
                isinstance(node, cst.Call)
                and isinstance(node.func, cst.Attribute)
                and node.func.attr.value in REGISTRARS
                and len(node.args) == 1
                and isinstance(node.args[0].value, cst.Name)
            ):
                found.append((node.args[0].value.value, node.func.attr.value.endswith("pre_hook")))
            return None

        walk(init, enter, lambda node: None)
        return found

    def _input_counts(self, hook_name: str) -> set[Optional[int]]:
        """How many inputs each module the hook is registered on takes (None: unknown), over
        every registration of the file (any other use of the name: unknown)."""
        counts: set[Optional[int]] = set()
        uses = 0
        for cls in (s for s in self.ctx.module.body if isinstance(s, cst.ClassDef)):
            init = next(
                (
                    s
                    for s in cls.body.body
                    if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
                ),
                None,
            )
            registered = _calls_of(init, hook_name) if init is not None else []
            for call in registered:
                receiver = call.func.value  # type: ignore[attr-defined]
                if isinstance(receiver, cst.Name) and receiver.value == "self":
                    counts.add(self._forward_inputs(cls))
                    continue
                attr = self_attribute(receiver)
                values = [
                    v
                    for m in cls.body.body
                    if isinstance(m, cst.FunctionDef)
                    for v in self_assignments(m, attr or "")
                ]
                if attr is None or len(values) != 1 or not isinstance(values[0], cst.Call):
                    counts.add(None)
                    continue
                name = self.ctx.qualified_name(values[0].func) or ""
                name = (
                    name.replace("torch.nn.modules.", "torch.nn.")
                    if name.startswith("torch.nn.modules.")
                    else name
                )
                short = (
                    "torch.nn." + name.rsplit(".", 1)[-1] if name.startswith("torch.nn.") else name
                )
                counts.add(1 if short in ONE_INPUT else None)

        # Every mention of the name is a registration counted above (or its definition).
        def count(node: cst.CSTNode) -> Optional[bool]:
            nonlocal uses
            if isinstance(node, cst.Name) and node.value == hook_name:
                uses += 1
            return None

        walk(self.ctx.module, count, lambda node: None)
        return counts if uses == 1 + self._registration_count(hook_name) else {None}

    def _registration_count(self, hook_name: str) -> int:
        return len(_calls_of(self.ctx.module, hook_name))

    def _forward_inputs(self, cls: cst.ClassDef) -> Optional[int]:
        forward = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "forward"
            ),
            None,
        )
        if forward is None or forward.decorators:
            return None
        params = forward.params
        if (
            params.posonly_params
            or params.kwonly_params
            or isinstance(params.star_arg, cst.Param)
            or params.star_kwarg is not None
        ):
            return None
        rest = list(params.params)[1:]
        for p in rest:
            if p.default is not None:
                return None
            if (
                p.annotation is not None
                and self.ctx.qualified_name(p.annotation.annotation) != "torch.Tensor"
            ):
                return None
        return len(rest) or None
