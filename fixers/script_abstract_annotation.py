"""TL214: an abstract container annotation TorchScript has no type for -> the concrete one
(unsafe).

``Mapping[str, torch.Tensor]`` -> ``Dict[str, torch.Tensor]`` (also ``MutableMapping``), and
``Sequence[float]`` / ``Iterable[torch.Tensor]`` -> ``List[float]`` / ``List[torch.Tensor]``
(also ``MutableSequence``, ``Collection``), from ``typing`` or ``collections.abc``, inside
the annotation as written (``Optional[Sequence[int]]`` -> ``Optional[List[int]]``); the
``typing`` import is added. Only subscripted forms: a bare ``Iterable`` says nothing of its
elements.

Eager Python, trace, torch.compile and torch.export do not read annotations, so they run as
before; TorchScript, which refused the function, types the parameter and compiles it. Unsafe:
a scripted caller must now pass a list (a dict) where the annotation allowed a tuple or a
generator, and type checkers see the narrower type.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

CONCRETE = {
    **dict.fromkeys(("Mapping", "MutableMapping"), "Dict"),
    **dict.fromkeys(("Sequence", "MutableSequence", "Iterable", "Collection"), "List"),
}
MODULES = ("typing.", "collections.abc.")


class ConcreteContainerAnnotation(Fixer):
    codes = ("TL214",)
    applicability = "unsafe"
    message = (
        "annotate the concrete container TorchScript types (`Dict` for a mapping, `List` for a "
        "sequence or iterable; unsafe: scripted callers must pass that type)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        annotation = diagnostic.node
        if not isinstance(annotation, cst.BaseExpression) or not isinstance(
            self.parent(annotation), cst.Annotation
        ):
            return None
        replacements: list[Replacement] = []
        unknown = False

        def visit(node: cst.CSTNode) -> None:
            nonlocal unknown
            if isinstance(node, cst.Subscript):
                concrete = self._concrete(node.value)
                if concrete is not None:
                    name = self.import_from("typing", concrete)
                    replacements.append((node.value, cst.Name(name)))
                for element in node.slice:
                    visit(element.slice)
            elif isinstance(node, cst.Index):
                visit(node.value)
            elif isinstance(node, (cst.Name, cst.Attribute)) and self._concrete(node):
                unknown = True  # bare `Iterable`: no element type to keep

        visit(annotation)
        return replacements if replacements and not unknown else None

    def _concrete(self, node: cst.BaseExpression) -> Optional[str]:
        name = self.ctx.qualified_name(node) or ""
        for module in MODULES:
            if name.startswith(module) and name[len(module) :] in CONCRETE:
                return CONCRETE[name[len(module) :]]
        return None
