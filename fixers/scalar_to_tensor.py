"""TL102, TL103: a number read from a tensor that only feeds tensor code stays a tensor (unsafe).

``int(t)`` -> ``t.long()`` (just ``t`` where ``t`` is surely an integer count or index, or where
the value is a slice bound: ``.long()`` there breaks plain compile), ``float(t)`` ->
``t.detach().float()``, ``t.item()`` -> ``t.detach()``; ``.reshape(())`` is added where ``t`` is
not surely 0-d (a one-element tensor of any shape gives a number; the 0-d tensor broadcasts
like it).

The number (and every name bound once to it, and to arithmetic on it with number literals,
constants and sizes) must go only where a 0-d tensor gives the same values, all checked on
torch 2.13: arithmetic with a tensor; a comparison with a tensor; a slice bound or the single
index of a tensor subscript (``x[:, n]`` becomes ``x[:, n.reshape(1)].squeeze(1)``, which
``torch.compile`` accepts where it cannot index by the tensor itself); a size argument
(``torch.arange/zeros/ones/empty/full/rand/randn``, ``F.pad``'s pad tuple,
``x.new_zeros/new_ones/new_empty/new_full``, ``x.repeat/expand/view/reshape/topk/narrow``); a
value argument (``clamp``/``clip`` bounds, ``masked_fill``'s value, ``torch.full``'s fill,
``torch.where``'s branches, ``torch.stack``'s list); ``max(n, 1)`` / ``min(n, k)`` with a
number, rewritten to ``n.clamp(min=1)`` / ``n.clamp(max=k)``; ``math.sqrt/exp/log/...``,
rewritten to the ``torch`` function. Anything else (a branch, a ``range``, a Python list, a
return value, a print) leaves the finding without a fix.

Then ``torch.export`` and ``torch.jit.trace`` see tensor operations instead of a data-dependent
integer or a baked-in constant; ``torch.compile`` no longer breaks the graph, except where the
value sizes a tensor (that needs ``.item()``, which plain compile breaks on whatever the code
says: ``torch._dynamo.config.capture_scalar_outputs`` is the caller's setting, not the code's).

Unsafe: ``float(t)`` is a double where ``t.float()`` is float32, so arithmetic done on the
number alone runs in float32 (last-bit differences; results with tensors keep the tensor's
dtype either way); a float64/float16 value met with an integer tensor keeps its dtype where a
Python float gave the default one; ``int(t)`` of a float tensor used as a slice bound is no
longer truncated and fails (no fix where ``t`` is surely floating point: rounded, a mean, a
true division); indexing by a tensor copies where an int index made a view; on
CUDA a 0-d tensor cannot meet a CPU tensor, which a number could; ``.detach()`` /
``.float()`` / ``.long()`` keep what the conversion did for autograd (no gradient flows
through the value).
"""

from __future__ import annotations

from functools import partial
from operator import is_
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import SIZE_FUNCTIONS, SIZE_METHODS, assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    contains,
    local_callee,
    receiving_param,
    scope_of,
    stored_subscript,
    variable_uses,
)
from ._tensor_exprs import (
    ARITHMETIC,
    ELEMENTWISE,
    FULL_REDUCTIONS,
    is_full_reduction,
    is_number,
    traced_size,
)

# Calls taking a 0-d tensor where they took a number: (positions, keywords).
VALUE_METHODS = {
    "clamp": ((0, 1), ("min", "max")),
    "clip": ((0, 1), ("min", "max")),
    "masked_fill": ((1,), ("value",)),
}
VALUE_FUNCTIONS = {
    "torch.clamp": ((1, 2), ("min", "max")),
    "torch.clip": ((1, 2), ("min", "max")),
    "torch.full": ((1,), ("fill_value",)),
    "torch.where": ((1, 2), ()),
}
# math functions of a float with a torch function of the same name and result.
MATH_FUNCTIONS = frozenset(
    {"sqrt", "exp", "log", "log2", "log10", "log1p", "expm1", "sin", "cos", "tan", "tanh",
     "atan", "asin", "acos", "sinh", "cosh", "erf"}
)  # fmt: skip
# Operands arithmetic with the value may have on its way to a tensor: numbers that are not data.
CLIMB_KINDS = (Kind.CONST, Kind.SIZE, Kind.RANK)
# Results that are floating point: rounding (of a float tensor), means, float casts.
FRACTIONAL = frozenset({"round", "floor", "ceil", "trunc", "mean", "float", "double", "sqrt"})
# 0-d integer results: what int() of them needs no cast for.
INTEGER_METHODS = frozenset({"argmax", "argmin", "count_nonzero", "long", "int", "numel"})
# Reductions that keep an integer tensor integer.
INTEGER_REDUCTIONS = frozenset({"sum", "max", "min", "amax", "amin"})

_MAX_DEPTH = 6


class _Flow:
    """What keeping one value a tensor needs: extra rewrites of its uses, and whether one is a
    slice bound (where ``int(t)`` is not cast)."""

    def __init__(self) -> None:
        self.rewrites: list[Replacement] = []
        self.slices = False  # a slice bound: ``.long()`` there breaks plain compile
        self.names: set[str] = set()  # names bound to the value, whose reads are checked


class _KeepTensor(Fixer):
    """Where a value that becomes a 0-d tensor goes, and the use rewrites that keeps it one."""

    applicability = "unsafe"

    def _value_flows(self, node: cst.BaseExpression, flow: _Flow, depth: int = 0) -> bool:
        """Whether every use of the value at ``node`` takes a 0-d tensor (see the docstring)."""
        if depth > _MAX_DEPTH:
            return False
        current: cst.CSTNode = node
        for _ in range(32):
            parent = self.parent(current)
            if isinstance(parent, cst.UnaryOperation) and isinstance(
                parent.operator, (cst.Minus, cst.Plus)
            ):
                current = parent
                continue
            if isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, ARITHMETIC):
                other = parent.right if parent.left is current else parent.left
                if self.kind(other) == Kind.TENSOR:
                    return True
                if not (is_number(other) or self.kind(other) in CLIMB_KINDS):
                    return False
                current = parent
                continue
            if isinstance(parent, cst.ComparisonTarget):
                parent = self.parent(parent)
            if isinstance(parent, cst.Comparison) and len(parent.comparisons) == 1:
                # `x > thr` with a tensor `x`: the same mask; a test of the number alone is a
                # branch (TL101).
                other = parent.comparisons[0].comparator
                if other is current:
                    other = parent.left
                return self.kind(other) == Kind.TENSOR
            if isinstance(parent, cst.Assign):
                return self._name_flows(parent, current, flow, depth)
            if isinstance(parent, cst.Arg) and parent.value is current:
                call = self.parent(parent)
                if not isinstance(call, cst.Call):
                    return False
                rewritten = self._rewritten_call(call, parent, current)
                if rewritten is not None:
                    flow.rewrites.append((call, rewritten))
                    current = call
                    continue
                return self._takes_tensor(call, parent) or self._helper_flows(
                    call, parent, flow, depth
                )
            if isinstance(parent, cst.Element):
                return self._sized_by(parent)
            if isinstance(parent, cst.Slice):
                flow.slices = True
                return current is not parent.step and self._subscripts_tensor(parent)
            if isinstance(parent, cst.Index):
                return self._index_flows(parent, flow)
            return self._other_use(parent, current, flow, depth)
        return False

    def _other_use(
        self, parent: Optional[cst.CSTNode], value: cst.CSTNode, flow: _Flow, depth: int
    ) -> bool:
        """A use the climb above does not take (``parent`` holds ``value``): a subclass may take
        more (``fixers/repair_session25.py``: a helper's ``return``); none here."""
        return False

    def _flow_without_traced_slice(
        self, value: cst.BaseExpression, diagnostic: Diagnostic
    ) -> Optional[_Flow]:
        """The flow of ``value`` when every use takes a 0-d tensor, and none bounds a slice
        under a trace target (the tracer still takes a tensor slice bound as a constant)."""
        flow = _Flow()
        if not self._value_flows(value, flow) or (flow.slices and "trace" in diagnostic.targets):
            return None
        return flow

    def _name_flows(self, assign: cst.Assign, value: cst.CSTNode, flow: _Flow, depth: int) -> bool:
        if assign.value is not value or len(assign.targets) != 1:
            return False
        target = assign.targets[0].target
        function = self.enclosing_function(assign)
        if not isinstance(target, cst.Name) or function is None:
            return False
        return self._uses_flow(target, function, flow, depth)

    def _uses_flow(
        self, target: cst.Name, function: cst.FunctionDef, flow: _Flow, depth: int
    ) -> bool:
        """Each read of the name flows (see _value_flows). The name is bound only here, or
        also rebound from itself (``scale = max(scale, eps)``): that rebinding is a read that
        flows back to the name, whose reads are all checked once."""
        if target.value in flow.names:
            return True
        bound = assignments(function, target.value)
        origins = [
            v for v, _, size in bound if size != 1 or not variable_uses(self, v, target.value)
        ]
        if len(origins) != 1:
            return False
        flow.names.add(target.value)
        uses = [
            u
            for u in variable_uses(self, scope_of(self, target), target.value)
            if not isinstance(self.parent(u), cst.AssignTarget)
        ]
        return bool(uses) and all(self._value_flows(use, flow, depth + 1) for use in uses)

    def _rewritten_call(
        self, call: cst.Call, arg: cst.Arg, value: cst.CSTNode
    ) -> Optional[cst.BaseExpression]:
        """``max(n, 1)`` -> ``n.clamp(min=1)``, ``math.sqrt(n)`` -> ``torch.sqrt(n)``: a call
        of the value whose result is again a 0-d tensor (None: not such a call)."""
        name = self.ctx.qualified_name(call.func) or ""
        args = call.args
        if any(a.keyword is not None or a.star for a in args):
            return None
        if name in ("builtins.max", "builtins.min") and len(args) == 2:
            other = args[1].value if args[0] is arg else args[0].value
            if not (is_number(other) or self.kind(other) in CLIMB_KINDS):
                return None
            bound = "min" if name == "builtins.max" else "max"
            return cst.Call(
                func=cst.Attribute(value=_operand(arg.value), attr=cst.Name("clamp")),
                args=[cst.Arg(value=other, keyword=cst.Name(bound), equal=_EQUAL)],
            )
        if name.startswith("math.") and name[5:] in MATH_FUNCTIONS and len(args) == 1:
            torch = self.import_module("torch")
            return call.with_changes(
                func=cst.Attribute(value=cst.Name(torch), attr=cst.Name(name[5:]))
            )
        return None

    def _helper_flows(self, call: cst.Call, arg: cst.Arg, flow: _Flow, depth: int) -> bool:
        """An argument of a module-level function of this file (``grad_scale(self.step, g)``)
        whose parameter is never rebound and every use of which takes a 0-d tensor."""
        found = local_callee(self, call) if isinstance(call.func, cst.Name) else None
        if found is None:
            return False
        callee = found[0]
        if isinstance(callee.params.star_arg, cst.Param) or callee.params.kwonly_params:
            return False
        param = receiving_param(callee, call, arg, bound=False)
        if param is None or assignments(callee, param.name.value):
            return False
        uses = [
            use
            for use in variable_uses(self, callee, param.name.value)
            if not isinstance(self.parent(use), cst.Param)
        ]
        return bool(uses) and all(self._value_flows(use, flow, depth + 1) for use in uses)

    def _takes_tensor(self, call: cst.Call, arg: cst.Arg) -> bool:
        """A size or value argument that takes a 0-d tensor as it took a number."""
        func = call.func
        position = call.args.index(arg) if arg.keyword is None else -1
        keyword = arg.keyword.value if arg.keyword is not None else None
        name = self.ctx.qualified_name(func) or ""
        if name in SIZE_FUNCTIONS and keyword is None:
            return True
        table: Optional[tuple[tuple[int, ...], tuple[str, ...]]] = VALUE_FUNCTIONS.get(name)
        if isinstance(func, cst.Attribute) and self.kind(func.value) == Kind.TENSOR:
            method = func.attr.value
            if method in SIZE_METHODS:
                return keyword is None or (method == "topk" and keyword == "k")
            table = VALUE_METHODS.get(method)
        if table is None:
            return False
        return position in table[0] if keyword is None else keyword in table[1]

    def _sized_by(self, element: cst.Element) -> bool:
        """An element of ``(n, 3)`` given as a size, of ``F.pad``'s pad, or of ``torch.stack([..])``."""
        sequence = self.parent(element)
        arg = self.parent(sequence) if isinstance(sequence, (cst.Tuple, cst.List)) else None
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or arg.keyword is not None or arg.star:  # type: ignore[union-attr]
            return False
        name = self.ctx.qualified_name(call.func) or ""
        position = call.args.index(arg)  # type: ignore[arg-type]
        if name in SIZE_FUNCTIONS:
            return position == 0
        if name == "torch.nn.functional.pad":
            return position == 1
        if name == "torch.stack":
            return position == 0 and isinstance(sequence, cst.List)
        func = call.func
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value in SIZE_METHODS
            and self.kind(func.value) == Kind.TENSOR
        )

    def _subscripts_tensor(self, node: cst.CSTNode) -> bool:
        element = self.parent(node)
        subscript = self.parent(element) if isinstance(element, cst.SubscriptElement) else None
        return isinstance(subscript, cst.Subscript) and self.kind(subscript.value) == Kind.TENSOR

    def _index_flows(self, index: cst.Index, flow: _Flow) -> bool:
        """``x[:, n]`` -> ``x[:, n.reshape(1)].squeeze(1)``: the other elements are slices, so
        the one-element index leaves its dimension where the number removed it."""
        element = self.parent(index)
        subscript = self.parent(element)
        if not isinstance(subscript, cst.Subscript) or self.kind(subscript.value) != Kind.TENSOR:
            return False
        if stored_subscript(self, subscript):
            return False  # ``x[:, n] = v``: a call cannot be assigned to
        if index.star is not None or not all(
            e is element or isinstance(e.slice, cst.Slice) for e in subscript.slice
        ):
            return False
        position = list(subscript.slice).index(element)
        reshaped = cst.Call(
            func=cst.Attribute(value=_operand(index.value), attr=cst.Name("reshape")),
            args=[cst.Arg(cst.Integer("1"))],
        )
        new_subscript = subscript.with_changes(
            slice=[
                e.with_changes(slice=index.with_changes(value=reshaped)) if e is element else e
                for e in subscript.slice
            ],
            lpar=[],
            rpar=[],
        )
        squeezed = cst.Call(
            func=cst.Attribute(value=new_subscript, attr=cst.Name("squeeze")),
            args=[cst.Arg(cst.Integer(str(position)))],
            lpar=subscript.lpar,
            rpar=subscript.rpar,
        )
        flow.rewrites.append((subscript, squeezed))
        return True

    def _with_rewrites(self, replacements: list[Replacement], flow: _Flow) -> list[Replacement]:
        """The value's own rewrite and its uses', nested ones folded into their outer node
        (replacements must not overlap)."""
        pending = list(replacements) + flow.rewrites
        result: list[Replacement] = []
        for index, (old, new) in enumerate(pending):
            outer = [
                i
                for i, (other, _) in enumerate(pending)
                if i != index and other is not old and contains(other, partial(is_, old))
            ]
            if not outer:
                result.append((old, new))
        folded: list[Replacement] = []
        for old, new in result:
            assert isinstance(new, cst.CSTNode)
            # Outer rewrites were found later (the climb goes outwards): put them in first, so
            # that the inner nodes they hold are still there to replace.
            for inner, inner_new in reversed(pending):
                if inner is not old and contains(new, partial(is_, inner)):
                    assert isinstance(inner_new, cst.CSTNode)
                    new = new.deep_replace(inner, inner_new)
            folded.append((old, new))
        return folded


class NumberToTensor(_KeepTensor):
    """``int(t)``, ``float(t)``, ``t.item()`` -> a 0-d tensor (see the module docstring)."""

    codes = ("TL102", "TL103")
    message = (
        "keep the 0-d tensor instead of a Python number (its own dtype, float32 for float(); "
        "a float64/float16 value with an integer tensor keeps its dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        conversion = self._conversion(call)
        if conversion is None:
            return None
        tensor, cast = conversion
        flow = _Flow()
        if not self._value_flows(call, flow):
            return None
        if cast == "int" and flow.slices and self._fractional(tensor):
            # `x[:, :int(torch.round(rel * t))]`: a float tensor is no slice bound (TypeError),
            # and `.long()` there breaks plain compile as `int()` did.
            return None
        value: cst.BaseExpression = _operand(tensor)
        if cast != "int":
            value = _method(value, "detach")
        if not self._zero_dim(tensor):
            value = _method(value, "reshape", cst.Tuple([]))
        if cast == "float":
            value = _method(value, "float")
        elif cast == "int" and not flow.slices and not self._integer(tensor):
            value = _method(value, "long")
        new = value.with_changes(lpar=call.lpar, rpar=call.rpar) if call.lpar else value
        return self._with_rewrites([(call, new)], flow)

    def _conversion(self, call: cst.Call) -> Optional[tuple[cst.BaseExpression, str]]:
        """(the tensor, "int" / "float" / "item") for ``int(t)``, ``float(t)``, ``t.item()``."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "item" and not call.args:
            return (func.value, "item") if self.kind(func.value) == Kind.TENSOR else None
        name = self.ctx.qualified_name(func)
        if name in ("builtins.int", "builtins.float") and len(call.args) == 1:
            arg = call.args[0]
            if arg.keyword is None and not arg.star and self.kind(arg.value) == Kind.TENSOR:
                return arg.value, name[len("builtins.") :]
        return None

    def _zero_dim(self, tensor: cst.BaseExpression) -> bool:
        if is_full_reduction(self, tensor):
            return True
        # `x.sum().float()`, `x.max().abs()`: elementwise with numbers keeps a 0-d tensor 0-d.
        func = tensor.func if isinstance(tensor, cst.Call) else None
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ELEMENTWISE
            and all(is_number(a.value) or self.kind(a.value) == Kind.CONST for a in tensor.args)  # type: ignore[union-attr]
        ):
            return self._zero_dim(func.value)
        # torch.mean(x): is_full_reduction takes the attribute for a method and says no.
        name = self.ctx.qualified_name(tensor.func) if isinstance(tensor, cst.Call) else None
        if name and name.startswith("torch.") and name[len("torch.") :] in FULL_REDUCTIONS:
            args = tensor.args  # type: ignore[attr-defined]
            return len(args) == 1 and args[0].keyword is None and not args[0].star

        # argmax/argmin without a dimension: the flat index, 0-d.
        if isinstance(tensor, cst.Call) and _called_name(tensor) in ("argmax", "argmin"):
            if isinstance(tensor.func, cst.Attribute) and not tensor.args:
                return self.kind(tensor.func.value) == Kind.TENSOR
            name = self.ctx.qualified_name(tensor.func) or ""
            return name in ("torch.argmax", "torch.argmin") and len(tensor.args) == 1
        return False

    def _fractional(self, tensor: cst.BaseExpression) -> bool:
        """Surely a floating-point tensor: rounded (``torch.round(rel * n)``, ``x.floor()``),
        a true division, or a float op's result (``x.mean()``)."""
        if isinstance(tensor, cst.BinaryOperation):
            return isinstance(tensor.operator, cst.Divide)
        return isinstance(tensor, cst.Call) and _called_name(tensor) in FRACTIONAL

    def _integer(self, tensor: cst.BaseExpression) -> bool:
        """Surely an integer tensor: argmax, count_nonzero, ``.long()``, a count of a mask."""
        if not isinstance(tensor, cst.Call):
            return False
        method = _called_name(tensor)
        if method in INTEGER_METHODS:
            return True
        func = tensor.func
        if method in INTEGER_REDUCTIONS and isinstance(func, cst.Attribute) and not tensor.args:
            # `(x > 0).sum()` counts; `lengths.long().max()` stays integer.
            inner = func.value
            return (method == "sum" and isinstance(inner, cst.Comparison)) or self._integer(inner)
        return False


_EQUAL = cst.AssignEqual(
    whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
)


def _tolist_of(node: Optional[cst.CSTNode]) -> Optional[cst.BaseExpression]:
    """``t`` of ``t.tolist()``."""
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "tolist"
        and not node.args
    ):
        return node.func.value
    return None


def _called_name(call: cst.Call) -> Optional[str]:
    """``x.sum()`` -> ``sum``, ``torch.argmax(x)`` -> ``argmax``."""
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else None


def _operand(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``expr`` as the receiver of a method call (parenthesised unless it is atomic)."""
    if expr.lpar or isinstance(
        expr, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)
    ):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _method(receiver: cst.BaseExpression, name: str, *args: cst.BaseExpression) -> cst.Call:
    return cst.Call(
        func=cst.Attribute(value=receiver, attr=cst.Name(name)),
        args=[cst.Arg(a) for a in args],
    )


class MathOfTensorToTorch(NumberToTensor):
    """TL102 on ``math.sqrt(t)`` of a tensor -> ``torch.sqrt(t.detach())``, where every use of
    the value takes a 0-d tensor (see the module docstring); ``.reshape(())`` is added where
    ``t`` is not surely 0-d (``math`` raises on more than one element, and so does it)."""

    codes = ("TL102",)
    message = (
        "use the torch function on the 0-d tensor instead of `math` on a Python float (float32 "
        "where `math` computed in double)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 1:
            return None
        name = self.ctx.qualified_name(call.func) or ""
        arg = call.args[0]
        if not name.startswith("math.") or name[5:] not in MATH_FUNCTIONS:
            return None
        if arg.keyword is not None or arg.star or self.kind(arg.value) != Kind.TENSOR:
            return None
        flow = self._flow_without_traced_slice(call, diagnostic)
        if flow is None:
            return None
        value = _method(_operand(arg.value), "detach")
        if not self._zero_dim(arg.value):
            value = _method(value, "reshape", cst.Tuple([]))
        torch = self.import_module("torch")
        new = call.with_changes(
            func=cst.Attribute(value=cst.Name(torch), attr=cst.Name(name[5:])),
            args=[arg.with_changes(value=value)],
        )
        return self._with_rewrites([(call, new)], flow)


class MathOfSizeToTorch(_KeepTensor):
    """TL106 on ``math.log(x.size(1))`` of a size the tracer follows -> ``torch.log(torch.full(
    (), x.size(1), dtype=torch.float64))``, where every use of the value takes a 0-d tensor
    (see the module docstring). While tracing the size is a 0-d tensor that ``math`` turns into
    the example's constant; ``torch.full`` keeps it in the graph, in double as ``math``
    computed (a float32 tensor it meets keeps its dtype)."""

    codes = ("TL106",)
    message = (
        "use the torch function on a 0-d tensor of the size instead of `math`, so "
        "torch.jit.trace records it"
    )
    # math function -> its torch function, and what the torch result needs to be the same value
    functions: dict[str, str] = {f"math.{name}": name for name in MATH_FUNCTIONS}
    result_suffix = ""

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or len(call.args) != 1
            or "trace" not in diagnostic.targets
        ):
            return None
        function = self.functions.get(self.ctx.qualified_name(call.func) or "")
        arg = call.args[0]
        if function is None or arg.keyword is not None or arg.star:
            return None
        if not traced_size(self, arg.value):
            return None
        flow = self._flow_without_traced_slice(call, diagnostic)
        if flow is None:
            return None
        torch = self.import_module("torch")
        size = self.code(arg.value.with_changes(lpar=(), rpar=()))
        new = cst.parse_expression(
            f"{torch}.{function}({torch}.full((), {size}, dtype={torch}.float64))"
            + self.result_suffix
        )
        return self._with_rewrites([(call, new.with_changes(lpar=call.lpar, rpar=call.rpar))], flow)


class SelectionCountToTensor(_KeepTensor):
    """TL107 on ``max(n, 1)`` / a comparison of ``n = len(torch.nonzero(m))`` (or
    ``m.nonzero().shape[0]`` / ``.size(0)``) -> ``n = torch.count_nonzero(m)``, where every
    use of ``n`` takes a 0-d tensor (see the module docstring; ``max(n, 1)`` becomes
    ``n.clamp(min=1)``). The count of a selection is the number of nonzero elements whatever
    the mask's shape, and ``count_nonzero`` gives it without a tensor of data-dependent size:
    compile, export and trace then see one operator. Unsafe: the count is an int64 0-d tensor
    where it was a Python int (a float tensor divided by it keeps its dtype; a Python float
    divided by it becomes a float32 tensor)."""

    codes = ("TL107",)
    message = (
        "count the selection with `torch.count_nonzero(mask)` (a 0-d tensor) instead of "
        "measuring the selected indices"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        function = self.enclosing_function(node) if node is not None else None
        if not isinstance(node, (cst.Call, cst.Comparison)) or function is None:
            return None
        operands = (
            [a.value for a in node.args if not a.keyword and not a.star]
            if isinstance(node, cst.Call)
            else [node.left, *(c.comparator for c in node.comparisons)]
        )
        for operand in operands:
            if not isinstance(operand, cst.Name):
                continue
            bound = assignments(function, operand.value)
            if len(bound) != 1 or bound[0][2] != 1:
                continue
            mask = self._counted_mask(bound[0][0])
            if mask is None:
                continue
            assign = self.parent(bound[0][0])
            if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                return None
            target = assign.targets[0].target
            flow = _Flow()
            if not isinstance(target, cst.Name) or not self._uses_flow(target, function, flow, 0):
                return None
            torch = self.import_module("torch")
            new = cst.parse_expression(f"{torch}.count_nonzero({self.code(mask)})")
            return self._with_rewrites([(bound[0][0], new)], flow)
        return None

    def _counted_mask(self, value: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``m`` of ``len(torch.nonzero(m))``, ``torch.nonzero(m).shape[0]``, ``.size(0)``
        (``m.nonzero()`` too), without ``as_tuple``."""
        selection: Optional[cst.BaseExpression] = None
        if (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) == "builtins.len"
            and len(value.args) == 1
        ):
            selection = value.args[0].value
        elif isinstance(value, cst.Subscript) and isinstance(value.value, cst.Attribute):
            index = value.slice[0].slice if len(value.slice) == 1 else None
            if (
                value.value.attr.value == "shape"
                and isinstance(index, cst.Index)
                and isinstance(index.value, cst.Integer)
                and index.value.value == "0"
            ):
                selection = value.value.value
        elif (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "size"
            and len(value.args) == 1
            and isinstance(value.args[0].value, cst.Integer)
            and value.args[0].value.value == "0"
        ):
            selection = value.func.value
        if not isinstance(selection, cst.Call) or any(a.keyword for a in selection.args):
            return None
        func = selection.func
        if self.ctx.qualified_name(func) == "torch.nonzero" and len(selection.args) == 1:
            mask = selection.args[0].value
        elif (
            isinstance(func, cst.Attribute) and func.attr.value == "nonzero" and not selection.args
        ):
            mask = func.value
        else:
            return None
        return mask if self.kind(mask) == Kind.TENSOR else None


# ``.tolist()`` of these is a flat list of numbers (``min`` of a nested list compares lists).
FLAT_METHODS = frozenset({"flatten", "ravel"})
LIST_REDUCTIONS = {"builtins.min": "min", "builtins.max": "max", "builtins.sum": "sum"}


class ListReductionToTensor(_KeepTensor):
    """TL104 on ``min(t.flatten().tolist())`` (``max``, ``sum``) -> ``t.flatten().detach().min()``,
    where every use of the value takes a 0-d tensor (see the module docstring). For ``min`` /
    ``max`` only a list surely flat (``flatten()``, ``ravel()``, ``view(-1)``,
    ``reshape(-1)``) is taken (they compare the rows of a 2-d one); ``sum(t.tolist())`` of any
    ``t`` (eager raises unless the list holds numbers); each of them alone (no ``key``,
    ``default`` or start value)."""

    codes = ("TL104",)
    message = (
        "reduce the tensor instead of its `.tolist()` and keep the 0-d tensor (`sum` then adds "
        "in the tensor's dtype, not in double)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        tolist = diagnostic.node
        tensor = _tolist_of(tolist)
        if tensor is None:
            return None
        arg = self.parent(tolist)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or len(call.args) != 1 or arg.keyword or arg.star:  # type: ignore[union-attr]
            return None
        reduction = LIST_REDUCTIONS.get(self.ctx.qualified_name(call.func) or "")
        # `sum` of the list of a 2-d tensor adds lists and raises in eager: where eager runs,
        # the list is flat whatever the tensor's spelling (`min` / `max` compare rows).
        if reduction is None or not (reduction == "sum" or self._flat(tensor)):
            return None
        flow = self._flow_without_traced_slice(call, diagnostic)
        if flow is None:
            return None
        new = _method(_method(_operand(tensor), "detach"), reduction)
        return self._with_rewrites([(call, new.with_changes(lpar=call.lpar, rpar=call.rpar))], flow)

    def _flat(self, tensor: cst.BaseExpression) -> bool:
        if not isinstance(tensor, cst.Call) or not isinstance(tensor.func, cst.Attribute):
            return False
        if self.kind(tensor.func.value) != Kind.TENSOR:
            return False
        method, args = tensor.func.attr.value, tensor.args
        if method in FLAT_METHODS:
            return not args
        return (
            method in ("view", "reshape")
            and len(args) == 1
            and isinstance(args[0].value, cst.UnaryOperation)
            and isinstance(args[0].value.expression, cst.Integer)
            and args[0].value.expression.value == "1"
        )


TENSOR_FROM_LIST = frozenset({"torch.tensor", "torch.as_tensor"})


class ListComprehensionToTensor(Fixer):
    """TL104 on ``torch.tensor([w / 2 for w in t.tolist()])`` -> ``(t.detach() / 2)``: each
    element is arithmetic of one number of ``t`` with numbers and constants, so the tensor of
    them is that arithmetic on ``t`` (a list of numbers means ``t`` is 1-d; NumPy-free, no
    filter, one ``for``). A ``dtype=`` of the constructor is kept as ``.to(dtype)``.

    Unsafe: the arithmetic runs in ``t``'s dtype instead of double (last bits), and the result
    has ``t``'s dtype where ``torch.tensor`` picked the default float dtype (or int64) for the
    Python numbers: a float64 ``t`` stays float64, an int32 one int32."""

    codes = ("TL104",)
    applicability = "unsafe"
    message = (
        "do the element arithmetic on the tensor instead of on its `.tolist()` (in the tensor's "
        "dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        tolist = diagnostic.node
        tensor = _tolist_of(tolist)
        if tensor is None:
            return None
        comp_for = self.parent(tolist)
        comp = self.parent(comp_for) if isinstance(comp_for, cst.CompFor) else None
        if not isinstance(comp, cst.ListComp) or comp.for_in is not comp_for:
            return None
        if comp_for.ifs or comp_for.inner_for_in or comp_for.asynchronous:  # type: ignore[union-attr]
            return None
        target = comp_for.target  # type: ignore[union-attr]
        arg = self.parent(comp)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(target, cst.Name) or not isinstance(call, cst.Call):
            return None
        if self.ctx.qualified_name(call.func) not in TENSOR_FROM_LIST or call.args[0] is not arg:
            return None
        extra = call.args[1:]
        if (
            arg.keyword
            or arg.star
            or any(a.keyword is None or a.keyword.value != "dtype" for a in extra)
        ):  # type: ignore[union-attr]
            return None
        uses = self._uses(comp.elt, target.value)
        if uses is None or not uses or (uses > 1 and not isinstance(tensor, cst.Name)):
            return None
        detached = _method(_operand(tensor), "detach")
        element = comp.elt.visit(_Substitute(target.value, detached))
        assert isinstance(element, cst.BaseExpression)
        text = self.code(element.with_changes(lpar=(), rpar=()))
        if extra or not (
            isinstance(element, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
            or isinstance(self.parent(call), (cst.Assign, cst.Arg, cst.Return))
        ):
            text = f"({text})"
        for dtype in extra:
            text += f".to({self.code(dtype.value)})"
        return [(call, text)]

    def _uses(self, expr: cst.BaseExpression, name: str) -> Optional[int]:
        """How often ``expr``, arithmetic of ``name`` with numbers and constants, reads
        ``name``; None when it is anything else."""
        if isinstance(expr, cst.Name) and expr.value == name:
            return 1
        if is_number(expr) or (not isinstance(expr, cst.Name) and self.kind(expr) == Kind.CONST):
            return 0
        if isinstance(expr, cst.Name):
            return 0 if self.kind(expr) == Kind.CONST else None
        if isinstance(expr, cst.UnaryOperation) and isinstance(
            expr.operator, (cst.Minus, cst.Plus)
        ):
            return self._uses(expr.expression, name)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, ARITHMETIC):
            left, right = self._uses(expr.left, name), self._uses(expr.right, name)
            return None if left is None or right is None else left + right
        return None


class _Substitute(cst.CSTTransformer):
    """Every read of ``name`` replaced by ``value``."""

    def __init__(self, name: str, value: cst.BaseExpression) -> None:
        self.name = name
        self.value = value

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.value if original.value == self.name else updated
