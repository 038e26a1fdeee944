"""Repairs for compile / export / trace findings torchlint reported without a fix (issue #23,
session 27, b63 to b68 and b70). Unsafe; each class says what it takes.

``DistinctValueLoopToRange`` (TL104 / TL105 / TL107 / TL112): a loop over the distinct values
of a tensor (``for c in torch.unique(labels):``, ``for d in sorted(set(deg.tolist())):``)
whose body only selects by ``labels == c`` into ``torch.where`` accumulators and reads ``c`` as
the index of one container of fixed length (``self.lins[d]``, ``self.temp[c]``) -> a loop over
every index of that container (``for c in range(self.temp.shape[0]):``; from ``-len`` when
the values may be negative): a value absent from the tensor selects nothing, and a value
present gets the update it got before.

``SortedModuleOutputsToArgsort`` (TL101 / TL102 / TL103): ``sorted(outs, key=lambda t:
t.mean().item())`` of ``outs = [head(h) for head in self.heads]``, layers built alike ->
fixers/repair_session24.py's stable ``argsort`` of the stacked keys, which that fixer makes
for the rows of one tensor only.

Left without a rewrite (the findings' messages say what to do by hand): a seeded
``torch.Generator`` or ``torch.manual_seed`` in forward, a hook registered in forward, GRU
packing, outputs sized by the data (``nonzero`` rows, one prototype per class present, the
node count of an edge list), loops whose number of steps is a tensor's value, padding trimmed
to the longest sequence, and a ``nonzero`` dispatch to experts that need not act row by row.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import assigned_values, names_in, self_attribute_of_class, variable_uses
from .repair_session24 import SortedByKeyToArgsort

# Containers of modules indexed by position (not ModuleDict: keyed by text).
_SEQUENCES = frozenset(
    {
        "torch.nn.ModuleList",
        "torch.nn.modules.container.ModuleList",
        "torch.nn.Sequential",
        "torch.nn.modules.container.Sequential",
    }
)
# torch.nn layers whose call returns a tuple (no tensor to stack or to select).
_TUPLE_LAYERS = frozenset(
    {"RNN", "LSTM", "GRU", "RNNBase", "MultiheadAttention", "AdaptiveLogSoftmaxWithLoss"}
)
# ``values, indices = t.max(dim)``: the second of the pair is an int64 tensor.
_INDEX_PAIRS = frozenset({"max", "min", "topk", "sort", "kthvalue", "mode", "median", "cummax"})
# Calls whose result is a tensor of indices (int64, >= 0).
_INDEX_METHODS = frozenset({"argmax", "argmin", "argsort"})
_INDEX_FUNCTIONS = frozenset(
    {"torch.argmax", "torch.argmin", "torch.argsort", "torch.bucketize", "torch.searchsorted"}
)
# Calls whose result is an integer tensor.
_INTEGER_METHODS = _INDEX_METHODS | {"long", "int"}
_INTEGER_FUNCTIONS = _INDEX_FUNCTIONS | {"torch.randint", "torch.randint_like"}
_INTEGER_DTYPES = frozenset(
    {"torch.long", "torch.int64", "torch.int", "torch.int32", "torch.int16", "torch.int8"}
)
# Methods that reshape a mask without changing which of its elements are true.
_MASK_SHAPES = frozenset({"unsqueeze", "expand", "expand_as", "view", "reshape"})


class DistinctValueLoopToRange(Fixer):
    """A loop over the distinct values of a tensor ``t`` (``torch.unique(t)``,
    ``t.unique()``, ``set(t.tolist())``, ``sorted(set(t.tolist()))``,
    ``t.unique().tolist()``), reported where the iteration reads tensor data (TL104, TL107,
    TL112) or unrolls for the example (TL105), whose body is only

    - ``m = t == v`` (a mask of the loop value ``v``; ``t.eq(v)``, ``torch.eq(t, v)``), and
    - ``acc = torch.where(M, X, acc)`` with ``M`` such a mask (a name bound to one, or the
      comparison itself; reshaped by ``[:, None]``, ``.unsqueeze(k)``, ``.expand...``),

    where ``X`` reads no accumulator and reads ``v`` only as the index of one container ``C``
    of fixed length: a ``ModuleList`` / ``Sequential`` of the module whose items one
    constructor call of a torch layer makes alike (``nn.ModuleList(nn.Linear(d, d) for _ in
    range(n))``: ``self.lins[v]``), or a tensor it holds (``self.temp[v]``; from
    ``torch.unique`` only for an integer ``t``: a bool or uint8 0-d tensor indexes as a mask)
    -> ``for v in range(-len(C), len(C)):`` (``C.shape[0]`` for a tensor), or ``range(len(C))``
    where ``t`` is surely never negative (indices: ``argmax``, the indices of ``t.max(dim)``;
    ``abs``; a clamp from below at 0 or more). The masks of distinct values are disjoint, so
    each element of ``acc`` is written by the step of its own value only, and no step reads
    what another wrote, so the order does not matter; a value absent from ``t`` selects
    nothing and ``acc`` keeps its elements. Every value the original ran was a valid index of
    ``C``, so each is one of the new steps and selects what it selected. Nothing reads tensor
    data into Python: torch.compile keeps one graph, torch.export exports it, and
    torch.jit.trace records the steps, right for every input. Not for 0-d tensors from
    ``torch.unique`` indexing a ModuleList: TL102's fix of that index (every submodule run,
    the stacked outputs indexed by the tensor) applies in the same round and needs the value
    to stay a tensor. Checked on torch 2.13: degree buckets over a ModuleList (negative values
    included) and per-class offsets from a buffer compile with fullgraph, export and trace,
    eager unchanged. Unsafe: every index's step runs (its cost, and the state a layer keeps,
    a batch norm's running statistics, moves for values absent from the data); a value that
    was no valid index, or ``set()`` of a 2-D tensor's ``tolist()``, which raised, now runs;
    for an empty tensor, whose loop ran no step, the accumulators now take the shape and
    dtype ``torch.where`` gives them with the updates (the values they held)."""

    codes = ("TL104", "TL105", "TL107", "TL112")
    applicability = "unsafe"
    message = (
        "loop over every index of the container the value indexes, each step selecting with "
        "its mask (unsafe: the steps of values absent from the data run too)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if node is None:
            return None
        loop = self._loop_of(node)
        if loop is None or loop.orelse is not None or not isinstance(loop.target, cst.Name):
            return None
        found = self._distinct_values(loop.iter)
        if found is None:
            return None
        source, tensor_values = found
        if self.kind(source) != Kind.TENSOR or self._assigned_in(loop.body, source):
            return None
        length = self._body(loop, source)
        if length is None:
            return None
        container, is_tensor = length
        if is_tensor and tensor_values and not self._integer_tensor(source):
            return None  # a bool / uint8 value indexes a tensor as a mask
        if tensor_values and not is_tensor:
            # a 0-d tensor indexing a ModuleList is TL102's, whose fix (every submodule run,
            # the stacked outputs indexed by the tensor) applies in the same round and needs
            # the value to stay a tensor
            return None
        text = self.code(container)
        bound = f"{text}.shape[0]" if is_tensor else f"len({text})"
        if self._non_negative(source):
            steps = f"range({bound})"
        else:
            steps = f"range(-{bound}, {bound})"  # a negative value indexes from the end
        return [(loop.iter, cst.parse_expression(steps))]

    # -- the loop and its iterable -------------------------------------------------------------
    def _loop_of(self, node: cst.CSTNode) -> Optional[cst.For]:
        child: cst.CSTNode = node
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, cst.For):
                return ancestor if ancestor.iter is child else None
            if isinstance(ancestor, (cst.BaseStatement, cst.BaseSmallStatement)):
                return None
            child = ancestor
        return None

    def _distinct_values(
        self, iterable: cst.BaseExpression
    ) -> Optional[tuple[cst.BaseExpression, bool]]:
        """The tensor whose distinct values ``iterable`` gives, and whether they come as 0-d
        tensors (``torch.unique``) rather than Python numbers (``.tolist()``)."""
        if not isinstance(iterable, cst.Call):
            return None
        name = self.ctx.qualified_name(iterable.func)
        if name == "builtins.sorted":
            if len(iterable.args) != 1 or iterable.args[0].keyword or iterable.args[0].star:
                return None
            return self._distinct_values(iterable.args[0].value)
        if name == "builtins.set":
            if len(iterable.args) != 1 or iterable.args[0].keyword or iterable.args[0].star:
                return None
            inner = iterable.args[0].value
            listed = self._tolist_of(inner)
            if listed is None:
                return None
            unique = self._unique_of(listed)
            return (unique if unique is not None else listed), False
        listed = self._tolist_of(iterable)
        if listed is not None:
            unique = self._unique_of(listed)
            return (unique, False) if unique is not None else None
        unique = self._unique_of(iterable)
        return (unique, True) if unique is not None else None

    def _tolist_of(self, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        if (
            isinstance(expr, cst.Call)
            and not expr.args
            and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "tolist"
        ):
            return expr.func.value
        return None

    def _unique_of(self, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``t`` of ``torch.unique(t)`` / ``t.unique()`` (``sorted=`` allowed: the order of
        the steps does not matter)."""
        if not isinstance(expr, cst.Call):
            return None
        args = list(expr.args)
        if any(a.star or (a.keyword is not None and a.keyword.value != "sorted") for a in args):
            return None
        positional = [a for a in args if a.keyword is None]
        if self.ctx.qualified_name(expr.func) == "torch.unique":
            return positional[0].value if len(positional) == 1 else None
        if (
            isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "unique"
            and not positional
            and self.kind(expr.func.value) == Kind.TENSOR
        ):
            return expr.func.value
        return None

    # -- the body ------------------------------------------------------------------------------
    def _body(
        self, loop: cst.For, source: cst.BaseExpression
    ) -> Optional[tuple[cst.BaseExpression, bool]]:
        """The container the loop value indexes (and whether it is a tensor) when the body is
        masks of the value and ``torch.where`` updates; None otherwise."""
        assert isinstance(loop.target, cst.Name)
        value = loop.target.value
        body = loop.body
        if not isinstance(body, cst.IndentedBlock):
            return None
        masks: set[str] = set()
        containers: list[cst.BaseExpression] = []
        updated: set[str] = set()
        source_text = self.code(source).strip()
        for statement in body.body:
            if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
                return None
            assign = statement.body[0]
            if not (
                isinstance(assign, cst.Assign)
                and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name)
            ):
                return None
            target = assign.targets[0].target.value
            if target == value or target in masks or target in updated:
                return None
            if self._mask(assign.value, value, source_text):
                masks.add(target)
                continue
            where = assign.value
            if not (
                isinstance(where, cst.Call)
                and self.ctx.qualified_name(where.func) == "torch.where"
                and len(where.args) == 3
                and all(a.keyword is None and not a.star for a in where.args)
            ):
                return None
            condition, chosen, kept = (a.value for a in where.args)
            if not (isinstance(kept, cst.Name) and kept.value == target):
                return None
            if not self._mask_condition(condition, masks, value, source_text):
                return None
            names = {n.value for n in names_in(chosen)}
            if names & (masks | updated | {target}):
                return None  # a step reading an accumulator would depend on the order
            for use in variable_uses(self, chosen, value):
                index = self._indexed(use)
                if index is None:
                    return None
                containers.append(index)
            updated.add(target)
        if not updated or not containers:
            return None
        texts = {self.code(c) for c in containers}
        if len(texts) != 1:
            return None
        container = containers[0]
        # the value and the masks are the loop's own: nothing after it reads them
        function = self.enclosing_function(loop)
        if function is None:
            return None
        for name in {value} | masks:
            for use in variable_uses(self, function, name):
                if use is loop.target:
                    continue
                if not any(a is loop.body for a in self.ancestors(use)):
                    return None
        if updated & {n.value for n in names_in(source)}:
            return None
        if _alike_layers(self, container):
            return container, False
        if self._held_tensor(container):
            return container, True
        return None

    def _mask(self, expr: cst.BaseExpression, value: str, source: str) -> bool:
        """``t == v``, ``v == t``, ``t.eq(v)``, ``torch.eq(t, v)``."""
        if isinstance(expr, cst.Comparison):
            if len(expr.comparisons) != 1 or not isinstance(
                expr.comparisons[0].operator, cst.Equal
            ):
                return False
            pair = (expr.left, expr.comparisons[0].comparator)
        elif isinstance(expr, cst.Call) and all(
            a.keyword is None and not a.star for a in expr.args
        ):
            if (
                isinstance(expr.func, cst.Attribute)
                and expr.func.attr.value == "eq"
                and len(expr.args) == 1
                and self.kind(expr.func.value) == Kind.TENSOR
            ):
                pair = (expr.func.value, expr.args[0].value)
            elif self.ctx.qualified_name(expr.func) == "torch.eq" and len(expr.args) == 2:
                pair = (expr.args[0].value, expr.args[1].value)
            else:
                return False
        else:
            return False
        for one, other in (pair, pair[::-1]):
            if _is_name(one, value) and self.code(other).strip() == source:
                return True
        return False

    def _mask_condition(
        self, expr: cst.BaseExpression, masks: set[str], value: str, source: str
    ) -> bool:
        """A mask, or a mask given new dimensions of size one or broadcast."""
        if isinstance(expr, cst.Name):
            return expr.value in masks
        if isinstance(expr, cst.Subscript):
            for element in expr.slice:
                piece = element.slice
                if isinstance(piece, cst.Slice):
                    if piece.lower or piece.upper or piece.step:
                        return False
                elif not (
                    isinstance(piece, cst.Index)
                    and (
                        isinstance(piece.value, cst.Ellipsis)
                        or (isinstance(piece.value, cst.Name) and piece.value.value == "None")
                    )
                ):
                    return False
            return self._mask_condition(expr.value, masks, value, source)
        if (
            isinstance(expr, cst.Call)
            and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value in _MASK_SHAPES
        ):
            if any(value in {n.value for n in names_in(a.value)} for a in expr.args):
                return False
            if any(n.value in masks for a in expr.args for n in names_in(a.value)):
                return False
            return self._mask_condition(expr.func.value, masks, value, source)
        return self._mask(expr, value, source)

    def _indexed(self, use: cst.Name) -> Optional[cst.BaseExpression]:
        """``C`` of ``C[use]`` (a plain, single index), read, not written."""
        index = self.parent(use)
        element = self.parent(index) if isinstance(index, cst.Index) else None
        subscript = self.parent(element) if isinstance(element, cst.SubscriptElement) else None
        if not (
            isinstance(subscript, cst.Subscript)
            and len(subscript.slice) == 1
            and subscript.slice[0] is element
            and not use.lpar
        ):
            return None
        if isinstance(self.parent(subscript), (cst.AssignTarget, cst.AugAssign, cst.Del)):
            return None
        return subscript.value

    def _held_tensor(self, container: cst.BaseExpression) -> bool:
        """``self.<name>`` holding a tensor (a parameter, a buffer): its first size is fixed
        for every input."""
        return _self_attribute(container) and self.kind(container) == Kind.TENSOR

    def _assigned_in(self, body: cst.BaseSuite, source: cst.BaseExpression) -> bool:
        text = self.code(source).strip()
        for statement in getattr(body, "body", ()):
            for small in getattr(statement, "body", ()):
                if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                    targets = (
                        [t.target for t in small.targets]
                        if isinstance(small, cst.Assign)
                        else [small.target]
                    )
                    if any(text in self.code(t) for t in targets):
                        return True
        return False

    def _integer_tensor(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether ``expr`` is surely an integer tensor (not bool, not uint8: those index
        as masks)."""
        if depth > 4:
            return False
        if isinstance(expr, cst.Name):
            function = self.enclosing_function(expr)
            if function is None or _is_parameter(function, expr.value):
                return False  # a parameter's value comes from the caller as well
            values = assignments(function, expr.value)
            return bool(values) and all(
                self._integer_binding(value, position, size, depth)
                for value, position, size in values
            )
        if not isinstance(expr, cst.Call):
            return False
        if self.ctx.qualified_name(expr.func) in _INTEGER_FUNCTIONS:
            return True
        func = expr.func
        if not isinstance(func, cst.Attribute) or self.kind(func.value) != Kind.TENSOR:
            return False
        method = func.attr.value
        if method in _INTEGER_METHODS:
            return True
        if method in (
            "clamp",
            "clamp_min",
            "clamp_max",
            "abs",
            "neg",
            "flatten",
            "view",
            "reshape",
        ):
            return self._integer_tensor(func.value, depth + 1)
        if method == "to" and len(expr.args) == 1 and expr.args[0].keyword is None:
            return self.ctx.qualified_name(expr.args[0].value) in _INTEGER_DTYPES
        return False

    def _non_negative(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether every value of the tensor ``expr`` is surely >= 0: indices (``argmax``,
        the indices of ``t.max(dim)``), ``abs``, a clamp from below at a number >= 0, and
        conversions and clamps from above of those."""
        if depth > 6:
            return False
        if isinstance(expr, cst.Name):
            function = self.enclosing_function(expr)
            if function is None or _is_parameter(function, expr.value):
                return False  # a parameter's value comes from the caller as well
            values = assignments(function, expr.value)
            return bool(values) and all(
                self._index_pair(value, position, size)
                or (size == 1 and self._non_negative(value, depth + 1))
                for value, position, size in values
            )
        if not isinstance(expr, cst.Call):
            return False
        name = self.ctx.qualified_name(expr.func)
        if name in _INDEX_FUNCTIONS or name == "torch.abs":
            return True
        func = expr.func
        if not isinstance(func, cst.Attribute) or self.kind(func.value) != Kind.TENSOR:
            return False
        method = func.attr.value
        if method in _INDEX_METHODS or method == "abs":
            return True
        lower = None
        if method == "clamp_min" and len(expr.args) == 1:
            lower = expr.args[0]
        elif method in ("clamp", "clip"):
            lower = next(
                (
                    a
                    for i, a in enumerate(expr.args)
                    if (a.keyword is None and i == 0) or (a.keyword and a.keyword.value == "min")
                ),
                None,
            )
        if lower is not None and not lower.star:
            value = lower.value
            return isinstance(value, (cst.Integer, cst.Float)) and float(value.evaluated_value) >= 0
        if method in (
            "clamp",
            "clip",
            "clamp_max",
            "long",
            "int",
            "to",
            "flatten",
            "view",
            "reshape",
        ):
            return self._non_negative(func.value, depth + 1)
        return False

    def _index_pair(self, value: cst.BaseExpression, position: int, size: int) -> bool:
        """The indices of ``values, indices = t.max(dim)`` (``topk``, ``sort``, ...)."""
        if not (size == 2 and position == 1 and isinstance(value, cst.Call)):
            return False
        func = value.func
        if isinstance(func, cst.Attribute) and func.attr.value in _INDEX_PAIRS:
            return bool(value.args) and self.kind(func.value) == Kind.TENSOR
        name = self.ctx.qualified_name(func)
        return name in {f"torch.{m}" for m in _INDEX_PAIRS} and len(value.args) >= 2

    def _integer_binding(
        self, value: cst.BaseExpression, position: int, size: int, depth: int
    ) -> bool:
        if size == 1:
            return self._integer_tensor(value, depth + 1)
        return self._index_pair(value, position, size)


def _alike_layers(fixer: Fixer, container: cst.BaseExpression) -> bool:
    """``self.<name>`` that the class sets only to a ModuleList / Sequential of torch layers
    made by one constructor call whose arguments do not depend on the item
    (``nn.ModuleList([nn.Linear(d, 1) for _ in range(n)])``): layers whose outputs have one
    shape for one input."""
    found = self_attribute_of_class(fixer, container)
    if found is None:
        return False
    attr, cls = found
    values = assigned_values(fixer, cls, f"self.{attr}")
    if not values:
        return False
    for value in values:
        if not (
            isinstance(value, cst.Call)
            and fixer.ctx.qualified_name(value.func) in _SEQUENCES
            and len(value.args) == 1
            and value.args[0].keyword is None
            and not value.args[0].star
        ):
            return False
        items = value.args[0].value
        if not isinstance(items, (cst.ListComp, cst.GeneratorExp)):
            return False
        loop = items.for_in
        if loop.ifs or loop.inner_for_in is not None:
            return False
        bound = {n.value for n in names_in(loop.target)}
        made = items.elt
        if not isinstance(made, cst.Call):
            return False
        layer = fixer.ctx.qualified_name(made.func) or ""
        if (
            not layer.startswith("torch.nn.")
            or layer.rpartition(".")[2] in _TUPLE_LAYERS
            or any(a.keyword is not None and a.keyword.value == "return_indices" for a in made.args)
            or any(n.value in bound for n in names_in(made))
        ):
            return False
    return True


def _is_parameter(function: cst.FunctionDef, name: str) -> bool:
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            every.append(star)
    return any(p.name.value == name for p in every)


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _self_attribute(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    )


class SortedModuleOutputsToArgsort(SortedByKeyToArgsort):
    """``outs = sorted(outs, key=lambda t: t.mean().item())`` where ``outs`` is bound once, to
    ``[head(h) for head in self.heads]``: a ``ModuleList`` / ``Sequential`` of the module
    whose items the class makes by one constructor call of a ``torch.nn`` layer, with
    arguments that do not depend on the item (``nn.ModuleList([nn.Linear(8, 1) for _ in
    range(n)])``, ``nn.ModuleList(nn.Linear(d, d) for _ in range(n))``), each applied to the
    same arguments -> fixers/repair_session24.py's rewrite (``list(torch.stack(outs)[
    torch.stack([t.mean().reshape(()) for t in outs]).argsort(stable=True)].unbind(0))``),
    which that fixer makes for the rows of one tensor only. A torch layer's output shape
    follows from its constructor's arguments and its input's shape, so layers built alike
    and called alike give tensors of one shape, which ``torch.stack`` needs. Checked on torch
    2.13: quantile heads ranked by their batch mean compile with fullgraph, export and trace,
    eager unchanged. Unsafe as that fix: the ranked tensors are new tensors (an in-place
    change of one no longer reaches the list), and NaN keys order otherwise."""

    message = (
        "rank the stacked outputs of the alike layers with a stable `argsort` of the stacked "
        "keys instead of `sorted` comparing Python numbers"
    )

    def _rows_of_one_tensor(self, name: cst.Name) -> bool:
        """``name`` bound once, to ``[m(args) for m in self.<layers>]`` of layers built
        alike, read elsewhere only as a whole."""
        function = self.enclosing_function(name)
        bound = assignments(function, name.value) if function is not None else []
        if not bound or not all(position == 0 and size == 1 for _, position, size in bound):
            return False
        # `outs = sorted(outs, ...)` rebinds the name to the ranked list: that binding is the
        # call being fixed, the other one the comprehension
        lists = [value for value, _, _ in bound if isinstance(value, cst.ListComp)]
        others = [value for value, _, _ in bound if not isinstance(value, cst.ListComp)]
        if len(lists) != 1 or any(not self._ranking_of(value, name.value) for value in others):
            return False
        comprehension = lists[0]
        loop = comprehension.for_in
        if (
            loop.ifs
            or loop.inner_for_in is not None
            or loop.asynchronous
            or not isinstance(loop.target, cst.Name)
        ):
            return False
        layer = loop.target.value
        call = comprehension.elt
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Name)
            and call.func.value == layer
            and not any(n.value == layer for a in call.args for n in names_in(a.value))
        ):
            return False
        if not _alike_layers(self, loop.iter):
            return False
        return self._list_left_as_built(function, name)

    def _ranking_of(self, value: cst.BaseExpression, name: str) -> bool:
        """``sorted(name, ...)``: the ranking this fixer rewrites."""
        return (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) == "builtins.sorted"
            and bool(value.args)
            and isinstance(value.args[0].value, cst.Name)
            and value.args[0].value.value == name
        )
