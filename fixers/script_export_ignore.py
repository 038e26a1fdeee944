"""TL205 / TL209: Python TorchScript cannot compile in an ``@torch.jit.export`` method that no
scripted code calls -> ``@torch.jit.ignore`` (unsafe).

A debugging or analysis method exported to the scripted module (``@torch.jit.export def
activation_histogram(self, x): h = ....numpy(); np.histogram(h)``) is compiled with the
module, and its NumPy calls fail the whole ``torch.jit.script`` (torch 2.13: 'Tensor' object
has no attribute or method 'numpy'). ``@torch.jit.ignore`` leaves it Python: TorchScript
compiles ``forward`` and the methods it calls, and copies an ignored method onto the
scripted module bound to it, so ``scripted.activation_histogram(x)`` still runs (in Python,
on the scripted submodules). Eager runs the same method (both decorators return it
unchanged). Only where no other method of the class calls it through ``self``, and the
method has that one decorator.

Unsafe: the method is no longer compiled, so ``torch.jit.save`` keeps no code for it and a
scripted model loaded elsewhere (C++, another process) has no such method.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk


class ExportToIgnore(Fixer):
    codes = ("TL205", "TL209")
    applicability = "unsafe"
    message = "keep the exported debugging method in Python with `@torch.jit.ignore`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if node is None:
            return None
        method = self.enclosing_function(node)
        if method is None or len(method.decorators) != 1:
            return None
        decorator = method.decorators[0].decorator
        if self.ctx.qualified_name(decorator) != "torch.jit.export":
            return None
        cls = self.parent(self.parent(method) or method)
        if not isinstance(cls, cst.ClassDef) or self._called(cls, method):
            return None
        spelled = self.code(decorator)
        if not spelled.endswith("export"):
            return None
        return [(decorator, cst.parse_expression(spelled[: -len("export")] + "ignore"))]

    @staticmethod
    def _called(cls: cst.ClassDef, method: cst.FunctionDef) -> bool:
        """Whether any method of the class but ``method`` reads ``self.<its name>``."""
        name = method.name.value
        found = False

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if node is method:
                return False
            if (
                isinstance(node, cst.Attribute)
                and node.attr.value == name
                and isinstance(node.value, cst.Name)
                and node.value.value == "self"
            ):
                found = True
            return None

        walk(cls.body, enter, lambda node: None)
        return found
