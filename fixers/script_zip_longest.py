"""TL209: ``for m, s in itertools.zip_longest(seq, extras):`` -> a loop over ``seq`` reading
``extras`` by index, ``None`` past its end (unsafe).

::

    for up, skip in zip_longest(self.ups, skips):
        x = up(x)
        if skip is not None:
            x = x + skip

becomes::

    for index, up in enumerate(self.ups):
        skip = skips[index] if index < len(skips) else None
        x = up(x)
        if skip is not None:
            x = x + skip

TorchScript binds nothing of ``itertools`` (torch 2.13: zip_longest(Tensor 0, Tensor 1) ->
Tensor 0: unknown builtin), but it unrolls ``enumerate`` over an ``nn.ModuleList`` (and
iterates a list), and types ``extras[index] if ... else None`` as an ``Optional`` (checked on
torch 2.13: scripts, equals eager). Where ``extras`` is no longer than ``seq``, ``zip_longest``
pairs each element of ``seq`` with the element of ``extras`` at its index, ``None`` past its
end: the same pairs in the same order. Only a ``for`` statement (no ``else``) over the call
itself with two positional arguments (no ``fillvalue``), both names or attributes, a target of
two names, and a new name for the index.

Unsafe: an ``extras`` longer than ``seq`` gave more rounds in eager (with the first name
``None``, which a body calling it could not run) and now stops with ``seq``; the index name
stays bound after the loop.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name, loop_over_call, plain_reference


class ZipLongestToIndexedLoop(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "loop over the first sequence and read the second by index"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        loop = loop_over_call(self, diagnostic.node, "itertools.zip_longest")
        if loop is None:
            return None
        args = loop.iter.args  # type: ignore[attr-defined]
        if len(args) != 2 or any(a.star or a.keyword is not None for a in args):
            return None
        if not all(plain_reference(a.value) for a in args):
            return None
        target = loop.target
        if not (
            isinstance(target, cst.Tuple)
            and len(target.elements) == 2
            and all(isinstance(e.value, cst.Name) for e in target.elements)
        ):
            return None
        first, second = (e.value.value for e in target.elements)  # type: ignore[attr-defined]
        index = fresh_name(self, loop, "index")
        extras = self.code(args[1].value)
        read = cst.parse_statement(
            f"{second} = {extras}[{index}] if {index} < len({extras}) else None\n"
        )
        new_loop = loop.with_changes(
            target=cst.parse_expression(f"({index}, {first})").with_changes(lpar=[], rpar=[]),
            iter=cst.parse_expression(f"enumerate({self.code(args[0].value)})"),
            body=loop.body.with_changes(body=[read, *loop.body.body]),
        )
        return [(loop, new_loop)]
