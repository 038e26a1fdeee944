"""TL212: ``self.n = np.prod(shape)`` read in scripted code -> ``self.n = int(np.prod(shape))``.

A NumPy integer scalar (``numpy.int64``) is no Python int, and TorchScript converts no NumPy
value to a module attribute, so the scripted module has no such attribute (torch 2.13:
failed to convert Python type: 'numpy.int64'). ``int(...)`` of it is the same number, which
TorchScript keeps as an ``int`` attribute. The ``__init__`` assignments of the attribute in the
reading method's class that bind it to a NumPy call are wrapped.

Unsafe: the value is the same, but it is now a Python int (``isinstance(n, np.integer)`` is
False, and arithmetic past 2**63 no longer wraps around).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import self_attribute_of_class


class NumpyIntAttribute(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = "store `int(...)` of the NumPy integer, an attribute TorchScript keeps"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self_attribute_of_class(self, diagnostic.node)
        if found is None:
            return None
        attr, owner = found
        if not diagnostic.message.startswith(f"`self.{attr}` holds a NumPy integer"):
            return None
        if not isinstance(owner.body, cst.IndentedBlock):
            return None
        init = next(
            (
                s
                for s in owner.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is None or not init.params.params:
            return None
        me = init.params.params[0].name.value
        replacements: list[Replacement] = [
            (value, f"int({self.code(value)})") for value in self._numpy_values(init, me, attr)
        ]
        return replacements or None

    def _numpy_values(self, init: cst.FunctionDef, me: str, attr: str) -> list[cst.Call]:
        """The NumPy calls ``init`` binds ``self.<attr>`` to (``self`` spelled ``me``)."""
        pattern = m.Assign(
            targets=[m.AssignTarget(m.Attribute(value=m.Name(me), attr=m.Name(attr)))],
            value=m.Call(),
        )
        return [
            node.value
            for node in m.findall(init.body, pattern)
            if isinstance(node, cst.Assign)
            and isinstance(node.value, cst.Call)
            and (self.ctx.qualified_name(node.value.func) or "").startswith("numpy.")
        ]
