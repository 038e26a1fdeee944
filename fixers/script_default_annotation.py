"""TL214: ``tau: int = 1.0`` -> ``tau: float = 1.0``, the annotation the default has (unsafe).

TorchScript refuses a float default for an ``int`` parameter ("Expected a default value of type
int"); eager Python, trace, torch.compile and torch.export do not read annotations, and the
default stays the float eager always used. Unsafe: a scripted caller passing an int there is
now refused (TorchScript does not take an int for a ``float`` parameter of a function it
compiles), and type checkers see the other type.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class AnnotationOfTheDefault(Fixer):
    codes = ("TL214",)
    applicability = "unsafe"
    message = (
        "annotate the parameter `float`, the type of its default (unsafe: scripted callers "
        "passing an int are then refused)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        default = diagnostic.node
        param = self.parent(default) if default is not None else None
        if not isinstance(param, cst.Param) or param.default is not default:
            return None
        if param.annotation is None or not isinstance(default, cst.Float):
            return None
        annotation = param.annotation.annotation
        if self.ctx.qualified_name(annotation) != "builtins.int":
            return None
        return [(annotation, cst.Name("float"))]
