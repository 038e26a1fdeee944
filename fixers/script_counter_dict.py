"""TL209: ``counts = Counter(items)`` read only by key -> a dict counted in a loop (unsafe).

::

    sizes = Counter(self.groups)          # self.groups: List[str]
    n = sizes[name]

becomes::

    sizes: Dict[str, int] = {}
    for item in self.groups:
        sizes[item] = sizes.get(item, 0) + 1
    n = sizes.get(name, 0)

TorchScript binds nothing of ``collections.Counter`` but compiles a typed dict, ``get`` with a
default and the loop (checked on torch 2.13: scripts, equals eager). The loop counts the items
in the order ``Counter`` meets them (the same keys, counts and key order), and a read of a
missing key gives ``0`` as a ``Counter``'s does. Only for ``name = Counter(items)`` alone on a
line (one positional argument, ``items`` a name or ``self.<attr>`` annotated ``List[T]``: a
parameter, the class body or ``self.<attr>: List[T] = ...``), ``name`` bound nowhere else in the
function and read only as ``name[key]``, ``key in name``, ``len(name)`` or by iterating
``name`` / ``.keys()`` / ``.values()`` / ``.items()``.

Unsafe: ``name`` is now a dict (its ``repr``, ``most_common`` and ``Counter`` arithmetic are
gone; none is used in the function), and the loop name stays bound after the loop.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk

from ._shared import fresh_name, running_line
from .script_sum_start import declared_annotation

READ_METHODS = frozenset({"keys", "values", "items"})


class CounterToDict(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "count into a typed dict in a loop, read with `.get(key, 0)`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != (
            "collections.Counter"
        ):
            return None
        if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
            return None
        line = running_line(self, call)
        assign = self.parent(call)
        function = self.enclosing_function(call)
        if line is None or function is None or len(line.body) != 1:
            return None
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is call
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
        ):
            return None
        name = assign.targets[0].target.value
        items = call.args[0].value
        element = self._element_type(items, function)
        if element is None:
            return None
        reads = self._key_reads(function, name, assign.targets[0].target)
        if reads is None:
            return None
        item = fresh_name(self, call, "item")
        dict_type = self.import_from("typing", "Dict")
        text = (
            f"{name}: {dict_type}[{element}, int] = {{}}\n"
            f"for {item} in {self.code(items)}:\n"
            f"    {name}[{item}] = {name}.get({item}, 0) + 1\n"
        )
        body = list(cst.parse_module(text).body)
        body[0] = body[0].with_changes(leading_lines=line.leading_lines)
        edits: list[Replacement] = [(line, cst.FlattenSentinel(body))]
        for read in reads:
            key = self.code(read.slice[0].slice.value)  # type: ignore[attr-defined]
            edits.append((read, cst.parse_expression(f"{name}.get({key}, 0)")))
        return edits

    def _element_type(self, items: cst.BaseExpression, function: cst.FunctionDef) -> Optional[str]:
        """``T`` of ``items`` annotated ``List[T]`` (a parameter or a class's attribute)."""
        annotation = declared_annotation(self, items, function)
        if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 1:
            return None
        if self.ctx.qualified_name(annotation.value) not in ("typing.List", "builtins.list"):
            return None
        inner = annotation.slice[0].slice
        if not isinstance(inner, cst.Index) or not isinstance(
            inner.value, (cst.Name, cst.Attribute)
        ):
            return None
        return self.code(inner.value)

    def _key_reads(
        self, function: cst.FunctionDef, name: str, target: cst.Name
    ) -> Optional[list[cst.Subscript]]:
        """The ``name[key]`` reads; None where ``name`` is bound again or used otherwise."""
        reads: list[cst.Subscript] = []
        allowed: set[int] = {id(target)}
        bad = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal bad
            if isinstance(node, (cst.Lambda, cst.FunctionDef)) and node is not function:
                return False
            if isinstance(node, cst.Subscript) and _is_name(node.value, name):
                if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
                    bad = True
                    return None
                parent = self.parent(node)
                if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.Del)):
                    bad = True
                reads.append(node)
                allowed.add(id(node.value))
            elif isinstance(node, cst.Attribute) and _is_name(node.value, name):
                call = self.parent(node)
                if node.attr.value in READ_METHODS and isinstance(call, cst.Call) and not call.args:
                    allowed.add(id(node.value))
            elif isinstance(node, cst.ComparisonTarget) and _is_name(node.comparator, name):
                if isinstance(node.operator, (cst.In, cst.NotIn)):
                    allowed.add(id(node.comparator))
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
                if (
                    node.func.value == "len"
                    and len(node.args) == 1
                    and _is_name(node.args[0].value, name)
                ):
                    allowed.add(id(node.args[0].value))
            elif isinstance(node, (cst.For, cst.CompFor)) and _is_name(node.iter, name):
                allowed.add(id(node.iter))
            elif isinstance(node, cst.Name) and node.value == name and id(node) not in allowed:
                bad = True
            return None

        walk(function, enter, lambda node: None)
        return None if bad else reads


def _is_name(node: cst.CSTNode, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name
