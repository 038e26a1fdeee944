"""TL214: a torch context-manager decorator on a scripted function (``@torch.no_grad()``,
``@torch.autocast("cpu")``) -> the body under ``with`` that context (safe);
``@torch.inference_mode()`` -> the body under ``with torch.no_grad():`` (unsafe).

TorchScript compiles the undecorated body of such a function but resolves its global names
in the decorator's wrapper module (``torch.utils._contextlib``), where the file's imports and
helpers are undefined. The decorator's wrapper runs ``with <context>: return fn(...)``, a new
context per call (``clone()``) or the one instance for ``autocast``; a ``with`` statement around
the whole body computes the same in eager, trace, compile and export. Only for the innermost
decorator (another decorator below it would then run inside the context), a call without
arguments or with literal ones (evaluated once at definition before, at each call after), a
function that does not ``yield`` (the decorator wraps a generator differently), and not for
``torch.set_grad_enabled`` (whose constructor sets the mode when the decorator is built).
TorchScript then compiles ``with torch.no_grad():`` and ``with torch.autocast(...):`` with the
module's names. ``@torch.inference_mode()`` -> ``with torch.no_grad():`` (unsafe: TorchScript
compiles no ``with torch.inference_mode():``; the values are the same, but tensors made there
are no longer inference tensors). ``torch.enable_grad`` has no fix (TorchScript compiles no
``with`` of it).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.script_facts import context_decorator

from ._shared import contains, is_docstring


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation):
        return _literal(node.expression)
    if isinstance(node, cst.Name):
        return node.value in ("True", "False", "None")
    return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString))


def _yields(function: cst.FunctionDef) -> bool:
    """Whether the body yields or awaits anywhere (nested functions included: no fix then)."""
    return contains(function.body, lambda node: isinstance(node, (cst.Yield, cst.Await)))


class ContextDecoratorToWith(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "run the body under `with` the context instead of decorating the function"
    # The decorators this fixer rewrites to a `with` of the same context.
    handles = frozenset(
        {
            "torch.no_grad",
            "torch.autograd.no_grad",
            "torch.autocast",
            "torch.amp.autocast",
            "torch.cuda.amp.autocast",
            "torch.cpu.amp.autocast",
        }
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        decorator = diagnostic.node
        if not isinstance(decorator, cst.Decorator):
            return None
        name = context_decorator(self.ctx, decorator)
        function = self.parent(decorator)
        if name not in self.handles:
            return None
        if not isinstance(function, cst.FunctionDef) or function.decorators[-1] is not decorator:
            return None
        if function.asynchronous is not None or _yields(function):
            return None
        if not isinstance(function.body, cst.IndentedBlock):
            return None
        item = self._context(decorator.decorator)
        if item is None:
            return None
        body = list(function.body.body)
        head = [body.pop(0)] if body and is_docstring(body[0]) else []
        if not body:
            return None
        first = body[0].with_changes(leading_lines=[])
        block = cst.With(
            items=[cst.WithItem(item=item)],
            body=cst.IndentedBlock(body=[first, *body[1:]]),
            leading_lines=body[0].leading_lines,
        )
        new = function.with_changes(
            decorators=function.decorators[:-1],
            body=function.body.with_changes(body=[*head, block]),
            leading_lines=[*decorator.leading_lines, *function.leading_lines]
            if len(function.decorators) == 1
            else function.leading_lines,
        )
        return [(function, new)]

    def _context(self, spelled: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """The ``with`` item: the decorator's call itself (a bare name called)."""
        if isinstance(spelled, cst.Call):
            if any(arg.star or not _literal(arg.value) for arg in spelled.args):
                return None
            return spelled
        return cst.Call(func=spelled)


class InferenceDecoratorToNoGrad(ContextDecoratorToWith):
    """``@torch.inference_mode()`` (or ``(True)``, ``(mode=True)``, bare) -> the body under
    ``with torch.no_grad():`` (unsafe, as TL206's fix of ``with torch.inference_mode():``:
    the same values without gradients, but tensors made there are ordinary tensors, not
    inference tensors; TorchScript compiles ``no_grad`` and no ``inference_mode``)."""

    applicability = "unsafe"
    message = "run the body under `with torch.no_grad():`, which TorchScript compiles"
    handles = frozenset({"torch.inference_mode", "torch.autograd.inference_mode"})

    def _context(self, spelled: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        if isinstance(spelled, cst.Call):
            if len(spelled.args) > 1:
                return None
            if spelled.args:
                arg = spelled.args[0]
                keyword = arg.keyword.value if arg.keyword is not None else None
                if arg.star or keyword not in (None, "mode"):
                    return None
                if not (isinstance(arg.value, cst.Name) and arg.value.value == "True"):
                    return None
        return cst.parse_expression(f"{self.import_module('torch')}.no_grad()")
