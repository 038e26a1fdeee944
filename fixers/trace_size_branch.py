"""TL106: a Python branch on a size -> a form ``torch.jit.trace`` records (unsafe).

While tracing, ``x.size(1)``, ``x.shape[0]`` and arithmetic on them are 0-d tensors, so a
comparison of them is a 0-d bool tensor the trace can keep; only ``if`` turns it into the
example input's path. Three branch shapes are rewritten, when the test is one comparison of
such sizes with ints or constants (``t % 2`` alone is read as ``t % 2 != 0``; ``and`` / ``or``
/ ``not`` call ``bool()`` under trace and are left alone; ``int(...)`` of a size goes first,
by the fix in ``trace_size_tensor.py``):

- padding: ``if c: x = F.pad(x, (0, p))`` -> ``x = F.pad(x, (0, p * (c)))``: each amount
  becomes 0 where the test is false, and a pad of 0 leaves ``x`` as it was; where the test is
  false only when every amount is 0 (``if pad_h or pad_w:``, ``pad != 0``, or ``pad > 0`` of a
  ``%`` remainder) the pad runs always, as it is (``and`` / ``or`` are fine there: the test
  goes);
- pad to a multiple: ``r = n % m`` / ``if r == 0: return x`` / ... / ``return F.pad(x, [...,
  m - r])`` -> the early return dropped and ``m - r`` written ``(m - r) % m``, 0 where ``r``
  is (every other amount a literal 0);
- truncation: ``if x.size(1) > n: x = x[:, :n]`` (``>=``, ``x.shape[d]`` or a name bound to
  it, ``x[:, -n:]``, ``x[..., :n]`` for the last dimension) -> ``x = x[:, :n]``, which leaves a
  shorter ``x`` as it was; other statements of the branch (a warning) stay under the ``if``;
- select: ``if c: y = a`` + ``else: y = b`` (or ``y = a`` alone, ``y`` holding a tensor;
  ``return a`` / ``return b``; ``a if c else b``) ->
  ``torch.where(torch.full((), c, dtype=torch.bool), a, b)``, only where neither value can change the shape (no indexing, no reshaping or padding call, no
  module call, reductions only with ``keepdim=True``), since ``torch.where`` broadcasts them.

Checked with torch 2.13: each form gives eager's results under trace on other sizes, and
scripts, compiles and exports where the original did. Unsafe: ``torch.where`` runs both
branches (an error or cost of the untaken one) and promotes their dtypes; a pad of 0 copies
``x``; a warning in a truncating branch no longer guards the slice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import names_in
from ._tensor_exprs import (
    FULL_REDUCTIONS,
    has_comments,
    shape_of_tensor,
    single_small_statement,
    traced_size,
    traced_size_test,
)
from .tensor_condition import TensorConditionToWhere

PADS = ("torch.nn.functional.pad",)
# Calls whose result may have another shape than their tensor operand.
RESHAPING = frozenset(
    {
        "pad", "cat", "concat", "stack", "reshape", "view", "view_as", "flatten", "unflatten",
        "unsqueeze", "squeeze", "permute", "transpose", "t", "narrow", "expand", "expand_as",
        "repeat", "repeat_interleave", "interpolate", "unfold", "chunk", "split", "tensor_split",
        "movedim", "index_select", "gather", "masked_select", "nonzero", "roll", "tile",
        "diagonal", "tril_indices", "einsum", "matmul", "mm", "bmm", "outer", "linear", "conv1d",
        "conv2d", "conv3d", "max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d",
        "topk", "sort", "argsort", "unique", "where", "broadcast_to",
    }
)  # fmt: skip
REDUCTIONS = FULL_REDUCTIONS | {"argmax", "argmin", "logsumexp", "any", "all", "cumsum"}


def _if_of_test(fixer: Fixer, test: cst.CSTNode) -> Optional[cst.If]:
    """The ``if`` (no ``elif`` / ``else``, directly in a block) whose test is ``test``."""
    owner = fixer.parent(test)
    if (
        isinstance(owner, cst.If)
        and owner.test is test
        and owner.orelse is None
        and isinstance(owner.body, cst.IndentedBlock)
        and isinstance(fixer.parent(owner), (cst.IndentedBlock, cst.Module))
    ):
        return owner
    return None


def _with_header_comment(node: cst.If, line: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
    """``line`` in the place of ``node``: its leading lines, and the comment of the ``if`` line
    at the end when ``line`` has none."""
    assert isinstance(node.body, cst.IndentedBlock)
    line = line.with_changes(leading_lines=node.leading_lines)
    header = node.body.header.comment
    if header is not None and line.trailing_whitespace.comment is None:
        line = line.with_changes(
            trailing_whitespace=cst.TrailingWhitespace(
                whitespace=cst.SimpleWhitespace("  "), comment=header
            )
        )
    return line


def _name_target(statement: Optional[cst.BaseSmallStatement]) -> Optional[str]:
    if (
        isinstance(statement, cst.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
    ):
        return statement.targets[0].target.value
    return None


class SizeBranchPad(Fixer):
    codes = ("TL106",)
    applicability = "unsafe"
    message = (
        "pad by `amount * (test)` instead of branching on the size, or always where the test "
        "is false only when every amount is 0 (`if pad_h or pad_w:`): torch.jit.trace "
        "records it (a pad of 0 copies the tensor)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        branch = self._pad_branch(test)
        if branch is None:
            return None
        node, statement, call, pad_arg = branch
        line = node.body.body[0]
        assert isinstance(line, cst.SimpleStatementLine)
        amounts = pad_arg.value
        assert isinstance(amounts, (cst.Tuple, cst.List))
        zero_when_false = self._zero_when_false(test)
        if zero_when_false and all(
            isinstance(e, cst.Element)
            and (
                (isinstance(e.value, cst.Integer) and e.value.value == "0")
                or (isinstance(e.value, cst.Name) and e.value.value in zero_when_false)
            )
            for e in amounts.elements
        ):
            # `if pad_h or pad_w: x = F.pad(x, (0, pad_w, 0, pad_h))`: where the test is
            # false every amount is 0, and a pad of 0 leaves `x` as it was.
            return [(node, _with_header_comment(node, line))]
        condition = traced_size_test(self, test)
        if condition is None:
            return None
        elements = []
        for element in amounts.elements:
            value = element.value
            if isinstance(element, cst.StarredElement):
                return None
            if isinstance(value, cst.Integer) and value.value == "0":
                elements.append(element)
                continue
            if not (
                isinstance(value, (cst.Integer, cst.Name, cst.Attribute))
                or traced_size(self, value)
            ):
                return None
            scaled = cst.parse_expression(f"({self.code(value)}) * ({condition})")
            if isinstance(value, (cst.Integer, cst.Name, cst.Attribute)):
                scaled = cst.parse_expression(f"{self.code(value)} * ({condition})")
            elements.append(element.with_changes(value=scaled))
        new_call = call.with_changes(
            args=[
                arg.with_changes(value=amounts.with_changes(elements=elements))
                if arg is pad_arg
                else arg
                for arg in call.args
            ]
        )
        new = line.with_changes(body=[statement.with_changes(value=new_call)])
        return [(node, _with_header_comment(node, new))]

    def _pad_branch(
        self, test: Optional[cst.CSTNode]
    ) -> Optional[tuple[cst.If, cst.Assign, cst.Call, cst.Arg]]:
        """The ``if`` testing ``test`` whose body is only ``x = F.pad(x, <display>)`` (no
        comment, no star argument, the pad amounts a non-empty tuple or list display), with
        that assignment, the call and its pad argument."""
        node = _if_of_test(self, test) if isinstance(test, cst.BaseExpression) else None
        if node is None:
            return None
        statement = single_small_statement(node.body)
        target = _name_target(statement)
        if target is None or has_comments(node.body.with_changes(header=cst.TrailingWhitespace())):
            return None
        assert isinstance(statement, cst.Assign) and isinstance(node.body, cst.IndentedBlock)
        call = statement.value
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in PADS:
            return None
        if not call.args or not (
            isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == target
        ):
            return None  # ``y = F.pad(x, ...)`` would leave ``y`` unbound or stale
        pad_args = [
            arg
            for index, arg in enumerate(call.args)
            if (index == 1 and arg.keyword is None) or (arg.keyword and arg.keyword.value == "pad")
        ]
        if len(pad_args) != 1 or any(arg.star for arg in call.args):
            return None
        amounts = pad_args[0].value
        if not isinstance(amounts, (cst.Tuple, cst.List)) or not amounts.elements:
            return None
        return node, statement, call, pad_args[0]

    def _zero_when_false(self, test: cst.BaseExpression) -> frozenset[str]:
        """Names that are all 0 where ``test`` is false: ``a or b`` of names (ints), of
        ``a != 0``, or of ``a > 0`` where ``a`` is bound once to a ``%`` remainder (never
        negative for a positive divisor, as a padding amount is); empty for any other test."""
        terms = []
        while isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
            terms.append(test.right)
            test = test.left
        terms.append(test)
        names = set()
        for term in terms:
            if isinstance(term, cst.Name) and self.kind(term) in (Kind.SIZE, Kind.CONST):
                names.add(term.value)
                continue
            if not (isinstance(term, cst.Comparison) and len(term.comparisons) == 1):
                return frozenset()
            left, (comparison,) = term.left, term.comparisons
            right = comparison.comparator
            if not (
                isinstance(left, cst.Name)
                and isinstance(right, cst.Integer)
                and right.value == "0"
                and self.kind(left) in (Kind.SIZE, Kind.CONST)
            ):
                return frozenset()
            if isinstance(comparison.operator, cst.NotEqual) or (
                isinstance(comparison.operator, cst.GreaterThan) and self._remainder(left)
            ):
                names.add(left.value)
                continue
            return frozenset()
        return frozenset(names)

    def _remainder(self, name: cst.Name) -> bool:
        bound = assignments(self.enclosing_function(name), name.value)
        return (
            len(bound) == 1
            and bound[0][2] == 1
            and isinstance(bound[0][0], cst.BinaryOperation)
            and isinstance(bound[0][0].operator, cst.Modulo)
        )


class SizeBranchTruncate(Fixer):
    codes = ("TL106",)
    applicability = "unsafe"
    message = (
        "slice unconditionally: `x[:, :n]` leaves a shorter `x` as it was, and "
        "torch.jit.trace records the slice for every length"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        node = _if_of_test(self, test) if isinstance(test, cst.BaseExpression) else None
        if node is None or not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        operator = test.comparisons[0].operator
        size, limit = test.left, test.comparisons[0].comparator
        if isinstance(operator, (cst.LessThan, cst.LessThanEqual)):
            size, limit = limit, size
        elif not isinstance(operator, (cst.GreaterThan, cst.GreaterThanEqual)):
            return None
        read = _size_read(self, size)
        if read is None:
            return None
        tensor, dim = read
        if not (isinstance(limit, cst.Integer) or self.kind(limit) == Kind.CONST):
            return None
        if not isinstance(node.body, cst.IndentedBlock) or not node.body.body:
            return None
        last = node.body.body[-1]
        if not isinstance(last, cst.SimpleStatementLine) or len(last.body) != 1:
            return None
        assign = last.body[0]
        if _name_target(assign) != tensor or not isinstance(assign, cst.Assign):
            return None
        if not _truncates(self, assign.value, tensor, dim, self.code(limit)):
            return None
        rest = node.body.body[:-1]
        if any(name.value == tensor for stmt in rest for name in names_in(stmt)):
            return None
        after = last.with_changes(leading_lines=())
        if not rest:
            return [(node, _with_header_comment(node, after))]
        kept = node.with_changes(body=node.body.with_changes(body=rest))
        return [(node, cst.FlattenSentinel([kept, after]))]


def _size_read(fixer: Fixer, expr: cst.BaseExpression, depth: int = 0) -> Optional[tuple[str, int]]:
    """``x.size(d)`` / ``x.shape[d]`` of a tensor name ``x``: ``("x", d)``; also through a name
    bound once to one (``t = x.size(1)``, ``b, t, d = x.shape``)."""
    tensor: Optional[cst.BaseExpression] = None
    index: Optional[cst.BaseExpression] = None
    if isinstance(expr, cst.Name) and depth < 4:
        values = assignments(fixer.enclosing_function(expr), expr.value)
        if len(values) != 1:
            return None
        value, position, size = values[0]
        if size == 1:
            return _size_read(fixer, value, depth + 1)
        shaped = shape_of_tensor(fixer, value)
        if isinstance(shaped, cst.Name) and 0 <= position < size:
            return shaped.value, position
        return None
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "size"
        and len(expr.args) == 1
        and expr.args[0].keyword is None
    ):
        tensor, index = expr.func.value, expr.args[0].value
    elif (
        isinstance(expr, cst.Subscript)
        and isinstance(expr.value, cst.Attribute)
        and expr.value.attr.value == "shape"
        and len(expr.slice) == 1
        and isinstance(expr.slice[0].slice, cst.Index)
    ):
        tensor, index = expr.value.value, expr.slice[0].slice.value
    if not isinstance(tensor, cst.Name) or fixer.kind(tensor) != Kind.TENSOR:
        return None
    if isinstance(index, cst.Integer):
        return tensor.value, int(index.value)
    if (
        isinstance(index, cst.UnaryOperation)
        and isinstance(index.operator, cst.Minus)
        and isinstance(index.expression, cst.Integer)
        and index.expression.value == "1"
    ):
        return tensor.value, -1
    return None


def _truncates(fixer: Fixer, value: cst.BaseExpression, tensor: str, dim: int, limit: str) -> bool:
    """``x[:, :n]`` / ``x[:, -n:]`` (dimension ``dim`` cut to ``n``, the ones before it whole)."""
    if not (
        isinstance(value, cst.Subscript)
        and isinstance(value.value, cst.Name)
        and value.value.value == tensor
    ):
        return False
    elements = [element.slice for element in value.slice]
    if dim == -1:
        if len(elements) != 2 or not (
            isinstance(elements[0], cst.Index) and isinstance(elements[0].value, cst.Ellipsis)
        ):
            return False
        elements = elements[1:]
    elif len(elements) != dim + 1:
        return False
    *before, cut = elements
    whole = all(
        isinstance(e, cst.Slice) and e.lower is None and e.upper is None and e.step is None
        for e in before
    )
    if not whole or not isinstance(cut, cst.Slice) or cut.step is not None:
        return False
    if cut.lower is None and cut.upper is not None:  # ``x[:, :n]``: the first n
        return fixer.code(cut.upper) == limit
    lower = cut.lower
    return (  # ``x[:, -n:]``: the last n
        cut.upper is None
        and isinstance(lower, cst.UnaryOperation)
        and isinstance(lower.operator, cst.Minus)
        and fixer.code(lower.expression) == limit
    )


class SizeBranchToWhere(TensorConditionToWhere):
    """The select form: ``torch.where(torch.full((), c, dtype=torch.bool), a, b)`` for a test on traced sizes."""

    codes = ("TL106",)
    applicability = "unsafe"
    message = (
        "select with `torch.where(torch.full((), test, dtype=torch.bool), a, b)`, which "
        "torch.jit.trace records "
        "(both branches run; their shapes must match)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        try:
            return super().fix(diagnostic)
        except _OtherShapes:
            return None

    def _select(self, conditions: Sequence[str], values: Sequence[str]) -> str:
        # A tensor built with its shape in the arguments (``x.new_zeros((0,))``) is the same
        # shape as another value only when every value builds the same one.
        built = [_constructions(cst.parse_expression(value)) for value in values]
        if any(b != built[0] for b in built):
            raise _OtherShapes
        return super()._select(conditions, values)

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        condition = traced_size_test(self, test)
        if condition is None:
            return None
        torch = self.import_module("torch")
        # ``torch.tensor(test)`` would be a TL108; ``torch.full`` needs the dtype under
        # TorchScript, which makes an int64 tensor of a bool.
        return f"{torch}.full((), {condition}, dtype={torch}.bool)"

    def _values(self, *values: cst.BaseExpression) -> bool:
        return super()._values(*values) and all(_keeps_shape(self, value) for value in values)

    def _value(self, small: cst.BaseSmallStatement, before: bool) -> Optional[tuple[str, bool]]:
        value = getattr(small, "value", None)
        if not isinstance(value, cst.BaseExpression) or not _keeps_shape(self, value):
            return None
        return super()._value(small, before)


class _OtherShapes(Exception):
    """The values of a select may differ in shape: no fix."""


# Calls that build a tensor whose shape their arguments give.
CONSTRUCTORS = frozenset(
    {
        "zeros", "ones", "full", "empty", "arange", "rand", "randn", "randint", "eye",
        "linspace", "logspace", "tensor", "as_tensor", "new_zeros", "new_ones", "new_full",
        "new_empty", "new_tensor", "scalar_tensor",
    }
)  # fmt: skip


def _constructions(expr: cst.BaseExpression) -> set[str]:
    """The source of every constructor call in ``expr``."""
    found: set[str] = set()
    module = cst.Module(body=[])

    class Visitor(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            name = func.attr.value if isinstance(func, cst.Attribute) else None
            if isinstance(func, cst.Name):
                name = func.value
            if name in CONSTRUCTORS:
                found.add(module.code_for_node(node.with_changes(lpar=(), rpar=())))

    expr.visit(Visitor())
    return found


def _keeps_shape(fixer: Fixer, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` surely has the shape of the tensors it is computed from (as far as
    syntax tells): no indexing, no call that reshapes, no module call, reductions only with
    ``keepdim=True``."""
    found = True

    class Visitor(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> bool:
            nonlocal found
            found = False
            return False

        def visit_Call(self, node: cst.Call) -> bool:
            nonlocal found
            func = node.func
            name = func.attr.value if isinstance(func, cst.Attribute) else None
            if name is None and isinstance(func, cst.Name):
                name = func.value
            if name is None or name in RESHAPING or fixer.kind(func) == Kind.MODULE:
                found = False
            elif name in REDUCTIONS and not any(
                arg.keyword is not None
                and arg.keyword.value == "keepdim"
                and isinstance(arg.value, cst.Name)
                and arg.value.value == "True"
                for arg in node.args
            ):
                found = False
            elif isinstance(func, cst.Attribute) and fixer.kind(func.value) == Kind.MODULE:
                found = False  # ``self.fc(x)``: its output size is the module's
            return found

    expr.visit(Visitor())
    return found


class RemainderEarlyReturnPad(Fixer):
    """``r = n % m`` / ``if r == 0: return x`` / ... / ``return F.pad(x, [..., m - r])`` (pad to
    a multiple) -> the ``if`` dropped and each ``m - r`` written ``(m - r) % m``: where ``r`` is
    0 every amount is then 0, and a pad of 0 gives ``x``'s values, so the one path is right for
    every size and ``torch.jit.trace`` records it. Only where every amount of the pad is a
    literal 0 or ``m - r`` (in list / tuple displays joined by ``+`` or repeated by ``*``), ``m``
    is a name, attribute or int literal, and the statements between only bind names. Unsafe: a
    pad of 0 returns a copy of ``x``."""

    codes = ("TL106",)
    applicability = "unsafe"
    message = (
        "pad by `(m - r) % m` on every path instead of returning early when the remainder is "
        "0: torch.jit.trace records it (a pad of 0 copies the tensor)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        node = _if_of_test(self, test) if isinstance(test, cst.BaseExpression) else None
        function = self.enclosing_function(test) if node is not None else None
        if node is None or function is None or self.parent(node) is not function.body:
            return None
        remainder = _zero_test(test)
        statement = single_small_statement(node.body)
        if (
            remainder is None
            or not isinstance(statement, cst.Return)
            or not isinstance(statement.value, cst.Name)
        ):
            return None
        divisor = self._divisor(function, remainder)
        if divisor is None:
            return None
        kept = statement.value.value
        body = list(function.body.body)
        rest = body[body.index(node) + 1 :]
        if not rest or not all(_binds_names(s, kept) for s in rest[:-1]):
            return None
        last = rest[-1]
        final = (
            last.body[0]
            if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1
            else None
        )
        amounts = self._pad_amounts(final, kept, rest[:-1])
        if amounts is None:
            return None
        gaps = _gaps(function, divisor, remainder)
        if gaps is None or not self._zero_when_divisible(amounts, divisor, remainder, rest[:-1]):
            return None
        wrapped = {
            id(gap): cst.parse_expression(f"({self.code(gap)}) % {self.code(divisor)}")
            for gap in gaps
        }
        replacements: list[Replacement] = [(node, cst.RemovalSentinel.REMOVE)]
        for position, statement in enumerate(rest):
            new = statement.visit(_Replace(wrapped))
            if position == 0:
                # The comments of the dropped `if` go above the statement that follows it.
                new = new.with_changes(leading_lines=[*_comments_of(node), *new.leading_lines])
            if position == 0 or new is not statement:
                replacements.append((statement, new))
        return replacements

    def _divisor(self, function: cst.FunctionDef, remainder: str) -> Optional[cst.BaseExpression]:
        bound = assignments(function, remainder)
        if len(bound) != 1 or bound[0][2] != 1:
            return None
        value = bound[0][0]
        if not (
            isinstance(value, cst.BinaryOperation)
            and isinstance(value.operator, cst.Modulo)
            and self.kind(value.left) == Kind.SIZE
            and isinstance(value.right, (cst.Name, cst.Attribute, cst.Integer))
            and self.kind(value.right) in (Kind.CONST, Kind.UNKNOWN)
        ):
            return None
        return value.right

    def _pad_amounts(
        self,
        final: Optional[cst.BaseSmallStatement],
        kept: str,
        between: Sequence[cst.BaseStatement],
    ) -> Optional[cst.BaseExpression]:
        """The amounts of ``return F.pad(kept, amounts)`` (a name bound once in ``between``
        is followed to its value)."""
        if not isinstance(final, cst.Return) or not isinstance(final.value, cst.Call):
            return None
        call = final.value
        if self.ctx.qualified_name(call.func) not in PADS or len(call.args) < 2:
            return None
        first, second = call.args[0], call.args[1]
        if not (isinstance(first.value, cst.Name) and first.value.value == kept) or second.keyword:
            return None
        return second.value

    def _zero_when_divisible(
        self,
        amounts: cst.BaseExpression,
        divisor: cst.BaseExpression,
        remainder: str,
        between: Sequence[cst.BaseStatement],
        depth: int = 0,
    ) -> bool:
        if depth > 6:
            return False
        if isinstance(amounts, cst.Name):
            values = [
                small.value
                for statement in between
                if isinstance(statement, cst.SimpleStatementLine)
                for small in statement.body
                if isinstance(small, cst.Assign)
                and any(
                    isinstance(t.target, cst.Name) and t.target.value == amounts.value
                    for t in small.targets
                )
            ]
            return len(values) == 1 and self._zero_when_divisible(
                values[0], divisor, remainder, between, depth + 1
            )
        if isinstance(amounts, (cst.List, cst.Tuple)):
            return all(
                isinstance(e, cst.Element)
                and (
                    (isinstance(e.value, cst.Integer) and e.value.value == "0")
                    or _is_gap(e.value, divisor, remainder)
                )
                for e in amounts.elements
            )
        if isinstance(amounts, cst.BinaryOperation) and isinstance(amounts.operator, cst.Add):
            return self._zero_when_divisible(
                amounts.left, divisor, remainder, between, depth + 1
            ) and self._zero_when_divisible(amounts.right, divisor, remainder, between, depth + 1)
        if isinstance(amounts, cst.BinaryOperation) and isinstance(amounts.operator, cst.Multiply):
            # `[0, 0] * k`: the display repeated, the count no amount.
            return isinstance(amounts.left, (cst.List, cst.Tuple)) and self._zero_when_divisible(
                amounts.left, divisor, remainder, between, depth + 1
            )
        return False


def _zero_test(test: cst.BaseExpression) -> Optional[str]:
    """``r`` for ``r == 0`` (or ``0 == r``, ``not r``)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return test.expression.value if isinstance(test.expression, cst.Name) else None
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    (comparison,) = test.comparisons
    if not isinstance(comparison.operator, cst.Equal):
        return None
    for a, b in ((test.left, comparison.comparator), (comparison.comparator, test.left)):
        if isinstance(a, cst.Name) and isinstance(b, cst.Integer) and b.value == "0":
            return a.value
    return None


def _is_gap(expr: cst.BaseExpression, divisor: cst.BaseExpression, remainder: str) -> bool:
    """``m - r``."""
    return (
        isinstance(expr, cst.BinaryOperation)
        and isinstance(expr.operator, cst.Subtract)
        and isinstance(expr.right, cst.Name)
        and expr.right.value == remainder
        and expr.left.deep_equals(divisor)
    )


def _gaps(
    function: cst.FunctionDef, divisor: cst.BaseExpression, remainder: str
) -> Optional[list[cst.BinaryOperation]]:
    """Every ``m - r`` of the function; None when ``r`` is read anywhere else (other than its
    test and its binding), which the rewrite would not cover."""
    gaps: list[cst.BinaryOperation] = []
    reads = 0

    class Visitor(cst.CSTVisitor):
        def visit_BinaryOperation(self, node: cst.BinaryOperation) -> Optional[bool]:
            if _is_gap(node, divisor, remainder):
                gaps.append(node)
                return False
            return True

        def visit_Name(self, node: cst.Name) -> None:
            nonlocal reads
            if node.value == remainder:
                reads += 1

    function.body.visit(Visitor())
    # The binding and the `if` test read or bind `r` once each; the gaps hide theirs.
    return gaps if gaps and reads == 2 else None


def _binds_names(statement: cst.BaseStatement, kept: str) -> bool:
    """A line of plain assignments to names other than ``kept``."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if not isinstance(small, cst.Assign):
            return False
        for target in small.targets:
            if not isinstance(target.target, cst.Name) or target.target.value == kept:
                return False
    return True


class _Replace(cst.CSTTransformer):
    def __init__(self, mapping: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.mapping = mapping

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        return self.mapping.get(id(original_node), updated_node)


def _comments_of(node: cst.If) -> list[cst.EmptyLine]:
    """The comments of an ``if`` (above it, on its line, in its body) as comment lines."""
    lines = [line for line in node.leading_lines if line.comment is not None]
    found: list[cst.Comment] = []

    class Visitor(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            found.append(comment)

    node.body.visit(Visitor())
    return lines + [cst.EmptyLine(comment=comment) for comment in found]
