"""TL345: ``Normal(mu, sigma)`` in graph code -> ``Normal(mu, sigma, validate_args=False)``.

The distribution then skips its parameter and sample checks, which read a tensor as a Python
bool (torch.jit.trace: TracerWarning, no check recorded). Unsafe: the values are the same, but
eager no longer raises ValueError on an invalid parameter or value.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class DistributionNoValidation(Fixer):
    codes = ("TL345",)
    applicability = "unsafe"
    message = "build the distribution with `validate_args=False`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not call.args:
            return None
        if any(
            arg.star or (arg.keyword and arg.keyword.value == "validate_args") for arg in call.args
        ):
            return None
        if not (self.ctx.qualified_name(call.func) or "").startswith("torch.distributions."):
            return None
        args = list(call.args)
        last = args[-1]
        # The new argument takes the last one's trailing comma (and its line break), the last
        # one the separator the arguments already use.
        separator = (
            args[-2].comma
            if len(args) > 1 and isinstance(args[-2].comma, cst.Comma)
            else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
        added = cst.Arg(
            value=cst.Name("False"),
            keyword=cst.Name("validate_args"),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
            comma=last.comma,
        )
        args[-1] = last.with_changes(comma=separator)
        return [(call, call.with_changes(args=[*args, added]))]
