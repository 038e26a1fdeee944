"""TL107: the size of a selection used only as a count -> ``torch.count_nonzero(mask)`` (unsafe).

The number of rows of ``m.nonzero()`` (``torch.nonzero(m)``, ``torch.argwhere(m)``,
``m.argwhere()``), of each tensor of ``torch.where(m)`` / ``torch.nonzero(m, as_tuple=True)``,
and of ``x[m]`` for a boolean mask ``m`` is the number of nonzero elements of ``m``, whatever
its shape. ``torch.count_nonzero(m)`` computes that number as a 0-d int64 tensor, without the
tensor of data-dependent size. Rewritten (torch 2.13: the results compile with
``fullgraph=True`` and export, eager outputs equal):

- an ``if`` / ternary testing the count, ``len(sel) == 0``, ``sel.shape[0] > k``,
  ``sel.size(0) != n``, ``sel.numel() == 0`` (``nonzero``'s result is ``(count, m.dim())``, so
  its ``numel`` is taken only against 0), or ``not`` of one, where ``sel`` is the selection
  itself or a name bound once to it: the test becomes ``torch.count_nonzero(m) == 0``, and the
  branches a ``torch.where`` selection (or an early ``return`` of one) exactly as TL101's fix
  rewrites a test on a boolean tensor (``if m.nonzero().numel() == 0: return a`` + ``return
  b`` -> ``return torch.where(torch.count_nonzero(m) == 0, a, b)``);
- on the finding at the selection, ``n = len(torch.nonzero(m))`` (``.shape[0]``,
  ``.size(0)``) where every use of ``n`` takes a 0-d tensor: ``n = torch.count_nonzero(m)``
  (as TL107's fix at those uses does; ``max(n, 1)`` becomes ``n.clamp(min=1)``).

Unsafe: those of TL101's ``torch.where`` fix (both branches run, for every input), and a count
kept as a tensor is int64 where it was a Python int (a Python float divided by it becomes a
float32 tensor). Where the selection is used for something else as well, only the count is
rewritten: the selection and its own findings stay; a selection bound to a name is taken only
where every read of the name is counted (``if len(hits): data = data[: hits[0]]`` is left
alone: the branch needs the guard), and its binding is removed with the one count that reads
it. ``x[m]`` is taken only for ``len`` /
``shape[0]`` / ``size(0)`` of a surely boolean mask (an integer index selects rows by value);
``torch.masked_select(x, m)`` is left alone (it counts the broadcast of ``x`` and ``m``); so
are counts whose mask reads a name bound more than once in the function (the mask at the
count might not be the mask of the selection).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Replacement
from torchlint.lint.graph_queries import COMPARISON_OPERATORS, assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import variables_read
from ._tensor_exprs import is_bool_tensor, name_reads
from .scalar_to_tensor import SelectionCountToTensor, _Flow
from .tensor_condition import TensorConditionToWhere, whole_test

# Counts measured on a selection: how the size is read.
ROWS, ELEMENTS = "rows", "elements"


class _SelectionCount:
    """Reading a count of a selection back to its mask (a mixin of Fixers)."""

    _dead: list[cst.SimpleStatementLine]  # bindings of selections only counted

    # -- the count ---------------------------------------------------------------------------
    def _measured(self, selection: cst.BaseExpression) -> Optional[tuple[cst.CSTNode, str]]:
        """``(count, how)`` for the count of ``selection`` (``len(sel)``, ``sel.shape[0]``,
        ``sel.size(0)``: rows; ``sel.numel()`` / ``sel.nelement()``: elements)."""
        parent = self.parent(selection)
        if isinstance(parent, cst.Arg) and parent.value is selection and not parent.keyword:
            call = self.parent(parent)
            if (
                isinstance(call, cst.Call)
                and len(call.args) == 1
                and self.ctx.qualified_name(call.func) == "builtins.len"
            ):
                return call, ROWS
            return None
        if not isinstance(parent, cst.Attribute) or parent.value is not selection:
            return None
        outer = self.parent(parent)
        attr = parent.attr.value
        if attr == "shape" and isinstance(outer, cst.Subscript) and _single_zero(outer.slice):
            return outer, ROWS
        if isinstance(outer, cst.Call) and outer.func is parent:
            if attr == "size" and len(outer.args) == 1 and _is_zero(outer.args[0].value):
                return outer, ROWS
            if attr in ("numel", "nelement") and not outer.args:
                return outer, ELEMENTS
        return None

    def _mask(self, selection: cst.BaseExpression, how: str, function) -> Optional[str]:
        """The mask whose nonzero count is the count of ``selection`` measured so."""
        if isinstance(selection, cst.Name) and function is not None:
            bound = assignments(function, selection.value)
            if len(bound) != 1 or bound[0][2] != 1:
                return None
            value = bound[0][0]
            mask = self._mask(value, how, None)
            if mask is None or not self._unchanged(value, function):
                return None
            return mask
        # ``torch.where(m)[i]`` / ``torch.nonzero(m, as_tuple=True)[i]``: one index per element.
        if isinstance(selection, cst.Subscript) and len(selection.slice) == 1:
            index = selection.slice[0].slice
            inner = selection.value
            if isinstance(index, cst.Index) and isinstance(index.value, cst.Integer):
                mask = self._tuple_selection(inner)
                if mask is not None:
                    return mask
            # ``x[m]`` of a boolean mask: one row per selected element.
            if (
                how == ROWS
                and isinstance(index, cst.Index)
                and index.star is None
                and self.kind(inner) == Kind.TENSOR
                and is_bool_tensor(self, index.value)
            ):
                return self.code(index.value.with_changes(lpar=(), rpar=()))
            return None
        if not isinstance(selection, cst.Call) or any(a.star for a in selection.args):
            return None
        name = self.ctx.qualified_name(selection.func)
        positional = [a for a in selection.args if a.keyword is None]
        if len(selection.args) != len(positional):
            return None
        if name in ("torch.nonzero", "torch.argwhere") and len(positional) == 1:
            mask = positional[0].value
        elif (
            isinstance(selection.func, cst.Attribute)
            and selection.func.attr.value in ("nonzero", "argwhere")
            and not selection.args
        ):
            mask = selection.func.value
        else:
            return None
        if self.kind(mask) != Kind.TENSOR:
            return None
        # ``numel`` of a (count, m.dim()) result is 0 exactly when the count is (checked by
        # the comparison).
        return self.code(mask.with_changes(lpar=(), rpar=()))

    def _tuple_selection(self, expr: cst.BaseExpression) -> Optional[str]:
        """``m`` of ``torch.where(m)`` / ``torch.nonzero(m, as_tuple=True)`` /
        ``m.nonzero(as_tuple=True)``."""
        if not isinstance(expr, cst.Call) or any(a.star for a in expr.args):
            return None
        name = self.ctx.qualified_name(expr.func)
        positional = [a.value for a in expr.args if a.keyword is None]
        keywords = {a.keyword.value: a.value for a in expr.args if a.keyword is not None}
        mask: Optional[cst.BaseExpression] = None
        if name == "torch.where" and len(expr.args) == 1 and positional:
            mask = positional[0]
        as_tuple = keywords.get("as_tuple")
        tuple_kw = isinstance(as_tuple, cst.Name) and as_tuple.value == "True"
        if name == "torch.nonzero" and len(positional) == 1 and tuple_kw and len(keywords) == 1:
            mask = positional[0]
        if (
            isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "nonzero"
            and not positional
            and tuple_kw
            and len(keywords) == 1
        ):
            mask = expr.func.value
        if mask is None or self.kind(mask) != Kind.TENSOR:
            return None
        return self.code(mask.with_changes(lpar=(), rpar=()))

    def _unchanged(self, value: cst.CSTNode, function: cst.FunctionDef) -> bool:
        """Every name ``value`` reads is bound at most once in ``function`` (so the mask at
        the count is the mask of the selection)."""
        names = {n.value for n in variables_read(value)}
        return all(len(assignments(function, n)) <= 1 for n in names)

    # -- the test ------------------------------------------------------------------------------
    def _count_test(self, comparison: cst.BaseExpression) -> Optional[str]:
        """``torch.count_nonzero(m) OP k`` for a comparison of the count of a selection of
        ``m`` with a number (None: not one)."""
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        target = comparison.comparisons[0]
        if not isinstance(target.operator, COMPARISON_OPERATORS):
            return None
        function = self.enclosing_function(comparison)
        pairs = ((comparison.left, target.comparator), (target.comparator, comparison.left))
        for side, other in pairs:
            found = self._count_of(side, function)
            if found is None:
                continue
            mask, how = found
            if how == ELEMENTS and not _is_zero(other):
                return None
            if self.kind(other) in (Kind.TENSOR, Kind.TENSORS, Kind.DATA, Kind.NDARRAY):
                return None
            torch = self.import_module("torch")
            count = cst.parse_expression(f"{torch}.count_nonzero({mask})")
            new = comparison.deep_replace(side, count)
            return self.code(new.with_changes(lpar=(), rpar=()))
        return None

    def _count_of(self, expr: cst.BaseExpression, function) -> Optional[tuple[str, str]]:
        """``(mask, how)`` when ``expr`` measures a selection of ``mask``."""
        selection: Optional[cst.BaseExpression] = None
        how = ROWS
        if isinstance(expr, cst.Call) and self.ctx.qualified_name(expr.func) == "builtins.len":
            if len(expr.args) == 1 and not expr.args[0].keyword and not expr.args[0].star:
                selection = expr.args[0].value
        elif isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Attribute):
            if expr.value.attr.value == "shape" and _single_zero(expr.slice):
                selection = expr.value.value
        elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            attr = expr.func.attr.value
            if attr == "size" and len(expr.args) == 1 and _is_zero(expr.args[0].value):
                selection = expr.func.value
            elif attr in ("numel", "nelement") and not expr.args:
                selection, how = expr.func.value, ELEMENTS
        if selection is None:
            return None
        if isinstance(selection, cst.Name) and function is not None:
            # Only counted: code reading the selection itself may need the guard (``hits[0]``
            # of an empty selection raises), which a ``torch.where`` would run for every input.
            reads = name_reads(function, selection.value)
            if not all(isinstance(r, cst.Name) and self._measured(r) for r in reads):
                return None
        mask = self._mask(selection, how, function)
        if mask is None:
            return None
        if isinstance(selection, cst.Name) and function is not None and len(reads) == 1:
            # Counted here only: the selection's binding goes with it (it would still make
            # the tensor of data-dependent size).
            value = assignments(function, selection.value)[0][0]
            assign = self.parent(value)
            line = self.parent(assign) if isinstance(assign, cst.Assign) else None
            if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
                getattr(self, "_dead", []).append(line)
        return mask, how


class SelectionCountTestToWhere(_SelectionCount, TensorConditionToWhere):
    """TL107 at a test of the count of a selection (or at the selection it measures):
    ``torch.count_nonzero(mask)`` tested, branches selected with ``torch.where`` (see the
    module docstring)."""

    codes = ("TL107",)
    message = (
        "test `torch.count_nonzero(mask)` and select with `torch.where` instead of branching on "
        "the size of the selection"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BaseExpression):
            return None
        comparison: Optional[cst.CSTNode] = node
        if not isinstance(node, cst.Comparison):
            found = self._measured(node)
            comparison = self.parent(found[0]) if found is not None else None
            if isinstance(comparison, cst.ComparisonTarget):
                comparison = self.parent(comparison)
        self._dead: list[cst.SimpleStatementLine] = []
        if not isinstance(comparison, cst.Comparison) or self._count_test(comparison) is None:
            return None
        test = whole_test(self, comparison)
        owner = self.parent(test)
        self._bindings: dict[int, Replacement] = {}
        self._taken: set[str] = set()
        if isinstance(owner, cst.IfExp) and owner.test is test:
            found_rewrite = self._ternary(owner)
        elif isinstance(owner, cst.If) and owner.test is test:
            found_rewrite = self._if(owner, allow_cond="trace" not in diagnostic.targets)
        else:
            return None
        if not found_rewrite:
            return None
        lines = {id(line): line for line in self._dead}.values()  # the test is read twice
        dead = [(line, cst.RemovalSentinel.REMOVE) for line in lines]
        return found_rewrite + list(self._bindings.values()) + dead

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        """The count test (``not`` of it too), else what TL101's fix reads."""
        inner, negations = test, 0
        while isinstance(inner, cst.UnaryOperation) and isinstance(inner.operator, cst.Not):
            inner, negations = inner.expression, negations + 1
        text = self._count_test(inner)
        if text is None:
            return super()._condition(test)
        torch = self.import_module("torch")
        for _ in range(negations):
            text = f"{torch}.logical_not({text})"
        return text


class SelectionCountToCountNonzero(_SelectionCount, SelectionCountToTensor):
    """TL107 at ``n = len(torch.nonzero(m))`` (``.shape[0]``, ``.size(0)``) whose every use
    takes a 0-d tensor: ``n = torch.count_nonzero(m)`` (see the module docstring)."""

    codes = ("TL107",)

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        found = self._measured(node) if isinstance(node, cst.BaseExpression) else None
        if found is None or found[1] != ROWS:
            return None
        assign = self.parent(found[0])
        return self._bound_count(found[0], assign) if isinstance(assign, cst.Assign) else None

    def _bound_count(self, count: cst.CSTNode, assign: cst.Assign) -> Optional[list[Replacement]]:
        """``n = len(torch.nonzero(m))`` whose every use takes a 0-d tensor."""
        function = self.enclosing_function(assign)
        if function is None or len(assign.targets) != 1 or assign.value is not count:
            return None
        target = assign.targets[0].target
        mask = self._counted_mask(count) if isinstance(count, cst.BaseExpression) else None
        flow = _Flow()
        if (
            mask is None
            or not isinstance(target, cst.Name)
            or len(assignments(function, target.value)) != 1
            or not name_reads(function, target.value)
            or not self._uses_flow(target, function, flow, 0)
        ):
            return None
        torch = self.import_module("torch")
        new = cst.parse_expression(f"{torch}.count_nonzero({self.code(mask)})")
        return self._with_rewrites([(count, new)], flow)


def _is_zero(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Integer) and expr.value == "0"


def _single_zero(elements) -> bool:
    return (
        len(elements) == 1
        and isinstance(elements[0].slice, cst.Index)
        and _is_zero(elements[0].slice.value)
    )
