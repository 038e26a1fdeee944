"""TL209: ``t.area()``, a method of a NamedTuple class of the file -> ``boxes_area(t)``, a
function of the module holding the method's body, which the method now calls (unsafe).

TorchScript compiles a NamedTuple's fields only, not its methods (torch 2.13: "object has no
attribute or method 'area'"), but compiles a module-level function taking the tuple (checked
on torch 2.13: ``def boxes_area(self: Boxes) -> Tensor`` with the method's body scripts and
equals eager). The method keeps its signature and returns the function's result, so every
other caller (another file, eager code) runs the same body; the call ``t.area(a, k=b)`` becomes
``boxes_area(t, a, k=b)``: the receiver and the arguments are evaluated once, in the same
order, and bound to the same parameters. The body keeps its ``self`` (the function's first
parameter, annotated with the class). Only for a receiver that is surely of the class exactly
(a local bound only to calls of the class or its ``_replace``, or a parameter annotated with
the class), a method with no decorator, no ``*args`` / ``**kwargs`` and no keyword-only
parameter (TorchScript takes none with a default: TL201), and no ``super()`` / ``__class__``
in its body, called outside the class. Where the method already only returns
``f(self, ...)`` of a function of the module (a call fixed before), only the call is
rewritten.

Unsafe: the module gains a name (``boxes_area``, numbered where taken); a subclass passed for
an annotated parameter that overrides the method ran its own override.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.script_facts import namedtuple_fields, namedtuple_local

from ._shared import contains, module_bindings, numbered


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _passed(params: cst.Parameters) -> Optional[list[str]]:
    """The arguments that pass a method's parameters (after ``self``) on, or None."""
    if (
        not isinstance(params.star_arg, cst.MaybeSentinel)
        or params.star_kwarg is not None
        or params.kwonly_params
        or params.posonly_params
        or not params.params
    ):
        return None
    return [p.name.value for p in params.params[1:]]


class NamedTupleMethodToFunction(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "move the NamedTuple method's body to a function of the module and call that"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and isinstance(call.func.value, cst.Name)
        ):
            return None
        receiver, method_name = call.func.value.value, call.func.attr.value
        cls = self._class_of(call, receiver)
        if cls is None or any(a is cls for a in self.ancestors(call)):
            return None
        method = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == method_name
            ),
            None,
        )
        if method is None or method.decorators or method.asynchronous is not None:
            return None
        passed = _passed(method.params)
        if passed is None:
            return None
        args = ", ".join([receiver, *(self.code(a).strip() for a in call.args)])
        existing = self._delegate(method)
        if existing is not None:
            return [(call, cst.parse_expression(f"{existing}({args})"))]
        if contains(
            method.body,
            lambda n: isinstance(n, cst.Name) and n.value in ("super", "__class__"),
        ):
            return None
        taken = module_bindings(self.ctx.module)
        name = numbered(f"{_snake(cls.name.value)}_{method_name}", taken)
        first = method.params.params[0]
        if first.annotation is None:
            first = first.with_changes(annotation=cst.Annotation(cst.Name(cls.name.value)))
        function = method.with_changes(
            name=cst.Name(name),
            params=method.params.with_changes(params=[first, *method.params.params[1:]]),
            leading_lines=[cst.EmptyLine(), cst.EmptyLine()],
        )
        self_name = method.params.params[0].name.value
        forward = ", ".join([self_name, *passed])
        delegate = cst.parse_statement(f"return {name}({forward})\n")
        body = method.body
        assert isinstance(body, cst.IndentedBlock)
        new_method = method.with_changes(body=body.with_changes(body=[delegate]))
        new_class = cls.with_changes(
            body=cls.body.with_changes(
                body=[new_method if s is method else s for s in cls.body.body]
            )
        )
        return [
            (cls, cst.FlattenSentinel([new_class, function])),
            (call, cst.parse_expression(f"{name}({args})")),
        ]

    def _class_of(self, call: cst.Call, receiver: str) -> Optional[cst.ClassDef]:
        function = self.enclosing_function(call)
        if function is None:
            return None
        name = namedtuple_local(self.ctx, function, receiver)
        if name is None:
            for param in function.params.params:
                annotation = param.annotation
                if (
                    param.name.value == receiver
                    and annotation is not None
                    and isinstance(annotation.annotation, cst.Name)
                ):
                    name = annotation.annotation.value
        if name is None or namedtuple_fields(self.ctx, name) is None:
            return None
        return next(
            (
                s
                for s in self.ctx.module.body
                if isinstance(s, cst.ClassDef) and s.name.value == name
            ),
            None,
        )

    def _delegate(self, method: cst.FunctionDef) -> Optional[str]:
        """``f`` where the method's body is ``return f(self, ...)`` of a module function."""
        body = method.body
        if not isinstance(body, cst.IndentedBlock) or len(body.body) != 1:
            return None
        line = body.body[0]
        if not (
            isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(line.body[0], cst.Return)
            and isinstance(line.body[0].value, cst.Call)
            and isinstance(line.body[0].value.func, cst.Name)
        ):
            return None
        callee = line.body[0].value.func.value
        defined = any(
            isinstance(s, cst.FunctionDef) and s.name.value == callee for s in self.ctx.module.body
        )
        return callee if defined else None
