"""TL204: a list comprehension with an ``if`` filter (or several ``for``) -> a loop (unsafe).

``parts = [m * 2 for m in masks if m is not None]`` becomes::

    parts: List[torch.Tensor] = []
    for m in masks:
        if m is not None:
            parts.append(m * 2)

TorchScript rejects comprehension filters and nested generators but compiles the loop; the
annotation gives the empty list the element type TorchScript needs (``List[int]`` for sizes
and dimensions). A comprehension that is the whole value of ``name = [...]`` on its own line
becomes the loop for ``name``; one inside another statement (``return x.sum([...])``) is built
first, in a list named ``selected``, which the statement then reads (not under ``and`` /
``or`` / a ternary, where it might not run). Only when its element is surely a tensor or an
int (a size, a rank or an int literal), and its filters test no size or tensor data (such a test specialises a trace in
both forms, but the linter flags it only in the loop: TL106 / TL101). The loop variables must
be used nowhere else in the function (a ``for`` binds them in the function's scope, where the
comprehension did not), and ``name`` not inside the comprehension.

Unsafe: the list is built by ``append`` instead of in one step (same elements, same order); the
loop variables now outlive the loop; a hoisted comprehension runs before the rest of its
statement.

A dict comprehension with a filter returned from a function annotated ``-> Dict[K, V]``
(``return {k: v.mean(0) for k, v in feats.items() if k != "depth"}``) becomes the loop that
fills ``selected: Dict[K, V] = {}`` (``selected[k] = v.mean(0)``), which is then returned: the
annotation is the dict's type in TorchScript (checked on torch 2.13: scripts, equals eager).
Unsafe for the same reasons (the dict is filled key by key, in the same order, the last value
of a repeated key kept either way). The same for a dict comprehension (with a filter or several
``for``) that is the whole value of ``name: Dict[K, V] = {...}`` on its own line: the loops fill
``name: Dict[K, V] = {}`` (checked on torch 2.13: two ``for`` and a filter, scripts, equals
eager).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import names_in, running_line, variable_uses
from ._tensor_exprs import has_comments

INT_KINDS = (Kind.SIZE, Kind.RANK)
# Values a filter must not test (see ``_filters_static``).
DYNAMIC_KINDS = (Kind.SIZE, Kind.SHAPE, Kind.DATA, Kind.TENSOR, Kind.NDARRAY)


def _target_names(target: cst.BaseExpression) -> Optional[list[str]]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        found: list[str] = []
        for element in target.elements:
            inner = _target_names(element.value)
            if inner is None or isinstance(element, cst.StarredElement):
                return None
            found += inner
        return found
    return None


class ComprehensionToLoop(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "build the list in a `for` loop"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        comp = diagnostic.node
        if not isinstance(comp, (cst.ListComp, cst.DictComp)) or has_comments(comp):
            return None
        line = running_line(self, comp)
        function = self.enclosing_function(comp)
        if line is None or function is None:
            return None
        assign = self.parent(comp)
        if isinstance(comp, cst.DictComp):
            declared = self._dict_type(comp, function)
            if declared is None:
                return None
        else:
            element = self._element_type(comp)
            if element is None:
                return None
            declared = f"{self.import_from('typing', 'List')}[{element}]"
        whole = (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and len(line.body) == 1
        )
        annotated = (
            isinstance(assign, cst.AnnAssign)
            and isinstance(assign.target, cst.Name)
            and len(line.body) == 1
        )
        if whole:
            name = assign.targets[0].target.value
        elif annotated:
            whole = True
            name = assign.target.value
            declared = self.code(assign.annotation.annotation)  # the type the author wrote
        else:
            taken = {n.value for n in names_in(function)}
            name, number = "selected", 2
            while name in taken:
                name, number = f"selected_{number}", number + 1
        if not self._names_stay_local(function, comp, name) or not self._filters_static(comp):
            return None
        text = f"{name}: {declared} = {'{}' if isinstance(comp, cst.DictComp) else '[]'}\n"
        depth = 0
        for_in: Optional[cst.CompFor] = comp.for_in
        while for_in is not None:
            pad = "    " * depth
            text += f"{pad}for {self.code(for_in.target)} in {self.code(for_in.iter)}:\n"
            depth += 1
            for test in for_in.ifs:
                text += f"{'    ' * depth}if {self.code(test.test)}:\n"
                depth += 1
            for_in = for_in.inner_for_in
        if isinstance(comp, cst.DictComp):
            text += f"{'    ' * depth}{name}[{self.code(comp.key)}] = {self.code(comp.value)}\n"
        else:
            text += f"{'    ' * depth}{name}.append({self.code(comp.elt)})\n"
        body = list(cst.parse_module(text).body)
        body[0] = body[0].with_changes(leading_lines=line.leading_lines)
        if not whole:  # the statement stays, reading the list built before it
            rest = line.deep_replace(comp, cst.Name(name))
            body.append(rest.with_changes(leading_lines=()))
        return [(line, cst.FlattenSentinel(body))]

    def _dict_type(self, comp: cst.DictComp, function: cst.FunctionDef) -> Optional[str]:
        """The ``Dict[K, V]`` a dict comprehension is declared as: it is the whole value of a
        ``return`` in a function annotated ``-> Dict[K, V]`` (or ``dict[K, V]``), or of
        ``name: Dict[K, V] = {...}``."""
        parent = self.parent(comp)
        if isinstance(parent, cst.AnnAssign) and isinstance(parent.target, cst.Name):
            annotation = parent.annotation.annotation
        elif not isinstance(parent, cst.Return) or function.returns is None:
            return None
        else:
            annotation = function.returns.annotation
        if not (
            isinstance(annotation, cst.Subscript)
            and len(annotation.slice) == 2
            and self.ctx.qualified_name(annotation.value) in ("typing.Dict", "builtins.dict")
        ):
            return None
        return self.code(annotation)

    def _element_type(self, comp: cst.ListComp) -> Optional[str]:
        if isinstance(comp.elt, cst.Integer):
            return "int"
        kind = self.kind(comp.elt)
        if kind is Kind.TENSOR:
            return f"{self.import_module('torch')}.Tensor"
        return "int" if kind in INT_KINDS else None

    def _filters_static(self, comp: cst.BaseComp) -> bool:
        """No filter tests a size or tensor data: such a test specialises a trace either way,
        but only in a loop does the linter see it (TL106 / TL101), and a fix must not bring
        findings."""
        for_in: Optional[cst.CompFor] = comp.for_in
        while for_in is not None:
            if any(self._dynamic(test.test) for test in for_in.ifs):
                return False
            for_in = for_in.inner_for_in
        return True

    def _dynamic(self, test: cst.BaseExpression) -> bool:
        if isinstance(test, cst.BooleanOperation):
            return self._dynamic(test.left) or self._dynamic(test.right)
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self._dynamic(test.expression)
        if isinstance(test, cst.Comparison):
            if all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in test.comparisons):
                return False  # `t is not None`: no value read
            operands = [test.left, *(c.comparator for c in test.comparisons)]
            return any(self.kind(operand) in DYNAMIC_KINDS for operand in operands)
        return self.kind(test) in DYNAMIC_KINDS

    def _names_stay_local(self, function: cst.FunctionDef, comp: cst.BaseComp, name: str) -> bool:
        """The comprehension's variables are used only inside it, and ``name`` is not."""
        inside = {id(n) for n in names_in(comp)}
        if any(n.value == name for n in names_in(comp)):
            return False
        for_in: Optional[cst.CompFor] = comp.for_in
        while for_in is not None:
            bound = _target_names(for_in.target)
            if bound is None:
                return False
            for variable in bound:
                if any(id(u) not in inside for u in variable_uses(self, function, variable)):
                    return False
            for_in = for_in.inner_for_in
        return True
