"""TL204: a loop's ``else`` -> a flag the loop's ``break`` sets, tested after the loop (safe).

TorchScript supports no ``else`` branch of a ``while`` or ``for`` loop (torch 2.13: "does not
support else branches of loops"; a ``while ... else`` fails inside its frontend with
"__init__(): incompatible constructor arguments"). Python runs the ``else`` exactly when the
loop ends without a ``break`` of its own, so::

    while stride < limit:                   broke = False
        if length // stride <= target:      while stride < limit:
            break                               if length // stride <= target:
        stride *= 2                    ->           broke = True
    else:                                           break
        stride = limit                          stride *= 2
                                            if not broke:
                                                stride = limit

(checked on torch 2.13: scripts, equals eager). A loop without a ``break`` of its own runs its
``else`` always: its statements simply follow the loop. The loop's own breaks are those of its
body outside nested loops and functions (a ``break`` in a nested loop's ``else`` belongs to this
loop: left alone).

Safe: the same statements run in the same order on every path; the flag is a new name (numbered
where the function spells it), read only by the test after the loop.
"""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk

from ._shared import fresh_name

Loop = Union[cst.While, cst.For]


def _own_breaks(loop: Loop) -> Optional[list[cst.Break]]:
    """The ``break`` statements of ``loop``'s body that leave ``loop``; None when a nested
    loop's ``else`` holds one (it leaves ``loop`` too, from a place left alone here)."""
    found: list[cst.Break] = []
    odd = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal odd
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(node, (cst.While, cst.For)):
            if node.orelse is not None:
                walk(node.orelse, lambda n: _mark(n), lambda n: None)
            return False
        if isinstance(node, cst.Break):
            found.append(node)
        return None

    def _mark(node: cst.CSTNode) -> Optional[bool]:
        nonlocal odd
        if isinstance(node, cst.Break):
            odd = True
        return None

    walk(loop.body, enter, lambda node: None)
    return None if odd else found


class _SetFlag(cst.CSTTransformer):
    def __init__(self, breaks: list[cst.Break], flag: str) -> None:
        super().__init__()
        self.breaks = {id(b) for b in breaks}
        self.lines: set[int] = set()
        self.flag = flag

    def _setter(self) -> cst.Assign:
        return cst.Assign(targets=[cst.AssignTarget(cst.Name(self.flag))], value=cst.Name("True"))

    def leave_SimpleStatementLine(
        self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine
    ) -> Union[cst.SimpleStatementLine, cst.FlattenSentinel[cst.SimpleStatementLine]]:
        if len(original.body) == 1 and id(original.body[0]) in self.lines:
            setter = cst.SimpleStatementLine([self._setter()], leading_lines=updated.leading_lines)
            return cst.FlattenSentinel([setter, updated.with_changes(leading_lines=())])
        return updated

    def leave_Break(
        self, original: cst.Break, updated: cst.Break
    ) -> Union[cst.Break, cst.FlattenSentinel[cst.BaseSmallStatement]]:
        if id(original) not in self.breaks or id(original) in self.lines:
            return updated
        return cst.FlattenSentinel([self._setter(), updated])

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if len(node.body) == 1 and id(node.body[0]) in self.breaks:
            self.lines.add(id(node.body[0]))  # a line of its own: the flag gets one too


class LoopElseToFlag(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "set a flag at the loop's `break` and run the `else` when it is unset"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        orelse = diagnostic.node
        loop = self.parent(orelse) if isinstance(orelse, cst.Else) else None
        if not isinstance(loop, (cst.While, cst.For)) or loop.orelse is not orelse:
            return None
        if isinstance(loop, cst.For) and loop.asynchronous is not None:
            return None
        if not isinstance(orelse.body, cst.IndentedBlock):
            return None
        breaks = _own_breaks(loop)
        if breaks is None:
            return None
        plain = loop.with_changes(orelse=None)
        if not breaks:
            tail = [s for s in orelse.body.body]
            return [(loop, cst.FlattenSentinel([plain, *tail]))]
        flag = fresh_name(self, loop, "broke")
        init = cst.parse_statement(f"{flag} = False\n").with_changes(
            leading_lines=loop.leading_lines
        )
        body = loop.body.visit(_SetFlag(breaks, flag))
        new_loop = plain.with_changes(body=body, leading_lines=())
        test = cst.If(
            test=cst.UnaryOperation(operator=cst.Not(), expression=cst.Name(flag)),
            body=orelse.body,
        )
        return [(loop, cst.FlattenSentinel([init, new_loop, test]))]
