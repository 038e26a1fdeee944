"""TL402: a Python loop over a tensor's rows with a known batched form -> the batched op (unsafe).

Per-row expressions ``E(row)`` are rewritten only when they are elementwise math (arithmetic,
``row.exp()``, ``torch.sigmoid(row)``, ``F.relu(row)``, ...) of the row, number literals,
constants and other tensors, so ``E(x)`` computes every row at once:

- ``sum(E(x[i]) for i in range(len(x)))`` / ``sum(E(row) for row in x)`` / ``sum(x)`` ->
  ``E(x).sum(0)``;
- ``for i in range(x.size(0)): acc += E(x[i])`` (or ``for row in x:``) -> ``acc += E(x).sum(0)``;
- ``rows = []`` + ``for row in x: rows.append(E(row))`` + ``torch.stack(rows)`` ->
  ``rows = E(x)`` and ``rows`` where the stack was (the list used nowhere else).

The loop variable must not be used outside the loop. Unsafe: floating-point sums are added in
another order (last-bit differences), integer sums come out as int64, an empty tensor gives a
zero tensor where Python's ``sum`` gave ``0`` and ``torch.stack`` raised, and another tensor in
``E`` must broadcast against one row the way it broadcasts against ``x`` (true when it has no more
dimensions than a row).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import scope_of, variable_uses
from ._tensor_exprs import (
    ARITHMETIC,
    ELEMENTWISE,
    ELEMENTWISE_NN,
    has_comments,
    is_number,
    siblings,
    single_small_statement,
)

STACKS = ("torch.stack",)
ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript)


class _Substitute(cst.CSTTransformer):
    def __init__(self, targets: set[int], replacement: cst.BaseExpression) -> None:
        super().__init__()
        self.targets = targets
        self.replacement = replacement

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        return self.replacement if id(original_node) in self.targets else updated_node


class BatchTinyTensorLoop(Fixer):
    codes = ("TL402",)
    applicability = "unsafe"
    message = "compute all rows in one batched op"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Call):
            return self._python_sum(node)
        if isinstance(node, cst.For):
            return self._loop(node)
        return None

    # -- kinds in graph and driver code ----------------------------------------------------
    def _kind(self, expr: cst.BaseExpression) -> Kind:
        kind = self.kind(expr)
        if kind == Kind.UNKNOWN:
            kind = self.ctx.driver.kind(expr, self.enclosing_function(expr))
        return kind

    # -- the shapes of code ----------------------------------------------------------------
    def _python_sum(self, call: cst.Call) -> Optional[list[Replacement]]:
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        if self.ctx.qualified_name(call.func) != "builtins.sum":
            return None
        argument = call.args[0].value
        if isinstance(argument, (cst.GeneratorExp, cst.ListComp)):
            for_in = argument.for_in
            if for_in.inner_for_in is not None or for_in.ifs or for_in.asynchronous:
                return None
            batched = self._batched(for_in.iter, for_in.target, argument.elt, argument)
        elif self._kind(argument) == Kind.TENSOR:
            batched = self.code(argument)
            if not isinstance(argument, ATOMS):
                batched = f"({batched})"
        else:
            return None
        if batched is None or has_comments(call):
            return None
        return [(call, f"{batched}.sum(0)")]

    def _loop(self, loop: cst.For) -> Optional[list[Replacement]]:
        if loop.orelse is not None or loop.asynchronous or has_comments(loop, leading=False):
            return None
        statement = single_small_statement(loop.body)
        if isinstance(statement, cst.AugAssign) and isinstance(statement.operator, cst.AddAssign):
            target = statement.target
            if not isinstance(target, cst.Name) or any(
                n.value == target.value for n in _names(statement.value)
            ):
                return None
            batched = self._batched(loop.iter, loop.target, statement.value, loop)
            if batched is None:
                return None
            return [(loop, f"{target.value} += {batched}.sum(0)")]
        if isinstance(statement, cst.Expr):
            return self._append_then_stack(loop, statement.value)
        return None

    def _append_then_stack(
        self, loop: cst.For, value: cst.BaseExpression
    ) -> Optional[list[Replacement]]:
        if not (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "append"
            and isinstance(value.func.value, cst.Name)
            and len(value.args) == 1
            and value.args[0].keyword is None
            and not value.args[0].star
        ):
            return None
        rows = value.func.value.value
        block = siblings(self, loop)
        if block is None:
            return None
        creation = self._empty_list_before(block, loop, rows)
        if creation is None:
            return None
        uses = variable_uses(self, scope_of(self, loop), rows)
        stacks = [use for use in uses if self._stacked(use)]
        # Three uses in all: the empty list, the append, the stack.
        if len(uses) != 3 or len(stacks) != 1:
            return None
        batched = self._batched(loop.iter, loop.target, value.args[0].value, loop)
        if batched is None:
            return None
        stack_call = self.parent(self.parent(stacks[0]))
        assert isinstance(stack_call, cst.Call)
        return [
            (creation, cst.RemovalSentinel.REMOVE),
            (loop, f"{rows} = {strip_outer_parens(batched)}"),
            (stack_call, rows),
        ]

    def _empty_list_before(
        self, block: list[cst.BaseStatement], loop: cst.For, name: str
    ) -> Optional[cst.SimpleStatementLine]:
        """The ``name = []`` line in the loop's block, before the loop."""
        for stmt in block:
            if stmt is loop:
                return None
            if (
                isinstance(stmt, cst.SimpleStatementLine)
                and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.Assign)
                and len(stmt.body[0].targets) == 1
                and isinstance(stmt.body[0].targets[0].target, cst.Name)
                and stmt.body[0].targets[0].target.value == name
                and isinstance(stmt.body[0].value, cst.List)
                and not stmt.body[0].value.elements
                and not has_comments(stmt)
            ):
                return stmt
        return None

    def _stacked(self, use: cst.Name) -> bool:
        """``torch.stack(use)`` / ``torch.stack(use, 0)`` / ``torch.stack(use, dim=0)``."""
        arg = self.parent(use)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in STACKS:
            return False
        if call.args[0] is not arg or arg.keyword is not None or arg.star:
            return False
        rest = call.args[1:]
        if not rest:
            return True
        if len(rest) != 1 or rest[0].star:
            return False
        keyword = rest[0].keyword
        value = rest[0].value
        return (keyword is None or keyword.value == "dim") and (
            isinstance(value, cst.Integer) and value.value == "0"
        )

    # -- the batched expression ------------------------------------------------------------
    def _batched(
        self,
        iterable: cst.BaseExpression,
        target: cst.BaseExpression,
        element: cst.BaseExpression,
        loop: cst.CSTNode,
    ) -> Optional[str]:
        """``E(x)`` for a per-row ``E(row)``, or None when it is not surely elementwise."""
        if not isinstance(target, cst.Name):
            return None
        variable = target.value
        tensor = self._range_tensor(iterable)
        if tensor is None and self._kind(iterable) == Kind.TENSOR:
            tensor = iterable
        if tensor is None:
            return None
        tensor_text = self.code(tensor.with_changes(lpar=(), rpar=()))
        indexed = tensor is not iterable  # ``range(len(x))``: rows are ``x[i]``
        rows: set[int] = set()
        for name in _names(element):
            if name.value != variable:
                continue
            if indexed:
                row = self._row_subscript(name, tensor_text)
                if row is None:
                    return None
                rows.add(id(row))
            else:
                rows.add(id(name))
        if not rows or not self._elementwise(element, rows, (variable, tensor_text)):
            return None
        # The loop variable is read nowhere but in the element.
        loop_span = {id(n) for n in _names(loop)}
        for use in variable_uses(self, scope_of(self, loop), variable):
            if id(use) not in loop_span:
                return None
        replacement = cst.parse_expression(
            tensor_text if isinstance(tensor, ATOMS) else f"({tensor_text})"
        )
        batched = element.visit(_Substitute(rows, replacement))
        text = self.code(batched)
        return text if isinstance(batched, ATOMS) and not batched.lpar else f"({text})"

    def _range_tensor(self, iterable: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``range(x.size(0))``, ``range(len(x))``, ``range(x.shape[0])``: the tensor ``x``."""
        if not (
            isinstance(iterable, cst.Call)
            and self.ctx.qualified_name(iterable.func) == "builtins.range"
            and len(iterable.args) == 1
        ):
            return None
        stop = iterable.args[0].value
        tensor: Optional[cst.BaseExpression] = None
        if (
            isinstance(stop, cst.Call)
            and isinstance(stop.func, cst.Attribute)
            and stop.func.attr.value == "size"
            and len(stop.args) == 1
            and isinstance(stop.args[0].value, cst.Integer)
            and stop.args[0].value.value == "0"
        ):
            tensor = stop.func.value
        elif (
            isinstance(stop, cst.Subscript)
            and isinstance(stop.value, cst.Attribute)
            and stop.value.attr.value == "shape"
            and len(stop.slice) == 1
            and isinstance(stop.slice[0].slice, cst.Index)
            and isinstance(stop.slice[0].slice.value, cst.Integer)
            and stop.slice[0].slice.value.value == "0"
        ):
            tensor = stop.value.value
        elif (
            isinstance(stop, cst.Call)
            and self.ctx.qualified_name(stop.func) == "builtins.len"
            and len(stop.args) == 1
        ):
            tensor = stop.args[0].value
        if tensor is not None and self._kind(tensor) == Kind.TENSOR:
            return tensor
        return None

    def _row_subscript(self, name: cst.Name, tensor_text: str) -> Optional[cst.Subscript]:
        """The ``x[i]`` around a use of the loop index ``i``, or None."""
        index = self.parent(name)
        element = self.parent(index) if isinstance(index, cst.Index) else None
        subscript = self.parent(element) if isinstance(element, cst.SubscriptElement) else None
        if (
            isinstance(subscript, cst.Subscript)
            and len(subscript.slice) == 1
            and self.code(subscript.value.with_changes(lpar=(), rpar=())) == tensor_text
        ):
            return subscript
        return None

    def _elementwise(
        self, expr: cst.BaseExpression, rows: set[int], excluded: tuple[str, str]
    ) -> bool:
        """Whether ``expr`` is elementwise math over the rows, numbers, constants and tensors.

        ``excluded``: the loop variable and the iterated tensor, which may appear only as rows
        (the whole tensor next to one row broadcasts differently than next to all rows)."""
        if id(expr) in rows:
            return True
        if is_number(expr):
            return True
        if isinstance(expr, cst.BinaryOperation):
            return (
                isinstance(expr.operator, ARITHMETIC)
                and self._elementwise(expr.left, rows, excluded)
                and self._elementwise(expr.right, rows, excluded)
            )
        if isinstance(expr, cst.UnaryOperation):
            return isinstance(expr.operator, (cst.Minus, cst.Plus)) and self._elementwise(
                expr.expression, rows, excluded
            )
        if isinstance(expr, cst.Call):
            return self._elementwise_call(expr, rows, excluded)
        if isinstance(expr, (cst.Name, cst.Attribute)):
            variable, tensor_text = excluded
            if any(n.value == variable for n in _names(expr)) or self.code(expr) == tensor_text:
                return False
            return self._kind(expr) in (Kind.TENSOR, Kind.CONST)
        return False

    def _elementwise_call(self, call: cst.Call, rows: set[int], excluded: tuple[str, str]) -> bool:
        func = call.func
        name = self.ctx.qualified_name(func) or ""
        if name in ELEMENTWISE_NN or (
            name.startswith("torch.") and name[len("torch.") :] in ELEMENTWISE
        ):
            operands = [arg.value for arg in call.args]
        elif isinstance(func, cst.Attribute) and func.attr.value in ELEMENTWISE:
            operands = [func.value, *(arg.value for arg in call.args)]
        else:
            return False
        if any(arg.star for arg in call.args):
            return False
        return all(self._elementwise(operand, rows, excluded) for operand in operands)


def _names(node: cst.CSTNode) -> list[cst.Name]:
    from ._shared import names_in

    return names_in(node)


def strip_outer_parens(text: str) -> str:
    expr = cst.parse_expression(text)
    if expr.lpar:
        return cst.Module(body=[]).code_for_node(expr.with_changes(lpar=(), rpar=()))
    return text
