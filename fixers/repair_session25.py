"""Repairs for compile / export / trace findings torchlint reported without a fix (issue #23,
session 25: the blind batch b68, and b63 to b67). All unsafe; each class says what it takes.

``PadOfZeroAmountsAlways`` (TL106): ``if dh != 0 or dw != 0:`` / ``x = F.pad(x, [dw // 2, dw -
dw // 2, dh // 2, dh - dh // 2])`` -> the pad alone, where every amount is arithmetic (``+ - *
// %``, unary ``-``) of int literals and the test's names and comes to 0 once each of those
names is 0, which is what a false test says (``fixers/trace_size_branch.py`` takes amounts that
are the names themselves, ``(0, pad_w, 0, pad_h)``, and scales amounts by a test of one
comparison). A pad of 0 leaves the values as they were, and ``torch.jit.trace`` records the
pad with its amounts read from the sizes, so a traced U-Net pads a skip connection on other
input sizes too (checked on torch 2.13: traced on 32 x 24, eager's output on 33 x 25). Unsafe:
a pad of 0 copies the tensor, so an in-place change of the result no longer reaches the tensor
it was made from.

``NumpyChainToTorch`` (TL306 / TL104): names bound to arrays made from a tensor's ``.numpy()``
and read only by NumPy calls and ``torch.from_numpy`` / ``as_tensor`` / ``tensor`` -> the same
chain in torch (``np.unravel_index`` as ``//`` and ``%`` of the sizes, which trace records;
``stack`` / ``concatenate``; ``linspace`` in float64; ``fixers/numpy_to_torch.py``'s table;
quantiles at an array of levels in float64, as NumPy computes them).

``HelperNumberToTensor`` (TL102 / TL103 / TL353): ``float(t)`` kept a float64 0-d tensor through
a helper of the file whose parameter and result only meet tensors (``math.cos`` -> ``torch.cos``,
the annotations -> ``torch.Tensor``).

``IntOfDataToItem`` (TL102): ``int(t)`` that must stay a Python int -> ``t.long().item()``, which
torch.export keeps symbolic.

``EmptySelectionSkipDropped`` (TL107): ``if idx.numel() == 0: continue`` before a loop body that
only writes at the rows ``idx`` names -> the skip goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from operator import is_
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement, fixers_by_code
from torchlint.lint.graph_queries import SIZE_FUNCTIONS, SIZE_METHODS, assignments
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import contains, local_callee, plain_reference, receiving_param, variable_uses
from ._tensor_exprs import is_number, single_small_statement
from .numpy_to_torch import TABLE as NUMPY_TABLE
from .numpy_to_torch import NumpyToTorch, TorchFunction
from .scalar_to_tensor import NumberToTensor, _Flow, _method, _operand
from .trace_size_branch import (
    SizeBranchPad,
    _with_header_comment,
)


def _zero_amount(expr: cst.BaseExpression, zeros: frozenset[str]) -> Optional[int]:
    """The value of ``expr`` (int literals, names of ``zeros`` read as 0, ``+ - * // %`` and
    unary ``-``), or None where it reads anything else or divides by 0."""
    if isinstance(expr, cst.Integer):
        return int(expr.value, 0)
    if isinstance(expr, cst.Name):
        return 0 if expr.value in zeros else None
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        value = _zero_amount(expr.expression, zeros)
        return None if value is None else -value
    if isinstance(expr, cst.BinaryOperation):
        left = _zero_amount(expr.left, zeros)
        right = _zero_amount(expr.right, zeros)
        if left is None or right is None:
            return None
        operator = expr.operator
        if isinstance(operator, cst.Add):
            return left + right
        if isinstance(operator, cst.Subtract):
            return left - right
        if isinstance(operator, cst.Multiply):
            return left * right
        if isinstance(operator, (cst.FloorDivide, cst.Modulo)) and right != 0:
            return left // right if isinstance(operator, cst.FloorDivide) else left % right
    return None


class PadOfZeroAmountsAlways(SizeBranchPad):
    message = (
        "pad always: where the test is false every amount is 0 and the pad leaves the values "
        "as they were; torch.jit.trace records the pad with amounts read from the sizes (a pad "
        "of 0 copies the tensor)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        branch = self._pad_branch(test)
        if branch is None:
            return None
        node, _, call, pad_arg = branch
        if call.args[0].keyword:
            return None
        amounts = pad_arg.value
        assert isinstance(amounts, (cst.Tuple, cst.List))
        zeros = self._zero_when_false(test)
        if not zeros:
            return None
        values = [
            _zero_amount(e.value, zeros) if isinstance(e, cst.Element) else None
            for e in amounts.elements
        ]
        if any(value != 0 for value in values):
            return None
        if all(
            isinstance(e.value, cst.Name) or isinstance(e.value, cst.Integer)
            for e in amounts.elements
        ):
            return None  # `(0, pad_w, 0, pad_h)`: SizeBranchPad's own case
        line = node.body.body[0]
        assert isinstance(line, cst.SimpleStatementLine)
        return [(node, _with_header_comment(node, line))]


# -- NumPy chains: several statements of arrays made from a tensor, back into a tensor ----------
# NumPy functions of several arrays or none: NumPy's keyword -> torch's, and the default.
_JOINS = {"stack": "stack", "concatenate": "cat"}


class _NotTorch(Exception):
    """A part of the chain with no exact torch spelling: no fix."""


class NumpyChainToTorch(NumpyToTorch):
    """TL306 / TL104 on a NumPy call in a chain of names bound to arrays made from a tensor's
    ``.numpy()`` (``ys, xs = np.unravel_index(idx.cpu().numpy(), tuple(heat.shape[-2:]))`` /
    ``coords = np.stack([xs, ys], axis=-1)`` / ``torch.from_numpy(coords)``) -> the same
    chain in torch (see the module docstring), where every name of the chain is bound once,
    in a statement of its own, and read only by another link of the chain or by
    ``torch.from_numpy`` / ``torch.as_tensor`` / ``torch.tensor`` (which go). The receiver
    chain before ``.numpy()`` (``.cpu()``, ``.detach()``) is kept, so device and autograd are
    as they were; ``.numpy()`` shares the tensor's memory, as the name bound to the tensor now
    does. Checked on torch 2.13: keypoints at heatmap maxima (``unravel_index``, ``stack``,
    ``from_numpy``) compile with fullgraph, export and trace; quantile bin edges at
    ``linspace`` levels export and trace; eager unchanged. Unsafe: NumPy and torch may differ
    in the last bits; an integer tensor's float functions give float64 in NumPy and float32 in
    torch; ``unravel_index`` of an index out of range raised and now gives a coordinate;
    ``np.stack`` / ``concatenate`` of int64 and float32 arrays give float64, torch float32."""

    codes = ("TL306", "TL104")
    message = (
        "compute the chain of arrays with torch on the tensor instead of NumPy on `.numpy()`, "
        "so the graph keeps it (unsafe: last-bit differences; an integer dtype can differ)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if isinstance(call, cst.Call) and self._numpy_of(call) is not None:
            arg = self.parent(call)  # TL104 on `.numpy()`: the NumPy call it is given to
            call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or self._numpy_name(call) is None:
            return None
        self._function = self.enclosing_function(call)
        if self._function is None:
            return None
        self._edits: dict[int, tuple[cst.CSTNode, str]] = {}
        self._names: list[str] = []
        self._scalars: set[str] = set()
        self._sinks = 0
        try:
            self._link(self._top(call))
            done: set[str] = set()
            while len(done) < len(self._names):
                name = next(n for n in self._names if n not in done)
                done.add(name)
                self._check_uses(name)
        except _NotTorch:
            return None
        if not self._sinks:
            return None
        return [(node, new) for node, new in self._edits.values()]

    # -- the chain's parts
    def _numpy_name(self, call: cst.Call) -> Optional[str]:
        name = self.ctx.qualified_name(call.func) or ""
        return name.removeprefix("numpy.") if name.startswith("numpy.") else None

    def _top(self, expr: cst.BaseExpression) -> cst.BaseExpression:
        """The largest expression of the chain holding ``expr``: up through NumPy calls'
        arguments, the displays given to ``np.stack``, and subscripts."""
        while True:
            parent = self.parent(expr)
            if isinstance(parent, cst.Subscript) and parent.value is expr:
                expr = parent
                continue
            if isinstance(parent, cst.Element):
                display = self.parent(parent)
                arg = self.parent(display)
                if isinstance(arg, cst.Arg) and isinstance(self.parent(arg), cst.Call):
                    outer = self.parent(arg)
                    assert isinstance(outer, cst.Call)
                    if self._numpy_name(outer) in _JOINS and outer.args[0] is arg:
                        expr = outer
                        continue
                return expr
            if isinstance(parent, cst.Arg):
                outer = self.parent(parent)
                if isinstance(outer, cst.Call) and self._numpy_name(outer) is not None:
                    expr = outer
                    continue
            return expr

    def _link(self, top: cst.BaseExpression) -> None:
        """Record the rewrite of the chain's expression ``top``: bound to names (which join the
        chain) or handed to a wrapper that goes."""
        if id(top) in self._edits:
            return
        text = self._torch(top)
        holder = self.parent(top)
        if isinstance(holder, cst.Assign) and holder.value is top:
            line = self.parent(holder)
            if not (
                isinstance(line, cst.SimpleStatementLine)
                and len(line.body) == 1
                and len(holder.targets) == 1
            ):
                raise _NotTorch
            target = holder.targets[0].target
            targets = target.elements if isinstance(target, (cst.Tuple, cst.List)) else [target]
            unpacked_scalars = isinstance(target, (cst.Tuple, cst.List)) and self._levels_of(top)
            for element in targets:
                value = element.value if isinstance(element, cst.BaseElement) else element
                if not isinstance(value, cst.Name) or isinstance(element, cst.StarredElement):
                    raise _NotTorch
                if len(assignments(self._function, value.value)) != 1:
                    raise _NotTorch
                if value.value not in self._names:
                    self._names.append(value.value)
                if unpacked_scalars:
                    self._scalars.add(value.value)
            if isinstance(target, (cst.Tuple, cst.List)) and not text.startswith("("):
                text += ".unbind(0)"  # a tensor unpacked: Tensor.__iter__ is unbind(0)
            self._edits[id(top)] = (top, text)
            return
        wrapper = self._wrapper(top)
        if wrapper is None or self._number_of(wrapper):
            raise _NotTorch
        if self.ctx.qualified_name(wrapper.func) == "torch.from_numpy" and not self._array(top):
            raise _NotTorch  # NumPy's scalar, which from_numpy refused
        cast = "".join(f".to({self.code(a.value)})" for a in wrapper.args[1:])
        text = f"{text}{cast}" if cast else text
        new = cst.parse_expression(text).with_changes(lpar=wrapper.lpar, rpar=wrapper.rpar)
        self._edits[id(top)] = (wrapper, new)
        self._sinks += 1

    def _array(self, expr: cst.BaseExpression) -> bool:
        """Whether NumPy surely gives an array (not a scalar) for the chain's ``expr``."""
        if isinstance(expr, cst.Call):
            entry = NUMPY_TABLE.get(self._numpy_name(expr) or "")
            if entry is not None and entry.name == "quantile" and entry.inserted is None:
                # quantiles at an array of levels are an array
                levels = [a for a in expr.args[1:2] if a.keyword is None] + [
                    a for a in expr.args if a.keyword and a.keyword.value == "q"
                ]
                return bool(levels) and not is_number(levels[0].value)
            return entry is None or entry.array_result
        if isinstance(expr, cst.Name):
            bound = assignments(self._function, expr.value)
            value, _, size = bound[0]
            return size != 1 or self._array(value)  # unpacked: unravel_index's arrays
        if isinstance(expr, cst.Subscript):  # an int index of a 1-d array gives a scalar
            return all(isinstance(e.slice, cst.Slice) for e in expr.slice)
        return True

    def _check_uses(self, name: str) -> None:
        """Every read of ``name`` is in an expression of the chain (which then joins it)."""
        assert self._function is not None
        bound = assignments(self._function, name)
        (value, _, _) = bound[0]
        self._link(value)
        for use in variable_uses(self, self._function, name):
            if any(isinstance(a, cst.AssignTarget) for a in self.ancestors(use)):
                continue  # the binding itself
            top = self._top(use)
            if top is use and name in self._scalars and self._meets_tensor(use):
                self._sinks += 1  # a 0-d float64 tensor there gives NumPy's scalar's values
                continue
            if top is use and not isinstance(self.parent(use), cst.Arg):
                raise _NotTorch  # read elsewhere: `print(xs.shape)`, `len(xs)`
            self._link(top)

    def _levels_of(self, expr: cst.BaseExpression) -> bool:
        """``np.quantile(a, levels)`` / ``np.percentile`` of a whole array (no axis) at a 1-d
        display or attribute of levels: a 1-d array, whose items are NumPy scalars."""
        if not isinstance(expr, cst.Call) or self._numpy_name(expr) not in (
            "quantile",
            "percentile",
        ):
            return False
        if len(expr.args) != 2 or any(a.keyword is not None for a in expr.args):
            return False
        return self._constant_levels(expr.args[1].value)

    def _constant_levels(self, q: cst.BaseExpression) -> bool:
        """Quantile levels that are no array of the chain: a display of numbers, or an
        attribute that is no tensor or array (``self.q``)."""
        if isinstance(q, (cst.Tuple, cst.List)):
            return bool(q.elements) and all(
                isinstance(e, cst.Element) and is_number(e.value) for e in q.elements
            )
        return isinstance(q, cst.Attribute) and self.kind(q) not in (
            Kind.TENSOR,
            Kind.TENSORS,
            Kind.NDARRAY,
        )

    def _meets_tensor(self, use: cst.Name) -> bool:
        """``use`` (a NumPy scalar of the chain) goes through arithmetic with numbers and other
        such scalars into arithmetic with a tensor, where a 0-d float64 tensor is cast to the
        tensor's dtype as the scalar was (checked on torch 2.13)."""
        current: cst.CSTNode = use
        while True:
            parent = self.parent(current)
            if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Minus):
                current = parent
                continue
            if not (
                isinstance(parent, cst.BinaryOperation)
                and isinstance(parent.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.Divide))
            ):
                return False
            other = parent.right if parent.left is current else parent.left
            if self.kind(other) == Kind.TENSOR:
                return True
            if not (
                is_number(other)
                or self.kind(other) == Kind.CONST
                or (isinstance(other, cst.Name) and other.value in self._scalars)
            ):
                return False
            current = parent

    def _torch(self, expr: cst.BaseExpression) -> str:
        """The torch spelling of an expression of the chain."""
        tensor = self._numpy_of(expr)
        if tensor is not None:
            return self.code(tensor)
        if isinstance(expr, cst.Name):
            if expr.value not in self._names:
                if len(assignments(self._function, expr.value)) != 1:
                    raise _NotTorch
                self._names.append(expr.value)  # its binding joins the chain
            return expr.value
        if isinstance(expr, cst.Subscript):
            for element in expr.slice:
                index = element.slice
                parts = (
                    [index.lower, index.upper, index.step]
                    if isinstance(index, cst.Slice)
                    else [index.value]
                )
                if not all(part is None or is_number(part) for part in parts):
                    raise _NotTorch
            return f"{self._operand(expr.value)}{self.code(expr)[len(self.code(expr.value)) :]}"
        if isinstance(expr, cst.Call):
            name = self._numpy_name(expr)
            if name == "unravel_index":
                return self._unravel(expr)
            if name in _JOINS:
                return self._join(expr, _JOINS[name])
            if name == "linspace":
                return self._linspace(expr)
            entry = NUMPY_TABLE.get(name or "")
            if entry is not None:
                return self._table_call(expr, entry)
        raise _NotTorch

    def _operand(self, expr: cst.BaseExpression) -> str:
        """``expr``'s torch spelling as a receiver: every spelling of the chain is atomic (a
        name, call, subscript, tuple display, or ``.numpy()``'s receiver, which Python's
        grammar makes atomic), so it goes as it is."""
        return self._torch(expr)

    def _plain_values(self, args: Sequence[cst.Arg]) -> None:
        for arg in args:
            if arg.star or self.kind(arg.value) in (Kind.TENSOR, Kind.TENSORS, Kind.NDARRAY):
                raise _NotTorch
            if any(isinstance(n, cst.Call) for n in _calls_in(arg.value)):
                raise _NotTorch

    def _table_call(self, call: cst.Call, entry: TorchFunction) -> str:
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            raise _NotTorch
        first = self._torch(call.args[0].value)
        arguments = [first] + ([entry.inserted] if entry.inserted else [])
        keywords_set: set[str] = set()
        quantile_of_chain = False
        for position, arg in enumerate(call.args[1:]):
            is_q = entry.name == "quantile" and (
                (arg.keyword is None and position == 0)
                or (arg.keyword and arg.keyword.value == "q")
            )
            if is_q and self._constant_levels(arg.value):
                # levels held by the module (`self.q = (1.0, 99.0)`) or a display of numbers:
                # NumPy makes them a float64 array
                torch = self.import_module("torch")
                value = f"{torch}.tensor({self.code(arg.value)}, dtype={torch}.float64)"
                if entry.percent:
                    value = f"{value} / 100"
                quantile_of_chain = True
            elif is_q and not is_number(arg.value):
                # q an array of the chain (`np.linspace(0, 1, n)[1:-1]`): float64 as NumPy's
                value = self._torch(arg.value)
                if entry.percent:
                    value = f"({value}) / 100"
                quantile_of_chain = True
            elif is_q:
                value = self.code(arg.value)
                if entry.percent:
                    value = repr(float(value.replace("_", "")) / 100)
            else:
                self._plain_values([arg])
                value = self.code(arg.value)
            if arg.keyword is None:
                if position >= entry.positional or keywords_set:
                    raise _NotTorch
                arguments.append(value)
                continue
            keyword = entry.keywords.get(arg.keyword.value)
            if keyword is None:
                raise _NotTorch
            keywords_set.add(keyword)
            arguments.append(f"{keyword}={value}")
        if entry.default is not None and entry.default[0] not in keywords_set:
            arguments.append(f"{entry.default[0]}={entry.default[1]}")
        if quantile_of_chain:
            # NumPy's quantiles of an array of them are float64 whatever the array's dtype.
            arguments[0] = f"{self._operand(call.args[0].value)}.double()"
        return f"{self.import_module('torch')}.{entry.name}({', '.join(arguments)})"

    def _join(self, call: cst.Call, torch_name: str) -> str:
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            raise _NotTorch
        seq = call.args[0].value
        if isinstance(seq, (cst.List, cst.Tuple)) and seq.elements:
            if any(isinstance(e, cst.StarredElement) for e in seq.elements):
                raise _NotTorch
            items = ", ".join(self._torch(e.value) for e in seq.elements)
            arrays = f"[{items}]"
        elif isinstance(seq, cst.Name):
            arrays = self._torch(seq)
        else:
            raise _NotTorch
        rest = call.args[1:]
        if len(rest) > 1:
            raise _NotTorch
        dim = ""
        if rest:
            (arg,) = rest
            if (arg.keyword is not None and arg.keyword.value != "axis") or not _int_literal(
                arg.value
            ):
                raise _NotTorch  # `axis=None` flattens; `out=`, `dtype=` have no spelling
            dim = f", dim={self.code(arg.value)}"
        return f"{self.import_module('torch')}.{torch_name}({arrays}{dim})"

    def _linspace(self, call: cst.Call) -> str:
        if len(call.args) != 3 or any(a.keyword is not None or a.star for a in call.args):
            raise _NotTorch  # `endpoint=`, `retstep=`, `dtype=`: not taken
        self._plain_values(call.args)
        torch = self.import_module("torch")
        values = ", ".join(self.code(a.value) for a in call.args)
        return f"{torch}.linspace({values}, dtype={torch}.float64)"

    def _unravel(self, call: cst.Call) -> str:
        """``np.unravel_index(i, (h, w))`` -> ``(i // w, i % w)`` (C order): the same ints for
        every index in range (NumPy raises for the others); written with ``//`` and ``%``
        because torch.unravel_index takes no traced size."""
        if len(call.args) != 2 or any(a.keyword is not None or a.star for a in call.args):
            raise _NotTorch
        index = call.args[0].value
        tensor = self._numpy_of(index)
        if isinstance(index, cst.Name):
            source = self._torch(index)
        elif tensor is not None and _pure_chain(tensor):
            source = self._operand(index)
        else:
            raise _NotTorch  # read once per coordinate: only a name or a plain method chain
        dims = _shape_items(self, call.args[1].value)
        if dims is None or not dims:
            raise _NotTorch
        coordinates = []
        for k in range(len(dims)):
            strides = dims[k + 1 :]
            value = source
            if strides:
                stride = " * ".join(strides)
                value = f"{value} // ({stride})" if len(strides) > 1 else f"{value} // {stride}"
            if k > 0:
                value = f"{value} % {dims[k]}"
            coordinates.append(value)
        return f"({', '.join(coordinates)}{',' if len(coordinates) == 1 else ''})"


def _int_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Integer)


def _calls_in(expr: cst.BaseExpression) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    walk(expr, lambda n: found.append(n) if isinstance(n, cst.Call) else None, lambda n: None)
    return found


# Tensor methods without arguments that read the tensor and change nothing: a chain of them is
# read again with the same values.
_PURE_METHODS = frozenset({"cpu", "detach", "long", "int", "contiguous", "clone"})


def _pure_chain(expr: cst.BaseExpression) -> bool:
    while isinstance(expr, cst.Call):
        if expr.args or not (
            isinstance(expr.func, cst.Attribute) and expr.func.attr.value in _PURE_METHODS
        ):
            return False
        expr = expr.func.value
    return plain_reference(expr)


def _shape_items(fixer: Fixer, shape: cst.BaseExpression) -> Optional[list[str]]:
    """The sizes of a shape argument, each as code: a display of names, attributes and ints, or
    ``tuple(t.shape[a:b])`` / ``t.shape[a:b]`` with literal bounds whose length is known."""
    if isinstance(shape, (cst.Tuple, cst.List)):
        items = []
        for element in shape.elements:
            value = element.value
            if isinstance(element, cst.StarredElement) or not (
                plain_reference(value) or isinstance(value, cst.Integer)
            ):
                return None
            items.append(fixer.code(value))
        return items
    if (
        isinstance(shape, cst.Call)
        and fixer.ctx.qualified_name(shape.func) == "builtins.tuple"
        and len(shape.args) == 1
    ):
        shape = shape.args[0].value
    if not (
        isinstance(shape, cst.Subscript)
        and isinstance(shape.value, cst.Attribute)
        and shape.value.attr.value == "shape"
        and plain_reference(shape.value.value)
        and len(shape.slice) == 1
        and isinstance(shape.slice[0].slice, cst.Slice)
    ):
        return None
    part = shape.slice[0].slice
    assert isinstance(part, cst.Slice)
    if part.step is not None:
        return None
    bounds = []
    for bound in (part.lower, part.upper):
        if bound is None:
            bounds.append(None)
        elif _int_literal(bound):
            bounds.append(int(fixer.code(bound)))
        else:
            return None
    lower, upper = bounds
    if lower is not None and lower < 0 and upper is None:
        positions = list(range(lower, 0))
    elif lower is not None and upper is not None and (lower >= 0) == (upper > 0):
        positions = list(range(lower, upper))
    elif lower is None and upper is not None and upper > 0:
        positions = list(range(upper))
    else:
        return None
    base = fixer.code(shape.value)
    return [f"{base}[{p}]" for p in positions]


# -- a number kept a tensor through a helper that computes with it ------------------------------
class HelperNumberToTensor(NumberToTensor):
    """TL102 / TL103 on ``step = float(t)`` (and TL353 on the ``math`` call it reaches) where
    the number goes through a helper of the file (``self.alpha_bar(step)``, a module-level
    function) whose parameter is used only where a 0-d tensor gives the same values, the
    helper's ``return`` included: then the call's result must go only there too
    (``fixers/scalar_to_tensor.py``'s flow). ``float(t)`` -> ``t.detach().double()``, the
    helper's ``math.cos`` -> ``torch.cos``, its ``float`` / ``int`` annotations of that
    parameter and of the result -> ``torch.Tensor``. Every call of the helper in the file must
    pass such a value (a float passed elsewhere would meet ``torch.cos``), and the helper must
    not be read otherwise. Python's ``float`` is a double, so the 0-d tensor is float64 and the
    schedule arithmetic runs in double as before; meeting a float32 tensor it is cast as the
    number was (a 0-d tensor does not promote a dimensioned one). Checked on torch 2.13: a DDIM
    step whose timestep is read with ``float()`` compiles with fullgraph, exports and traces
    with other timesteps, eager unchanged. Unsafe: torch's ``cos`` / ``sqrt`` may differ from
    ``math``'s in the last bit; a caller in another module passing a float now fails."""

    codes = ("TL102", "TL103", "TL353")
    # The state of one flow, set afresh on the instance by each `_kept`: (callee, parameter)
    # followed -> the calls passing the value; the callees; those whose return the value
    # reaches; the helpers being followed.
    _followed: dict[tuple[int, str], set[int]]
    _callees: dict[int, cst.FunctionDef]
    _returns: set[int]
    _stack: list[cst.FunctionDef]
    message = (
        "keep the number a 0-d tensor (float64 for float()) through the helper that computes "
        "with it, using the torch functions for `math`'s, so the graph keeps the arithmetic"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BaseExpression):
            return None
        if diagnostic.code != "TL353":
            return self._kept(node)
        # TL353 on the helper's `math.cos(t)`: the conversion of the file whose flow reaches it.
        conversions: list[cst.Call] = []
        walk(
            self.ctx.module,
            lambda n: (
                conversions.append(n)
                if isinstance(n, cst.Call) and self._conversion(n) is not None
                else None
            ),
            lambda n: None,
        )
        for conversion in conversions:
            replacements = self._kept(conversion)
            if replacements and any(
                contains(old, partial(is_, node)) or contains(node, partial(is_, old))
                for old, _ in replacements
                if isinstance(old, cst.CSTNode)
            ):
                return replacements
        return None

    def _kept(self, call: cst.BaseExpression) -> Optional[list[Replacement]]:
        if not isinstance(call, cst.Call):
            return None
        conversion = self._conversion(call)
        if conversion is None:
            return None
        tensor, cast = conversion
        self._followed = {}
        self._callees = {}
        self._returns = set()
        self._stack = []
        flow = _Flow()
        if not self._value_flows(call, flow) or not self._followed:
            return None  # no helper: NumberToTensor's own fix
        if cast == "int" and (flow.slices or not self._integer(tensor)):
            return None
        if not self._calls_covered():
            return None
        value: cst.BaseExpression = _operand(tensor)
        if cast != "int":
            value = _method(value, "detach")
        if not self._zero_dim(tensor):
            value = _method(value, "reshape", cst.Tuple([]))
        if cast == "float":
            value = _method(value, "double")  # Python's float is a double
        new = value.with_changes(lpar=call.lpar, rpar=call.rpar) if call.lpar else value
        return self._with_rewrites([(call, new)], flow)

    def _helper_flows(self, call: cst.Call, arg: cst.Arg, flow: _Flow, depth: int) -> bool:
        found = local_callee(self, call)
        if found is None:
            return False
        callee, bound = found
        params = callee.params
        if isinstance(params.star_arg, cst.Param) or params.kwonly_params or params.star_kwarg:
            return False
        if callee.asynchronous is not None or any(
            not (isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod")
            for d in callee.decorators
        ):
            return False
        param = receiving_param(callee, call, arg, bound)
        if (
            param is None
            or assignments(callee, param.name.value)
            or any(f is callee for f in self._stack)
        ):
            return False
        key = (id(callee), param.name.value)
        first = key not in self._followed
        self._followed.setdefault(key, set()).add(id(call))
        self._callees[id(callee)] = callee
        if first:
            uses = [
                use
                for use in variable_uses(self, callee, param.name.value)
                if not isinstance(self.parent(use), cst.Param)
            ]
            self._stack.append(callee)
            try:
                if not uses or not all(self._value_flows(u, flow, depth + 1) for u in uses):
                    return False
            finally:
                self._stack.pop()
            if not self._annotate(param.annotation, flow):
                return False
            if id(callee) in self._returns and not self._annotate(callee.returns, flow):
                return False
        if id(callee) in self._returns:
            return self._value_flows(call, flow, depth + 1)
        return True

    def _other_use(
        self, parent: Optional[cst.CSTNode], value: cst.CSTNode, flow: _Flow, depth: int
    ) -> bool:
        """The ``return`` of the helper being followed: its calls' results are followed."""
        if (
            isinstance(parent, cst.Return)
            and parent.value is value
            and self._stack
            and self.enclosing_function(parent) is self._stack[-1]
        ):
            self._returns.add(id(self._stack[-1]))
            return True
        return False

    def _annotate(self, annotation: Optional[cst.Annotation], flow: _Flow) -> bool:
        """A ``float`` / ``int`` annotation (of the parameter or the result) -> ``torch.Tensor``;
        none is kept; any other refuses the fix."""
        if annotation is None:
            return True
        spelled = annotation.annotation
        if isinstance(spelled, cst.Name) and spelled.value in ("float", "int"):
            torch = self.import_module("torch")
            flow.rewrites.append((spelled, cst.parse_expression(f"{torch}.Tensor")))
            return True
        return self.kind(spelled) == Kind.TENSOR or self.code(spelled).endswith("Tensor")

    def _calls_covered(self) -> bool:
        """Every reference to a followed helper in the file is a call that passes the value."""
        calls: dict[int, list[cst.Call]] = {key: [] for key in self._callees}
        names = {callee.name.value for callee in self._callees.values()}
        references: list[cst.Name] = []

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Call):
                found = local_callee(self, node)
                if found is not None and id(found[0]) in calls:
                    calls[id(found[0])].append(node)
            elif isinstance(node, cst.Name) and node.value in names:
                references.append(node)

        walk(self.ctx.module, enter, lambda node: None)
        for key, callee in self._callees.items():
            followed = {c for (k, _), cs in self._followed.items() if k == key for c in cs}
            if not calls[key] or any(id(c) not in followed for c in calls[key]):
                return False
            # a reference other than the calls and the definition: passed, stored, overridden
            spelled = [n for n in references if n.value == callee.name.value]
            if len(spelled) != len(calls[key]) + 1:
                return False
        return True


# -- int() of tensor data -> .item() of an int64 tensor (export) ---------------------------------
class IntOfDataToItem(NumberToTensor):
    """TL102 on ``int(t)`` whose number only sizes tensors (a size argument of
    ``torch.zeros`` and its kin or of ``x.new_zeros`` / ``view`` / ``expand``, reached through
    arithmetic with numbers, names bound once and the ``return`` of a function of the file
    whose every call goes there too), where no other TL102 fixer applies -> ``t.long().item()``
    (``t.item()`` where ``t`` is surely an integer tensor). The same int in eager: ``.long()`` truncates
    toward zero as ``int()`` does, and makes bools 0 / 1. torch.export gives ``.item()`` of an
    integer tensor an unbacked symbolic int that sizes tensors, where ``int()`` of the value
    asks for its concrete value and fails (checked on torch 2.13: ``torch.zeros(int(e.max()) +
    1)`` fails with 'Could not extract specialized integer from data-dependent expression',
    ``e.max().item() + 1`` exports and runs on other edge lists). Unsafe: ``int()`` of a NaN,
    an infinity or a complex tensor raised, ``.long()`` gives a number; a float beyond int64
    overflows."""

    codes = ("TL102",)
    message = (
        "read the number with `.item()` of an int64 tensor instead of `int()`: torch.export "
        "keeps it symbolic (unsafe: NaN / inf no longer raise)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if "export" not in diagnostic.targets or not isinstance(call, cst.Call):
            return None
        conversion = self._conversion(call)
        if conversion is None or conversion[1] != "int":
            return None
        if not self._sizes_only(call, 0):
            return None  # export needs the int only where it sizes a tensor
        if self._another_fix(diagnostic):
            return None  # kept a tensor, guarded, made a torch.where: that fix instead
        tensor = conversion[0]
        value = _operand(tensor)
        if not self._integer(tensor):
            value = _method(value, "long")
        new = _method(value, "item")
        return [(call, new.with_changes(lpar=call.lpar, rpar=call.rpar) if call.lpar else new)]

    def _sizes_only(self, node: cst.BaseExpression, depth: int) -> bool:
        """Whether the int at ``node`` only sizes tensors (a size argument of ``torch.zeros``
        and its kin, or of ``x.new_zeros`` / ``view`` / ``expand`` ...; an element of a size
        tuple there), through arithmetic with numbers, names bound once, and the ``return``
        of a function of the file every call of which goes there too: what torch.export takes
        as an unbacked int (a Python branch or a list index on it would still fail)."""
        if depth > 4:
            return False
        current: cst.CSTNode = node
        while True:
            parent = self.parent(current)
            if isinstance(parent, cst.BinaryOperation) and isinstance(
                parent.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
            ):
                other = parent.right if parent.left is current else parent.left
                if not (is_number(other) or self.kind(other) in (Kind.CONST, Kind.SIZE)):
                    return False
                current = parent
                continue
            break
        if isinstance(parent, cst.Assign) and parent.value is current:
            if len(parent.targets) != 1 or not isinstance(parent.targets[0].target, cst.Name):
                return False
            target = parent.targets[0].target
            function = self.enclosing_function(parent)
            if function is None or len(assignments(function, target.value)) != 1:
                return False
            uses = [u for u in variable_uses(self, function, target.value) if u is not target]
            return bool(uses) and all(self._sizes_only(u, depth + 1) for u in uses)
        if isinstance(parent, cst.Return) and parent.value is current:
            function = self.enclosing_function(parent)
            if function is None:
                return False
            calls: list[cst.Call] = []
            spelled: list[cst.Name] = []

            def enter(n: cst.CSTNode) -> None:
                if isinstance(n, cst.Call):
                    found = local_callee(self, n)
                    if found is not None and found[0] is function:
                        calls.append(n)
                elif isinstance(n, cst.Name) and n.value == function.name.value:
                    spelled.append(n)

            walk(self.ctx.module, enter, lambda n: None)
            if not calls or len(spelled) != len(calls) + 1:
                return False  # called nowhere here, or read otherwise (passed, stored)
            return all(self._sizes_only(c, depth + 1) for c in calls)
        if isinstance(parent, cst.Element):
            return self._sized_by(parent)
        if isinstance(parent, cst.Arg) and parent.value is current and parent.keyword is None:
            call = self.parent(parent)
            if not isinstance(call, cst.Call) or parent.star:
                return False
            if (self.ctx.qualified_name(call.func) or "") in SIZE_FUNCTIONS:
                return True
            func = call.func
            return (
                isinstance(func, cst.Attribute)
                and func.attr.value in SIZE_METHODS
                and self.kind(func.value) == Kind.TENSOR
            )
        return False

    def _not_asked(self, other: type[Fixer]) -> bool:
        """A fixer ``_another_fix`` leaves out: this one."""
        return other is type(self)

    def _another_fix(self, diagnostic: Diagnostic) -> bool:
        """Whether another fixer of the code fixes the finding (fixers of modules named after
        this one come later, and a fix keeping the value in the graph is the better one)."""
        pending = list(self.tools.pending_imports)
        try:
            for other in fixers_by_code()[diagnostic.code]:
                if self._not_asked(other):
                    continue
                try:
                    if other(self.ctx, self.tools).fix(diagnostic):
                        return True
                except Exception:  # noqa: BLE001 - its failure is reported where it runs
                    continue
            return False
        finally:
            self.tools.pending_imports[:] = pending


# -- a loop's skip of an empty selection, where the rest of the body writes only there ---------
# Calls that change a Python object or do I/O: a statement calling one is not a no-op on an
# empty selection. (Tensor methods ending in `_` are in place too.)
_SIDE_EFFECT_CALLS = frozenset(
    {"append", "extend", "insert", "pop", "update", "setdefault", "remove", "clear", "add",
     "discard", "write", "print", "register_buffer", "register_parameter", "setattr"}
)  # fmt: skip
# In-place writes at the rows an index names along dim 0: (method, position of the index).
_INDEXED_WRITES = {"index_add_": 1, "index_copy_": 1, "index_fill_": 1, "index_add": 1}


class EmptySelectionSkipDropped(Fixer):
    """TL107 on ``if idx.numel() == 0: continue`` (``len(idx) == 0``, ``idx.shape[0] == 0``,
    ``idx.size(0) < 1``, ``not idx.numel()``) first after ``idx`` is bound, in a loop body,
    where ``idx`` is an integer index vector (``torch.where(m)[0]``, one name of ``rows, cols =
    torch.where(m)``, ``m.nonzero(as_tuple=True)[0]``, ``torch.nonzero(m).squeeze(1)``) and
    every later statement of the body is a no-op for an empty ``idx``: a name bound once and
    read only further down the body, or a write at the rows ``idx`` names (``out[idx] = v``,
    ``out[idx] += v``, ``out.index_add_(0, idx, v)``, ``index_copy_`` / ``index_fill_``, ``out
    = out.index_add(0, idx, v)``), with no call that changes a Python object (``append``,
    ``print``, a tensor method ending in ``_`` other than those writes) -> the ``if`` goes.
    Indexing by an empty index vector reads and writes nothing, so every output is as before;
    ``torch.compile(fullgraph=True)`` and ``torch.export`` then need no branch on the
    data-dependent count (checked on torch 2.13: a top-1 MoE dispatch loop compiles with
    fullgraph and exports, eager unchanged, an expert with no token included). Unsafe: the
    body now runs on empty tensors, where a reduction without identity (``max``) or a module
    that refuses an empty batch (``BatchNorm`` in training) raises, and costs the calls."""

    codes = ("TL107",)
    applicability = "unsafe"
    message = (
        "drop the skip of an empty selection: the rest of the loop body only writes at the "
        "selected rows, so an empty selection changes nothing, and compile / export need no "
        "branch on the data-dependent count (unsafe: the body runs on empty tensors)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        guard = next((a for a in self.ancestors(node) if isinstance(a, cst.If)), None)
        if guard is None or not contains(guard.test, partial(is_, node)):
            return None
        if guard.orelse is not None or not _only_continue(guard.body):
            return None
        block = self.parent(guard)
        loop = self.parent(block) if isinstance(block, cst.IndentedBlock) else None
        if not isinstance(loop, (cst.For, cst.While)) or loop.body is not block:
            return None
        assert isinstance(block, cst.IndentedBlock)
        name = self._emptiness_of(guard.test)
        function = self.enclosing_function(guard)
        if name is None or function is None:
            return None
        body = list(block.body)
        position = body.index(guard)
        if position == 0 or not self._index_vector(body[position - 1], name, function):
            return None
        rest = body[position + 1 :]
        if not rest or not all(self._no_op_when_empty(s, name, rest, function) for s in rest):
            return None
        # The skip's comments stay, on lines of their own above the next statement.
        comments = [
            cst.EmptyLine(comment=comment)
            for comment in _comments_in(guard.with_changes(leading_lines=()))
        ]
        following = rest[0]
        kept = following.with_changes(
            leading_lines=[*guard.leading_lines, *comments, *following.leading_lines]
        )
        return [(guard, cst.RemovalSentinel.REMOVE), (following, kept)]

    def _emptiness_of(self, test: cst.BaseExpression) -> Optional[str]:
        """``v`` of a test that is true exactly when ``v`` has no element."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self._count_of(test.expression)
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
            return None
        left, target = test.left, test.comparisons[0]
        right, operator = target.comparator, target.operator
        if _is_literal(right, "0") and isinstance(operator, cst.Equal):
            return self._count_of(left)
        if _is_literal(left, "0") and isinstance(operator, cst.Equal):
            return self._count_of(right)
        if _is_literal(right, "1") and isinstance(operator, cst.LessThan):
            return self._count_of(left)
        return None

    def _count_of(self, expr: cst.BaseExpression) -> Optional[str]:
        """``v`` of ``v.numel()``, ``v.nelement()``, ``len(v)``, ``v.shape[0]``, ``v.size(0)``
        (a 1-d index vector: its length is its element count)."""
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
                if func.attr.value in ("numel", "nelement") and not expr.args:
                    return func.value.value
                if func.attr.value == "size" and len(expr.args) == 1:
                    return func.value.value if _is_literal(expr.args[0].value, "0") else None
            if (
                self.ctx.qualified_name(func) == "builtins.len"
                and len(expr.args) == 1
                and isinstance(expr.args[0].value, cst.Name)
            ):
                return expr.args[0].value.value
            return None
        if (
            isinstance(expr, cst.Subscript)
            and len(expr.slice) == 1
            and isinstance(expr.slice[0].slice, cst.Index)
            and _is_literal(expr.slice[0].slice.value, "0")
            and isinstance(expr.value, cst.Attribute)
            and expr.value.attr.value == "shape"
            and isinstance(expr.value.value, cst.Name)
        ):
            return expr.value.value.value
        return None

    def _index_vector(
        self, statement: cst.BaseStatement, name: str, function: cst.FunctionDef
    ) -> bool:
        """``statement`` binds ``name`` (bound nowhere else) to an integer index vector."""
        if len(assignments(function, name)) != 1:
            return False
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return False
        assign = statement.body[0]
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            return False
        target, value = assign.targets[0].target, assign.value
        if isinstance(target, cst.Name) and target.value == name:
            return self._selection(value, indexed=True)
        if isinstance(target, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements
        ):
            names = [e.value.value for e in target.elements]  # type: ignore[union-attr]
            return name in names and self._selection(value, indexed=False)
        return False

    def _selection(self, value: cst.BaseExpression, indexed: bool) -> bool:
        """The index vectors of a mask: ``torch.where(m)`` / ``m.nonzero(as_tuple=True)`` (one
        of them, ``[k]``, when ``indexed``), or ``torch.nonzero(m).squeeze(1)``."""
        if indexed and isinstance(value, cst.Subscript):
            if len(value.slice) != 1 or not isinstance(value.slice[0].slice, cst.Index):
                return False
            if not _int_literal(value.slice[0].slice.value):
                return False
            return self._selection(value.value, indexed=False)
        if not isinstance(value, cst.Call):
            return False
        func = value.func
        name = self.ctx.qualified_name(func) or ""
        if indexed and isinstance(func, cst.Attribute) and func.attr.value in ("squeeze", "view"):
            inner = func.value
            arg = value.args[0].value if len(value.args) == 1 else None
            return (
                arg is not None
                and (_int_literal(arg) and self.code(arg) in ("1", "-1"))
                and isinstance(inner, cst.Call)
                and self._nonzero(inner, as_tuple=False)
            ) or (
                func.attr.value == "view"
                and arg is not None
                and self.code(arg) == "-1"
                and isinstance(inner, cst.Call)
                and self._nonzero(inner, as_tuple=False)
            )
        if name == "torch.where" and len(value.args) == 1 and not value.args[0].keyword:
            return not indexed
        return not indexed and self._nonzero(value, as_tuple=True)

    def _nonzero(self, call: cst.Call, as_tuple: bool) -> bool:
        func = call.func
        name = self.ctx.qualified_name(func) or ""
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "nonzero"
            and not (name.startswith("torch."))
        ):
            args = list(call.args)
            receiver_ok = self.kind(func.value) == Kind.TENSOR
        elif name == "torch.nonzero" and call.args and call.args[0].keyword is None:
            args = list(call.args[1:])
            receiver_ok = True
        else:
            return False
        flags = [a for a in args if a.keyword and a.keyword.value == "as_tuple"]
        if len(flags) != len(args):
            return False
        wants = "True" if as_tuple else "False"
        given = self.code(flags[0].value) if flags else "False"
        return receiver_ok and given == wants

    def _no_op_when_empty(
        self,
        statement: cst.BaseStatement,
        index: str,
        rest: list[cst.BaseStatement],
        function: cst.FunctionDef,
    ) -> bool:
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return False
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target = small.targets[0].target
            if not self._harmless(small.value, index):
                return False
            if isinstance(target, cst.Name):
                if self._rebinds_index_add(target.value, small.value, index):
                    return True
                # a name bound once, read only by the statements after it in the body
                if len(assignments(function, target.value)) != 1:
                    return False
                later = rest[rest.index(statement) + 1 :]
                uses = [u for u in variable_uses(self, function, target.value) if u is not target]
                return all(any(contains(s, partial(is_, u)) for s in later) for u in uses)
            return self._at_index(target, index)
        if isinstance(small, cst.AugAssign):
            return self._at_index(small.target, index) and self._harmless(small.value, index)
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            call = small.value
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value in _INDEXED_WRITES):
                return False
            return self._indexed_write(call, index) and all(
                self._harmless(a.value, index) for a in call.args
            )
        return False

    def _rebinds_index_add(self, target: str, value: cst.BaseExpression, index: str) -> bool:
        """``out = out.index_add(0, idx, v)``: the same values where ``idx`` is empty."""
        return (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "index_add"
            and isinstance(value.func.value, cst.Name)
            and value.func.value.value == target
            and self._indexed_write(value, index)
        )

    def _indexed_write(self, call: cst.Call, index: str) -> bool:
        args = call.args
        if len(args) < 3 or any(a.keyword or a.star for a in args[:3]):
            return False
        func = call.func
        assert isinstance(func, cst.Attribute)
        return (
            self.kind(func.value) == Kind.TENSOR
            and _is_literal(args[0].value, "0")
            and isinstance(args[1].value, cst.Name)
            and args[1].value.value == index
        )

    def _at_index(self, target: cst.BaseExpression, index: str) -> bool:
        """``out[idx]`` (``out[idx, :]``) of a tensor: the rows ``idx`` names."""
        if not (isinstance(target, cst.Subscript) and self.kind(target.value) == Kind.TENSOR):
            return False
        first, *others = target.slice
        return (
            isinstance(first.slice, cst.Index)
            and isinstance(first.slice.value, cst.Name)
            and first.slice.value.value == index
            and all(
                isinstance(o.slice, cst.Slice)
                and o.slice.lower is None
                and o.slice.upper is None
                and o.slice.step is None
                for o in others
            )
        )

    def _harmless(self, expr: cst.BaseExpression, index: str) -> bool:
        """No call in ``expr`` changes a Python object or a tensor in place."""
        for call in _calls_in(expr):
            assert isinstance(call, cst.Call)
            func = call.func
            called = func.attr.value if isinstance(func, cst.Attribute) else None
            if isinstance(func, cst.Name):
                called = func.value
            if called is None:
                # `self.experts[k](x)`: a module of a container; any other callee is unknown
                if not (isinstance(func, cst.Subscript) and plain_reference(func.value)):
                    return False
                continue
            if called in _SIDE_EFFECT_CALLS or called.endswith("_"):
                return False
        return not any(
            isinstance(n, (cst.NamedExpr, cst.Yield, cst.Await, cst.Lambda))
            for n in _nodes_in(expr)
        )


def _only_continue(body: cst.BaseSuite) -> bool:
    statement = single_small_statement(body)
    return isinstance(statement, cst.Continue)


def _is_literal(expr: cst.BaseExpression, text: str) -> bool:
    return isinstance(expr, cst.Integer) and expr.value == text


def _nodes_in(expr: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    walk(expr, found.append, lambda n: None)
    return found


def _comments_in(node: cst.CSTNode) -> list[cst.Comment]:
    found: list[cst.Comment] = []

    class _Collect(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            found.append(comment)

    node.visit(_Collect())
    return found
