"""TL105 / TL106: a Python loop over a tensor's rows -> one batched expression (unsafe).

``torch.jit.trace`` unrolls ``for row in x:`` and ``for i in range(x.size(0)):`` for the
example input's batch size, so other batch sizes fail or are cut. Rewritten:

- the append-then-stack and accumulate loops of the TL402 fix (``fixers/tiny_tensor_loop.py``):
  ``rows = []`` + ``for row in x: rows.append(E(row))`` + ``torch.stack(rows)`` -> ``E(x)``,
  ``acc += E(x[i])`` -> ``acc += E(x).sum(0)``;
- ``torch.stack([E(row) for row in x])`` (or over ``range(len(x))``, dim 0) -> ``E(x)``;
- ``sum(E(row) for row in x)`` -> ``E(x).sum(0)``, and a whole-row reduction of one,
  ``sum(row.norm() for row in x)`` -> ``x.flatten(1).norm(dim=1).sum()`` (``sum``, ``mean``,
  ``norm``, ``amax``, ``amin``, ``prod``);
- sums that read the row number: ``for i in range(len(x)): acc = acc + E(x[i], i)`` (or
  ``+=``) -> ``acc = acc + E(x, idx).sum(0)`` with ``idx = torch.arange(x.shape[0]).view([-1]
  + [1] * (x.dim() - 1))``, the row numbers shaped to broadcast like one row each.

Per-row expressions are taken as row-wise, giving each row of ``E(x)`` exactly ``E(row)``,
when they are built from:

- elementwise math, as for TL402;
- ops along a negative dimension (``row.softmax(-1)``, ``F.log_softmax(row, dim=-1)``,
  ``row.sum(-1)``, ``row.mean(dim=-1)``): ``-1`` is the same axis of a row and of ``x``;
- calls of submodules the class builds as ``nn.Linear``, ``nn.LayerNorm``, ``nn.RMSNorm`` or an
  elementwise activation (``self.fc(row)``), which act on the last dimension; also in a
  module-level ``def f(self, x)`` that one class's methods call with ``self`` (the class the
  semantic model reads ``self`` as, in this file or another).

Recurrent loops (``h = cell(x[:, t], h)``) carry a state from step to step and have no batched
form; they are left alone. Checked with torch: the trace then gives eager's results on other
batch sizes, and script, compile and export pass as before. Unsafe, as TL402: results may
differ in the last bits (a batched matrix product adds in another order), an empty batch gives
an empty tensor where ``torch.stack`` raised, and ``acc += ...`` makes a new tensor (other
names of the old one no longer see the sum).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import local_definition, names_in, scope_of, self_class, variable_uses
from ._tensor_exprs import has_comments, single_small_statement
from .tiny_tensor_loop import ATOMS, BatchTinyTensorLoop, strip_outer_parens

# Methods (and torch / F functions) that act along the ``dim`` they are given.
ALONG_DIM = frozenset(
    {
        "softmax", "log_softmax", "sum", "mean", "amax", "amin", "prod", "logsumexp", "norm",
        "std", "var", "cumsum", "cumprod", "normalize", "argmax", "argmin",
    }
)  # fmt: skip
# Reductions of a whole row that take a ``dim`` for the batched rows.
ROW_REDUCTIONS = frozenset({"sum", "mean", "norm", "amax", "amin", "prod"})
ROW_MODULES = frozenset(
    {
        "torch.nn.Linear", "torch.nn.LayerNorm", "torch.nn.RMSNorm", "torch.nn.ReLU",
        "torch.nn.GELU", "torch.nn.SiLU", "torch.nn.Tanh", "torch.nn.Sigmoid", "torch.nn.Identity",
        "torch.nn.LeakyReLU", "torch.nn.ELU", "torch.nn.Softplus", "torch.nn.Mish",
    }
)  # fmt: skip


class TracedRowLoopToBatch(BatchTinyTensorLoop):
    codes = ("TL105", "TL106")
    applicability = "unsafe"
    message = (
        "compute all rows in one batched op, which torch.jit.trace records for every batch "
        "size (last-bit differences)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if node is None:
            return None
        current = node
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, cst.For):
                return self._loop(ancestor) if ancestor.iter is current else None
            if isinstance(ancestor, cst.CompFor):
                if ancestor.iter is not current:
                    return None
                return self._stacked_comprehension(ancestor) or self._summed_comprehension(ancestor)
            if not isinstance(ancestor, (cst.Arg, cst.Call)):
                return None
            current = ancestor
        return None

    def _loop(self, loop: cst.For) -> Optional[list[Replacement]]:
        return super()._loop(loop) or self._indexed_sum(loop)

    def _indexed_sum(self, loop: cst.For) -> Optional[list[Replacement]]:
        """``for i in range(len(x)): acc = acc + E(x[i], i)`` (or ``acc += ...``) ->
        ``acc = acc + E(x, idx).sum(0)``, ``idx`` the row numbers shaped to broadcast
        against ``x``'s rows."""
        if loop.orelse is not None or loop.asynchronous or has_comments(loop, leading=False):
            return None
        statement = single_small_statement(loop.body)
        if isinstance(statement, cst.AugAssign) and isinstance(statement.operator, cst.AddAssign):
            target, element = statement.target, statement.value
        elif (
            isinstance(statement, cst.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.value, cst.BinaryOperation)
            and isinstance(statement.value.operator, cst.Add)
            and isinstance(statement.value.left, cst.Name)
        ):
            target, element = statement.targets[0].target, statement.value.right
            if not (isinstance(target, cst.Name) and target.value == statement.value.left.value):
                return None
        else:
            return None
        if not isinstance(target, cst.Name) or not isinstance(loop.target, cst.Name):
            return None
        if any(name.value == target.value for name in names_in(element)):
            return None
        tensor = self._range_tensor(loop.iter)
        if tensor is None or self.kind(target) != Kind.TENSOR:
            return None
        variable = loop.target.value
        tensor_text = self.code(tensor.with_changes(lpar=(), rpar=()))
        rows: set[int] = set()
        indices: set[int] = set()
        for name in names_in(element):
            if name.value == variable:
                row = self._row_subscript(name, tensor_text)
                (rows if row is not None else indices).add(id(row if row is not None else name))
        if not rows or not self._elementwise(element, rows | indices, (variable, tensor_text)):
            return None
        loop_span = {id(n) for n in names_in(loop)}
        if any(
            id(use) not in loop_span for use in variable_uses(self, scope_of(self, loop), variable)
        ):
            return None
        atom = tensor_text if isinstance(tensor, ATOMS) else f"({tensor_text})"
        torch = self.import_module("torch")
        index = cst.parse_expression(
            f"{torch}.arange({atom}.shape[0]).view([-1] + [1] * ({atom}.dim() - 1))"
        )
        whole = cst.parse_expression(atom)
        batched = element.visit(
            _Replace({**dict.fromkeys(rows, whole), **dict.fromkeys(indices, index)})
        )
        return [(loop, f"{target.value} = {target.value} + ({self.code(batched)}).sum(0)")]

    def _comprehension_call(
        self, comp_for: cst.CompFor
    ) -> Optional[tuple[Union[cst.ListComp, cst.GeneratorExp], cst.Call]]:
        """The one-``for`` comprehension (no ``if``, no comment) of ``comp_for`` and the call it
        is the first positional argument of."""
        comprehension = self.parent(comp_for)
        if (
            not isinstance(comprehension, (cst.ListComp, cst.GeneratorExp))
            or comp_for.ifs
            or comp_for.inner_for_in is not None
            or comp_for.asynchronous is not None
            or has_comments(comprehension)
        ):
            return None
        arg = self.parent(comprehension)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or call.args[0] is not arg or arg.keyword or arg.star:
            return None
        return comprehension, call

    def _stacked_comprehension(self, comp_for: cst.CompFor) -> Optional[list[Replacement]]:
        """``torch.stack([E(r) for r in x])`` (dim 0) -> ``E(x)``."""
        found = self._comprehension_call(comp_for)
        if found is None:
            return None
        comprehension, call = found
        if self.ctx.qualified_name(call.func) != "torch.stack" or not _dim_zero(call.args[1:]):
            return None
        batched = self._batched(comp_for.iter, comp_for.target, comprehension.elt, comprehension)
        if batched is None:
            return None
        if isinstance(self.parent(call), (cst.Assign, cst.Return, cst.Arg)):
            batched = strip_outer_parens(batched)
        return [(call, batched)]

    def _summed_comprehension(self, comp_for: cst.CompFor) -> Optional[list[Replacement]]:
        """``sum(E(r) for r in x)`` -> ``E(x).sum(0)``; a whole-row reduction ``R`` of a
        row-wise ``E`` (``sum(r.norm() for r in x)``) -> ``E(x).flatten(1).R(dim=1).sum()``."""
        found = self._comprehension_call(comp_for)
        if found is None:
            return None
        comprehension, call = found
        if len(call.args) != 1 or self.ctx.qualified_name(call.func) != "builtins.sum":
            return None
        element = comprehension.elt
        if (
            isinstance(element, cst.Call)
            and isinstance(element.func, cst.Attribute)
            and element.func.attr.value in ROW_REDUCTIONS
            and not element.args
        ):
            inner = self._batched(comp_for.iter, comp_for.target, element.func.value, comprehension)
            if inner is None:
                return None
            reduced = f"{inner}.flatten(1).{element.func.attr.value}(dim=1).sum()"
        else:
            batched = self._batched(comp_for.iter, comp_for.target, element, comprehension)
            if batched is None:
                return None
            reduced = f"{batched}.sum(0)"
        return [(call, reduced)]

    def _elementwise_call(self, call: cst.Call, rows: set[int], excluded: tuple[str, str]) -> bool:
        if super()._elementwise_call(call, rows, excluded):
            return True
        if any(arg.star for arg in call.args):
            return False
        func = call.func
        name = self.ctx.qualified_name(func) or ""
        if isinstance(func, cst.Attribute) and self._row_module(func):
            operands = [arg.value for arg in call.args]
            return len(operands) == 1 and self._elementwise(operands[0], rows, excluded)
        short = name.rsplit(".", 1)[-1]
        if name.startswith("torch.") and short in ALONG_DIM:
            operand, dims = call.args[0].value if call.args else None, call.args[1:]
        elif isinstance(func, cst.Attribute) and func.attr.value in ALONG_DIM:
            operand, dims = func.value, call.args
        else:
            return False
        if operand is None or not _negative_dim(dims):
            return False
        return self._elementwise(operand, rows, excluded)

    def _row_module(self, func: cst.Attribute) -> bool:
        """``self.fc`` where every assignment of ``self.fc`` in the class builds a row-wise
        module. The class is the one around the method, or, in a module-level ``def f(self,
        x)``, the module ``self`` is (see ``self_class``): its ``def`` in this file, else what
        the project index recorded for ``self.fc`` in the other file (the last assignment)."""
        if not (isinstance(func.value, cst.Name) and func.value.value == "self"):
            return False
        cls = next((a for a in self.ancestors(func) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            owner = self_class(self, func)
            if owner is None:
                return False
            cls = local_definition(self, owner)
            if cls is None:
                built = self.ctx.model.index.attribute_class(owner, func.attr.value)
                return built in ROW_MODULES
            if not isinstance(cls, cst.ClassDef):
                return False
        values: list[cst.BaseExpression] = []

        class Visitor(cst.CSTVisitor):
            def visit_Assign(self, node: cst.Assign) -> None:
                for target in node.targets:
                    t = target.target
                    if (
                        isinstance(t, cst.Attribute)
                        and isinstance(t.value, cst.Name)
                        and t.value.value == "self"
                        and t.attr.value == func.attr.value
                    ):
                        values.append(node.value)

        cls.visit(Visitor())
        return bool(values) and all(
            isinstance(v, cst.Call) and self.ctx.qualified_name(v.func) in ROW_MODULES
            for v in values
        )


class _Replace(cst.CSTTransformer):
    """Replaces nodes by their ids (of the original tree) in one pass."""

    def __init__(self, replacements: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        return self.replacements.get(id(original_node), updated_node)


def _dim_zero(args: Sequence[cst.Arg]) -> bool:
    """No further argument, or ``0`` / ``dim=0``."""
    if not args:
        return True
    if len(args) != 1 or args[0].star:
        return False
    keyword, value = args[0].keyword, args[0].value
    return (keyword is None or keyword.value == "dim") and (
        isinstance(value, cst.Integer) and value.value == "0"
    )


def _negative_dim(args: list[cst.Arg]) -> bool:
    """The dimension argument (first positional or ``dim=``) is a negative int literal."""
    dims = [
        arg.value
        for index, arg in enumerate(args)
        if (index == 0 and arg.keyword is None) or (arg.keyword and arg.keyword.value == "dim")
    ]
    return (
        len(dims) == 1
        and isinstance(dims[0], cst.UnaryOperation)
        and isinstance(dims[0].operator, cst.Minus)
        and isinstance(dims[0].expression, cst.Integer)
    )
