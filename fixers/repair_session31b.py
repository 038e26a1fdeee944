"""Repairs for export / trace findings torchlint reported without a fix (issue #23, session
31, b72 to b74; helper-283).

``SizeSelectAsArithmetic`` (TL106, safe) and ``SizeSelectAsArithmeticUnsafe`` (TL106,
unsafe): an int chosen by a test on sizes, ``v = a if c else b`` (or ``if c: v = a`` / ``else:
v = b``), ``min(a, b)`` or ``max(a, b)`` of ints one of which is a size -> ``b + (a - b) *
(c)``, whose test the tracer records (a 0-d bool tensor while tracing, a bool in eager and
TorchScript). A listwise ranker grouping its candidates into lists when they divide evenly, an
FNO layer keeping at most as many Fourier modes as the grid has.

``TolistRowMaxToAmax`` (TL104, unsafe): ``torch.tensor([max(row) for row in T.tolist()])`` ->
``T.detach().amax(-1)`` (``min`` -> ``amin``). A PatchCore-style anomaly score, the worst
patch's distance to the memory bank.

``LenOfSelectionToShape`` (TL107, safe): ``len(t)`` of a selection given as an argument ->
``t.shape[0]``, which export keeps symbolic. Passage scores merged per distinct document.

``IntOfDataToItemWider`` (TL102, unsafe): fixers/repair_session25.py's ``int(t)`` ->
``t.long().item()`` for export where the number sizes tensors through ``operator.add(v, 1)`` or
``torch.bincount(..., minlength=v)``. A segment mean over sorted graph ids, table rows counted
from a cumulative sum.

Left without a rewrite (the findings' messages say what to do by hand): sizes read from the data
where they go elsewhere than a new tensor's size (``int(covered.max()) + 1`` candidates as a
top-k, ``ceil(t1 / dt)`` steps, an adaptive step size accepted on ``float(err)``), a selection
refilled when too few survive, ``unique`` / ``nonzero`` counts, and under trace a reshape or a
stride chosen by a size (the two values have other shapes), a loop count from a size, a
per-sample convolution loop (a grouped convolution's ``groups`` is a constant in the trace), a
raise on tensor data (the trace drops ``torch._assert_async``) and a star-unpacked shape.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    self_attribute_of_class,
    set_once_in_init,
    single_assigned_name,
    variable_uses,
)
from ._tensor_exprs import is_number, shape_of_tensor, traced_size, traced_size_test
from .repair_session25 import IntOfDataToItem
from .repair_session30b import _one_store
from .tensor_condition import statement_comments

# -- TL106: an int chosen by a test on sizes -> arithmetic on the test ---------------------------

_INT_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)


class SizeSelectAsArithmetic(Fixer):
    """An int chosen by a test on sizes the tracer records::

        lists = n // self.k if n % self.k == 0 else 1      ->  lists = 1 + (n // self.k - 1) * (n % self.k == 0)
        modes = min(self.modes, n // 2 + 1)                 ->  modes = n // 2 + 1 + (self.modes - (n // 2 + 1)) * (self.modes < n // 2 + 1)

    (also ``if c: v = a`` + ``else: v = b`` with one name stored in both, and ``max``), taken
    where

    - the test is one comparison of sizes ``torch.jit.trace`` records (``x.shape[i]``,
      ``x.size(i)``, names unpacked from a shape, arithmetic of them) with ints or constants,
      as fixers/trace_size_branch.py reads it (``t % 2`` alone as ``t % 2 != 0``);
    - ``a`` and ``b`` are surely ints: int literals, sizes, and names bound only to them, under
      ``+ - * // %`` (the unsafe variant also takes ``self.X`` set once in ``__init__`` to an
      int literal or a parameter annotated ``int``, or with an int default); at least one of
      them is a size (so its uses met a 0-d tensor under trace already), neither holds a call
      other than the size reads, and where a branch of ``a if c else b`` divides, its divisor
      is a nonzero literal or divides in the test too (the test raised first).

    Eager and TorchScript: with ints, ``b + (a - b) * True`` is ``a`` and ``b + (a - b) *
    False`` is ``b`` exactly (a bool multiplies as 0 or 1, and the result is an int; ``min``
    returns the smaller int, the one the test picks), so every value is as before.
    torch.jit.trace (checked on torch 2.13, tests/test_s31_repair_b.py) records the test and
    the arithmetic on the sizes, where it baked in the branch the example input took;
    torch.compile and torch.export compute the same ints (export's dynamic shapes fail for
    both forms alike)."""

    codes = ("TL106",)
    applicability = "safe"
    message = (
        "write the choice as `b + (a - b) * (test)`, integer arithmetic on the sizes that "
        "torch.jit.trace records (the same ints in eager and TorchScript)"
    )
    attributes = False  # whether `self.X` set to an int in __init__ counts as an int

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BaseExpression):
            return None
        if isinstance(node, cst.Call):
            return self._min_max(node)
        owner = self.parent(node)
        if isinstance(owner, cst.IfExp) and owner.test is node:
            if self._divides_outside(node, (owner.body, owner.orelse)):
                return None
            text = self._select(node, owner.body, owner.orelse)
            if text is None:
                return None
            return [
                (owner, cst.parse_expression(text).with_changes(lpar=owner.lpar, rpar=owner.rpar))
            ]
        if isinstance(owner, cst.If) and owner.test is node:
            return self._if(owner)
        return None

    def _min_max(self, call: cst.Call) -> Optional[list[Replacement]]:
        name = self.ctx.qualified_name(call.func)
        if name not in ("builtins.min", "builtins.max") or len(call.args) != 2:
            return None
        if any(a.keyword is not None or a.star for a in call.args):
            return None
        a, b = (arg.value for arg in call.args)
        if not (self._surely_int(a) and self._surely_int(b)):
            return None
        if not (self._size(a) or self._size(b)):
            return None
        if isinstance(self.parent(call), (cst.Comparison, cst.ComparisonTarget)):
            return None  # `if max(n, 2) > 3:` decides in Python on the choice: the trace bakes it
        operator = "<" if name == "builtins.min" else ">"
        first, left = _operand(self, b, sum_side=True), _operand(self, a, sum_side=True)
        text = f"{first} + ({left} - {_operand(self, b)}) * ({left} {operator} {first})"
        expression = cst.parse_expression(text)
        parent = self.parent(call)
        if not isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Arg, cst.Return)) or call.lpar:
            expression = expression.with_changes(
                lpar=call.lpar or [cst.LeftParen()], rpar=call.rpar or [cst.RightParen()]
            )
        return [(call, expression)]

    def _if(self, owner: cst.If) -> Optional[list[Replacement]]:
        if not isinstance(owner.orelse, cst.Else):
            return None
        if not isinstance(self.parent(owner), (cst.IndentedBlock, cst.Module)):
            return None  # an `elif`: the chain has more than two values
        stores = [_one_store(owner.body), _one_store(owner.orelse.body)]
        if stores[0] is None or stores[1] is None:
            return None
        targets = [s.targets[0].target for s in stores]  # type: ignore[union-attr]
        if not all(isinstance(t, cst.Name) for t in targets):
            return None
        if targets[0].value != targets[1].value:  # type: ignore[union-attr]
            return None
        values = (stores[0].value, stores[1].value)  # type: ignore[union-attr]
        if self._divides_outside(owner.test, values):
            return None
        text = self._select(owner.test, *values)
        if text is None:
            return None
        header, comments = statement_comments(owner)
        line = f"{targets[0].value} = {text}"  # type: ignore[union-attr]
        config = self.ctx.module.config_for_parsing
        statement = cst.parse_statement(f"{line}\n", config=config)
        leading = [*owner.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
        statement = statement.with_changes(leading_lines=leading)
        if header is not None:
            from .tensor_condition import trailing_comment

            statement = statement.with_changes(trailing_whitespace=trailing_comment(header))
        return [(owner, statement)]

    def _select(
        self, test: cst.BaseExpression, a: cst.BaseExpression, b: cst.BaseExpression
    ) -> Optional[str]:
        if not (self._surely_int(a) and self._surely_int(b)):
            return None
        if not (self._size(a) or self._size(b)):
            return None
        condition = traced_size_test(self, test)
        if condition is None or "len(" in self.code(test):
            return None
        first, left = _operand(self, b, sum_side=True), _operand(self, a, sum_side=True)
        return f"{first} + ({left} - {_operand(self, b)}) * ({condition})"

    def _divides_outside(
        self, test: cst.BaseExpression, values: tuple[cst.BaseExpression, ...]
    ) -> bool:
        """A ``//`` or ``%`` in a branch value whose divisor is neither a nonzero literal nor
        a divisor in the test: it may raise where the branch did not run."""
        tested = {self.code(d).strip() for d in _divisors(test)}
        for value in values:
            for divisor in _divisors(value):
                if isinstance(divisor, cst.Integer) and divisor.evaluated_value != 0:
                    continue
                if self.code(divisor).strip() not in tested:
                    return True
        return False

    def _size(self, expr: cst.BaseExpression) -> bool:
        return traced_size(self, expr)

    def _surely_int(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """An int whatever the inputs: literals, sizes, names bound only to them, and ``+ - *
        // %`` of those."""
        if depth > 8:
            return False
        if isinstance(expr, cst.Integer):
            return True
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return self._surely_int(expr.expression, depth + 1)
        if isinstance(expr, cst.BinaryOperation):
            return isinstance(expr.operator, _INT_OPERATORS) and all(
                self._surely_int(side, depth + 1) for side in (expr.left, expr.right)
            )
        if isinstance(expr, (cst.Subscript, cst.Call)):
            return traced_size(self, expr) and "len(" not in self.code(expr)
        if isinstance(expr, cst.Attribute):
            return self.attributes and self._int_attribute(expr)
        if isinstance(expr, cst.Name):
            function = self.enclosing_function(expr)
            bound = assignments(function, expr.value) if function is not None else []
            if not bound:
                return False
            for value, position, size in bound:
                if size == 1:
                    if not self._surely_int(value, depth + 1):
                        return False
                elif isinstance(value, (cst.Tuple, cst.List)) and 0 <= position < len(
                    value.elements
                ):
                    element = value.elements[position]
                    if isinstance(element, cst.StarredElement) or not self._surely_int(
                        element.value, depth + 1
                    ):
                        return False
                elif position < 0 or shape_of_tensor(self, value) is None:
                    return False  # `n, d = x.shape`: ints; other unpacking: unknown
            return True
        return False

    def _int_attribute(self, expr: cst.Attribute) -> bool:
        found = self_attribute_of_class(self, expr)
        if found is None:
            return False
        attr, cls = found
        init = next(
            (
                s
                for s in (cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ())
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is None:
            return False
        return set_once_in_init(self, cls, init, attr, "int", lambda v: isinstance(v, cst.Integer))


class SizeSelectAsArithmeticUnsafe(SizeSelectAsArithmetic):
    """``SizeSelectAsArithmetic`` where an operand is ``self.X``, bound once in ``__init__`` to
    an int literal or to a parameter annotated ``int`` (or defaulted to an int literal).
    Unsafe: the annotation is not enforced; a caller passing a float makes ``b + (a - b) * c``
    round where the choice returned the float as it was."""

    applicability = "unsafe"
    message = (
        "write the choice as `b + (a - b) * (test)`, integer arithmetic on the sizes that "
        "torch.jit.trace records (unsafe: the same ints only while the settings are ints)"
    )
    attributes = True


# -- TL104: Python max / min of each row of tolist(), made a tensor -> amax / amin ------------

_ROW_REDUCTIONS = {"builtins.max": "amax", "builtins.min": "amin"}


class TolistRowMaxToAmax(Fixer):
    """``torch.tensor([max(row) for row in T.tolist()])`` (also through a name bound once to
    the list and read once, by that ``torch.tensor``; ``min``) -> ``T.detach().amax(-1)``
    (``amin``), taken where the finding is the ``tolist()`` of a tensor (TL104), the
    comprehension has one ``for`` over it and no ``if``, its element is ``max(row)`` /
    ``min(row)`` of the loop's name with no other argument, and ``torch.tensor`` takes the
    list alone (no dtype, no device).

    Eager: for a 2-d float32 ``T`` (float32 being the default dtype) every row's largest
    number is the same float, and ``torch.tensor`` of those Python floats made the float32
    vector ``amax(-1)`` gives; ``detach()`` keeps it out of autograd as ``torch.tensor`` did.
    torch.export and torch.jit.trace (checked on torch 2.13, tests/test_s31_repair_b.py: a
    PatchCore-style image score, the worst patch's distance to the memory bank) keep the
    reduction in the graph, where ``tolist()`` failed export and the trace baked the example's
    numbers in. Unsafe: the vector keeps ``T``'s dtype and device (``torch.tensor`` gave the
    default dtype, int64 for an int tensor, on the default device); a row holding NaN gives NaN
    where Python's ``max`` kept the first number a NaN did not follow; and a ``T`` of another
    rank than 2 reduced lists (3-d: lexicographically) or raised (1-d) where ``amax(-1)``
    reduces the last dimension."""

    codes = ("TL104",)
    applicability = "unsafe"
    message = (
        "reduce the rows with `T.detach().amax(-1)` (`amin`) instead of Python `max` / `min` "
        "of `T.tolist()` (unsafe: T's dtype and device, NaN propagates)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "tolist"
            and not call.args
            and self.kind(call.func.value) == Kind.TENSOR
        ):
            return None
        loop = self.parent(call)
        comprehension = self.parent(loop) if isinstance(loop, cst.CompFor) else None
        if not (
            isinstance(loop, cst.CompFor)
            and loop.iter is call
            and isinstance(comprehension, cst.ListComp)
            and comprehension.for_in is loop
            and not loop.ifs
            and loop.inner_for_in is None
            and loop.asynchronous is None
            and isinstance(loop.target, cst.Name)
        ):
            return None
        element = comprehension.elt
        if not (
            isinstance(element, cst.Call)
            and len(element.args) == 1
            and element.args[0].keyword is None
            and not element.args[0].star
            and isinstance(element.args[0].value, cst.Name)
            and element.args[0].value.value == loop.target.value
        ):
            return None
        reduction = _ROW_REDUCTIONS.get(self.ctx.qualified_name(element.func) or "")
        if reduction is None:
            return None
        built = self._built(comprehension)
        if built is None:
            return None
        tensor = self.code(call.func.value).strip()
        if not isinstance(call.func.value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            tensor = f"({tensor})"
        reduced = cst.parse_expression(f"{tensor}.detach().{reduction}(-1)")
        wrapper, bound = built
        if bound is None:
            return [(wrapper, reduced.with_changes(lpar=wrapper.lpar, rpar=wrapper.rpar))]
        return [
            (comprehension, reduced.with_changes(lpar=comprehension.lpar, rpar=comprehension.rpar)),
            (wrapper, bound.with_changes(lpar=wrapper.lpar, rpar=wrapper.rpar)),
        ]

    def _built(self, comprehension: cst.ListComp) -> Optional[tuple[cst.Call, Optional[cst.Name]]]:
        """The ``torch.tensor(...)`` call that takes the list (inline, or through a name bound
        once to it and read only there), with that name's read."""
        parent = self.parent(comprehension)
        if isinstance(parent, cst.Arg):
            wrapper = self.parent(parent)
            return (wrapper, None) if self._tensor_of(wrapper, comprehension) else None
        target = single_assigned_name(self, comprehension)
        function = self.enclosing_function(comprehension)
        if target is None or function is None:
            return None
        if len(assignments(function, target.value)) != 1:
            return None
        reads = [
            use for use in variable_uses(self, function.body, target.value) if use is not target
        ]
        if len(reads) != 1:
            return None
        arg = self.parent(reads[0])
        wrapper = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if wrapper is None or not self._tensor_of(wrapper, reads[0]):
            return None
        return wrapper, reads[0]  # type: ignore[return-value]

    def _tensor_of(self, wrapper: Optional[cst.CSTNode], value: cst.BaseExpression) -> bool:
        return (
            isinstance(wrapper, cst.Call)
            and self.ctx.qualified_name(wrapper.func) == "torch.tensor"
            and len(wrapper.args) == 1
            and wrapper.args[0].keyword is None
            and not wrapper.args[0].star
            and wrapper.args[0].value is value
        )


# -- TL102: int(T) sizing new tensors through operator.add or bincount's minlength -----------


class IntOfDataToItemWider(IntOfDataToItem):
    """fixers/repair_session25.py's ``IntOfDataToItem`` (``int(t)`` whose number only sizes
    tensors -> ``t.long().item()``, which torch.export makes an unbacked size) where the
    number also goes through ``operator.add(v, k)`` / ``operator.sub(v, k)`` of a number
    literal (as ``v + k`` does) or into ``minlength=`` of ``torch.bincount`` (the length of the
    counts it makes). The same rewrite and the same conditions otherwise. Checked on torch
    2.13 (tests/test_s31_repair_b.py): a segment mean sized by ``operator.add(int(batch[-1]),
    1)`` and table rows counted with ``torch.bincount(row_id, minlength=n_rows)`` export and
    run on other counts, eager unchanged. Unsafe as there: ``int()`` of a NaN or an infinity
    raised, ``.long()`` gives a number."""

    def _sizes_only(self, node: cst.BaseExpression, depth: int) -> bool:
        if depth > 4:
            return False
        current: cst.CSTNode = node
        parent = self.parent(current)
        while isinstance(parent, cst.BinaryOperation) and isinstance(
            parent.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
        ):
            other = parent.right if parent.left is current else parent.left
            if not (is_number(other) or self.kind(other) in (Kind.CONST, Kind.SIZE)):
                return False
            current, parent = parent, self.parent(parent)
        if isinstance(parent, cst.Arg) and parent.value is current and not parent.star:
            call = self.parent(parent)
            if isinstance(call, cst.Call):
                name = self.ctx.qualified_name(call.func) or ""
                if name == "torch.bincount":
                    keyword = parent.keyword
                    return keyword is not None and keyword.value == "minlength"
                if name in ("operator.add", "operator.sub"):
                    args = call.args
                    if len(args) != 2 or any(a.keyword is not None or a.star for a in args):
                        return False
                    other = args[1] if args[0] is parent else args[0]
                    return is_number(other.value) and self._sizes_only(call, depth + 1)
        return super()._sizes_only(node, depth)

    def _not_asked(self, other: type[Fixer]) -> bool:
        """This one and the base fixer (which asks this one in turn)."""
        return issubclass(other, IntOfDataToItem)


# -- TL107: len() of a selection given as an argument -> its shape[0] --------------------------


class LenOfSelectionToShape(Fixer):
    """``len(t)`` (TL107: ``t`` a tensor whose first size is data dependent, ``len`` given as
    an argument: ``x.new_zeros(len(docs))`` with ``docs`` the distinct values of
    ``torch.unique``) -> ``t.shape[0]``, the fix the finding's message names.

    Safe: ``Tensor.__len__`` is ``t.shape[0]`` for a tensor with a first dimension, which the
    finding says ``t`` has (a selection: ``unique``, ``nonzero``, a boolean mask's rows, never
    0-d); TorchScript compiles both to the same int. torch.export (checked on torch 2.13,
    tests/test_s31_repair_b.py: passage scores merged per distinct document id) keeps
    ``shape[0]`` a symbolic size, where ``len()`` must give a Python int (Could not extract
    specialized integer); torch.jit.trace records ``shape[0]`` where it baked ``len()``."""

    codes = ("TL107",)
    applicability = "safe"
    message = "use `t.shape[0]`, which stays a symbolic size, instead of `len(t)`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.len"
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
            and isinstance(self.parent(call), cst.Arg)
        ):
            return None
        tensor = call.args[0].value
        if self.kind(tensor) != Kind.TENSOR:
            return None
        text = self.code(tensor.with_changes(lpar=[], rpar=[])).strip()
        if not isinstance(tensor, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            text = f"({text})"
        replaced = cst.parse_expression(f"{text}.shape[0]")
        return [(call, replaced.with_changes(lpar=call.lpar, rpar=call.rpar))]


def _divisors(node: cst.CSTNode) -> list[cst.BaseExpression]:
    found: list[cst.BaseExpression] = []

    class _Find(cst.CSTVisitor):
        def visit_BinaryOperation(self, current: cst.BinaryOperation) -> None:
            if isinstance(current.operator, (cst.FloorDivide, cst.Modulo, cst.Divide)):
                found.append(current.right)

    node.visit(_Find())
    return found


def _operand(fixer: Fixer, expr: cst.BaseExpression, *, sum_side: bool = False) -> str:
    """``expr``'s source for a place in ``b + (a - b) * (a < b)``: as it is on the left of
    ``+`` / ``-`` or beside a comparison (``sum_side``), parenthesized on the right of ``-``
    where it is itself a sum or a difference."""
    text = fixer.code(expr.with_changes(lpar=[], rpar=[])).strip()
    if sum_side or not isinstance(expr, cst.BinaryOperation):
        return text
    if isinstance(expr.operator, (cst.Add, cst.Subtract)):
        return f"({text})"
    return text


__all__ = [
    "LenOfSelectionToShape",
    "IntOfDataToItemWider",
    "TolistRowMaxToAmax",
    "SizeSelectAsArithmetic",
    "SizeSelectAsArithmeticUnsafe",
]
