"""TL108: a tensor built from sizes with ``torch.tensor`` -> tensor ops the tracer records (unsafe).

``torch.jit.trace`` records ``torch.tensor(x.shape)`` (and ``torch.tensor([t, t * 2])``,
``torch.tensor(len(x))``) as a constant holding the example input's sizes. While tracing, a
size read as ``x.shape[i]`` / ``x.size(i)`` is a 0-d tensor, and ``torch.full((), size)``
/ ``torch.stack`` keep it in the graph:

- ``torch.tensor(x.shape, dtype=d)`` (or ``x.size()``, ``x.shape[1:]``) ->
  ``torch.stack([torch.full((), s, dtype=d) for s in x.shape])``;
- ``torch.tensor([t, t * 2], dtype=d)`` -> ``torch.stack([torch.full((), t, dtype=d),
  torch.full((), t * 2, dtype=d)])``;
- ``torch.tensor(n, dtype=d)`` -> ``torch.full((), n, dtype=d)`` (``torch.as_tensor`` too);
- ``t.new_tensor([w, h])`` -> the same with ``dtype=t.dtype, device=t.device``;
- (TL106) ``int(x.size(1))`` -> ``x.size(1)``, which is an int already;
- (TL106) one size as a max / avg / adaptive pool's window, stride, padding or output size,
  or as ``roll``'s shift (``F.max_pool1d(x, x.size(2))``) -> a tuple of it, which the tracer
  records where one int became a constant;

with ``len(x)`` of a tensor written ``x.shape[0]``. Only sizes the tracer records are taken
(``x.shape[i]``, ``x.size(i)``, ``x.numel()``, arithmetic of them with ints and constants, names
bound only to those); ``int(...)`` or ``max(...)`` of a size is a constant already. Only the
keywords ``dtype`` and ``device`` are kept (``requires_grad=`` is left alone).

Checked with torch 2.13: the result equals the original in eager, and scripts, compiles and
exports as before. Unsafe: the shape of a 0-d tensor was ``tensor([])``, and ``torch.stack``
of no sizes raises.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, self_assignments, self_attribute
from torchlint.lint.semantic.kinds import Kind

from ._shared import fresh_name, local_definition, self_class
from ._tensor_exprs import ARITHMETIC, len_as_shape, len_of_tensor, shape_of_tensor, traced_size

KEYWORDS = {"dtype", "device"}
# Constructors that give a size's int its own dtype (int64), as ``torch.full`` does.
TENSOR_CALLS = ("torch.tensor", "torch.as_tensor")


class SizeTensorToTracedOps(Fixer):
    codes = ("TL108", "TL110")
    applicability = "unsafe"
    message = (
        "build it with `torch.full((), size)` / `torch.stack`, which torch.jit.trace records "
        "(the shape of a 0-d tensor becomes an error)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        owner = _new_tensor_owner(self, call)
        if owner is None and self.ctx.qualified_name(call.func) not in TENSOR_CALLS:
            return None
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        rest = call.args[1:]
        if any(
            arg.star or arg.keyword is None or arg.keyword.value not in KEYWORDS for arg in rest
        ):
            return None
        given = {arg.keyword.value: self.code(arg.value) for arg in rest}  # type: ignore[union-attr]
        if owner is not None:
            # `boxes.new_tensor(data)`: the owner's dtype and device unless given.
            for key in ("dtype", "device"):
                given.setdefault(key, f"{owner}.{key}")
        keywords = "".join(f", {key}={value}" for key, value in given.items())
        data = call.args[0].value
        torch = self.import_module("torch")
        if traced_size(self, data):
            return [(call, f"{torch}.full((), {self._size(data)}{keywords})")]
        if isinstance(data, (cst.List, cst.Tuple)):
            elements = [element.value for element in data.elements]
            if not elements or any(isinstance(e, cst.StarredElement) for e in data.elements):
                return None
            if not all(traced_size(self, e) or isinstance(e, cst.Integer) for e in elements):
                return None
            if not any(traced_size(self, e) for e in elements):
                return None
            parts = ", ".join(f"{torch}.full((), {self._size(e)}{keywords})" for e in elements)
            return [(call, f"{torch}.stack([{parts}])")]
        shape = data
        if isinstance(data, cst.Subscript) and _plain_slice(data):
            shape = data.value
        if shape_of_tensor(self, shape) is None:
            return None
        name = fresh_name(self, call, "size", "dim_size")
        return [
            (
                call,
                f"{torch}.stack([{torch}.full((), {name}{keywords}) for {name} in "
                f"{self.code(data.with_changes(lpar=(), rpar=()))}])",
            )
        ]

    def _size(self, expr: cst.BaseExpression) -> str:
        return len_as_shape(self, expr.with_changes(lpar=(), rpar=()))


def _new_tensor_owner(fixer: Fixer, call: cst.Call) -> Optional[str]:
    """The source of ``t`` for ``t.new_tensor(...)`` of a tensor named plainly (a name or
    ``self.<attr>``, evaluated twice by the rewrite)."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "new_tensor":
        return None
    if fixer.kind(func.value) != Kind.TENSOR or not (
        isinstance(func.value, cst.Name) or self_attribute(func.value) is not None
    ):
        return None
    return fixer.code(func.value)


def _plain_slice(subscript: cst.Subscript) -> bool:
    """``shape[1:]``, ``shape[:-1]``: one slice with int literal bounds."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Slice):
        return False
    bounds = subscript.slice[0].slice
    return all(
        bound is None or isinstance(bound, cst.Integer)
        or (isinstance(bound, cst.UnaryOperation) and isinstance(bound.expression, cst.Integer))
        for bound in (bounds.lower, bounds.upper, bounds.step)
    )  # fmt: skip


class LenToShape(Fixer):
    """TL105: ``len(x)`` of a tensor feeding tensor math or a torch call -> ``x.shape[0]``."""

    codes = ("TL105",)
    applicability = "unsafe"
    message = (
        "read the size as `x.shape[0]`, which torch.jit.trace records (while tracing it is a "
        "0-d tensor, not an int)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len_of_tensor(self, call) is None:
            return None
        if not self._feeds_torch(call):
            return None
        return [(call, len_as_shape(self, call))]

    def _feeds_torch(self, node: cst.CSTNode) -> bool:
        """Whether the value reaches a torch call or a tensor method through arithmetic,
        tuples and lists (where the tracer keeps a traced size; ``range()`` does not)."""
        current = node
        for parent in self.ancestors(node):
            if isinstance(parent, cst.Call):
                if current is parent.func:
                    return False
                name = self.ctx.qualified_name(parent.func) or ""
                method = isinstance(parent.func, cst.Attribute) and (
                    self.kind(parent.func.value) == Kind.TENSOR
                )
                return name.startswith("torch.") or method
            if isinstance(parent, cst.BinaryOperation):
                if not isinstance(parent.operator, ARITHMETIC):
                    return False
                other = parent.right if parent.left is current else parent.left
                if self.kind(other) == Kind.TENSOR:
                    return True
            elif not isinstance(
                parent, (cst.Arg, cst.Tuple, cst.List, cst.Element, cst.UnaryOperation)
            ):
                return False
            current = parent
        return False


class IntOfSize(Fixer):
    """TL106: ``int(x.size(1))`` -> ``x.size(1)``: the size is an int already (eager,
    TorchScript, compile and export), and the tracer records it only without ``int``."""

    codes = ("TL106",)
    applicability = "unsafe"
    message = (
        "drop `int()`: the size is an int already, and torch.jit.trace records it only "
        "without the conversion (while tracing it is a 0-d tensor)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.int"
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        size = call.args[0].value
        if not traced_size(self, size) or _divides(size) or not self._integers(size):
            return None
        text = len_as_shape(self, size.with_changes(lpar=(), rpar=()))
        if isinstance(size, (cst.BinaryOperation, cst.UnaryOperation)) and not isinstance(
            self.parent(call), (cst.Assign, cst.Arg, cst.Return)
        ):
            text = f"({text})"
        return [(call, text)]

    def _integers(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether every number ``expr`` combines with its sizes is surely an int (an int
        literal, or a name or ``self.<attr>`` that an int literal or an ``int`` parameter
        gives), so ``int`` truncates nothing: ``int(n * self.keep_ratio)`` keeps it."""
        if depth > 6 or isinstance(expr, (cst.Float, cst.Imaginary)):
            return False
        if isinstance(expr, cst.BinaryOperation):
            return self._integers(expr.left, depth + 1) and self._integers(expr.right, depth + 1)
        if isinstance(expr, cst.UnaryOperation):
            return self._integers(expr.expression, depth + 1)
        if isinstance(expr, cst.Integer) or self.kind(expr) == Kind.SIZE:
            return True
        if isinstance(expr, cst.Name):
            function = self.enclosing_function(expr)
            return function is not None and _int_valued(function, expr.value)
        attribute = self_attribute(expr)
        if attribute is None:
            return False
        owner = self_class(self, expr)
        definition = local_definition(self, f"{owner}.__init__") if owner else None
        if not isinstance(definition, cst.FunctionDef):
            return False
        values = self_assignments(definition, attribute)
        return bool(values) and all(
            isinstance(v, cst.Integer)
            or (isinstance(v, cst.Name) and _int_valued(definition, v.value))
            for v in values
        )


class RoundedDivisionOfSize(IntOfSize):
    """TL106: ``math.ceil(a / b)`` -> ``-(-a // b)`` and ``math.floor(a / b)`` -> ``a // b``,
    where ``a`` is a size the tracer records and every number is surely an int: the same int
    for ints (exact below 2**53), and the tracer records ``//`` of a size where ``/`` and
    ``math`` give it the example's constant. Unsafe: an ``int`` annotation does not stop a
    caller passing a float, which ``//`` keeps a float."""

    message = (
        "use integer floor division (`-(-a // b)` for ceil), which torch.jit.trace records "
        "on a size; `math.ceil` / `math.floor` give it the example input's constant"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 1:
            return None
        name = self.ctx.qualified_name(call.func)
        arg = call.args[0]
        quotient = arg.value
        if (
            name not in ("math.ceil", "math.floor")
            or arg.keyword is not None
            or arg.star
            or not isinstance(quotient, cst.BinaryOperation)
            or not isinstance(quotient.operator, cst.Divide)
            or not traced_size(self, quotient.left)
            or not all(self._integers(side) for side in (quotient.left, quotient.right))
        ):
            return None
        left, right = (
            f"({len_as_shape(self, side)})"
            if isinstance(side, (cst.BinaryOperation, cst.UnaryOperation))
            else len_as_shape(self, side)
            for side in (quotient.left, quotient.right)
        )
        text = f"-(-{left} // {right})" if name == "math.ceil" else f"{left} // {right}"
        if not isinstance(self.parent(call), (cst.Assign, cst.Arg, cst.Return)):
            text = f"({text})"
        return [(call, text)]


def _int_valued(function: cst.FunctionDef, name: str) -> bool:
    """A parameter annotated ``int`` (or defaulting to an int literal, unannotated), or a
    name bound only to int literals."""
    for param in (*function.params.params, *function.params.kwonly_params):
        if param.name.value != name:
            continue
        if param.annotation is not None:
            annotation = param.annotation.annotation
            return isinstance(annotation, cst.Name) and annotation.value == "int"
        return isinstance(param.default, cst.Integer)
    bound = assignments(function, name)
    return bool(bound) and all(isinstance(v, cst.Integer) and size == 1 for v, _, size in bound)


def _divides(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` holds ``/`` or ``**`` (a float, or a negative power), which ``int``
    truncates."""
    found = False

    class Visitor(cst.CSTVisitor):
        def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
            nonlocal found
            found = found or isinstance(node.operator, (cst.Divide, cst.Power))

    expr.visit(Visitor())
    return found


# Pools of one size per spatial dimension: how many sizes the tuple holds (not `lp_pool1d`,
# which multiplies by its window: a tuple raises in eager).
_SPATIAL_DIMS = {
    **{f"torch.nn.functional.{k}_pool{d}d": d for k in ("max", "avg") for d in (1, 2, 3)},
    **{f"torch.nn.functional.lp_pool{d}d": d for d in (2, 3)},
    **{f"torch.nn.functional.adaptive_{k}_pool{d}d": d for k in ("max", "avg") for d in (1, 2, 3)},
}


class SizeArgumentAsTuple(Fixer):
    """TL106: a pool's window, stride or padding, an adaptive pool's output size or
    ``roll``'s shift given one size (``F.max_pool1d(x, x.size(2))``) -> a tuple of it
    (``(x.size(2),)``; ``(s, s)`` for a 2-d pool when ``s`` is a plain size read), which
    ``torch.jit.trace`` records where one int became the example's constant or was refused
    (a 2-d adaptive pool's size, ``lp_pool2d``'s window). The same call in eager, script, compile and export (torch 2.13). Unsafe: it changes what the trace
    computes (to eager's result on other sizes)."""

    codes = ("TL106",)
    applicability = "unsafe"
    message = "give the size as a tuple (`(x.size(2),)`), which torch.jit.trace records"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        argument = self.parent(node) if node is not None else None
        call = self.parent(argument) if isinstance(argument, cst.Arg) else None
        if (
            # TL106's message for an argument the tracer bakes or refuses as one int
            "a size from a tensor given as" not in (diagnostic.message or "")
            or not isinstance(call, cst.Call)
            or isinstance(node, (cst.Tuple, cst.List))
        ):
            return None
        name = self.ctx.qualified_name(call.func) or ""
        func = call.func
        if name == "torch.roll" or (isinstance(func, cst.Attribute) and func.attr.value == "roll"):
            count = 1
        else:
            count = _SPATIAL_DIMS.get(name, 0)
        if count == 0 or (count > 1 and not _plain_size(node)):
            return None
        text = self.code(node)
        return [(node, "(" + ", ".join([text] * count) + ("," if count == 1 else "") + ")")]


def _plain_size(expr: cst.BaseExpression) -> bool:
    """A read of a size that is the same each time it is evaluated: a name, ``x.shape[i]``,
    ``x.size(i)``, and arithmetic of those with int literals."""
    if isinstance(expr, (cst.Name, cst.Integer)):
        return True
    if isinstance(expr, cst.BinaryOperation):
        return _plain_size(expr.left) and _plain_size(expr.right)
    if isinstance(expr, cst.Subscript):
        return isinstance(expr.value, cst.Attribute) and expr.value.attr.value == "shape"
    return (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "size"
        and all(isinstance(a.value, (cst.Integer, cst.UnaryOperation)) for a in expr.args)
    )


class DivmodOfSize(Fixer):
    """TL106: ``divmod(n, k)`` of a size -> ``(n // k, n % k)``, the same pair for ints, which
    ``torch.jit.trace`` records on the size where ``divmod`` raised. Only where ``n`` and ``k``
    are plain reads (evaluated twice). Unsafe: it changes what the trace does."""

    codes = ("TL106",)
    applicability = "unsafe"
    message = "spell it `(n // k, n % k)`, which torch.jit.trace records on the size"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.divmod"
            or len(call.args) != 2
            or any(a.keyword or a.star for a in call.args)
        ):
            return None
        left, right = (a.value for a in call.args)
        if not (self._operand(left) and self._operand(right)):
            return None
        a, b = (self._operand_text(side) for side in (left, right))
        return [(call, f"({a} // {b}, {a} % {b})")]

    def _operand(self, expr: cst.BaseExpression) -> bool:
        """``expr`` may be read twice: a plain size read or an attribute."""
        return _plain_size(expr) or isinstance(expr, cst.Attribute)

    def _operand_text(self, expr: cst.BaseExpression) -> str:
        return f"({self.code(expr)})" if isinstance(expr, cst.BinaryOperation) else self.code(expr)
