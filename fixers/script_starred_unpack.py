"""TL204: ``first, *rest = seq`` -> ``first, rest = seq[0], seq[1:]`` (unsafe).

TorchScript cannot size a starred assignment target (torch 2.13: "cannot statically infer the
expected size of a list in this context"), but it compiles indexing and slicing of a list or
shape and a plain tuple assignment. Each name before the star takes ``seq[i]``, the starred name
the slice between them, each name after it ``seq[-j]``: ``a, *b, c = seq`` -> ``a, b, c =
seq[0], seq[1:-1], seq[-1]`` (checked on torch 2.13: scripts, equals eager). The value must be
a name or an attribute chain of names (``self.dims``, ``x.shape``), read once per target with
no side effect, and every target a plain name.

Unsafe: the starred name is always a list in Python, where the slice of a tuple is a tuple and
of a ``torch.Size`` a ``torch.Size``; and a sequence too short raised ValueError, where the
indexing raises IndexError or, with names on both sides of the star, gives them overlapping
elements.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import plain_reference


class StarredTargetToSlices(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "index and slice the sequence instead of a starred target"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        target = diagnostic.node
        if "starred assignment target" not in diagnostic.message or not isinstance(
            target, (cst.Tuple, cst.List)
        ):
            return None
        holder = self.parent(target)
        assign = self.parent(holder) if holder is not None else None
        if not (
            isinstance(holder, cst.AssignTarget)
            and isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and plain_reference(assign.value)
        ):
            return None
        elements = target.elements
        stars = [i for i, e in enumerate(elements) if isinstance(e, cst.StarredElement)]
        if len(stars) != 1 or not all(isinstance(e.value, cst.Name) for e in elements):
            return None
        star = stars[0]
        after = len(elements) - star - 1
        seq = self.code(assign.value)
        values = [f"{seq}[{i}]" for i in range(star)]
        values.append(f"{seq}[{star}:{-after if after else ''}]")
        values += [f"{seq}[{-j}]" for j in range(after, 0, -1)]
        names = ", ".join(e.value.value for e in elements)  # type: ignore[attr-defined]
        statement = cst.parse_statement(f"{names} = {', '.join(values)}\n")
        return [(assign, statement.body[0])]  # type: ignore[attr-defined]
