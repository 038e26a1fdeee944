"""TL209: ``sum(terms, start)`` with a tensor start -> the additions Python's ``sum`` makes, in a
loop before the statement (unsafe).

TorchScript's ``sum`` takes no start value (torch 2.13: "Arguments for call are not valid"),
and no list of tensors either, but it compiles a ``for`` loop over a list. Python's ``sum(it,
start)`` is ``start + it[0] + it[1] + ...``, added left to right; the loop makes the same
additions in the same order::

    total = torch.zeros(())
    for term in terms:
        total = total + term
    return total / sum(self.weights)

(checked on torch 2.13: scripts, equals eager bit for bit). Only for a start TorchScript types
as a tensor (``total`` stays a tensor when numbers or tensors are added), on a line of an
indented block that runs the call every time (not under ``and`` / ``or`` / a ternary, in a
lambda or a comprehension).

Unsafe: the sum now runs before the rest of its statement (what the statement computes before
the call runs after it), and the two new names (``total``, ``term``, numbered where taken)
stay bound after the loop.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import fresh_name, running_line
from ._tensor_exprs import has_comments


class SumStartToLoop(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "add the terms to the start in a loop (TorchScript's `sum` takes no start)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            "`sum(xs, start)` with a start value" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.sum"
            or len(call.args) != 2
            or has_comments(call)
        ):
            return None
        items, start = call.args
        if (
            items.keyword is not None
            or items.star
            or start.star
            or (start.keyword is not None and start.keyword.value != "start")
            or self.kind(start.value) is not Kind.TENSOR
        ):
            return None
        line = running_line(self, call)
        if line is None or len(line.body) != 1:
            return None
        total = fresh_name(self, call, "total")
        term = fresh_name(self, call, "term", taken={total})
        text = (
            f"{total} = {self.code(start.value)}\n"
            f"for {term} in {self.code(items.value)}:\n"
            f"    {total} = {total} + {term}\n"
        )
        body = list(cst.parse_module(text).body)
        body[0] = body[0].with_changes(leading_lines=line.leading_lines)
        rest = line.deep_replace(call, cst.Name(total))
        body.append(rest.with_changes(leading_lines=()))
        return [(line, cst.FlattenSentinel(body))]
