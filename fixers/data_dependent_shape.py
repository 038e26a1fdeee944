"""TL107: masked reductions and masked losses with a data-dependent shape -> the same value
computed over full-shape tensors.

- A full reduction of an elementwise expression of masked tensors, ``E(x[m], y[m]).R()``
  (``E`` made of arithmetic, numbers and elementwise tensor methods / ``torch`` functions, ``R``
  one of ``sum``, ``mean``, ``max``, ``min``, ``amax``, ``amin``), where ``m`` surely has the
  shape of one of the masked tensors (a comparison of it, or of elementwise math of it with
  numbers such as ``x.abs()``, with numbers, ``torch.isnan(x)``,
  ``~`` / ``&`` / ``|`` of those, or a name bound only to one), so the index selects elements:
  ``R = sum`` -> ``torch.where(m, E(x, y), 0).sum()``; ``mean`` -> that sum ``/ m.sum()``
  (0/0 is NaN, as the mean of nothing is); ``max`` / ``min`` -> ``torch.where(m, E, -inf /
  inf).max()`` (the original raised on an empty selection);
- ``torch.masked_select(x, m).R()`` / ``x.masked_select(m).R()`` likewise (masked_select
  broadcasts ``x`` and ``m`` exactly as ``torch.where`` does);
- either selection bound to a name, ``v = x[m]`` / ``v = torch.masked_select(x, m)``, whose one
  read is reduced so (``h * v.mean()``, ``(v * 3).sum()``) in the binding's own block (not in
  a branch or loop body below it), where no name the selection reads is bound twice in the
  function: the reduction is rewritten with ``x`` and ``m`` in ``v``'s
  place and the binding goes (torch 2.13: ``fullgraph=True`` compiles the result, eager
  outputs equal up to the last bits of the sum);
- ``F.cross_entropy(logits[m], labels[m], ...)`` (or ``nll_loss``) with ``m`` built from
  ``labels`` -> ``F.cross_entropy(logits.flatten(0, -2), torch.where(m, labels,
  ignore).flatten(), ...)``: the entries left out become ``ignore_index`` (-100 unless given),
  which the loss skips in its sum and its count;
- ``F.mse_loss(a[m], b[m])`` (and ``l1_loss``, ``smooth_l1_loss``, ``huber_loss``,
  ``binary_cross_entropy(_with_logits)``) with ``m`` built from ``a`` or ``b`` -> the
  ``reduction="none"`` loss summed under ``torch.where(m, ..., 0)`` (over ``m.sum()`` for the
  mean).

``torch.where`` rather than ``x * mask`` keeps NaN and inf at masked-out places out of the
result. Unsafe all the same: the sums add zeros in other places and in another order, so
floating-point results can differ in the last bits; ``max`` / ``min`` of an integer tensor
become floating point; gradients flow through ``torch.where``'s other branch as zeros (NaN
there when the masked-out values are not finite); and the whole tensor is read rather than the
selected part. Left alone: masks that may select rows (``logits[labels != -100]`` feeding a
per-row computation), whose full-shape form depends on ranks the code does not show.

A row gather through indices, ``idx = m.nonzero().squeeze(1)`` (``m`` a 1-D boolean tensor,
``torch.nonzero(m)`` too) where every use of ``idx`` is ``y.index_select(0, idx).sum(0)`` or
``y[idx].sum(0)`` (or ``.mean(0)``), becomes ``idx = m`` and ``torch.where(idx, y.movedim(0,
-1), 0).sum(-1)`` (``/ idx.sum()`` for the mean): the selected rows summed by masking the rest.

Masked assignment ``x[mask] = v`` is not fixed here: TL107 does not flag it (torch.compile takes
it without a break), so there is no finding to attach a fix to.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import COMPARISON_OPERATORS, assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import variables_read
from ._tensor_exprs import (
    ARITHMETIC,
    ELEMENTWISE,
    has_comments,
    is_bool_tensor,
    is_number,
    name_reads,
    siblings,
)

# Elementwise tests of one tensor: ``torch.isnan(x)`` has ``x``'s shape.
ELEMENT_TESTS = frozenset({"isnan", "isinf", "isfinite", "isneginf", "isposinf", "signbit"})


# Full reductions rewritten, and the value torch.where puts where the mask is False.
REDUCTION_FILL = {
    "sum": "0",
    "mean": "0",
    "max": 'float("-inf")',
    "amax": 'float("-inf")',
    "min": 'float("inf")',
    "amin": 'float("inf")',
}
# Losses over class indices that skip ``ignore_index`` in their sum and their count.
INDEX_LOSSES = frozenset({"torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss"})
INDEX_LOSS_KEYWORDS = frozenset({"weight", "reduction", "label_smoothing", "ignore_index"})
# Losses of two same-shape tensors, elementwise before their reduction.
ELEMENTWISE_LOSSES = frozenset(
    {
        "torch.nn.functional.mse_loss",
        "torch.nn.functional.l1_loss",
        "torch.nn.functional.smooth_l1_loss",
        "torch.nn.functional.huber_loss",
        "torch.nn.functional.binary_cross_entropy",
        "torch.nn.functional.binary_cross_entropy_with_logits",
    }
)
ELEMENTWISE_LOSS_KEYWORDS = frozenset({"reduction", "beta", "delta"})


class MaskedReductionToWhere(Fixer):
    codes = ("TL107",)
    applicability = "unsafe"
    message = (
        "reduce over `torch.where(mask, x, fill)`, which keeps the shape (last bits of "
        "floating-point sums can differ)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        found = self._masked_loss(node)
        if found is None:
            found = self._reduction(node)
        return None if found is None else [found]

    # -- E(x[m]).R() ------------------------------------------------------------------------
    def _reduction(self, node: cst.CSTNode) -> Optional[Replacement]:
        """The reduction above ``node`` (through elementwise operations) rewritten."""
        current = node
        parent = self.parent(current)
        while parent is not None:
            if (
                isinstance(parent, cst.Attribute)
                and parent.value is current
                and parent.attr.value in REDUCTION_FILL
            ):
                call = self.parent(parent)
                if isinstance(call, cst.Call) and call.func is parent and not call.args:
                    return self._rewrite_reduction(call, parent.attr.value, current)
                return None
            reduction = self._torch_reduction(parent)
            if reduction is not None:  # ``torch.sum(x[m])``
                return self._rewrite_reduction(reduction[0], reduction[1], current)
            if not self._elementwise_step(parent, current):
                return None
            current, parent = parent, self.parent(parent)
        return None

    def _torch_reduction(self, arg: cst.CSTNode) -> Optional[tuple[cst.Call, str]]:
        """``(call, name)`` for the single argument ``arg`` of ``torch.sum(...)`` and co."""
        call = self.parent(arg)
        if not (
            isinstance(arg, cst.Arg)
            and isinstance(call, cst.Call)
            and len(call.args) == 1
            and arg.keyword is None
            and not arg.star
        ):
            return None
        name = self.ctx.qualified_name(call.func) or ""
        if name.startswith("torch.") and name[len("torch.") :] in REDUCTION_FILL:
            return call, name[len("torch.") :]
        return None

    def _elementwise_step(self, parent: cst.CSTNode, child: cst.CSTNode) -> bool:
        """Whether ``parent`` applies elementwise math to ``child`` (and numbers, or other
        operands the rewrite checks later)."""
        if isinstance(parent, cst.BinaryOperation):
            return isinstance(parent.operator, ARITHMETIC)
        if isinstance(parent, cst.UnaryOperation):
            return isinstance(parent.operator, (cst.Minus, cst.Plus))
        if isinstance(parent, cst.Attribute):
            call = self.parent(parent)
            return (
                parent.value is child
                and parent.attr.value in ELEMENTWISE
                and isinstance(call, cst.Call)
                and call.func is parent
                and all(_plain_number_arg(a) for a in call.args)
            )
        if isinstance(parent, cst.Call):
            # The method call an elementwise Attribute step names, or ``torch.F(child)``.
            return parent.func is child or _torch_elementwise(self, parent)
        return isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star

    def _rewrite_reduction(
        self, call: cst.Call, reduction: str, inner: cst.CSTNode
    ) -> Optional[Replacement]:
        masked: list[tuple[cst.CSTNode, cst.BaseExpression, cst.BaseExpression]] = []
        if not self._collect(inner, masked, top=True) or not masked:
            return None
        masks = {self.code(_unparenthesized(m)) for _, _, m in masked}
        if len(masks) != 1:
            return None
        mask = masked[0][2]
        tensors = {self.code(_unparenthesized(t)) for _, t, _ in masked}
        # masked_select broadcasts as torch.where does; an index needs a mask of elements.
        selects = len(masked) == 1 and isinstance(masked[0][0], cst.Call)
        if not selects and not any(self._same_shape_mask(mask, t) for t in tensors):
            return None
        body = _replace(inner, {id(place): _unparenthesized(t) for place, t, _ in masked})
        torch = self.import_module("torch")
        mask_text = _bare(self, mask)
        where = f"{torch}.where({mask_text}, {self.code(_unparenthesized(body))}, " + (
            f"{REDUCTION_FILL[reduction]})"
        )
        if reduction == "mean":
            return call, _fraction(self, call, f"{where}.sum() / {_operand(self, mask)}.sum()")
        return call, f"{where}.{reduction}()"

    def _collect(
        self,
        node: cst.CSTNode,
        masked: list[tuple[cst.CSTNode, cst.BaseExpression, cst.BaseExpression]],
        top: bool = False,
    ) -> bool:
        """Gather the masked leaves of an elementwise expression; False where a leaf is
        anything but ``t[m]``, ``masked_select(t, m)``, a number or a constant."""
        if isinstance(node, cst.BaseExpression) and (
            is_number(node) or (not top and self.kind(node) == Kind.CONST)
        ):
            return True
        leaf = self._masked_leaf(node)
        if leaf is not None:
            masked.append((node, *leaf))
            return True
        if isinstance(node, cst.BinaryOperation):
            return self._collect(node.left, masked) and self._collect(node.right, masked)
        if isinstance(node, cst.UnaryOperation):
            return self._collect(node.expression, masked)
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in ELEMENTWISE:
                return self._collect(node.func.value, masked) and all(
                    _plain_number_arg(a) for a in node.args
                )
            if _torch_elementwise(self, node):
                return all(
                    self._collect(a.value, masked)
                    for a in node.args
                    if a.keyword is None and not a.star
                )
        return False

    def _masked_leaf(
        self, node: cst.CSTNode
    ) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
        if isinstance(node, cst.Subscript):
            return self._indexed(node)
        if isinstance(node, cst.Call):
            return self._masked_select(node)
        return None

    # -- masked losses ---------------------------------------------------------------------
    def _masked_loss(self, node: cst.CSTNode) -> Optional[Replacement]:
        arg = self.parent(node)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or not isinstance(node, cst.Subscript):
            return None
        name = self.ctx.qualified_name(call.func)
        positional = [a for a in call.args if a.keyword is None]
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        if len(positional) != 2 or any(a.star for a in call.args):
            return None
        leaves = [self._indexed(a.value) if isinstance(a.value, cst.Subscript) else None
                  for a in positional]  # fmt: skip
        if leaves[0] is None or leaves[1] is None:
            return None
        (first, mask), (second, other_mask) = leaves[0], leaves[1]
        if self.code(_unparenthesized(mask)) != self.code(_unparenthesized(other_mask)):
            return None
        reduction = keywords.get("reduction")
        if reduction is not None and (
            not isinstance(reduction, cst.SimpleString)
            or reduction.evaluated_value not in ("mean", "sum")
        ):
            return None
        torch = self.import_module("torch")
        mask_text = _bare(self, mask)
        a, b = _bare(self, first), _bare(self, second)
        rest = "".join(f", {self.code(k)}" for k in call.args if k.keyword is not None)
        func = self.code(call.func)
        if name in INDEX_LOSSES:
            if set(keywords) - INDEX_LOSS_KEYWORDS or not self._same_shape_mask(mask, b):
                return None
            ignore = keywords.get("ignore_index")
            if ignore is not None and not is_number(ignore):
                return None
            fill = self.code(ignore) if ignore is not None else "-100"
            target = f"{torch}.where({mask_text}, {b}, {fill}).flatten()"
            return call, f"{func}({_operand(self, first)}.flatten(0, -2), {target}{rest})"
        if name in ELEMENTWISE_LOSSES:
            if set(keywords) - ELEMENTWISE_LOSS_KEYWORDS:
                return None
            if not (self._same_shape_mask(mask, a) or self._same_shape_mask(mask, b)):
                return None
            others = "".join(
                f", {self.code(k)}"
                for k in call.args
                if k.keyword is not None and k.keyword.value != "reduction"
            )
            loss = f'{func}({a}, {b}{others}, reduction="none")'
            total = f"{torch}.where({mask_text}, {loss}, 0).sum()"
            if reduction is not None and reduction.evaluated_value == "sum":
                return call, total
            return call, _fraction(self, call, f"{total} / {_operand(self, mask)}.sum()")
        return None

    def _indexed(
        self, node: cst.Subscript
    ) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
        """``(x, m)`` for ``x[m]`` with ``m`` a boolean tensor."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        mask = node.slice[0].slice.value
        if self.kind(node.value) != Kind.TENSOR or not is_bool_tensor(self, mask):
            return None
        return node.value, mask

    def _masked_select(
        self, call: cst.Call
    ) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
        args = call.args
        if any(arg.keyword is not None or arg.star for arg in args):
            return None
        if self.ctx.qualified_name(call.func) == "torch.masked_select" and len(args) == 2:
            tensor, mask = args[0].value, args[1].value
        elif (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "masked_select"
            and len(args) == 1
        ):
            tensor, mask = call.func.value, args[0].value
        else:
            return None
        if self.kind(tensor) != Kind.TENSOR or self.kind(mask) != Kind.TENSOR:
            return None
        return tensor, mask

    def _same_shape_mask(self, mask: cst.BaseExpression, tensor: str, depth: int = 0) -> bool:
        """Whether ``mask`` is built from ``tensor`` elementwise and numbers only."""
        if depth > 6:
            return False
        mask = _unparenthesized(mask)
        if isinstance(mask, cst.Comparison):
            operands = [mask.left, *(c.comparator for c in mask.comparisons)]
            if not all(isinstance(c.operator, COMPARISON_OPERATORS) for c in mask.comparisons):
                return False
            return any(self._is(o, tensor) for o in operands) and all(
                self._is(o, tensor) or is_number(o) or self.kind(o) == Kind.CONST for o in operands
            )
        if isinstance(mask, cst.UnaryOperation) and isinstance(mask.operator, cst.BitInvert):
            return self._same_shape_mask(mask.expression, tensor, depth + 1)
        if isinstance(mask, cst.BinaryOperation) and isinstance(
            mask.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
        ):
            return self._same_shape_mask(mask.left, tensor, depth + 1) and self._same_shape_mask(
                mask.right, tensor, depth + 1
            )
        if isinstance(mask, cst.Call):
            func = mask.func
            if isinstance(func, cst.Attribute) and not mask.args:
                tests = ELEMENT_TESTS | {"bool"}
                return func.attr.value in tests and self._is(func.value, tensor)
            name = self.ctx.qualified_name(func) or ""
            if name.startswith("torch.") and name[len("torch.") :] in ELEMENT_TESTS:
                return len(mask.args) == 1 and self._is(mask.args[0].value, tensor)
            return False
        if isinstance(mask, cst.Name):
            values = assignments(self.enclosing_function(mask), mask.value)
            return bool(values) and all(
                size == 1 and self._same_shape_mask(value, tensor, depth + 1)
                for value, _, size in values
            )
        return False

    def _is(self, expr: cst.BaseExpression, tensor: str, depth: int = 0) -> bool:
        """``expr`` is ``tensor``, or elementwise math of it with numbers (``x.abs()``,
        ``torch.sigmoid(x)``, ``x * 2``): the same shape."""
        expr = _unparenthesized(expr)
        if self.code(expr) == tensor:
            return True
        if depth > 4:
            return False
        if isinstance(expr, cst.UnaryOperation) and isinstance(
            expr.operator, (cst.Minus, cst.Plus)
        ):
            return self._is(expr.expression, tensor, depth + 1)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, ARITHMETIC):
            sides = (expr.left, expr.right)
            return any(self._is(e, tensor, depth + 1) for e in sides) and all(
                self._is(e, tensor, depth + 1) or is_number(e) for e in sides
            )
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Attribute) and func.attr.value in ELEMENTWISE:
                return self._is(func.value, tensor, depth + 1) and all(
                    _plain_number_arg(a) for a in expr.args
                )
            if _torch_elementwise(self, expr) and expr.args:
                first, rest = expr.args[0], expr.args[1:]
                return (
                    first.keyword is None
                    and not first.star
                    and self._is(first.value, tensor, depth + 1)
                    and all(_plain_number_arg(a) for a in rest)
                )
        return False


class NamedMaskedReductionToWhere(MaskedReductionToWhere):
    """TL107 at ``v = x[m]`` / ``v = torch.masked_select(x, m)`` whose one read is reduced as
    above (``v.mean()``, ``(v * 2).sum()``, ``torch.sum(v)``): the reduction becomes the
    ``torch.where`` form of ``x`` and ``m`` and the binding goes (see the module docstring)."""

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BaseExpression) or self._masked_leaf(node) is None:
            return None
        bound = single_read_binding(self, node)
        if bound is None:
            return None
        line, read = bound
        found = self._reduction_of(read, node)
        return None if found is None else without_binding(self, line, found)

    def _reduction_of(self, read: cst.Name, selection: cst.BaseExpression) -> Optional[Replacement]:
        """:meth:`_reduction` above the read, with the selection in the read's place."""
        current: cst.CSTNode = read
        parent = self.parent(current)
        while parent is not None:
            if (
                isinstance(parent, cst.Attribute)
                and parent.value is current
                and parent.attr.value in REDUCTION_FILL
            ):
                call = self.parent(parent)
                if isinstance(call, cst.Call) and call.func is parent and not call.args:
                    inner = _replace(current, {id(read): selection})
                    return self._rewrite_reduction(call, parent.attr.value, inner)
                return None
            reduction = self._torch_reduction(parent)
            if reduction is not None:
                inner = _replace(current, {id(read): selection})
                return self._rewrite_reduction(reduction[0], reduction[1], inner)
            if not self._elementwise_step(parent, current):
                return None
            current, parent = parent, self.parent(parent)
        return None


def single_read_binding(
    fixer: Fixer, selection: cst.BaseExpression
) -> Optional[tuple[cst.SimpleStatementLine, cst.Name]]:
    """For ``v = <selection>`` alone on its line, ``v`` bound once and read once: the line and
    the read, where the read sees the same selection (no name it reads is bound twice) and
    sits in the binding's own block (moved into a branch or a loop body, the selection would
    run there, once per step in a loop)."""
    assign = fixer.parent(selection)
    line = fixer.parent(assign) if isinstance(assign, cst.Assign) else None
    function = fixer.enclosing_function(selection)
    if (
        not isinstance(assign, cst.Assign)
        or assign.value is not selection
        or len(assign.targets) != 1
        or not isinstance(assign.targets[0].target, cst.Name)
        or not isinstance(line, cst.SimpleStatementLine)
        or len(line.body) != 1
        or function is None
    ):
        return None
    name = assign.targets[0].target.value
    reads = name_reads(function, name)
    if len(assignments(function, name)) != 1 or len(reads) != 1:
        return None
    read = reads[0]
    if not isinstance(read, cst.Name) or any(
        len(assignments(function, n.value)) > 1 for n in variables_read(selection)
    ):
        return None
    block = fixer.parent(line)
    if (
        next((a for a in fixer.ancestors(read) if isinstance(a, cst.IndentedBlock)), None)
        is not block
    ):
        return None
    return line, read


def first_dim_reduction(fixer: Fixer, node: cst.BaseExpression) -> Optional[tuple[cst.Call, str]]:
    """``node.sum(0)`` / ``node.mean(0)``: the call and the method's name."""
    attribute = fixer.parent(node)
    reduction = fixer.parent(attribute) if isinstance(attribute, cst.Attribute) else None
    if (
        isinstance(attribute, cst.Attribute)
        and attribute.value is node
        and attribute.attr.value in ("sum", "mean")
        and isinstance(reduction, cst.Call)
        and reduction.func is attribute
        and len(reduction.args) == 1
        and reduction.args[0].keyword is None
        and fixer.code(reduction.args[0].value) == "0"
    ):
        return reduction, attribute.attr.value
    return None


def without_binding(
    fixer: Fixer, line: cst.SimpleStatementLine, rewrite: Replacement
) -> Optional[list[Replacement]]:
    """``rewrite`` of a read, and the removal of ``line`` (the binding the read no longer
    needs). The line's comments go to the statement after it, which must hold the read then
    (the two edits may not overlap); None where they cannot be kept."""
    if not has_comments(line):
        return [rewrite, (line, cst.RemovalSentinel.REMOVE)]
    block = siblings(fixer, line)
    after = block[block.index(line) + 1] if block and line in block[:-1] else None
    read, new = rewrite
    if after is None or not any(a is after for a in fixer.ancestors(read)):
        return None
    if isinstance(new, str):
        new = cst.parse_expression(new)
    if not isinstance(new, cst.BaseExpression):
        return None
    moved = list(line.leading_lines)
    trailing = line.trailing_whitespace.comment
    if trailing is not None:
        moved.append(cst.EmptyLine(indent=True, comment=trailing))
    kept = _replace(after, {id(read): new}).with_changes(  # type: ignore[attr-defined]
        leading_lines=[*moved, *after.leading_lines]
    )
    return [(line, cst.RemovalSentinel.REMOVE), (after, kept)]


def _unparenthesized(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.with_changes(lpar=(), rpar=()) if expr.lpar else expr


def _bare(fixer: Fixer, expr: cst.BaseExpression) -> str:
    return fixer.code(_unparenthesized(expr))


def _operand(fixer: Fixer, expr: cst.BaseExpression) -> str:
    """``expr`` as the receiver of a method call: parenthesized unless it is a name, an
    attribute, a call or a subscript."""
    text = _bare(fixer, expr)
    bare = _unparenthesized(expr)
    if isinstance(bare, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
        return text
    return f"({text})"


def _plain_number_arg(arg: cst.Arg) -> bool:
    """``2``, ``min=0.0``: an argument that is a number literal."""
    return not arg.star and is_number(arg.value)


def _torch_elementwise(fixer: Fixer, call: cst.Call) -> bool:
    name = fixer.ctx.qualified_name(call.func) or ""
    return name.startswith("torch.") and name[len("torch.") :] in ELEMENTWISE


def _replace(tree: cst.CSTNode, swaps: dict[int, cst.BaseExpression]) -> cst.CSTNode:
    """``tree`` with each node whose id is a key of ``swaps`` replaced, keeping its parens."""

    class _Swap(cst.CSTTransformer):
        def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):  # type: ignore[override]
            new = swaps.get(id(original))
            if new is None:
                return updated
            if getattr(original, "lpar", ()):
                return new.with_changes(lpar=original.lpar, rpar=original.rpar)  # type: ignore[attr-defined]
            return new

    return tree.visit(_Swap())


def _fraction(fixer: Fixer, node: cst.CSTNode, text: str) -> str:
    """``text`` (a division) for ``node``'s place: in parentheses unless it stands alone."""
    parent = fixer.parent(node)
    alone = (cst.Assign, cst.AnnAssign, cst.Return, cst.Arg, cst.Element, cst.Expr)
    return text if isinstance(parent, alone) else f"({text})"


class MaskedRowsReductionToWhere(Fixer):
    """TL107 at ``x[m]`` summed or averaged over its first dimension, ``x[m].sum(0)`` /
    ``.mean(0)``, directly or through a name bound once to the selection and read once, so,
    in the binding's own block (``picked = h[keep]`` / ``picked.sum(0)``), where ``m`` is a
    name bound to a boolean tensor: the dimensions ``m`` indexes are moved last, the rows it
    leaves out zeroed, and those dimensions summed,
    ``torch.where(m, x.movedim(tuple(range(m.dim())), tuple(range(-m.dim(), 0))),
    0).flatten(-m.dim()).sum(-1)`` (``/ m.sum()`` for the mean). Whatever ``m``'s rank (the
    elements or the rows of ``x``), ``m`` then broadcasts against the trailing dimensions it
    indexed, so the sum is over the same entries. Unsafe for the reasons of the module
    docstring (the sum adds zeros, in another order)."""

    codes = ("TL107",)
    applicability = "unsafe"
    message = (
        "sum the selected rows by masking the others (`torch.where(m, x.movedim(...), "
        "0).flatten(-m.dim()).sum(-1)`), which keeps the shape (last bits can differ)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        mask = index.value if isinstance(index, cst.Index) else None
        function = self.enclosing_function(node)
        if (
            not isinstance(mask, cst.Name)
            or function is None
            or len(assignments(function, mask.value)) > 1
            or not is_bool_tensor(self, mask)
            or self.kind(node.value) != Kind.TENSOR
        ):
            return None
        found = self._row_reduction(node, node, mask.value)
        if found is not None:
            return [found]
        bound = single_read_binding(self, node)
        if bound is None:
            return None
        line, read = bound
        found = self._row_reduction(read, node, mask.value)
        return None if found is None else without_binding(self, line, found)

    def _row_reduction(
        self, read: cst.BaseExpression, selection: cst.Subscript, mask: str
    ) -> Optional[Replacement]:
        """``read.sum(0)`` / ``read.mean(0)`` over the masked rows of ``selection``."""
        found = first_dim_reduction(self, read)
        if found is None:
            return None
        reduction, method = found
        torch = self.import_module("torch")
        rows = _operand(self, selection.value)
        moved = f"{rows}.movedim(tuple(range({mask}.dim())), tuple(range(-{mask}.dim(), 0)))"
        total = f"{torch}.where({mask}, {moved}, 0).flatten(-{mask}.dim()).sum(-1)"
        if method == "mean":
            return reduction, _fraction(self, reduction, f"{total} / {mask}.sum()")
        return reduction, total


# Methods without side effects a cheap mask may be built with.
PURE_MASK_METHODS = frozenset(
    {"abs", "sum", "mean", "amax", "amin", "norm", "squeeze", "unsqueeze", "any", "all", "float",
     "long", "bool", "isnan", "isinf", "isfinite", "sigmoid", "softmax"}
)  # fmt: skip
# In-place method and the identity value for each augmented operator of a masked store.
MASKED_UPDATES = {
    cst.AddAssign: ("add_", "0"),
    cst.SubtractAssign: ("sub_", "0"),
    cst.MultiplyAssign: ("mul_", "1"),
}


class MaskedAugmentedStoreToWhere(Fixer):
    """TL107 at ``x[m] += v`` (``-=``, ``*=``), ``m`` a boolean tensor built without side
    effects (names, comparisons, pure methods such as ``abs()``), ``x`` a name: Python
    reads the selection ``x[m]`` first, whose size is data dependent. The same update of the
    same tensor in place, with ``v`` where ``m`` holds and the identity elsewhere:
    ``x.add_(torch.where(m.reshape(m.shape + (1,) * (x.dim() - m.dim())), v, 0))``
    (``sub_`` / ``mul_`` with 1). ``v`` must be a number or a tensor named by a plain name or
    attribute (a parameter, a buffer, a weight), which broadcasts against the trailing
    dimensions of ``x[m]`` as it then does against ``x``; a selection (``y[m]``) has a first
    dimension of the selected count and is left alone. Unsafe: a ``v`` with a first dimension
    of the selected count, bound to a name, broadcasts differently or fails now; integer
    ``x`` with a float ``v`` fails in place either way."""

    codes = ("TL107",)
    applicability = "unsafe"
    message = (
        "update the whole tensor in place with `torch.where(mask, v, identity)`, which keeps the "
        "shape"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        store = self.parent(node) if isinstance(node, cst.Subscript) else None
        if not isinstance(store, cst.AugAssign) or store.target is not node:
            return None
        update = MASKED_UPDATES.get(type(store.operator))
        index = node.slice[0].slice if len(node.slice) == 1 else None
        mask = index.value if isinstance(index, cst.Index) else None
        target = node.value
        if (
            update is None
            or mask is None
            or not isinstance(target, cst.Name)
            or self.kind(target) != Kind.TENSOR
            or not is_bool_tensor(self, mask)
            or not self._plain_mask(mask)
            or not self._plain_value(store.value)
        ):
            return None
        method, identity = update
        torch = self.import_module("torch")
        m = _operand(self, mask)
        x = target.value
        expanded = f"{m}.reshape({m}.shape + (1,) * ({x}.dim() - {m}.dim()))"
        value = _bare(self, store.value)
        call = f"{x}.{method}({torch}.where({expanded}, {value}, {identity}))"
        return [(store, cst.Expr(cst.parse_expression(call), semicolon=store.semicolon))]

    def _plain_mask(self, mask: cst.BaseExpression) -> bool:
        """A name, or a comparison / ``~`` / ``&`` / ``|`` of names, attributes and numbers:
        cheap and pure, so reading it three times gives the same mask."""
        if isinstance(mask, (cst.Name, cst.Attribute, cst.Integer, cst.Float)):
            return True
        if isinstance(mask, cst.UnaryOperation):
            return self._plain_mask(mask.expression)
        if isinstance(mask, cst.BinaryOperation):
            return self._plain_mask(mask.left) and self._plain_mask(mask.right)
        if isinstance(mask, cst.Comparison):
            return self._plain_mask(mask.left) and all(
                self._plain_mask(c.comparator) for c in mask.comparisons
            )
        if isinstance(mask, cst.Call) and isinstance(mask.func, cst.Attribute):
            # `x.abs()`, `x.sum(-1)`: a pure method of a plain receiver with plain arguments.
            return (
                mask.func.attr.value in PURE_MASK_METHODS
                and self._plain_mask(mask.func.value)
                and all(
                    self._plain_mask(a.value) or isinstance(a.value, cst.UnaryOperation)
                    for a in mask.args
                )
            )
        return False

    def _plain_value(self, value: cst.BaseExpression) -> bool:
        if is_number(value):
            return True
        if isinstance(value, cst.Attribute):
            return self.kind(value) == Kind.TENSOR
        if isinstance(value, cst.Name) and self.kind(value) == Kind.TENSOR:
            function = self.enclosing_function(value)
            bound = assignments(function, value.value) if function is not None else []
            return not any(isinstance(v, cst.Subscript) for v, _, _ in bound)
        return False


# Reshapes that turn ``m.nonzero()`` of a 1-D mask, shaped (k, 1), into the row indices.
INDEX_SQUEEZES = frozenset({"1", "-1"})


class RowGatherToWhere(Fixer):
    codes = ("TL107",)
    applicability = "unsafe"
    message = (
        "sum the selected rows by masking the others (`torch.where(mask, y.movedim(0, -1), "
        "0).sum(-1)`), which keeps the shape (last bits can differ)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        mask = self._nonzero_of(call)
        squeeze = self._squeezed(call)
        if mask is None or squeeze is None:
            return None
        line = self.parent(squeeze)
        if not (
            isinstance(line, cst.Assign)
            and line.value is squeeze
            and len(line.targets) == 1
            and isinstance(line.targets[0].target, cst.Name)
        ):
            return None
        name = line.targets[0].target.value
        function = self.enclosing_function(call)
        if function is None or len(assignments(function, name)) != 1:
            return None
        uses = name_reads(function, name)
        rewrites = [self._row_reduction(use, name) for use in uses]
        if not uses or any(r is None for r in rewrites):
            return None
        return [(squeeze, _bare(self, mask)), *(r for r in rewrites if r is not None)]

    def _nonzero_of(self, call: cst.Call) -> Optional[cst.BaseExpression]:
        """``m`` for ``m.nonzero()`` / ``torch.nonzero(m)`` with ``m`` a boolean tensor."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "nonzero" and not call.args:
            mask = func.value
        elif self.ctx.qualified_name(func) == "torch.nonzero" and len(call.args) == 1:
            if call.args[0].keyword is not None or call.args[0].star:
                return None
            mask = call.args[0].value
        else:
            return None
        return mask if is_bool_tensor(self, mask) else None

    def _squeezed(self, call: cst.Call) -> Optional[cst.Call]:
        """The ``.squeeze(1)`` / ``.squeeze(-1)`` call on ``call``."""
        attribute = self.parent(call)
        if not (
            isinstance(attribute, cst.Attribute)
            and attribute.value is call
            and attribute.attr.value == "squeeze"
        ):
            return None
        squeeze = self.parent(attribute)
        if (
            isinstance(squeeze, cst.Call)
            and len(squeeze.args) == 1
            and squeeze.args[0].keyword is None
            and self.code(squeeze.args[0].value) in INDEX_SQUEEZES
        ):
            return squeeze
        return None

    def _row_reduction(self, use: cst.CSTNode, name: str) -> Optional[Replacement]:
        """``y.index_select(0, idx).sum(0)`` / ``y[idx].mean(0)`` rewritten over the mask."""
        parent = self.parent(use)
        rows: Optional[cst.BaseExpression] = None
        if isinstance(parent, cst.Arg) and parent.keyword is None:
            select = self.parent(parent)
            if (
                isinstance(select, cst.Call)
                and isinstance(select.func, cst.Attribute)
                and select.func.attr.value == "index_select"
                and len(select.args) == 2
                and select.args[1] is parent
                and self.code(select.args[0].value) == "0"
            ):
                rows, gathered = select.func.value, select
        elif isinstance(parent, cst.Index):
            subscript = self.parent(self.parent(parent) or parent)
            if isinstance(subscript, cst.Subscript) and len(subscript.slice) == 1:
                rows, gathered = subscript.value, subscript
        if rows is None or self.kind(rows) != Kind.TENSOR:
            return None
        found = first_dim_reduction(self, gathered)
        if found is None:
            return None
        reduction, method = found
        torch = self.import_module("torch")
        total = f"{torch}.where({name}, {_operand(self, rows)}.movedim(0, -1), 0).sum(-1)"
        if method == "mean":
            return reduction, _fraction(self, reduction, f"{total} / {name}.sum()")
        return reduction, total
