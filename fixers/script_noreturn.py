"""TL214: ``-> NoReturn`` (``-> Never``) on a scripted function -> ``-> None`` (safe).

A helper that only raises (``def _bad_shape(...) -> NoReturn: raise ValueError(...)``) is
annotated with a ``typing`` name TorchScript has no type for (torch 2.13: Unknown type name
'NoReturn'). ``-> None`` says what TorchScript needs: the call is a statement, and a function
that raises on every path compiles with it (checked on torch 2.13: the helper called from a
scripted ``forward`` under a shape test scripts, and raises where eager raises). Python reads
return annotations only into ``__annotations__``, so eager, trace, compile and export run
what they ran before. Only a return annotation that is the bare name (``NoReturn``,
``typing.NoReturn``, ``Never``), not one inside another annotation.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

NEVER = frozenset(
    {
        "typing.NoReturn",
        "typing.Never",
        "typing_extensions.NoReturn",
        "typing_extensions.Never",
    }
)


class NoReturnToNone(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate `-> None`, which TorchScript types (the function only raises)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        if self.ctx.qualified_name(node) not in NEVER:
            return None
        annotation = self.parent(node)
        function = self.parent(annotation) if annotation is not None else None
        if not isinstance(function, cst.FunctionDef) or function.returns is not annotation:
            return None
        return [(node, cst.Name("None"))]
