"""TL217: an unannotated empty dict that scripted code stores int keys and Tensor values into ->
the empty literal annotated ``Dict[int, torch.Tensor]`` (safe).

TorchScript types an unannotated ``{}`` (or ``dict()``) ``Dict[str, Tensor]`` whatever is
stored into it later, so ``features = {}`` then ``features[i] = x`` with an int ``i`` fails
(torch 2.13: "Arguments for call are not valid"); ``features: Dict[int, torch.Tensor] = {}``
scripts (checked on torch 2.13: scripts, equals eager). ``Dict`` is imported from ``typing``
the way the other fixes add imports.

Only where the local is bound once in the function, to that empty literal, and every store
into it (``d[k] = v``; ``d[k] += v`` too) has a key that is surely an int (an int literal, the
count of ``enumerate``, the variable of a ``for`` over ``range``, neither rebound in the
function, or a size of a tensor) and a value the kinds say is a Tensor; and no method that
stores into it is called (``update``, ``setdefault``, ``__setitem__``, ``fromkeys``...: only
``get``, ``items``, ``keys``, ``values``, ``pop``, ``copy`` and ``clear``, which take or give
what is there).

Safe: the annotation of a local variable is not even evaluated when Python runs the function,
so eager, trace, ``torch.compile`` and ``torch.export`` run exactly what they ran; only
TorchScript reads it, and types the dict as what it holds.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import variable_uses

_MESSAGE = re.compile(r"annotate the empty literal \(`(\w+): Dict\[int, Tensor\] = \{\}`\)")
_READ_METHODS = frozenset({"get", "items", "keys", "values", "pop", "copy", "clear"})


def annotate_binding(
    fixer: Fixer,
    function: cst.FunctionDef,
    name: str,
    role: Callable[[cst.Name], Optional[object]],
    annotation: Callable[[], str],
) -> Optional[list[Replacement]]:
    """``name = <empty>`` -> ``name: <annotation()> = <empty>``, where ``role`` gives each use
    of ``name`` in ``function`` the Assign that binds it (exactly one), True for a use that
    keeps the annotated type, None for one that refuses the fix. ``annotation`` is asked only
    then (it may add an import)."""
    binding: Optional[cst.Assign] = None
    for use in variable_uses(fixer, function, name):
        found = role(use)
        if found is None:
            return None
        if isinstance(found, cst.Assign):
            if binding is not None:
                return None
            binding = found
    if binding is None:
        return None
    new = cst.AnnAssign(
        target=binding.targets[0].target,
        annotation=cst.Annotation(
            cst.parse_expression(annotation()),
            whitespace_before_indicator=cst.SimpleWhitespace(""),
            whitespace_after_indicator=cst.SimpleWhitespace(" "),
        ),
        value=binding.value,
    )
    return [(binding, new)]


class EmptyDictIntKeys(Fixer):
    codes = ("TL217",)
    applicability = "safe"
    message = "annotate the empty dict `Dict[int, torch.Tensor]`, what it holds"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _MESSAGE.search(diagnostic.message)
        function = self.enclosing_function(diagnostic.node)
        if found is None or function is None:
            return None
        name = found.group(1)
        return annotate_binding(
            self,
            function,
            name,
            lambda use: self._role(use, function),
            lambda: (
                f"{self.import_from('typing', 'Dict')}[int, {self.import_module('torch')}.Tensor]"
            ),
        )

    def _role(self, use: cst.Name, function: cst.FunctionDef) -> Optional[object]:
        """The Assign binding ``use`` to an empty dict, True for a use that keeps the dict's
        types, None for anything else."""
        parent = self.parent(use)
        if isinstance(parent, cst.AssignTarget) and parent.target is use:
            assign = self.parent(parent)
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and _empty(assign.value):
                return assign
            return None
        if isinstance(parent, (cst.AnnAssign, cst.AugAssign)) and parent.target is use:
            return None
        if isinstance(parent, cst.Attribute) and parent.value is use:
            return True if parent.attr.value in _READ_METHODS else None
        if isinstance(parent, cst.Subscript) and parent.value is use:
            holder = self.parent(parent)
            stored = (isinstance(holder, cst.AssignTarget) and holder.target is parent) or (
                isinstance(holder, cst.AugAssign) and holder.target is parent
            )
            if not stored:
                return True if not isinstance(holder, cst.Del) else None
            statement = self.parent(holder) if isinstance(holder, cst.AssignTarget) else holder
            if len(parent.slice) != 1 or not isinstance(parent.slice[0].slice, cst.Index):
                return None
            key = parent.slice[0].slice.value
            value = statement.value  # type: ignore[union-attr]
            if not self._int_key(key, function) or not self._tensor(value, use.value):
                return None
            return True
        if isinstance(parent, (cst.For, cst.Del)):
            return True if isinstance(parent, cst.For) and parent.iter is use else None
        return True  # read: returned, passed, tested with `in`, ...

    def _tensor(self, value: cst.BaseExpression, name: str) -> bool:
        """A Tensor: of that kind, a value of the dict itself (``d[k]``: its values are all
        stores of Tensors), or arithmetic of these with numbers."""
        if self.kind(value) is Kind.TENSOR:
            return True
        if isinstance(value, cst.Subscript):
            return isinstance(value.value, cst.Name) and value.value.value == name
        if isinstance(value, cst.BinaryOperation):
            sides = (value.left, value.right)
            return any(self._tensor(s, name) for s in sides) and all(
                self._tensor(s, name)
                or isinstance(s, (cst.Integer, cst.Float))
                or self.kind(s) is Kind.SIZE
                for s in sides
            )
        return False

    def _int_key(self, key: cst.BaseExpression, function: cst.FunctionDef) -> bool:
        if isinstance(key, cst.Integer):
            return True
        if self.kind(key) is Kind.SIZE:
            return True
        if not isinstance(key, cst.Name):
            return False
        loops = []
        for use in variable_uses(self, function, key.value):
            holder = self.parent(use)
            if isinstance(holder, cst.Element):
                tuple_ = self.parent(holder)
                loop = self.parent(tuple_) if tuple_ is not None else None
                if (
                    isinstance(loop, cst.For)
                    and loop.target is tuple_
                    and tuple_.elements[0] is holder  # type: ignore[union-attr]
                    and _called(loop.iter, "enumerate")
                ):
                    loops.append(loop)
                    continue
            if (
                isinstance(holder, cst.For)
                and holder.target is use
                and _called(holder.iter, "range")
            ):
                loops.append(holder)
                continue
            if _stores(self, use):
                return False
        return len(loops) == 1


def _called(node: cst.BaseExpression, name: str) -> bool:
    return (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == name
    )


def _empty(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.Dict):
        return not value.elements
    return isinstance(value, cst.Call) and _called(value, "dict") and not value.args


def _stores(fixer: Fixer, use: cst.Name) -> bool:
    """``use`` is bound here (an assignment or loop target, ``as`` name, walrus...)."""
    node: cst.CSTNode = use
    parent = fixer.parent(node)
    while isinstance(parent, (cst.Element, cst.StarredElement, cst.Tuple, cst.List)):
        node, parent = parent, fixer.parent(parent)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor)):
        return parent.target is node  # type: ignore[union-attr]
    if isinstance(parent, cst.NamedExpr):
        return parent.target is node
    return isinstance(parent, (cst.AsName, cst.Global, cst.Nonlocal, cst.NameItem))
