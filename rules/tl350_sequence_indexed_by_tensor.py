"""TL350: a Python list, tuple or ModuleList indexed by a tensor in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.dynamo_tables import (
    torch_container_returns,
    torch_non_tensor_ops,
    torch_state_queries,
    torch_tuple_returns,
)
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, parameter
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import top_level_definition

from ._graph import annotated_tensor, contains, init_values

# Lists / tuples of tensors and module containers: their `__getitem__` turns a tensor index
# into an int (`__index__`). Other Python values (a dict, a string) only where a list or tuple
# display built them.
CONTAINER_KINDS = (Kind.TENSORS, Kind.MODULES)
# Return annotations of a helper that builds a tensor / a Python sequence.
TENSOR_ANNOTATIONS = frozenset(
    {"Tensor", "LongTensor", "IntTensor", "torch.Tensor", "torch.LongTensor", "torch.IntTensor"}
)
SEQUENCE_ANNOTATIONS = frozenset({"List", "Tuple", "list", "tuple", "typing.List", "typing.Tuple"})
SEQUENCE_BUILDERS = frozenset({"torch.nn.ModuleList", "torch.nn.ParameterList"})


class SequenceIndexedByTensor(Rule):
    """Flags a Python list, tuple or `ModuleList` indexed by a tensor in graph code.

    ## What it does
    Finds `items[j]` in graph code where `items` is a Python sequence (a list or tuple of
    tensors or numbers, a `ModuleList`) and `j` is surely a tensor: the target of a loop over a
    tensor (`for j in self.order:` with `self.order` a tensor attribute or buffer, `for j in
    torch.argsort(x)`), or an element read from such a tensor (`items[order[i]]`). A
    parameter without an annotation is not taken for a tensor (a caller may pass an int), and
    indexing a tensor with a tensor (`x[j]`) is not flagged.

    ## Why is this bad?
    Eager turns the 0-d tensor into an int (`Tensor.__index__`, reading its value). Under
    `torch.compile` and `torch.export` the tensor is fake: its value is an unbacked symbol, and
    the list needs a concrete position. Checked with torch 2.13: `torch.compile(fullgraph=True)`
    and `torch.export` both raise (GuardOnDataDependentSymNode: Could not extract specialized
    integer from data-dependent expression u0), for a loop over a tensor attribute as for an
    element of an input. `torch.jit.trace` reads the value and bakes the position in.

    ## Example
    ```python
    class TreeLayer(nn.Module):
        def __init__(self, parents, order):
            super().__init__()
            self.parents = parents               # list of index tensors
            self.order = order                   # LongTensor: the walk order

        def forward(self, x):
            for j in self.order:
                x[:, j] += x[:, self.parents[j]].sum(-1)
            return x
    ```
    Use instead: a Python list of ints for the order (`self.order = order.tolist()`, read in
    `__init__`), so the loop runs over constants.

    ## Fix safety
    No automatic fix.
    """

    code = "TL350"
    name = "sequence-indexed-by-tensor"
    subject = "a Python list, tuple or ModuleList indexed by a tensor"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (GuardOnDataDependentSymNode: Could not "
            "extract specialized integer from data-dependent expression): the index is a fake "
            "tensor whose value is unknown"
        ),
        "export": (
            "torch.export fails (GuardOnDataDependentSymNode: Could not extract specialized "
            "integer from data-dependent expression): the index is a fake tensor whose value "
            "is unknown"
        ),
    }
    advice = (
        "index with Python ints: keep the order as a list of ints read once in `__init__` "
        "(`order.tolist()`)"
    )
    targets = ("compile", "export")

    VALID = [
        # The order read into Python ints in __init__: the loop runs over constants.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = [1.0, 2.0, 3.0]
                    self.order = torch.tensor([2, 0, 1]).tolist()

                def forward(self, x):
                    for j in self.order:
                        x = x * self.scales[j]
                    return x

            def inputs():
                return [(torch.randn(2, 3),)]
            """
        ),
        # The tensor order used by a tensor op; the list indexed by a Python int loop.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = [1.0, 2.0, 3.0]
                    self.register_buffer("order", torch.tensor([2, 0, 1]))

                def forward(self, x):
                    x = x.index_select(1, self.order)
                    for j in range(len(self.scales)):
                        x = x * self.scales[j]
                    return x

            def inputs():
                return [(torch.randn(2, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = [1.0, 2.0, 3.0]
                    self.register_buffer("order", torch.tensor([2, 0, 1]))

                def forward(self, x):
                    for j in self.order:
                        x = x * self.scales[j]
                    return x

            def inputs():
                return [(torch.randn(2, 3),)]
            """,
            line=12,
            backends=("compile", "export"),
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "for " in text or "[" in text

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not self.ctx.in_graph or len(node.slice) != 1:
            return
        element = node.slice[0].slice
        if not isinstance(element, cst.Index) or element.star is not None:
            return
        if not self._sure_sequence(node.value):
            return
        if self._tensor_index(element.value, node):
            self.report(node)

    def _tensor_index(self, index: cst.BaseExpression, where: cst.CSTNode) -> bool:
        """Whether ``index`` is surely a tensor: the target of a loop over a sure tensor that
        holds ``where``, or an element of a sure tensor (``order[i]``)."""
        if isinstance(index, cst.Subscript):
            return self._sure_tensor(index.value) and _one_integer_index(index)
        if not isinstance(index, cst.Name):
            return False
        loop = self._loop_over(index.value, where)
        return loop is not None and self._sure_tensor(loop.iter)

    def _loop_over(self, name: str, where: cst.CSTNode) -> Optional[cst.For]:
        """The one ``for name in ...`` of the function that holds ``where``, where the
        function binds ``name`` nowhere else."""
        func = self.ctx.function
        if func is None:
            return None
        bindings = assignments(func, name)
        if len(bindings) != 1 or bindings[0][0] is not UNKNOWN_VALUE:
            return None
        loops: list[cst.For] = []

        class Loops(cst.CSTVisitor):
            def visit_For(self, loop: cst.For) -> None:
                if isinstance(loop.target, cst.Name) and loop.target.value == name:
                    loops.append(loop)

            def visit_FunctionDef(self, inner: cst.FunctionDef) -> bool:
                return inner is func

            def visit_Lambda(self, inner: cst.Lambda) -> bool:
                return False

        func.visit(Loops())
        if len(loops) != 1 or not contains(loops[0].body, where):
            return None
        return loops[0]

    def _sure_sequence(self, expr: cst.BaseExpression) -> bool:
        """A Python list, tuple or ModuleList for sure: a list or tuple of tensors or a module
        container held by a name or attribute, or a name the function (``self.<attr>``
        that ``__init__``) binds only to list or tuple displays
        and comprehensions, ``nn.ModuleList(...)`` or a call of a helper of this file
        annotated as returning a list or tuple (``-> List[LongTensor]``)."""
        if isinstance(expr, (cst.List, cst.Tuple)):
            return True
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return False
        if self.ctx.kind(expr) in CONTAINER_KINDS:
            return True
        if isinstance(expr, cst.Name):
            values = [v for v, _, size in assignments(self.ctx.function, expr.value) if size == 1]
            if len(values) != len(assignments(self.ctx.function, expr.value)):
                return False
        else:
            values = self._init_values(expr)
        return bool(values) and all(self._builds_sequence(v) for v in values)

    def _builds_sequence(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.List, cst.Tuple, cst.ListComp)):
            return True
        if not isinstance(value, cst.Call):
            return False
        if self.ctx.qualified_name(value.func) in SEQUENCE_BUILDERS:
            return True
        return _annotation_head(self._helper_returns(value)) in SEQUENCE_ANNOTATIONS

    def _sure_tensor(self, expr: cst.BaseExpression) -> bool:
        """A tensor for sure: a tensor kind that is no unannotated parameter (a caller may pass
        a list or an int there), or ``self.<attr>`` that ``__init__`` binds only to a torch
        function's tensor or a call of a helper of this file annotated as returning a tensor
        (``-> LongTensor``)."""
        if self.ctx.kind(expr) == Kind.TENSOR:
            if isinstance(expr, cst.Name) and parameter(self.ctx.function, expr.value) is not None:
                return annotated_tensor(self.ctx, expr.value)
            return isinstance(expr, (cst.Name, cst.Attribute, cst.Call))
        values = self._init_values(expr)
        return bool(values) and all(self._builds_tensor(v) for v in values)

    def _builds_tensor(self, value: cst.BaseExpression) -> bool:
        if not isinstance(value, cst.Call):
            return False
        name = self.ctx.qualified_name(value.func) or ""
        head, _, function = name.rpartition(".")
        if head == "torch":
            return (
                function[:1].islower()
                and name not in torch_tuple_returns()
                and name not in torch_container_returns()
                and name not in torch_non_tensor_ops()
                and name not in torch_state_queries()
            )
        return self._helper_returns(value) in TENSOR_ANNOTATIONS

    def _init_values(self, expr: cst.BaseExpression) -> list[cst.BaseExpression]:
        """What ``__init__`` binds to ``self.<attr>`` (empty where unsure)."""
        values = init_values(self.ctx, expr)
        if not values or any(v is None for v in values):
            return []
        return values  # type: ignore[return-value]

    def _helper_returns(self, call: cst.Call) -> Optional[str]:
        """The return annotation, as written, of the top-level function of this file that
        ``call`` calls by name."""
        if not isinstance(call.func, cst.Name):
            return None
        helper = top_level_definition(self.ctx.module, call.func.value)
        if not isinstance(helper, cst.FunctionDef) or helper.returns is None:
            return None
        return cst.Module([]).code_for_node(helper.returns.annotation)


def _annotation_head(annotation: Optional[str]) -> Optional[str]:
    """``List`` of ``List[LongTensor]``."""
    return annotation.split("[", 1)[0].strip() if annotation else None


def _one_integer_index(node: cst.Subscript) -> bool:
    """``t[i]``: one plain index that is a name or an integer literal (an element of a 1-d
    tensor), no slice."""
    if len(node.slice) != 1:
        return False
    element = node.slice[0].slice
    return isinstance(element, cst.Index) and isinstance(element.value, (cst.Name, cst.Integer))
