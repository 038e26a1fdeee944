"""TL209: ``for m in itertools.islice(seq, stop):`` -> a counted loop over ``seq`` (unsafe).

::

    for blk in itertools.islice(self.blocks, self.active):
        x = blk(x)

becomes::

    for index, blk in enumerate(self.blocks):
        if index < self.active:
            x = blk(x)

TorchScript binds nothing of ``itertools`` (torch 2.13: islice(Tensor 0, Tensor 1) -> Tensor
0: unknown builtin), and it slices an ``nn.ModuleList`` only by integer constants (``tuple
slice indices must be integer constants`` for ``self.blocks[:self.active]``), but it unrolls
``enumerate`` over a ``ModuleList`` (and iterates a list) with a test on the index (checked on
torch 2.13: scripts, equals eager). The loop visits the same elements in the same order and
runs the body for the first ``stop`` of them; ``islice(seq, start, stop)`` becomes ``if start
<= index < stop``. Only a ``for`` statement (no ``else``) over the call itself, with two or
three arguments (no step): the sequence a name or an attribute, the bounds those or int
literals, and a new name for the index that the function uses nowhere else.

Unsafe: the loop goes over the rest of ``seq`` without running the body (the elements of a
``ModuleList`` or a list are not computed by iterating them); ``stop`` is read each iteration
rather than once; a negative or ``None`` bound made ``islice`` raise ``ValueError`` (or take
everything) and now runs the body for no element or raises ``TypeError``; the index name
stays bound after the loop.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name, loop_over_call


class IsliceToCountedLoop(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "loop over the sequence with `enumerate` and test the index"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        loop = loop_over_call(self, diagnostic.node, "itertools.islice")
        if loop is None:
            return None
        args = loop.iter.args  # type: ignore[attr-defined]
        if not 2 <= len(args) <= 3 or any(a.star or a.keyword is not None for a in args):
            return None
        if not all(_plain(a.value) for a in args) or isinstance(args[0].value, cst.Integer):
            return None
        function = self.enclosing_function(loop)
        if function is None:
            return None
        index = fresh_name(self, loop, "index")
        seq = self.code(args[0].value)
        if len(args) == 2:
            test = f"{index} < {self.code(args[1].value)}"
        else:
            test = f"{self.code(args[1].value)} <= {index} < {self.code(args[2].value)}"
        target = self.code(loop.target)
        inner = cst.If(test=cst.parse_expression(test), body=loop.body)
        new_loop = loop.with_changes(
            target=cst.parse_expression(f"({index}, {target})").with_changes(lpar=[], rpar=[]),
            iter=cst.parse_expression(f"enumerate({seq})"),
            body=cst.IndentedBlock(body=[inner]),
        )
        return [(loop, new_loop)]


def _plain(node: cst.BaseExpression) -> bool:
    """A name, an attribute of one, or an int literal: read again, the same value."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    if isinstance(node, (cst.Name, cst.Integer)):
        return True
    return isinstance(node, cst.Attribute) and _plain(node.value)
