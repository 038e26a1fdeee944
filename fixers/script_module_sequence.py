"""Two unsafe rewrites of scripted loops TorchScript refuses or computes otherwise.

- TL208 a loop over a list or tuple of submodules (or a ``@property`` returning one) that
  calls each: ``x = stage(x)`` -> ``x = stage.forward(x)``. TorchScript types the sequence by
  its elements' classes and has no ``__call__`` for them, but compiles ``forward``. Unsafe:
  ``module(x)`` also runs the module's forward hooks and pre-hooks, which ``.forward(x)``
  skips (none are registered in most models).
- TL221 ``h = h * K + t`` in a loop, and after the loop only ``h % M`` read: the update
  becomes ``h = (h * K + t) % M``. Reducing each step gives the same ``h % M`` for ints
  (``%`` agrees with ``+`` and ``*``), and keeps ``h`` below ``M * K + t``, inside TorchScript's
  int64. Unsafe: for floats the reduction is not exact, and the loop's ``h`` is smaller.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk


class _ForwardCalls(cst.CSTTransformer):
    """``name(...)`` -> ``name.forward(...)``."""

    def __init__(self, name: str) -> None:
        self.name = name

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if isinstance(updated.func, cst.Name) and updated.func.value == self.name:
            return updated.with_changes(func=cst.Attribute(updated.func, cst.Name("forward")))
        return updated


class CallForwardOfSequenceModules(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "call `.forward(...)` of each module"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        iterable = diagnostic.node
        loop = self.parent(iterable)
        if (
            not isinstance(loop, cst.For)
            or loop.iter is not iterable
            or "__call__" not in diagnostic.message
            or "calls each module (`" not in diagnostic.message
        ):
            return None
        # The loop variable that takes the modules, as the finding names it.
        variable = diagnostic.message.split("calls each module (`", 1)[1].split("(...)`)", 1)[0]
        if not variable.isidentifier():
            return None
        body = loop.body.visit(_ForwardCalls(variable))
        if body.deep_equals(loop.body):
            return None
        return [(loop, loop.with_changes(body=body))]


def _reads(root: cst.CSTNode, name: str, skip: set[int]) -> list[cst.Name]:
    found: list[cst.Name] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if id(child) in skip:
            return False
        if isinstance(child, cst.Name) and child.value == name:
            found.append(child)
        return None

    walk(root, enter, lambda child: None)
    return found


def _polynomial(value: cst.BaseExpression, name: str) -> bool:
    """``name * K + t`` / ``K * name - t`` / ``name * K``: sums of a product of ``name``."""
    while isinstance(value, cst.BinaryOperation) and isinstance(
        value.operator, (cst.Add, cst.Subtract)
    ):
        value = value.left
    return (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Multiply)
        and any(
            isinstance(side, cst.Name) and side.value == name for side in (value.left, value.right)
        )
    )


class ReduceHashInLoop(Fixer):
    codes = ("TL221",)
    applicability = "unsafe"
    message = "apply the `%` in the loop"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        update = diagnostic.node
        if not isinstance(update, cst.Assign) or len(update.targets) != 1:
            return None
        target = update.targets[0].target
        if not isinstance(target, cst.Name) or not _polynomial(update.value, target.value):
            return None
        name = target.value
        loop = next(
            (a for a in self.ancestors(update) if isinstance(a, (cst.For, cst.While))), None
        )
        function = self.enclosing_function(update)
        if loop is None or function is None:
            return None
        # In the loop, `name` is read only by this update.
        inside = _reads(loop.body, name, {id(target)})
        update_reads = _reads(update.value, name, set())
        if len(inside) != len(update_reads):
            return None
        # After the loop, only `name % M`, one M, read; before it, only the start binding.
        loop_ids = {id(n) for n in _reads(loop, name, set())}
        outside = [n for n in _reads(function.body, name, set()) if id(n) not in loop_ids]
        moduli: set[str] = set()
        modulus: Optional[cst.BaseExpression] = None
        after = False
        for read in outside:
            parent = self.parent(read)
            if isinstance(parent, cst.BinaryOperation) and parent.left is read:
                if isinstance(parent.operator, cst.Modulo):
                    moduli.add(self.code(parent.right).strip())
                    modulus = parent.right
                    after = True
                    continue
            assign = parent if isinstance(parent, cst.AssignTarget) else None
            if assign is None:
                return None
        if not after or len(moduli) != 1 or modulus is None:
            return None
        if not isinstance(modulus, (cst.Integer, cst.Attribute, cst.Name)):
            return None
        if isinstance(modulus, cst.Name) and _reads(loop, modulus.value, set()):
            return None
        value = f"({self.code(update.value).strip()}) % {self.code(modulus).strip()}"
        return [(update.value, cst.parse_expression(value))]
