"""TL209: ``for i, j in itertools.combinations(range(n), 2):`` -> two nested ``range`` loops
(safe).

TorchScript binds no ``itertools.combinations`` (torch 2.13: "Python builtin <built-in
function combinations> is currently not supported in Torchscript"); it compiles
``for i in range(n): for j in range(i + 1, n):``, which visits the same pairs in the same order
(``combinations`` of a range yields ``(i, j)`` with ``i < j``, ``i`` outermost).

Safe where the nested loops run what the original ran: ``n`` is an int literal, a name, an
attribute or ``len()`` of one, and the body neither rebinds ``i``, ``j`` or ``n``'s name nor
calls a method on it (``fields.append``: ``combinations`` sized the range once, the inner
``range(i + 1, n)`` is sized on every pass), has no ``break`` (which would leave only the inner
loop) and the loop has no ``else``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import contains


def _size_names(size: cst.BaseExpression) -> Optional[set[str]]:
    """The names ``size`` reads when it is a literal, a name, an attribute chain or ``len()``
    of one; None for anything else."""
    if isinstance(size, cst.Integer):
        return set()
    if m.matches(size, m.Call(func=m.Name("len"), args=[m.Arg(keyword=None, star="")])):
        size = size.args[0].value  # type: ignore[attr-defined]
    root = size
    while isinstance(root, cst.Attribute):
        root = root.value
    return {root.value} if isinstance(root, cst.Name) else None


def _disturbs(body: cst.BaseSuite, names: set[str]) -> bool:
    """Whether ``body`` rebinds one of ``names``, calls a method of one, or breaks out."""

    def named(node: cst.CSTNode) -> bool:
        return contains(node, lambda n: isinstance(n, cst.Name) and n.value in names)

    def disturbing(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Break):
            return True
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For)):
            return named(node.target)
        if isinstance(node, (cst.NamedExpr, cst.Del)):
            return named(node)
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value in names
        )

    return contains(body, disturbing)


def loop_over_call(
    fixer: Fixer, diagnostic: Diagnostic, api: str
) -> Optional[tuple[cst.Call, cst.For]]:
    """The call of ``api`` (positional arguments only) that the finding sits on and the plain
    ``for`` it is the iterable of (no ``else``, not ``async``, a tuple or list of names as its
    target, an indented body)."""
    call = diagnostic.node
    if call is not None and not isinstance(call, cst.Call):
        call = fixer.parent(call)  # the finding may sit on the function (`itertools.product`)
    loop = fixer.parent(call) if call is not None else None
    if not (
        isinstance(loop, cst.For)
        and isinstance(call, cst.Call)
        and loop.iter is call
        and loop.orelse is None
        and loop.asynchronous is None
        and fixer.ctx.qualified_name(call.func) == api
        and all(a.keyword is None and not a.star for a in call.args)
        and isinstance(loop.target, (cst.Tuple, cst.List))
        and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name)
            for e in loop.target.elements
        )
        and isinstance(loop.body, cst.IndentedBlock)
    ):
        return None
    return call, loop


class CombinationsOfRangeLoop(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "loop over the pairs with two nested `range` loops (TorchScript has no `itertools`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = loop_over_call(self, diagnostic, "itertools.combinations")
        if found is None:
            return None
        call, loop = found
        if not (
            len(call.args) == 2
            and m.matches(call.args[1].value, m.Integer("2"))
            and m.matches(
                call.args[0].value,
                m.Call(func=m.Name("range"), args=[m.Arg(keyword=None, star="")]),
            )
            and len(loop.target.elements) == 2  # type: ignore[attr-defined]
        ):
            return None
        size = call.args[0].value.args[0].value  # type: ignore[attr-defined]
        names = _size_names(size)
        first, second = (e.value.value for e in loop.target.elements)  # type: ignore[attr-defined]
        if names is None or first == second or _disturbs(loop.body, names | {first, second}):
            return None
        size_code = self.code(size)
        inner = cst.parse_statement(
            f"for {second} in range({first} + 1, {size_code}):\n    pass\n"
        ).with_changes(body=loop.body.with_changes(header=cst.TrailingWhitespace()))
        outer = loop.with_changes(
            target=cst.Name(first),
            iter=cst.parse_expression(f"range({size_code})"),
            body=cst.IndentedBlock(body=[inner], header=loop.body.header),
        )
        return [(loop, outer)]
