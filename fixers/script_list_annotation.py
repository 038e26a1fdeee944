"""TL217: an unannotated empty list that scripted code appends ints (floats, strings) to -> the
empty literal annotated ``List[int]`` (safe).

TorchScript types an unannotated ``[]`` ``List[Tensor]`` whatever is appended later, so
``sizes = []`` then ``sizes.append(x.shape[-1])`` fails (torch 2.13: ``aten::append.t(t[](a!)
self, t(c -> *) el)``); ``sizes: List[int] = []`` scripts (heldout6_empty_list_sizes_append:
scripts, equals eager).

Only where the local is bound once in the function, to that empty literal, every ``append``
into it adds a value of the one type the finding names (an int: an int literal or a tensor's
size; a float / str / bool literal), and the list is otherwise only read (indexed, iterated,
measured, passed): no ``insert``, ``extend``, ``+=`` or item store.

Safe: the annotation of a local is not evaluated when Python runs the function, so eager,
trace, ``torch.compile`` and ``torch.export`` run what they ran; only TorchScript reads it.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from .script_dict_annotation import annotate_binding

_MESSAGE = re.compile(
    r"annotate the empty literal \(`(\w+): List\[(int|float|str|bool)\] = \[\]`\)"
)
_READ_METHODS = frozenset({"index", "count", "copy"})
_LITERALS = {"int": cst.Integer, "float": cst.Float, "str": cst.SimpleString}


class EmptyListOfNumbers(Fixer):
    codes = ("TL217",)
    applicability = "safe"
    message = "annotate the empty list with the type appended to it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _MESSAGE.search(diagnostic.message)
        function = self.enclosing_function(diagnostic.node)
        if found is None or function is None:
            return None
        name, element = found.group(1), found.group(2)
        return annotate_binding(
            self,
            function,
            name,
            lambda use: empty_list_role(self, use, lambda v: self._of_type(v, element)),
            lambda: f"{self.import_from('typing', 'List')}[{element}]",
        )

    def _of_type(self, value: cst.BaseExpression, element: str) -> bool:
        if element == "int" and self.kind(value) in (Kind.SIZE, Kind.RANK):
            return True
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
            value = value.expression
        if element == "bool":
            return isinstance(value, cst.Name) and value.value in ("True", "False")
        literal = _LITERALS.get(element)
        return literal is not None and isinstance(value, literal)


def empty_list_role(
    fixer: Fixer, use: cst.Name, appended: Callable[[cst.BaseExpression], bool]
) -> Optional[object]:
    """For ``annotate_binding``: the Assign binding ``use`` to ``[]``, True for a use that
    keeps the element type (a read, or an ``append`` of a value ``appended`` accepts), None for
    anything else (another binding, ``insert`` / ``extend`` / ``+=``, an item store)."""
    parent = fixer.parent(use)
    if isinstance(parent, cst.AssignTarget) and parent.target is use:
        assign = fixer.parent(parent)
        if (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.value, cst.List)
            and not assign.value.elements
        ):
            return assign
        return None
    if isinstance(parent, (cst.AnnAssign, cst.AugAssign, cst.Del)):
        return None
    if isinstance(parent, cst.Attribute) and parent.value is use:
        if parent.attr.value in _READ_METHODS:
            return True
        call = fixer.parent(parent)
        if parent.attr.value != "append" or not isinstance(call, cst.Call):
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        return True if appended(call.args[0].value) else None
    if isinstance(parent, cst.Subscript) and parent.value is use:
        holder = fixer.parent(parent)
        if isinstance(holder, (cst.AssignTarget, cst.AugAssign, cst.Del)):
            return None
        return True
    return True  # read: indexed, iterated, measured, returned, passed
