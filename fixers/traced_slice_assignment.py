"""TL121: ``t[:, k:] = v`` (a value broadcast into a slice) -> ``t[:, k:].copy_(v)`` (safe).

torch.jit.trace records the assignment's broadcast as a ``view`` and an ``expand`` to the
example input's sizes; ``copy_`` broadcasts inside the copy, recorded with no size (torch
2.13: the traced copy equals eager on inputs of other sizes). With basic indices (slices,
literal ints, ``None``, ``...``: what TL121 flags) Python's ``t[idx] = v`` on a tensor is
``t[idx].copy_(v)``: the same view written in place, with the same broadcast, dtype
conversion and autograd, in eager, script, compile and export alike.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class SliceAssignmentCopy(Fixer):
    codes = ("TL121",)
    applicability = "safe"
    message = "copy into the slice (`t[:, k:].copy_(v)`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not (
            isinstance(node, cst.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0].target, cst.Subscript)
        ):
            return None
        target = node.targets[0].target
        call = cst.Call(
            func=cst.Attribute(value=target, attr=cst.Name("copy_")),
            args=[cst.Arg(node.value)],
        )
        return [(node, cst.Expr(call))]
