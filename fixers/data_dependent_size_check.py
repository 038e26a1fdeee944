"""TL107: an operation that guards on a data-dependent size -> ``torch._check`` tells torch the
size first (unsafe).

TL107 flags the operations that fail ``torch.export`` and ``torch.compile(fullgraph=True)`` on
a tensor whose size comes from data (``x[mask]``, ``nonzero``, ``bincount``...). Two of its
needs have a statement torch accepts (torch 2.13):

- the size must not be 0 (``logsumexp``, ``roll``, ``diff``, ``trapezoid``, ``batch_norm``):
  ``torch._check(t.shape[0] > 0)`` before the statement;
- a loss's ``weight`` must have one entry per class (``F.cross_entropy`` / ``F.nll_loss``):
  ``torch._check(w.shape[0] == input.shape[1])`` before the statement.

The check runs under ``if torch.compiler.is_compiling():``, true under ``torch.compile`` and
``torch.export`` only: eager runs as before, ``torch.jit.trace`` (where a size comparison is a
tensor and ``torch._check`` raises) skips it, and ``torch.jit.script`` compiles it.

The tensor must be a name: a check on a second evaluation of ``x[mask]`` would be about another
unknown size, so an inline operand is first bound to a new name (``selected = x[mask]``).
Export then passes; plain ``torch.compile`` still breaks where the tensor is made (the
selection itself, a separate TL107 finding). Operations that need the size's value
(``chunk``, ``split``, ``cdist``...) have no such statement and get no fix.

Unsafe: where the original computed something for an empty selection (``-inf`` from
``logsumexp``, ``nan`` from a mean), compiled or exported code now raises ``RuntimeError``
(eager is unchanged); a weight of the wrong length raised in the loss before and raises in the
check now.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.unbacked_sizes import (
    CONSUMER_FUNCTIONS,
    CONSUMER_METHODS,
    WEIGHTED_LOSSES,
)

from ._shared import fresh_name


class DataDependentSizeCheck(Fixer):
    codes = ("TL107",)
    applicability = "unsafe"
    message = (
        "tell torch the size with `torch._check` under `torch.compiler.is_compiling()` "
        "(compiled or exported code raises on an empty selection where eager gives -inf or nan)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or "guards on the data-dependent" not in (
            diagnostic.message
        ):
            return None
        found = self._operand(call)
        statement = self._statement(call)
        if found is None or statement is None:
            return None
        operand, condition = found
        original = statement
        torch = self.import_module("torch")
        lines: list[cst.BaseStatement] = []
        if isinstance(operand, cst.Name):
            name = operand.value
        else:
            name = fresh_name(self, statement, "selected")
            lines.append(cst.parse_statement(f"{name} = {self.code(operand).strip()}\n"))
            statement = statement.deep_replace(operand, cst.Name(name))  # type: ignore[assignment]
        # Only where torch needs it: eager keeps its result for an empty selection, and under
        # trace a size comparison is a tensor, which torch._check rejects (TL109).
        check = f"{torch}._check({condition.format(name)})"
        lines.append(cst.parse_statement(f"if {torch}.compiler.is_compiling():\n    {check}\n"))
        first, *rest = lines
        lines = [first.with_changes(leading_lines=statement.leading_lines), *rest]  # type: ignore[call-arg]
        lines.append(statement.with_changes(leading_lines=()))
        return [(original, cst.FlattenSentinel(lines))]

    def _operand(self, call: cst.Call) -> Optional[tuple[cst.BaseExpression, str]]:
        """The tensor whose size the operation needs, and the check (``{}`` for its name)."""
        name = self.ctx.qualified_name(call.func)
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        if name in WEIGHTED_LOSSES:
            weight = next((a.value for a in call.args if _keyword(a) == "weight"), None)
            if weight is None and len(positional) > 2:
                weight = positional[2]
            if weight is None or not positional:
                return None
            return weight, "{}.shape[0] == " + f"{self.code(positional[0]).strip()}.shape[1]"
        if name in CONSUMER_FUNCTIONS:
            consumer = CONSUMER_FUNCTIONS[name]  # type: ignore[index]
            tensor = positional[0] if positional else None
        elif isinstance(call.func, cst.Attribute) and call.func.attr.value in CONSUMER_METHODS:
            consumer = CONSUMER_METHODS[call.func.attr.value]
            tensor = call.func.value
        else:
            return None
        if tensor is None or consumer.need != "nonempty" or name == "torch.cdist":
            return None
        return tensor, "{}.shape[0] > 0"

    def _statement(self, node: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, cst.SimpleStatementLine):
                return ancestor
            if isinstance(ancestor, (cst.BaseCompoundStatement, cst.Lambda)):
                return None  # a condition or a loop header: no place before it in the block
        return None


def _keyword(arg: cst.Arg) -> Optional[str]:
    return arg.keyword.value if arg.keyword is not None else None
