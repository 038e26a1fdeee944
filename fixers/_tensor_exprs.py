"""Helpers the tensor fixers (TL101, TL103, TL107, TL402) share: what an expression surely is
(a boolean tensor, a number literal, elementwise math), and whether a statement has comments
a rewrite would lose. Everything errs towards "not sure", which means "no fix"."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.fixes import Fixer
from torchlint.lint.graph_queries import (
    ARITHMETIC,
    BOOL_FUNCTIONS,
    BOOL_METHODS,
    COMPARISON_OPERATORS,
    assignments,
)
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import own_returns, walk

from ._shared import local_callee, local_definition, self_class

# Methods whose result is a boolean tensor besides BOOL_METHODS: truth reductions.
TRUTH_REDUCTIONS = frozenset({"any", "all"})

# Elementwise tensor methods (and ``torch.<name>`` functions of one tensor): applied to a row
# or to the whole tensor, they give the same values row by row.
ELEMENTWISE = frozenset(
    {
        "abs", "neg", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt",
        "sin", "cos", "tan", "tanh", "sigmoid", "relu", "sign", "square", "reciprocal", "floor",
        "ceil", "round", "trunc", "frac", "erf", "clamp", "clip", "clamp_min", "clamp_max",
        "pow", "float", "double", "half", "bfloat16", "int", "long", "mul", "add", "sub", "div",
        "true_divide", "maximum", "minimum", "nan_to_num", "sinh", "cosh", "asin", "acos",
        "atan", "lerp", "logit",
    }
)  # fmt: skip
ELEMENTWISE_NN = frozenset(
    {
        "torch.nn.functional.relu", "torch.nn.functional.gelu", "torch.nn.functional.silu",
        "torch.nn.functional.sigmoid", "torch.nn.functional.tanh", "torch.nn.functional.elu",
        "torch.nn.functional.leaky_relu", "torch.nn.functional.softplus",
        "torch.nn.functional.relu6", "torch.nn.functional.hardtanh", "torch.nn.functional.mish",
    }
)  # fmt: skip
# Reductions that give a 0-d tensor when called with no dimension (not any/all: a bool tensor
# cannot be subtracted).
FULL_REDUCTIONS = frozenset(
    {
        "sum", "mean", "max", "min", "amax", "amin", "prod", "norm", "std", "var", "median",
        "nansum", "nanmean", "nanmedian", "count_nonzero",
    }
)  # fmt: skip


def is_number(expr: cst.BaseExpression) -> bool:
    """``2``, ``0.5``, ``-1e-6``: a number literal."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return isinstance(expr, (cst.Integer, cst.Float))


def is_bool_tensor(fixer: Fixer, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is surely a boolean tensor: a comparison of tensors, ``.any()``,
    ``.all()``, ``torch.isnan(x)``, ``~m``, ``m & n``, a name bound only to such values, or a
    call of a function of this file every ``return`` of which gives one."""
    if depth > 6 or fixer.kind(expr) != Kind.TENSOR:
        return False
    if isinstance(expr, cst.Comparison):
        # a chain ``lo < t <= hi`` is ``(lo < t) and (t <= hi)``: bool() of the first piece
        return len(expr.comparisons) == 1 and isinstance(
            expr.comparisons[0].operator, COMPARISON_OPERATORS
        )
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
        return is_bool_tensor(fixer, expr.expression, depth + 1)
    if isinstance(expr, cst.BinaryOperation) and isinstance(
        expr.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
    ):
        return is_bool_tensor(fixer, expr.left, depth + 1) and is_bool_tensor(
            fixer, expr.right, depth + 1
        )
    if isinstance(expr, cst.Call):
        func = expr.func
        name = fixer.ctx.qualified_name(func)
        if name in BOOL_FUNCTIONS or name in ("torch.any", "torch.all"):
            return True
        if isinstance(func, cst.Attribute) and (
            func.attr.value in BOOL_METHODS or func.attr.value in TRUTH_REDUCTIONS
        ):
            return fixer.kind(func.value) == Kind.TENSOR
        callee = local_callee(fixer, expr)
        if callee is None:
            return False
        results = own_returns(callee[0])
        return bool(results) and all(
            r.value is not None and is_bool_tensor(fixer, r.value, depth + 1) for r in results
        )
    if isinstance(expr, cst.Name):
        values = assignments(fixer.enclosing_function(expr), expr.value)
        return bool(values) and all(
            size == 1 and is_bool_tensor(fixer, value, depth + 1) for value, _, size in values
        )
    getter = property_getter(fixer, expr)
    if getter is not None:
        # `self.warmed_up` of a `@property` every `return` of which gives one.
        results = own_returns(getter)
        return bool(results) and all(
            r.value is not None and is_bool_tensor(fixer, r.value, depth + 1) for r in results
        )
    return False


def property_getter(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.FunctionDef]:
    """The ``@property`` getter of this file that ``self.<name>`` reads, or None."""
    if not (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and expr.value.value == "self"
    ):
        return None
    owner = self_class(fixer, expr)
    found = fixer.ctx.model.index.find_method(owner, expr.attr.value) if owner else None
    if found is None or "builtins.property" not in found[2].decorators:
        return None
    definition = local_definition(fixer, found[0])
    return definition if isinstance(definition, cst.FunctionDef) else None


class _CommentFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found = True


def has_comments(node: cst.CSTNode, *, leading: bool = True) -> bool:
    """Whether ``node`` holds a comment (its own leading lines only when ``leading``)."""
    if not leading and isinstance(node, (cst.BaseCompoundStatement, cst.SimpleStatementLine)):
        node = node.with_changes(leading_lines=())
    finder = _CommentFinder()
    node.visit(finder)
    return finder.found


def single_small_statement(block: cst.BaseSuite) -> Optional[cst.BaseSmallStatement]:
    """The one small statement of a block (``return a`` / ``y = a``), or None."""
    if isinstance(block, cst.SimpleStatementSuite):
        return block.body[0] if len(block.body) == 1 else None
    if isinstance(block, cst.IndentedBlock) and len(block.body) == 1:
        line = block.body[0]
        if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
            return line.body[0]
    return None


def statement_of(fixer: Fixer, node: cst.CSTNode) -> Optional[cst.BaseStatement]:
    """The statement (line or compound statement) directly holding ``node``."""
    current: Optional[cst.CSTNode] = node
    while current is not None and not isinstance(current, cst.BaseStatement):
        current = fixer.parent(current)
    return current


def siblings(fixer: Fixer, statement: cst.BaseStatement) -> Optional[list[cst.BaseStatement]]:
    """The statements of the block holding ``statement`` (a function body, a loop body, ...)."""
    block = fixer.parent(statement)
    if isinstance(block, (cst.IndentedBlock, cst.Module)):
        return list(block.body)
    return None


def is_full_reduction(fixer: Fixer, expr: cst.BaseExpression) -> bool:
    """``x.sum()``, ``x.abs().max()``, ``torch.mean(x)``: a 0-d tensor."""
    if not isinstance(expr, cst.Call):
        return False
    func = expr.func
    if isinstance(func, cst.Attribute) and func.attr.value in FULL_REDUCTIONS:
        return not expr.args and fixer.kind(func.value) == Kind.TENSOR
    name = fixer.ctx.qualified_name(func) or ""
    if name.startswith("torch.") and name[len("torch.") :] in FULL_REDUCTIONS:
        return (
            len(expr.args) == 1
            and expr.args[0].keyword is None
            and not expr.args[0].star
            and fixer.kind(expr.args[0].value) == Kind.TENSOR
        )
    return False


def zero_dim(fixer: Fixer, expr: cst.BaseExpression) -> bool:
    """A full reduction (``is_full_reduction``), or a name bound once, to one, in its function."""
    if isinstance(expr, cst.Name):
        values = assignments(fixer.enclosing_function(expr), expr.value)
        return len(values) == 1 and values[0][2] == 1 and is_full_reduction(fixer, values[0][0])
    return is_full_reduction(fixer, expr)


def _item_receiver(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``t`` for ``t.item()`` of a tensor ``t``."""
    if (
        isinstance(expr, cst.Call)
        and not expr.args
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "item"
        and fixer.kind(expr.func.value) == Kind.TENSOR
    ):
        return expr.func.value
    return None


def item_of_reduction(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.Call]:
    """For ``r.item()`` with ``r`` a full reduction: ``r``."""
    if (
        isinstance(expr, cst.Call)
        and not expr.args
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "item"
        and is_full_reduction(fixer, expr.func.value)
    ):
        return expr.func.value
    return None


def comparison_without_item(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.Comparison]:
    """``x.max().item() > 100`` -> ``x.max() > 100``: the same test on the 0-d tensor, when the
    other operands are numbers or constants. ``g.item()`` of another tensor is read as
    ``g.reshape(())``: both need exactly one element, and the 0-d tensor compares like the
    number (in the tensor's dtype: a float32 value met with a threshold that float32 cannot
    hold exactly may compare differently in the last bit)."""
    if not isinstance(expr, cst.Comparison) or not all(
        isinstance(c.operator, COMPARISON_OPERATORS) for c in expr.comparisons
    ):
        return None
    found = False

    def plain(operand: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        nonlocal found
        reduction = item_of_reduction(fixer, operand)
        if reduction is not None:
            found = True
            return reduction.with_changes(lpar=operand.lpar, rpar=operand.rpar)
        one = _item_receiver(fixer, operand)
        if one is not None:
            found = True
            return cst.Call(
                cst.Attribute(one, cst.Name("reshape")),
                [cst.Arg(cst.Tuple([]))],
                lpar=operand.lpar,
                rpar=operand.rpar,
            )
        if is_number(operand) or fixer.kind(operand) == Kind.CONST:
            return operand
        return None

    left = plain(expr.left)
    comparators = [plain(c.comparator) for c in expr.comparisons]
    if left is None or any(c is None for c in comparators) or not found:
        return None
    return expr.with_changes(
        left=left,
        comparisons=[c.with_changes(comparator=v) for c, v in zip(expr.comparisons, comparators)],
    )


# -- sizes torch.jit.trace records ---------------------------------------------------------------
def _int_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Integer)


def shape_of_tensor(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """For ``x.shape`` / ``x.size()`` of a tensor ``x``: ``x``."""
    if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
        tensor = expr.value
    elif (
        isinstance(expr, cst.Call)
        and not expr.args
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "size"
    ):
        tensor = expr.func.value
    else:
        return None
    return tensor if fixer.kind(tensor) == Kind.TENSOR else None


def len_of_tensor(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """For ``len(x)`` of a tensor ``x``: ``x``."""
    if (
        isinstance(expr, cst.Call)
        and fixer.ctx.qualified_name(expr.func) == "builtins.len"
        and len(expr.args) == 1
        and expr.args[0].keyword is None
        and not expr.args[0].star
        and fixer.kind(expr.args[0].value) == Kind.TENSOR
    ):
        return expr.args[0].value
    return None


def traced_size(fixer: Fixer, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is a size ``torch.jit.trace`` records: ``x.shape[i]``, ``x.size(i)``,
    ``x.numel()``, ``len(x)`` (once written ``x.shape[0]``: :func:`len_as_shape`), arithmetic of
    those with int literals and constants, or a name bound only to such values (``b, t, _ =
    x.shape`` and ``b, t = x.shape[0], x.shape[1]`` too). While tracing these are 0-d tensors; ``int(...)``, ``max(...)``, ``math.*``
    turn them into constants, so they are not sizes here."""
    if depth > 8:
        return False
    if isinstance(expr, cst.Subscript):
        return (
            len(expr.slice) == 1
            and isinstance(expr.slice[0].slice, cst.Index)
            and _int_literal(expr.slice[0].slice.value)
            and shape_of_tensor(fixer, expr.value) is not None
        )
    if isinstance(expr, cst.Call):
        if len_of_tensor(fixer, expr) is not None:
            return True
        func = expr.func
        if not isinstance(func, cst.Attribute) or fixer.kind(func.value) != Kind.TENSOR:
            return False
        if func.attr.value == "numel":
            return not expr.args
        return (
            func.attr.value == "size"
            and len(expr.args) == 1
            and expr.args[0].keyword is None
            and _int_literal(expr.args[0].value)
        )
    if isinstance(expr, cst.BinaryOperation):
        if not isinstance(expr.operator, ARITHMETIC):
            return False
        sides = (expr.left, expr.right)
        sizes = [traced_size(fixer, side, depth + 1) for side in sides]
        return any(sizes) and all(
            size or _int_literal(side) or fixer.kind(side) == Kind.CONST
            for size, side in zip(sizes, sides)
        )
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return traced_size(fixer, expr.expression, depth + 1)
    if isinstance(expr, cst.Name):
        function = fixer.enclosing_function(expr)
        values = assignments(function, expr.value)
        if not values:
            # A parameter every caller gives a size (``n_frames(self, length)`` called with
            # ``wav.shape[-1]``): the callers' sizes reach it as they are.
            return (
                function is not None
                and fixer.kind(expr) == Kind.SIZE
                and any(p.name.value == expr.value for p in function.params.params)
            )
        for value, position, size in values:
            if size == 1:
                # ``n = len(x)`` binds an int: its rewrite would be another statement.
                if len_of_tensor(fixer, value) is not None or not traced_size(
                    fixer, value, depth + 1
                ):
                    return False
            elif isinstance(value, (cst.Tuple, cst.List)) and 0 <= position < len(value.elements):
                # ``b, t = x.shape[0], x.shape[1]``: the element at the name's place.
                element = value.elements[position]
                if isinstance(element, cst.StarredElement) or not traced_size(
                    fixer, element.value, depth + 1
                ):
                    return False
            elif shape_of_tensor(fixer, _unsliced(value)) is None or position < 0:
                return False
        return True
    return False


def _unsliced(value: cst.BaseExpression) -> cst.BaseExpression:
    """``x.shape`` for ``x.shape[-2:]`` (one slice with int literal bounds, no step): the
    names unpacked from it are sizes of ``x`` as those of ``x.shape`` are."""
    if not isinstance(value, cst.Subscript) or len(value.slice) != 1:
        return value
    bounds = value.slice[0].slice
    if not isinstance(bounds, cst.Slice) or bounds.step is not None:
        return value
    if all(bound is None or _int_literal(bound) for bound in (bounds.lower, bounds.upper)):
        return value.value
    return value


class _LenAsShape(cst.CSTTransformer):
    def __init__(self, fixer: Fixer) -> None:
        super().__init__()
        self.fixer = fixer

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        tensor = len_of_tensor(self.fixer, original_node)
        if tensor is None:
            return updated_node
        text = self.fixer.code(tensor)
        atom = isinstance(tensor, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
        return cst.parse_expression(f"{text if atom else f'({text})'}.shape[0]").with_changes(
            lpar=original_node.lpar, rpar=original_node.rpar
        )


def len_as_shape(fixer: Fixer, expr: cst.BaseExpression) -> str:
    """Source of ``expr`` with every ``len(x)`` of a tensor written ``x.shape[0]`` (the same
    int in eager and TorchScript; a size the tracer records, where ``len`` gives a constant)."""
    return fixer.code(expr.visit(_LenAsShape(fixer)))


def traced_size_test(fixer: Fixer, test: cst.BaseExpression) -> Optional[str]:
    """For a test on sizes the tracer records (``x.size(1) > self.max_len``, ``t % 2``): its
    source as a comparison (``t % 2 != 0``), which is a 0-d bool tensor while tracing and a
    bool elsewhere; None for other tests (``and`` / ``or`` / ``not`` call ``bool()``)."""
    if isinstance(test, cst.Comparison):
        if len(test.comparisons) != 1 or not isinstance(
            test.comparisons[0].operator, COMPARISON_OPERATORS
        ):
            return None
        operands = (test.left, test.comparisons[0].comparator)
        sizes = [traced_size(fixer, operand) for operand in operands]
        if not any(sizes) or not all(
            size or _int_literal(operand) or fixer.kind(operand) == Kind.CONST
            for size, operand in zip(sizes, operands)
        ):
            return None
        return len_as_shape(fixer, test.with_changes(lpar=(), rpar=()))
    if traced_size(fixer, test):
        return f"{len_as_shape(fixer, test.with_changes(lpar=(), rpar=()))} != 0"
    return None


def name_reads(function: cst.FunctionDef, name: str) -> list[cst.CSTNode]:
    """Every ``name`` in ``function`` read (or updated in place), including in nested code."""
    stores: set[int] = set()
    found: list[cst.CSTNode] = []

    def enter(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Assign):
            stores.update(id(t.target) for t in node.targets)
        elif isinstance(node, (cst.Attribute,)):
            stores.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            stores.add(id(node.keyword))
        elif isinstance(node, cst.Param):
            stores.add(id(node.name))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            stores.update(id(item.name) for item in node.names)
        elif isinstance(node, cst.Name) and node.value == name and id(node) not in stores:
            found.append(node)

    walk(function.body, enter, lambda node: None)
    return found
