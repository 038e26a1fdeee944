"""TL209: ``sum(terms, start)`` with a tensor start -> the additions Python's ``sum`` makes, in a
loop before the statement (unsafe).

TorchScript's ``sum`` takes no start value (torch 2.13: "Arguments for call are not valid"),
and no list of tensors either, but it compiles a ``for`` loop over a list. Python's ``sum(it,
start)`` is ``start + it[0] + it[1] + ...``, added left to right; the loop makes the same
additions in the same order::

    total = torch.zeros(())
    for term in terms:
        total = total + term
    return total / sum(self.weights)

(checked on torch 2.13: scripts, equals eager bit for bit). Only for a start TorchScript types
as a tensor (``total`` stays a tensor when numbers or tensors are added), on a line of an
indented block that runs the call every time (not under ``and`` / ``or`` / a ternary, in a
lambda or a comprehension).

The same for ``sum(xs)`` of a list or tuple of tensors held in a name (or ``self.<attr>``):
``total = 0 + xs[0]`` and the loop over ``xs[1:]``, the additions Python's ``sum`` makes from
its start 0 (``0 + xs[0]`` too: a new tensor, a bool one promoted as in eager).

The same for ``sum(groups, [])`` (flattening lists), where ``groups`` is a name or
``self.<attr>`` annotated ``List[List[T]]`` (a parameter, the class body, or ``self.groups:
List[List[int]] = ...`` in a method): ``total: List[T] = []`` and ``total = total + term`` in
the loop, the concatenations Python's ``sum`` makes, in the same order (each a new list, as
in eager); the annotation gives the empty list the element type TorchScript needs (checked on
torch 2.13: scripts, equals eager).

Unsafe: an empty ``xs`` summed to 0 in eager and raises IndexError now; the sum now runs
before the rest of its statement (what the statement computes before
the call runs after it), and the two new names (``total``, ``term``, numbered where taken)
stay bound after the loop.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import fresh_name, plain_reference, running_line, self_attribute_of_class
from ._tensor_exprs import has_comments


class SumStartToLoop(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "add the terms in a loop (TorchScript's `sum` takes no start and no tensors)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "`sum(...)` of a list or tuple of tensors" in diagnostic.message:
            return self._no_start(diagnostic)
        call = diagnostic.node
        if (
            "`sum(xs, start)` with a start value" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.sum"
            or len(call.args) != 2
            or has_comments(call)
        ):
            return None
        items, start = call.args
        if (
            items.keyword is not None
            or items.star
            or start.star
            or (start.keyword is not None and start.keyword.value != "start")
        ):
            return None
        if isinstance(start.value, cst.List) and not start.value.elements:
            return self._list_start(call, items.value)
        if self.kind(start.value) is not Kind.TENSOR:
            return None
        return self._loop(call, self.code(start.value), self.code(items.value))

    def _list_start(self, call: cst.Call, items: cst.BaseExpression) -> Optional[list[Replacement]]:
        """``sum(groups, [])`` of lists: ``total: List[T] = []`` and ``total = total + term``
        in the loop, where ``groups`` is a name or ``self.<attr>`` annotated ``List[List[T]]``
        (the annotation gives the empty list TorchScript's element type)."""
        if not plain_reference(items):
            return None
        inner = self._inner_list_type(items)
        if inner is None:
            return None
        return self._loop(call, "[]", self.code(items), annotation=inner)

    def _inner_list_type(self, items: cst.BaseExpression) -> Optional[str]:
        """``List[T]`` of ``items`` annotated ``List[List[T]]``: a parameter of the function,
        or ``self.<attr>`` annotated in the class body or in a method (``self.groups:
        List[List[int]] = ...``)."""
        annotation = declared_annotation(self, items, self.enclosing_function(items))
        if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 1:
            return None
        outer = annotation.value
        inner = annotation.slice[0].slice
        if not isinstance(inner, cst.Index) or not isinstance(inner.value, cst.Subscript):
            return None
        lists = ("typing.List", "builtins.list")
        if self.ctx.qualified_name(outer) not in lists:
            return None
        if self.ctx.qualified_name(inner.value.value) not in lists:
            return None
        return self.code(inner.value)

    def _no_start(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        """``sum(xs)`` of a list or tuple of tensors, ``xs`` a name or ``self.<attr>``:
        ``0 + xs[0]``, then the rest added in a loop (Python's ``sum`` starts from 0)."""
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.sum"
            or len(call.args) != 1
            or call.args[0].keyword is not None
            or call.args[0].star
            or has_comments(call)
        ):
            return None
        items = call.args[0].value
        if not plain_reference(items):
            return None
        spelled = self.code(items)
        return self._loop(call, f"0 + {spelled}[0]", f"{spelled}[1:]")

    def _loop(
        self, call: cst.Call, start: str, items: str, annotation: str = ""
    ) -> Optional[list[Replacement]]:
        line = running_line(self, call)
        if line is None or len(line.body) != 1:
            return None
        total = fresh_name(self, call, "total")
        term = fresh_name(self, call, "term", taken={total})
        typed = f"{total}: {annotation}" if annotation else total
        text = f"{typed} = {start}\nfor {term} in {items}:\n    {total} = {total} + {term}\n"
        body = list(cst.parse_module(text).body)
        body[0] = body[0].with_changes(leading_lines=line.leading_lines)
        rest = line.deep_replace(call, cst.Name(total))
        body.append(rest.with_changes(leading_lines=()))
        return [(line, cst.FlattenSentinel(body))]


def declared_annotation(
    fixer: Fixer, items: cst.BaseExpression, function: Optional[cst.FunctionDef]
) -> Optional[cst.BaseExpression]:
    """The annotation ``items`` is declared with: a parameter of ``function`` by its name, or
    ``self.<attr>`` by its class (see ``attribute_annotation``)."""
    if isinstance(items, cst.Name):
        if function is None:
            return None
        params = [*function.params.params, *function.params.kwonly_params]
        param = next((p for p in params if p.name.value == items.value), None)
        return param.annotation.annotation if param and param.annotation else None
    found = self_attribute_of_class(fixer, items)
    return attribute_annotation(*found) if found is not None else None


def attribute_annotation(attr: str, cls: cst.ClassDef) -> Optional[cst.BaseExpression]:
    """The one annotation the class gives ``attr``: ``attr: T`` in its body or ``self.attr:
    T = ...`` in a method (None where there are none or several)."""
    found: list[cst.BaseExpression] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, cst.AnnAssign):
            target = node.target
            if isinstance(target, cst.Name) and target.value == attr:
                found.append(node.annotation.annotation)
            elif (
                isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == "self"
                and target.attr.value == attr
            ):
                found.append(node.annotation.annotation)
        return None

    walk(cls.body, enter, lambda node: None)
    return found[0] if len(found) == 1 else None
