"""TL215: ``torch.split(x, split_size_or_sections=s, ...)`` -> ``torch.split(x, s, ...)`` (safe).

``split_size_or_sections`` is the name of the second parameter of torch's Python
``torch.split`` (``torch/functional.py``); TorchScript matches keywords against the
``aten::split`` schemas, which call it ``split_size`` / ``split_sizes``, and rejects the call
("Arguments for call are not valid"). Given in its place, positionally, the same argument
binds the same way in eager, and TorchScript picks the overload by its type (checked on
torch 2.13 for an int and a list of sizes). Only where the call passes the tensor alone
positionally.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

KEYWORD = "split_size_or_sections"


class SplitSectionsPositional(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "pass the sizes of `torch.split` positionally, as TorchScript's schemas take them"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if f"`{KEYWORD}`" not in diagnostic.message or not isinstance(call, cst.Call):
            return None
        if self.ctx.qualified_name(call.func) != "torch.split":
            return None
        positional = [a for a in call.args if a.keyword is None and not a.star]
        sizes = [a for a in call.args if a.keyword is not None and a.keyword.value == KEYWORD]
        if len(positional) != 1 or len(sizes) != 1 or call.args[0] is not positional[0]:
            return None
        if any(a.star for a in call.args):
            return None
        moved = sizes[0].with_changes(
            keyword=None, equal=cst.MaybeSentinel.DEFAULT, comma=sizes[0].comma
        )
        rest = [a for a in call.args[1:] if a is not sizes[0]]
        first = call.args[0].with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
        args = [first, moved, *rest]
        if rest and args[1].comma is cst.MaybeSentinel.DEFAULT:
            args[1] = args[1].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        if not rest:
            args[1] = args[1].with_changes(comma=call.args[-1].comma)
        return [(call, call.with_changes(args=args))]
