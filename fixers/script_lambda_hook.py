"""TL212: a lambda registered as a forward hook of the module in ``__init__`` -> a module-level
``def`` that reads the values the lambda closed over from the module (unsafe).

``self.register_forward_hook(lambda mod, inp, out: out * gamma)`` in ``__init__`` ->
``self._hook_gamma = gamma`` and ``self.register_forward_hook(_scaledresidual_hook)``, with
``def _scaledresidual_hook(mod, inp: Tuple[torch.Tensor], out): return out * mod._hook_gamma``
after the class. TorchScript compiles the hooks of every module it scripts from their source,
and a lambda's source is no function (torch 2.13: Expected a single top-level function); a
module-level ``def`` whose input is typed as a tuple compiles, and reads the module's
attributes through its first parameter (checked on torch 2.13, equal to eager).

The function goes right after the class. Only for
``self.register_forward_hook(<lambda of three plain parameters>)`` with no other
argument, in ``__init__``, where every name the lambda reads that is not its own nor the
module's is a parameter of ``__init__`` that ``__init__`` never rebinds (the value the closure
held), no ``self`` among them, and the module's ``forward`` takes plain tensors (no defaults).

Unsafe: the module gains one attribute per captured value (``_hook_<name>``), which
``state_dict`` does not hold but ``vars`` / attribute lookups see; code that rebinds that
attribute changes what the hook computes.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments

from ._shared import module_bindings


class _Rename(cst.CSTTransformer):
    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return (
            cst.parse_expression(self.names[original_node.value])
            if original_node.value in self.names
            else updated_node
        )  # type: ignore[return-value]

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.Attribute:
        return updated_node.with_changes(attr=original_node.attr)

    def leave_Arg(self, original_node: cst.Arg, updated_node: cst.Arg) -> cst.Arg:
        return updated_node.with_changes(keyword=original_node.keyword)


def _names(node: cst.CSTNode) -> set[str]:
    """Names read in ``node`` (not attribute names nor keywords)."""
    found: set[str] = set()

    class Reads(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            attribute.value.visit(self)
            return False

        def visit_Arg(self, arg: cst.Arg) -> bool:
            arg.value.visit(self)
            return False

    node.visit(Reads())
    return found


class LambdaHookToFunction(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = "make the hook a module-level function that reads its values from the module"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "a lambda (torch 2.13" not in diagnostic.message or diagnostic.node is None:
            return None
        cls = next(
            (a for a in self.ancestors(diagnostic.node) if isinstance(a, cst.ClassDef)), None
        )
        if cls is None:
            return None
        methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
        init, forward = methods.get("__init__"), methods.get("forward")
        if init is None or forward is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        found = self._registration(init)
        if found is None:
            return None
        line, call, hook = found
        params = hook.params
        if (
            len(params.params) != 3
            or params.posonly_params
            or params.kwonly_params
            or isinstance(params.star_arg, cst.Param)
            or params.star_kwarg is not None
            or any(p.default is not None for p in params.params)
        ):
            return None
        own = {p.name.value for p in params.params}
        init_params = {p.name.value for p in init.params.params} - {"self"}
        free = sorted(
            _names(hook.body) - own - module_bindings(self.ctx.module) - set(dir(__builtins__))
        )
        if "self" in free or any(
            name not in init_params or assignments(init, name) for name in free
        ):
            return None
        count = self._forward_inputs(forward)
        if count is None:
            return None
        taken = set(methods) | {a for m in methods.values() for a in _stored(m)}
        attributes = {name: f"_hook_{name}" for name in free}
        if any(a in taken for a in attributes.values()):
            return None
        function = f"_{cls.name.value.lower()}_hook"
        if function in module_bindings(self.ctx.module) or function in _names(self.ctx.module):
            return None
        module_param, input_param = params.params[0].name.value, params.params[1].name.value
        renamed = hook.body.visit(
            _Rename({n: f"{module_param}.{a}" for n, a in attributes.items()})
        )
        torch = self.import_module("torch")
        tuple_name = self.import_from("typing", "Tuple")
        inner = ", ".join([f"{torch}.Tensor"] * count)
        args = ", ".join(
            f"{p.name.value}: {tuple_name}[{inner}]"
            if p.name.value == input_param
            else p.name.value
            for p in params.params
        )
        definition = cst.parse_statement(
            f"def {function}({args}):\n    return {self.code(renamed)}\n"
        )
        definition = definition.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        # After the class (the module's imports, a `Tuple` one too, go before it): the hook
        # is looked up when a module is built, once the file has run.
        body = list(self.ctx.module.body)
        at = next(i for i, stmt in enumerate(body) if stmt is cls)
        if at + 1 >= len(body):
            return None
        after = body[at + 1]
        stores = [cst.parse_statement(f"self.{a} = {n}\n") for n, a in attributes.items()]
        new_call = call.with_changes(args=[call.args[0].with_changes(value=cst.Name(function))])
        new_line = line.deep_replace(call, new_call)
        return [
            (
                after,
                cst.FlattenSentinel(
                    [
                        definition,
                        after.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()]),
                    ]
                ),
            ),
            (line, cst.FlattenSentinel([*stores, new_line])),  # type: ignore[list-item]
        ]

    def _registration(
        self, init: cst.FunctionDef
    ) -> Optional[tuple[cst.SimpleStatementLine, cst.Call, cst.Lambda]]:
        for line in init.body.body:  # type: ignore[union-attr]
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                continue
            small = line.body[0]
            call = small.value if isinstance(small, cst.Expr) else None
            if (
                isinstance(call, cst.Call)
                and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "register_forward_hook"
                and isinstance(call.func.value, cst.Name)
                and call.func.value.value == "self"
                and len(call.args) == 1
                and call.args[0].keyword is None
                and isinstance(call.args[0].value, cst.Lambda)
            ):
                return line, call, call.args[0].value
        return None

    def _forward_inputs(self, forward: cst.FunctionDef) -> Optional[int]:
        params = forward.params
        if (
            forward.decorators
            or params.posonly_params
            or params.kwonly_params
            or isinstance(params.star_arg, cst.Param)
            or params.star_kwarg is not None
        ):
            return None
        rest = list(params.params)[1:]
        if not rest or any(
            p.default is not None
            or (
                p.annotation is not None
                and self.ctx.qualified_name(p.annotation.annotation) != "torch.Tensor"
            )
            for p in rest
        ):
            return None
        return len(rest)


def _stored(method: cst.FunctionDef) -> set[str]:
    """Attributes ``self.X`` the method names (stores and reads)."""
    found: set[str] = set()

    class Attributes(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == "self":
                found.add(node.attr.value)

    method.visit(Attributes())
    return found
