"""Repairs for compile / export / trace findings torchlint reported without a fix (issue #23,
session 24: the blind batches b63 to b67).

``TolistLoopAsTensor`` (TL104, unsafe): ``for i in idx.tolist():`` / ``[f(x[:, i]) for i in
idx.tolist()]`` whose item only goes where a 0-d tensor gives the same values (a tensor's
index, arithmetic or a comparison with a tensor, a size argument: ``fixers/scalar_to_tensor.py``'s
flow) -> ``for i in idx.detach():``, the index written ``x[:, i.reshape(1)].squeeze(1)``.
Iterating a 1-d tensor gives its 0-d tensors in order; ``torch.compile(fullgraph=True)`` runs
the loop without reading the values (``tolist`` broke the graph or raised) and
``torch.jit.trace`` records each index (it baked the example's numbers in). Checked on torch
2.13 (a frame sampler's ``linspace`` indices: compile and trace pass on other clip lengths,
eager unchanged). Unsafe: a 2-d tensor's ``tolist`` gave lists, which indexed where a row's
``reshape(1)`` now raises; an index by a tensor copies where an int made a view.

``RoundedSizeToTorch`` (TL106, unsafe): ``math.ceil(tokens / self.n_experts * factor)`` /
``math.floor(...)`` of a size the tracer records, whose value only goes where a 0-d tensor gives
the same values -> ``torch.ceil(torch.full((), <size expr>, dtype=torch.float64)).long()``.
While tracing the size is a 0-d tensor that ``math.ceil`` turns into the example's constant;
``torch.full`` and ``torch.ceil`` are recorded (checked on torch 2.13: an expert capacity
traced on 6 tokens gives eager's routing on 9). In eager the expression is the Python float
``math`` rounded, held in double, so the integer is the same; ``.long()`` gives an int64 0-d
tensor, which meets an integer tensor in its dtype as the int did. Unsafe: while tracing the
size arithmetic runs in float32 (a true division of a 0-d int64 tensor), so a quotient within
float32's rounding of an integer may round the other way in the trace (not in eager), and an
integer tensor met with ``/`` keeps float32 as before.

``ReturnedNumberToTensor`` (TL102 / TL103, unsafe): the fix of ``fixers/scalar_to_tensor.py``
(``scale = max(x.abs().max().item(), 1e-8) / qmax`` -> ``x.abs().max().detach().clamp(min=1e-8)
/ qmax``) also where the number is returned by a module-level function of the file (alone or
as an item of a returned tuple), when the function has one ``return`` and every call of it in
the file binds the result (``q, scale = dynamic_quantize(x)``) to names whose every use takes a
0-d tensor. The function's name must not be read otherwise in the file (passed, stored).
Unsafe as that fix, and a caller in another module now receives a 0-d tensor.

``DataMaxToTensor`` (TL115, unsafe): ``max(t.item(), 1e-8)`` / ``min(...)`` -> the same edits
as the fix above (``t.detach().clamp(min=1e-8)``), for an export run, where TL103 is not
reported: ``torch.export`` compared the data-dependent number with the bound.

``NumpyNumberToTensor`` (TL102, unsafe): ``float(np.percentile(err.detach().numpy(), 90.0))``
-> ``torch.quantile(err.detach(), 0.9).float()`` where every use of the number takes a 0-d
tensor (``fixers/numpy_to_torch.py``'s table; see the class).

``CarriedIndexToTensor`` (TL102 / TL103, unsafe): ``farthest = 0`` and, in a loop, ``farthest =
int(dist.argmax())`` read only as a tensor's index or in tensor arithmetic -> both bindings
0-d tensors (``torch.full((), 0, dtype=torch.long)``, ``dist.argmax()``; see the class).

``MethodItemTestToWhere`` (TL101 / TL103, unsafe): ``if self.gate.is_silent(wav): return a``
/ ``return b`` where the method returns ``energy_db.item() < self.floor_db`` -> the method
returns the 0-d bool tensor and the branch is ``torch.where`` (see the class).

``OneWideSliceToIndexSelect`` (TL102 / TL103, unsafe): ``keep = int(...) + 1`` bounding
``probs[..., keep - 1 : keep]`` -> the 0-d tensor and ``probs.index_select(-1, (keep -
1).reshape(1))``, which ``torch.export`` takes without a run-time size check (see the class).

``SortedByKeyToArgsort`` (TL101 / TL102 / TL103, unsafe): ``sorted(negs, key=lambda n: float(n
@ a), reverse=True)`` of a list comprehension over one tensor's rows -> the stacked tensors
indexed by a stable ``argsort`` of the stacked keys, made a list again (see the class).

``TolistLoopAsTensor``, ``RoundedSizeToTorch``, ``ItemListToStack`` and ``CarriedIndexToTensor``
refuse a value that
reaches a size argument (``torch.zeros(n)``, ``F.pad``'s pad): there ``torch.compile`` meets a
size read from tensor data where it had an int (checked on torch 2.13: a frame count rounded
this way traces but no longer compiles), so the fix for one back-end would break another.

``ItemListToStack`` (TL103, unsafe): ``tags = [score.argmax().item()]``, ``tags.append(
back[tags[-1]].item())`` and ``torch.tensor(tags)`` -> the items kept as 0-d tensors
(``.detach()``, ``.reshape(())`` where not surely 0-d) and ``torch.stack(tags)``, where every
other read of the list is ``reverse()`` / ``len()`` or an item read (``tags[-1]``) whose value
takes a 0-d tensor (an index of a tensor: ``back[tags[-1].reshape(1)].squeeze(0)``). Checked on
torch 2.13: a Viterbi back-trace compiles with fullgraph and traces, eager unchanged. Unsafe:
``torch.tensor`` of Python floats gave float32 (ints int64), the stack keeps the items' dtype
(a float64 item stays float64); an index by a tensor copies.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import (
    COMPARISON_OPERATORS,
    SIZE_FUNCTIONS,
    SIZE_METHODS,
    assignments,
)
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import (
    assigned_values,
    class_methods,
    self_attribute_of_class,
    stored_subscript,
    variable_uses,
)
from ._tensor_exprs import is_number
from .numpy_to_torch import TABLE as NUMPY_TABLE
from .numpy_to_torch import NumpyToTorch
from .scalar_to_tensor import (
    MathOfSizeToTorch,
    NumberToTensor,
    _Flow,
    _KeepTensor,
    _method,
    _operand,
    _tolist_of,
)
from .tensor_condition import TensorConditionToWhere

REBINDING = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.AsName)


def _rebinds(fixer: _KeepTensor, use: cst.Name) -> bool:
    holder = fixer.parent(use)
    if isinstance(holder, (cst.Tuple, cst.List, cst.Element)):
        return True  # an unpacking target (or a display: left to the flow, which refuses it)
    return isinstance(holder, REBINDING) or (
        isinstance(holder, (cst.For, cst.CompFor)) and holder.target is use
    )


def _inside(fixer: _KeepTensor, node: cst.CSTNode, root: cst.CSTNode) -> bool:
    return any(ancestor is root for ancestor in fixer.ancestors(node))


class _ValuesOnly(_KeepTensor):
    """The flow of ``fixers/scalar_to_tensor.py`` without size arguments (``torch.zeros(n)``,
    ``x.view(n, -1)``, ``F.pad``'s pad): a 0-d tensor there is a size read from tensor data,
    which ``torch.compile`` cannot keep symbolic (torch 2.13: PendingUnbackedSymbolNotFound for
    a traced-size pad that compiled as a Python int), so a fix for one back-end would break
    another. Values (``clamp`` bounds, ``torch.where`` branches), arithmetic, comparisons and
    indexes stay."""

    def _takes_tensor(self, call: cst.Call, arg: cst.Arg) -> bool:
        func = call.func
        if (self.ctx.qualified_name(func) or "") in SIZE_FUNCTIONS:
            return False
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in SIZE_METHODS
            and self.kind(func.value) == Kind.TENSOR
        ):
            return False
        return super()._takes_tensor(call, arg)

    def _sized_by(self, element: cst.Element) -> bool:
        return False


# -- TL104: a loop over t.tolist() whose item is used as a tensor ------------------------------
class TolistLoopAsTensor(_ValuesOnly):
    codes = ("TL104",)
    message = (
        "loop over the tensor itself: its 0-d tensors index and compute like the numbers "
        "(`for i in t:`)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        tolist = diagnostic.node
        tensor = _tolist_of(tolist)
        if tensor is None or self.kind(tensor) != Kind.TENSOR:
            return None
        loop = self.parent(tolist)
        if not isinstance(loop, (cst.For, cst.CompFor)) or loop.iter is not tolist:
            return None
        target = loop.target
        if not isinstance(target, cst.Name):
            return None
        if isinstance(loop, cst.For):
            if loop.orelse is not None or loop.asynchronous:
                return None
            body: cst.CSTNode = loop.body
        else:
            comprehension = self.parent(loop)
            # a set would hash the 0-d tensors by identity; a dict comprehension's keys too
            if not isinstance(comprehension, (cst.ListComp, cst.GeneratorExp)):
                return None
            if loop.asynchronous or loop.ifs or loop.inner_for_in is not None:
                return None
            body = comprehension.elt
        function = self.enclosing_function(loop)
        if function is None:
            return None
        uses = [u for u in variable_uses(self, function, target.value) if u is not target]
        # the item is read only in the loop (a for loop's name outlives it), never rebound
        if not uses or any(not _inside(self, u, body) or _rebinds(self, u) for u in uses):
            return None
        flow = _Flow()
        if not all(self._value_flows(use, flow) for use in uses):
            return None
        if flow.slices and "trace" in diagnostic.targets:
            return None  # the tracer takes a tensor slice bound as a constant too
        new = _method(_operand(tensor), "detach")
        return self._with_rewrites(
            [(tolist, new.with_changes(lpar=tolist.lpar, rpar=tolist.rpar))], flow
        )


# -- TL106: math.ceil / math.floor of a size the tracer records --------------------------------
class RoundedSizeToTorch(_ValuesOnly, MathOfSizeToTorch):
    """``MathOfSizeToTorch`` for the roundings, whose int the torch result gives as ``.long()``;
    with ``_ValuesOnly``'s flow (see the module docstring)."""

    message = (
        "round the size with torch (`torch.ceil(torch.full((), n / k, dtype=torch.float64))"
        ".long()`), which torch.jit.trace records"
    )
    functions = {"math.ceil": "ceil", "math.floor": "floor"}
    result_suffix = ".long()"


# -- TL102 / TL103: a number returned to callers that use it as a tensor -----------------------
class ReturnedNumberToTensor(NumberToTensor):
    codes = ("TL102", "TL103")

    returns_only = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        self._returns_seen = False
        fixes = super().fix(diagnostic)
        # NumberToTensor gives the same fix where no return is involved: this class adds only
        # the cases that go through a return (the same edits would be shared anyway)
        return fixes if self._returns_seen or not self.returns_only else None

    def _value_flows(self, node: cst.BaseExpression, flow: _Flow, depth: int = 0) -> bool:
        parent = self.parent(node)
        position: Optional[int] = None
        if isinstance(parent, cst.Element) and isinstance(self.parent(parent), cst.Tuple):
            returned = self.parent(parent)
            position = list(returned.elements).index(parent)  # type: ignore[union-attr]
            statement = self.parent(returned)
            if isinstance(statement, cst.AssignTarget):
                return True  # the name's own binding in `q, scale = f(x)`: nothing read there
        else:
            returned, statement = node, parent
        if isinstance(statement, cst.Return) and statement.value is returned:
            if self._returned_flows(
                statement, position, len(getattr(returned, "elements", ())), flow, depth
            ):
                self._returns_seen = True
                return True
            return False
        return super()._value_flows(node, flow, depth)

    def kind(self, expr: cst.BaseExpression) -> Kind:
        """Also a name unpacked from a module-level function's one returned tuple (``q, scale =
        quantize(x)``): the kind of that item where it is returned (``q`` a tensor there)."""
        found = super().kind(expr)
        if found != Kind.UNKNOWN or not isinstance(expr, cst.Name):
            return found
        function = self.enclosing_function(expr)
        bound = assignments(function, expr.value) if function is not None else []
        if len(bound) != 1 or bound[0][2] < 2 or not isinstance(bound[0][0], cst.Call):
            return found
        call, position, size = bound[0]
        returned = self._single_return(call)  # type: ignore[arg-type]
        if not isinstance(returned, cst.Tuple) or len(returned.elements) != size:
            return found
        item = returned.elements[position]
        if isinstance(item, cst.StarredElement):
            return found
        return super().kind(item.value)  # the model's kind there (no second step)

    def _single_return(self, call: cst.Call) -> Optional[cst.BaseExpression]:
        """What a call of a module-level function of this file with one ``return`` returns."""
        if not isinstance(call.func, cst.Name):
            return None
        for statement in self.ctx.module.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == call.func.value:
                returns = _returns(statement)
                return returns[0].value if len(returns) == 1 else None
        return None

    def _returned_flows(
        self, statement: cst.Return, position: Optional[int], size: int, flow: _Flow, depth: int
    ) -> bool:
        function = self.enclosing_function(statement)
        if function is None or self.parent(function) is not self.ctx.module:
            return False
        if _returns(function) != [statement] or any(
            isinstance(d.decorator, (cst.Call, cst.Name, cst.Attribute))
            for d in function.decorators
        ):
            return False
        name = function.name.value
        references = [
            use for use in variable_uses(self, self.ctx.module, name) if use is not function.name
        ]
        if not references:
            return False
        for reference in references:
            call = self.parent(reference)
            if not isinstance(call, cst.Call) or call.func is not reference:
                return False
            assign = self.parent(call)
            if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                return False
            target: cst.BaseExpression = assign.targets[0].target
            if position is not None:
                if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) != size:
                    return False
                element = target.elements[position]
                if isinstance(element, cst.StarredElement):
                    return False
                target = element.value
            caller = self.enclosing_function(assign)
            if not isinstance(target, cst.Name) or caller is None:
                return False
            # the caller's names are its own: check them whatever names the callee's flow saw
            seen, flow.names = flow.names, set()
            try:
                if not self._uses_flow(target, caller, flow, depth + 1):
                    return False
            finally:
                flow.names = seen | flow.names
        return True


class DataMaxToTensor(ReturnedNumberToTensor):
    """TL115 on ``max(t.item(), 1e-8)`` (``min``, ``int(t)``, ``float(t)``) -> the item kept a
    0-d tensor and clamped (``t.detach().clamp(min=1e-8)``), as the TL103 fix above does
    (also through a helper's return): ``torch.export`` then has no data-dependent number to
    compare. The same edits as that fix, for a run whose targets do not report TL103."""

    codes = ("TL115",)
    returns_only = False
    message = (
        "keep the number a 0-d tensor and clamp it (`t.clamp(min=1e-8)`) instead of Python's "
        "`max` of it"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) in ("builtins.max", "builtins.min")
            and len(call.args) == 2
        ):
            return None
        inner = [
            a.value
            for a in call.args
            if isinstance(a.value, cst.Call) and self._conversion(a.value) is not None
        ]
        if len(inner) != 1:
            return None
        return super().fix(dataclasses.replace(diagnostic, node=inner[0]))


# -- TL102: float() of a NumPy reduction of a tensor -------------------------------------------
class NumpyNumberToTensor(_KeepTensor, NumpyToTorch):
    """TL102 on ``thresh = float(np.percentile(err.detach().numpy(), 90.0))`` -> ``thresh =
    torch.quantile(err.detach(), 0.9).float()``, where every use of the number takes a 0-d
    tensor (``err - thresh``; the flow of ``fixers/scalar_to_tensor.py``). The torch function
    and its arguments are ``fixers/numpy_to_torch.py``'s table (TL306's fix, which a
    compile-only run does not report: there TL102 is the finding); that fix leaves
    ``float(torch.quantile(...))``, a number plain compile still breaks on. Unsafe as both:
    last-bit differences, and float32 where the number was a double (a float64 tensor it meets
    keeps its dtype)."""

    codes = ("TL102",)
    applicability = "unsafe"
    message = (
        "call the torch function on the tensor and keep the 0-d tensor instead of a number "
        "made by NumPy (float32; last-bit differences)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        wrapper = diagnostic.node
        if not (
            isinstance(wrapper, cst.Call)
            and self.ctx.qualified_name(wrapper.func) == "builtins.float"
            and len(wrapper.args) == 1
            and isinstance(wrapper.args[0].value, cst.Call)
        ):
            return None
        call = wrapper.args[0].value
        name = self.ctx.qualified_name(call.func) or ""
        entry = NUMPY_TABLE.get(name.removeprefix("numpy."))
        if not name.startswith("numpy.") or entry is None or entry.array_result:
            return None
        if self._wrapper(call) is not wrapper:
            return None
        removals: list[Replacement] = []
        arguments = self._arguments(call, entry, removals, True)
        if arguments is None:
            return None
        flow = self._flow_without_traced_slice(wrapper, diagnostic)
        if flow is None:
            return None
        torch = self.import_module("torch")
        text = f"{torch}.{entry.name}({', '.join(arguments)}).float()"
        new = cst.parse_expression(text).with_changes(lpar=wrapper.lpar, rpar=wrapper.rpar)
        return self._with_rewrites([(wrapper, new)], flow) + removals


# -- TL101 / TL102 / TL103: sorted() of a list of tensor rows by a tensor key -------------------
class SortedByKeyToArgsort(Fixer):
    """``ranked = sorted(negs, key=lambda n: float(n @ a), reverse=True)`` where ``negs`` is a
    list comprehension over the rows of one tensor (``[f(c) for c in cands.unbind(0)]``, ``for
    c in cands``) -> ``list(torch.stack(negs)[torch.stack([(n @ a).reshape(()) for n in
    negs]).argsort(descending=True, stable=True)].unbind(0))``: the same tensors in the same
    order, ranked by a tensor sort instead of Python comparisons of numbers read from the data.
    Python's sort is stable and ``reverse=True`` keeps equal keys in their order, as a stable
    descending ``argsort`` does (torch 2.13); the keys compare as the numbers did (a float32
    value is exactly the double ``float()`` made of it). The key may be ``float(E)``,
    ``E.item()`` or a tensor ``E``. Checked on torch 2.13: a hard-negative ranking compiles
    (fullgraph, no break), exports and traces with eager's outputs. One expression applied to
    the rows of one tensor gives tensors of one shape, which ``torch.stack`` needs. Unsafe: the
    ranked tensors are new tensors (an in-place change of one no longer reaches the list it came
    from), an empty list raised in ``torch.stack``, and NaN keys order otherwise."""

    codes = ("TL101", "TL102", "TL103")
    applicability = "unsafe"
    message = (
        "rank the stacked tensors with a stable `argsort` of the stacked keys instead of "
        "`sorted` comparing Python numbers"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        call = next(
            (
                a
                for a in [node, *self.ancestors(node)]  # type: ignore[list-item]
                if isinstance(a, cst.Call) and self.ctx.qualified_name(a.func) == "builtins.sorted"
            ),
            None,
        )
        if call is None or (
            node is not call and not isinstance(self.parent_lambda(node), cst.Lambda)
        ):
            return None
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        items = call.args[0].value
        key: Optional[cst.Lambda] = None
        descending = "False"
        for arg in call.args[1:]:
            if arg.keyword is None or arg.star:
                return None
            if arg.keyword.value == "key" and isinstance(arg.value, cst.Lambda):
                key = arg.value
            elif (
                arg.keyword.value == "reverse"
                and isinstance(arg.value, cst.Name)
                and arg.value.value in ("True", "False")
            ):
                descending = arg.value.value
            else:
                return None
        if key is None or not isinstance(items, cst.Name) or not self._rows_of_one_tensor(items):
            return None
        params = key.params
        if (
            len(params.params) != 1
            or not isinstance(params.star_arg, cst.MaybeSentinel)
            or params.star_kwarg is not None
            or params.kwonly_params
            or params.posonly_params
            or params.params[0].default is not None
        ):
            return None
        value = self._key_tensor(key.body)
        if value is None:
            return None
        torch = self.import_module("torch")
        parameter = params.params[0].name.value
        keys = f"[{_bare_text(self, value)}.reshape(()) for {parameter} in {items.value}]"
        order = f"{torch}.stack({keys}).argsort(descending={descending}, stable=True)"
        text = f"list({torch}.stack({items.value})[{order}].unbind(0))"
        new = cst.parse_expression(text).with_changes(lpar=call.lpar, rpar=call.rpar)
        return [(call, new)]

    def parent_lambda(self, node: Optional[cst.CSTNode]) -> Optional[cst.CSTNode]:
        return (
            next((a for a in self.ancestors(node) if isinstance(a, cst.Lambda)), None)
            if node is not None
            else None
        )  # type: ignore[arg-type]

    def _key_tensor(self, body: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``E`` of ``float(E)``, ``E.item()`` or a tensor ``E``."""
        if isinstance(body, cst.Call):
            if (
                self.ctx.qualified_name(body.func) == "builtins.float"
                and len(body.args) == 1
                and body.args[0].keyword is None
                and not body.args[0].star
            ):
                body = body.args[0].value
            elif (
                isinstance(body.func, cst.Attribute)
                and body.func.attr.value == "item"
                and not body.args
            ):
                body = body.func.value
        return body if self.kind(body) == Kind.TENSOR else None

    def _rows_of_one_tensor(self, name: cst.Name) -> bool:
        """``name`` bound once, to ``[E for r in t.unbind(0)]`` / ``[E for r in t]`` of a tensor
        ``t`` (one ``for``, no filter, ``E`` a tensor), and read elsewhere only as a whole."""
        function = self.enclosing_function(name)
        bound = assignments(function, name.value) if function is not None else []
        if len(bound) != 1 or bound[0][1:] != (0, 1) or not isinstance(bound[0][0], cst.ListComp):
            return False
        comprehension = bound[0][0]
        loop = comprehension.for_in
        if loop.ifs or loop.inner_for_in is not None or loop.asynchronous:
            return False
        rows = loop.iter
        if (
            isinstance(rows, cst.Call)
            and isinstance(rows.func, cst.Attribute)
            and rows.func.attr.value == "unbind"
            and (
                not rows.args
                or (
                    len(rows.args) == 1
                    and isinstance(rows.args[0].value, cst.Integer)
                    and rows.args[0].value.value == "0"
                )
            )
        ):
            rows = rows.func.value
        if self.kind(rows) != Kind.TENSOR or self.kind(comprehension.elt) != Kind.TENSOR:
            return False
        return self._list_left_as_built(function, name)

    def _list_left_as_built(self, function: cst.CSTNode, name: cst.Name) -> bool:
        """No use of the list ``name`` changes it after it is built."""
        for use in variable_uses(self, function, name.value):  # type: ignore[arg-type]
            parent = self.parent(use)
            if isinstance(parent, cst.Attribute) and parent.value is use:
                return False  # `negs.append(...)`: the list may grow with other tensors
            if isinstance(parent, (cst.Subscript, cst.AugAssign, cst.Del)):
                return False
        return True


def _bare_text(fixer: Fixer, node: cst.BaseExpression) -> str:
    """``node``'s code as a method's receiver: parenthesised unless it is atomic."""
    text = fixer.code(node.with_changes(lpar=(), rpar=())).strip()
    if isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
        return text
    return f"({text})"


# -- TL102 / TL103: a number bounding a one-wide slice -------------------------------------------
class OneWideSliceToIndexSelect(NumberToTensor):
    """``keep = int((mass < top_p).sum(dim=-1).max()) + 1`` read as the bounds of a one-wide
    slice, ``probs[..., keep - 1 : keep]`` (or ``x[:, k : k + 1]``) -> ``keep`` kept a 0-d tensor
    (``fixers/scalar_to_tensor.py``'s fix) and the slice ``probs.index_select(-1, (keep -
    1).reshape(1))``: the same one-wide dimension, taken by a tensor index. ``scalar_to_tensor``
    keeps the tensor as the slice bound, which ``torch.export`` takes as a size read from data
    and checks at run time (torch 2.13: "Runtime assertion failed for expression u2 >= 50" on a
    nucleus filter's cut-off), where ``index_select`` has no size to check. Only for a subscript
    of a tensor whose other elements are full slices (``:``) before it, or one ``...`` before
    it as the last element. Unsafe as that fix; also a start below zero took an empty slice
    (``-1:0``) or counted from the end, and one past the size an empty slice, where
    ``index_select`` counts no position from the end and raises."""

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        self._narrowed = False
        call = diagnostic.node
        conversion = self._conversion(call) if isinstance(call, cst.Call) else None
        if conversion is None or not (conversion[1] == "int" or self._integer(conversion[0])):
            return None  # index_select takes an integer index: `int()` or an integer tensor
        fixes = super().fix(diagnostic)
        return fixes if self._narrowed else None

    def _value_flows(self, node: cst.BaseExpression, flow: _Flow, depth: int = 0) -> bool:
        current: cst.CSTNode = node
        parent = self.parent(current)
        while isinstance(parent, cst.BinaryOperation) and isinstance(
            parent.operator, (cst.Add, cst.Subtract)
        ):
            current, parent = parent, self.parent(parent)
        if isinstance(parent, cst.Slice):
            rewrite = self._one_wide(parent)
            if rewrite is None:
                return False
            if not any(old is rewrite[0] for old, _ in flow.rewrites):
                flow.rewrites.append(rewrite)
            self._narrowed = True
            return True
        return super()._value_flows(node, flow, depth)

    def _one_wide(self, part: cst.Slice) -> Optional[Replacement]:
        """``x.index_select(dim, lower.reshape(1))`` for ``x[..., lower : lower + 1]``."""
        if part.step is not None or part.lower is None or part.upper is None:
            return None
        if not self._plus_one(part.lower, part.upper):
            return None
        element = self.parent(part)
        subscript = self.parent(element)
        if not (
            isinstance(subscript, cst.Subscript)
            and isinstance(element, cst.SubscriptElement)
            and self.kind(subscript.value) == Kind.TENSOR
            and not stored_subscript(self, subscript)  # a call cannot be assigned to
        ):
            return None
        elements = list(subscript.slice)
        position = elements.index(element)
        before = elements[:position]
        if position == len(elements) - 1 and len(before) == 1 and _ellipsis(before[0]):
            dim = "-1"
        elif all(_full_slice(e) for e in before):
            dim = str(position)
        else:
            return None
        if position != len(elements) - 1 and not all(
            _full_slice(e) for e in elements[position + 1 :]
        ):
            return None
        index = _method(
            _operand(part.lower.with_changes(lpar=(), rpar=())), "reshape", cst.Integer("1")
        )
        new = cst.Call(
            func=cst.Attribute(value=_operand(subscript.value), attr=cst.Name("index_select")),
            args=[cst.Arg(cst.parse_expression(dim)), cst.Arg(index)],
            lpar=subscript.lpar,
            rpar=subscript.rpar,
        )
        return (subscript, new)

    def _plus_one(self, lower: cst.BaseExpression, upper: cst.BaseExpression) -> bool:
        """``upper`` is ``lower + 1``, or ``lower`` is ``upper - 1`` (spelled so)."""

        def spelled(node: cst.BaseExpression) -> str:
            return self.code(node.with_changes(lpar=(), rpar=())).replace(" ", "")

        for bound, other, operator in ((upper, lower, cst.Add), (lower, upper, cst.Subtract)):
            if (
                isinstance(bound, cst.BinaryOperation)
                and isinstance(bound.operator, operator)
                and isinstance(bound.right, cst.Integer)
                and bound.right.value == "1"
                and spelled(bound.left) == spelled(other)
            ):
                return True
        return False


def _ellipsis(element: cst.SubscriptElement) -> bool:
    index = element.slice
    return isinstance(index, cst.Index) and isinstance(index.value, cst.Ellipsis)


def _full_slice(element: cst.SubscriptElement) -> bool:
    part = element.slice
    return (
        isinstance(part, cst.Slice)
        and part.lower is None
        and part.upper is None
        and part.step is None
    )


# -- TL102 / TL103: a number carried through a loop, started at an int literal ------------------
class CarriedIndexToTensor(_ValuesOnly, NumberToTensor):
    """``farthest = 0`` then, in a loop, ``farthest = int(dist.argmax())``, every read of
    ``farthest`` an index of a tensor or arithmetic with one -> ``farthest = torch.full((), 0,
    dtype=torch.long)`` and ``farthest = dist.argmax()``, the reads ``xyz[farthest.reshape(1)]
    .squeeze(0)`` (the flow of ``fixers/scalar_to_tensor.py``, which takes a name bound once:
    here the start value is the second binding). Farthest-point sampling and greedy walks keep
    the index of the last pick this way. Checked on torch 2.13: the sampler traces and exports
    with eager's picks on other clouds, and still compiles (fullgraph, no break). Unsafe as that
    fix; the start value is an int64 0-d tensor, which meets an integer tensor in its dtype as
    the int did."""

    codes = ("TL102", "TL103")
    message = (
        "keep the index a 0-d tensor, its start value too (`torch.full((), 0, "
        "dtype=torch.long)`), instead of a Python int read from the data"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        self._carried: Optional[cst.Integer] = None
        fixes = super().fix(diagnostic)
        if fixes is None or self._carried is None:
            return None  # NumberToTensor's own case (one binding) is its fix
        torch = self.import_module("torch")
        start = cst.parse_expression(f"{torch}.full((), {self._carried.value}, dtype={torch}.long)")
        return fixes + [(self._carried, start)]

    def _uses_flow(
        self, target: cst.Name, function: cst.FunctionDef, flow: _Flow, depth: int
    ) -> bool:
        bound = assignments(function, target.value)
        literals = [v for v, _, size in bound if size == 1 and isinstance(v, cst.Integer)]
        if self._carried is not None or len(bound) != 2 or len(literals) != 1:
            return super()._uses_flow(target, function, flow, depth)
        if any(size != 1 for _, _, size in bound) or target.value in flow.names:
            return False
        self._carried = literals[0]
        flow.names.add(target.value)
        uses = [
            u
            for u in variable_uses(self, function, target.value)
            if not isinstance(self.parent(u), cst.AssignTarget)
        ]
        return bool(uses) and all(self._value_flows(use, flow, depth + 1) for use in uses)


# -- TL101: a branch on a method that returns a comparison of an item --------------------------
class MethodItemTestToWhere(TensorConditionToWhere):
    """``if self.gate.is_silent(wav): return <a>`` / ``return <b>`` where the method (of this
    file's class, or of the class ``self.gate`` is built from in ``__init__``) has one
    ``return``, ``energy_db.item() < self.floor_db`` -> the method returns
    ``energy_db.reshape(()) < self.floor_db`` (a 0-d bool tensor) and the branch is
    ``fixers/tensor_condition.py``'s selection (``return torch.where(self.gate.is_silent(wav),
    <a>, <b>)``). Every call of a method of that name in the file must be tested as it is
    (``if`` / ``elif`` / ``while`` / a ternary's test, ``not``, ``bool()``), where a 0-d bool
    tensor has the truth of the Python bool; a ``-> bool`` annotation becomes ``-> torch.Tensor``
    (TorchScript checks it; other annotations keep the finding without this fix). Checked on
    torch 2.13: a voice-activity gate
    compiles (fullgraph, no break), exports and traces with eager's outputs on silent and loud
    clips. Unsafe as that fix (both branches run; the comparison is done in the tensor's dtype,
    where ``.item()`` compared a double)."""

    codes = ("TL101", "TL103")
    message = (
        "have the method return the 0-d bool tensor (no `.item()`) and select with "
        "`torch.where` instead of a Python branch"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if diagnostic.code == "TL101":
            return super().fix(diagnostic)
        # TL103 at the method's `.item()` (a trace run reports no TL101 at the branch): the
        # one branch testing the method, rewritten as for TL101
        item = diagnostic.node
        method = self.enclosing_function(item) if item is not None else None
        if method is None:
            return None
        tests = []

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, (cst.If, cst.IfExp, cst.While)):
                test = node.test
                if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
                    test = test.expression
                if isinstance(test, cst.Call) and self._method(test) is method:
                    tests.append(node)

        walk(self.ctx.module, enter, lambda node: None)
        if len(tests) != 1 or not isinstance(tests[0], cst.If):
            return None
        self._bindings = {}
        self._taken = set()
        found = self._if(tests[0], allow_cond="trace" not in diagnostic.targets)
        if not found or id(item) not in self._bindings:
            return None
        return found + list(self._bindings.values())

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        found = super()._condition(test)
        if found is not None:
            return found
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self._condition(test.expression)
            torch = self.import_module("torch")
            return None if inner is None else f"{torch}.logical_not({inner})"
        if not isinstance(test, cst.Call):
            return None
        method = self._method(test)
        if method is None:
            return None
        returns = _returns(method)
        if len(returns) != 1 or method.decorators or method.asynchronous:
            return None
        compared = returns[0].value
        if not (
            isinstance(compared, cst.Comparison)
            and len(compared.comparisons) == 1
            and isinstance(compared.comparisons[0].operator, COMPARISON_OPERATORS)
        ):
            return None
        sides = (compared.left, compared.comparisons[0].comparator)
        items = [side for side in sides if self._item_of_tensor(side)]
        others = [side for side in sides if side not in items]
        if len(items) != 1 or not all(is_number(o) or self.kind(o) == Kind.CONST for o in others):
            return None
        if not self._tested_everywhere(method.name.value):
            return None
        returned = method.returns.annotation if method.returns is not None else None
        if returned is not None:
            # `-> bool`: TorchScript checks it, so it becomes `-> torch.Tensor`
            if not (isinstance(returned, cst.Name) and returned.value == "bool"):
                return None
            torch = self.import_module("torch")
            annotation = cst.parse_expression(f"{torch}.Tensor")
            self._bindings[id(returned)] = (returned, annotation)
        item = items[0]
        tensor = item.func.value  # type: ignore[attr-defined]
        new = _method(_operand(tensor), "reshape", cst.Tuple([]))
        self._bindings[id(item)] = (item, new.with_changes(lpar=item.lpar, rpar=item.rpar))
        return self.code(test.with_changes(lpar=(), rpar=())).strip()

    def _item_of_tensor(self, node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "item"
            and not node.args
            and self.kind(node.func.value) == Kind.TENSOR
        )

    def _method(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The method ``self.m(...)`` or ``self.sub.m(...)`` calls, defined in this file."""
        func = call.func
        if not isinstance(func, cst.Attribute):
            return None
        owner = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if owner is None:
            return None
        receiver = func.value
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            cls: Optional[cst.ClassDef] = owner
        elif self_attribute_of_class(self, receiver) is not None:
            values = assigned_values(self, owner, self.code(receiver).strip())
            built = values[0] if len(values) == 1 else None
            if not (isinstance(built, cst.Call) and isinstance(built.func, cst.Name)):
                return None
            cls = next(
                (
                    s
                    for s in self.ctx.module.body
                    if isinstance(s, cst.ClassDef) and s.name.value == built.func.value
                ),
                None,
            )
        else:
            return None
        if cls is None:
            return None
        methods = [m for m in class_methods(cls) if m.name.value == func.attr.value]
        return methods[0] if len(methods) == 1 else None

    def _tested_everywhere(self, name: str) -> bool:
        """Every ``.name`` of the file is called as a whole test (``if``, ``while``, a ternary's
        test, ``not``, ``bool()``) or is the method's own ``def``."""
        ok = True

        def enter(node: cst.CSTNode) -> None:
            nonlocal ok
            if isinstance(node, cst.Attribute) and node.attr.value == name:
                call = self.parent(node)
                if not isinstance(call, cst.Call) or call.func is not node:
                    ok = False
                    return
                holder = self.parent(call)
                if isinstance(holder, cst.UnaryOperation) and isinstance(holder.operator, cst.Not):
                    call, holder = holder, self.parent(holder)
                elif isinstance(holder, cst.Arg):
                    wrapper = self.parent(holder)
                    if (
                        isinstance(wrapper, cst.Call)
                        and self.ctx.qualified_name(wrapper.func) == "builtins.bool"
                    ):
                        return
                if not (isinstance(holder, (cst.If, cst.While, cst.IfExp)) and holder.test is call):
                    ok = False
            elif isinstance(node, cst.Name) and node.value == name:
                parent = self.parent(node)
                if not (isinstance(parent, cst.FunctionDef) and parent.name is node) and not (
                    isinstance(parent, cst.Attribute) and parent.attr is node
                ):
                    ok = False  # read bare (passed, stored, called as a function)

        walk(self.ctx.module, enter, lambda node: None)
        return ok


def _returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``function`` itself (not of nested functions)."""
    found: list[cst.Return] = []

    class _Returns(cst.CSTVisitor):
        def visit_Return(self, node: cst.Return) -> None:
            found.append(node)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

    function.visit(_Returns())
    return found


# -- TL103: a list of .item() numbers that becomes a tensor ------------------------------------
TENSOR_FROM_LIST = ("torch.tensor", "torch.as_tensor")
LIST_READS = ("reverse", "copy", "index", "count")


class ItemListToStack(_ValuesOnly, NumberToTensor):
    codes = ("TL103",)
    message = (
        "keep the items 0-d tensors and stack them (`torch.stack(tags)`) instead of a list of "
        "Python numbers (the items' dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "item"
            and not call.args
        ):
            return None
        function = self.enclosing_function(call)
        name = self._list_name(call)
        if function is None or name is None:
            return None
        bound = assignments(function, name)
        if len(bound) != 1 or bound[0][1:] != (0, 1) or not isinstance(bound[0][0], cst.List):
            return None
        display = bound[0][0]
        items: list[cst.Call] = []
        for element in display.elements:
            if isinstance(element, cst.StarredElement) or not self._item(element.value):
                return None
            items.append(element.value)  # type: ignore[arg-type]
        flow = _Flow()
        stacks: list[Replacement] = []
        torch = None
        for use in variable_uses(self, function, name):
            parent = self.parent(use)
            if isinstance(parent, cst.AssignTarget) and self.parent(parent) is self.parent(display):
                continue
            if isinstance(parent, cst.Attribute) and parent.value is use:
                method = self.parent(parent)
                if not isinstance(method, cst.Call) or method.func is not parent:
                    return None
                if parent.attr.value in LIST_READS:
                    continue
                if (
                    parent.attr.value == "append"
                    and len(method.args) == 1
                    and method.args[0].keyword is None
                    and self._item(method.args[0].value)
                ):
                    items.append(method.args[0].value)  # type: ignore[arg-type]
                    continue
                return None
            if isinstance(parent, cst.Subscript) and parent.value is use:
                if not (
                    len(parent.slice) == 1
                    and isinstance(parent.slice[0].slice, cst.Index)
                    and self._value_flows(parent, flow)
                ):
                    return None
                continue
            if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
                outer = self.parent(parent)
                if not isinstance(outer, cst.Call):
                    return None
                qualified = self.ctx.qualified_name(outer.func)
                if qualified == "builtins.len":
                    continue
                if qualified in TENSOR_FROM_LIST and list(outer.args) == [parent]:
                    torch = torch or self.import_module("torch")
                    stacks.append(
                        (outer, outer.with_changes(func=cst.parse_expression(f"{torch}.stack")))
                    )
                    continue
            return None
        if not stacks or not any(item is call for item in items):
            return None
        kept: list[Replacement] = []
        for item in items:
            tensor = item.func.value  # type: ignore[attr-defined]
            value: cst.BaseExpression = _method(_operand(tensor), "detach")
            if not self._zero_dim(tensor):
                value = _method(value, "reshape", cst.Tuple([]))
            kept.append((item, value.with_changes(lpar=item.lpar, rpar=item.rpar)))
        return self._with_rewrites(kept + stacks, flow)

    def _item(self, node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "item"
            and not node.args
            and self.kind(node.func.value) == Kind.TENSOR
        )

    def _list_name(self, call: cst.Call) -> Optional[str]:
        """The list the item goes into: an element of the display bound to it, or the
        argument of its ``append``."""
        parent = self.parent(call)
        if isinstance(parent, cst.Element):
            display = self.parent(parent)
            assign = self.parent(display)
            if (
                isinstance(display, cst.List)
                and isinstance(assign, cst.Assign)
                and assign.value is display
                and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name)
            ):
                return assign.targets[0].target.value
            return None
        if isinstance(parent, cst.Arg):
            append = self.parent(parent)
            if (
                isinstance(append, cst.Call)
                and isinstance(append.func, cst.Attribute)
                and append.func.attr.value == "append"
                and isinstance(append.func.value, cst.Name)
            ):
                return append.func.value.value
        return None
