"""TL215: NumPy's keyword spellings on a torch op -> torch's own (safe).

``x.mean(axis=(2, 3))`` -> ``x.mean(dim=(2, 3))``, ``keepdims=True`` -> ``keepdim=True``.
torch's Python argument parser takes NumPy's names as aliases of its own for every op it binds
(``axis`` for ``dim``, ``keepdims`` for ``keepdim``: checked on torch 2.13, ``x.mean(axis=(2,
3))`` equals ``x.mean(dim=(2, 3))``, ``x.sum(1, keepdims=True)`` keeps the dimension), so eager
runs the same call; TorchScript matches keywords against the ``aten::`` schemas, which have
only torch's names, and rejects the call ("Arguments for call are not valid"). Rewritten only
where TL215 reported the NumPy name as a keyword no overload has (or TL205 reported
``keepdims=`` on a call that also passes ``axis=``: both are renamed at once), and the call
does not also pass torch's name.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

# NumPy's keyword -> torch's, as torch's Python argument parser aliases them.
ALIASES = {"axis": "dim", "keepdims": "keepdim"}


class NumpyKeywords(Fixer):
    codes = ("TL215", "TL205")
    applicability = "safe"
    message = "use torch's keyword names (`dim=`, `keepdim=`), which eager takes as the same"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if diagnostic.code == "TL205":
            # `keepdims=` (TL205's) on a call that also passes `axis=`: both at once, or the
            # fixed call still has no overload (TL215).
            if "`keepdims=` is numpy's spelling" not in diagnostic.message:
                return None
            call = self.parent(call) if isinstance(call, cst.Arg) else None
            if not isinstance(call, cst.Call) or not any(
                a.keyword is not None and a.keyword.value == "axis" for a in call.args
            ):
                return None
        elif not isinstance(call, cst.Call) or "no overload has `" not in diagnostic.message:
            return None
        if not isinstance(call.func, cst.Attribute) or any(a.star for a in call.args):
            return None
        keywords = {a.keyword.value for a in call.args if a.keyword is not None}
        renamed = {old: new for old, new in ALIASES.items() if old in keywords}
        if not renamed or any(new in keywords for new in renamed.values()):
            return None
        if diagnostic.code == "TL215" and not any(
            f"no overload has `{old}`" in diagnostic.message for old in renamed
        ):
            return None
        args = [
            a.with_changes(keyword=cst.Name(renamed[a.keyword.value]))
            if a.keyword is not None and a.keyword.value in renamed
            else a
            for a in call.args
        ]
        return [(call, call.with_changes(args=args))]
