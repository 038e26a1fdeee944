"""TL214: ``x: torch.tensor`` (the factory function for the type) -> ``x: torch.Tensor`` (safe).

``torch.tensor`` is the function that makes a tensor, not its type: TorchScript resolves no
type from it and scripting fails (torch 2.13: Unknown type name 'torch.tensor'), while
``torch.Tensor`` is what the annotation meant. Python keeps annotations in
``__annotations__`` only, so eager, trace, compile and export run what they ran before;
TorchScript then compiles the parameter (or return) as a Tensor (checked on torch 2.13:
scripts, equals eager). The module name is kept as written (``th.tensor`` -> ``th.Tensor``).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class TensorFunctionAnnotationToType(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate `torch.Tensor`, the type, instead of the function `torch.tensor`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        annotation = self.parent(node)
        if not isinstance(annotation, cst.Annotation) or annotation.annotation is not node:
            return None
        if not isinstance(node, cst.Attribute) or node.attr.value != "tensor":
            return None
        if self.ctx.qualified_name(node) != "torch.tensor":
            return None
        return [(node, node.with_changes(attr=cst.Name("Tensor")))]
