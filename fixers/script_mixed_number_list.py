"""TL227: `torch.tensor([1, 0.5, 0.25])` in scripted code -> `torch.tensor([1.0, 0.5, 0.25])`
(safe).

TorchScript types a list display of ints and floats as ``List[Union[float, int]]``, which
``torch.tensor`` does not take; written as floats, the list is a ``List[float]``. Eager makes
the same tensor from both: one float among the elements gives the whole tensor the default
float dtype, and an int literal is exactly that float.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.script_facts import mixed_number_list, number_kind


class MixedNumberListToFloats(Fixer):
    codes = ("TL227",)
    applicability = "safe"
    message = "write the int literals as floats (`1.0`), which TorchScript types as List[float]"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not call.args:
            return None
        value = call.args[0].value
        if isinstance(value, cst.Name):
            function = self.enclosing_function(call)
            bound = assignments(function, value.value) if function is not None else []
            if len(bound) != 1 or bound[0][0] is UNKNOWN_VALUE:
                return None
            value = bound[0][0]
        if not mixed_number_list(value):
            return None
        replacements: list[Replacement] = []
        for element in value.elements:  # type: ignore[attr-defined]
            literal = element.value
            if isinstance(literal, cst.UnaryOperation):
                literal = literal.expression
            if number_kind(literal) == "int":
                replacements.append((literal, cst.Float(f"{int(literal.value, 0)}.0")))
        return replacements
