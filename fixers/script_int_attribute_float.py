"""TL215: a module attribute TorchScript types ``int`` handed to a float argument ->
``float(self.X)`` there (unsafe).

``self.drop = drop`` with ``drop=0`` makes TorchScript type the attribute ``int`` from its
value, and an int is no float argument (``F.dropout(x, p=self.drop)``, ``F.pad(x, pad,
value=self.pad_value)``; torch 2.13: the call matches no schema). ``float(self.drop)``
compiles, and eager computes with the same number: the functions take an int or a float alike
there (checked on torch 2.13: scripts, equals eager). Only the argument TL215 reported, when it
is ``self.<name>`` itself. Unsafe: a value the attribute may hold that ``float()`` rejects (a
``None`` a caller passes where the function took it, as ``F.pad``'s ``value`` does) now raises.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

INT_ATTRIBUTE = "TorchScript types a module attribute by its value"


class IntAttributeToFloat(Fixer):
    codes = ("TL215",)
    applicability = "unsafe"
    message = (
        "convert the attribute where the float argument takes it (`float(self.drop)`) "
        "(unsafe: a None or non-number it may hold now raises)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        arg = diagnostic.node
        if INT_ATTRIBUTE not in diagnostic.message or not isinstance(arg, cst.Arg):
            return None
        value = arg.value
        if not (
            isinstance(value, cst.Attribute)
            and isinstance(value.value, cst.Name)
            and value.value.value == "self"
        ):
            return None
        return [(value, cst.Call(func=cst.Name("float"), args=[cst.Arg(value)]))]
