"""TL204 / TL105: ``a, b, c = t`` of a Tensor -> ``a, b, c = t.unbind(0)``.

``q, k, v = self.qkv(x).view(b, n, 3, h, -1).permute(2, 0, 3, 1, 4)`` ->
``q, k, v = self.qkv(x).view(b, n, 3, h, -1).permute(2, 0, 3, 1, 4).unbind(0)``. Python
unpacks a Tensor by iterating its first dimension; TorchScript unpacks only tuples and lists
(torch 2.13: Tensor cannot be used as a tuple) and types ``unbind`` as ``List[Tensor]``, which
it unpacks (checked on torch 2.13: scripts and equals eager). ``torch.jit.trace`` warns on the
iteration (TracerWarning: Iterating over a tensor) and records ``unbind`` without a warning.

Only for an assignment with one target, a tuple or list of plain names (no ``*``), whose
value the rule found to be a Tensor, and not an unannotated parameter: TorchScript types one
as a Tensor, which is why TL204 reports it, but in eager a caller may pass a tuple of tensors
(cerebral-lstm's ``UC_prev, LC_prev = cell_states``), which has no ``unbind``.

Safe: ``Tensor.__iter__`` is ``iter(self.unbind(0))``, so the names get the same views in
eager, under tracing and torch.compile; a count that does not match raises ValueError both
ways.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript)


class TensorUnpackUnbind(Fixer):
    codes = ("TL204", "TL105")
    applicability = "safe"
    message = "unpack `t.unbind(0)`, a list TorchScript unpacks and trace records"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if diagnostic.code == "TL204":
            if not diagnostic.message.startswith("tuple unpacking of a Tensor"):
                return None
            holder = self.parent(node)
            assign = self.parent(holder) if holder is not None else None
            if not isinstance(holder, cst.AssignTarget) or holder.target is not node:
                return None
        else:
            # TL105 reports the unpacked value.
            if not diagnostic.message.startswith("unpacking a tensor"):
                return None
            assign = self.parent(node)
            if not isinstance(assign, cst.Assign) or assign.value is not node:
                return None
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, (cst.Tuple, cst.List))
            and all(
                isinstance(e, cst.Element) and isinstance(e.value, cst.Name)
                for e in assign.targets[0].target.elements  # type: ignore[union-attr]
            )
        ):
            return None
        value = assign.value
        if isinstance(value, cst.Name) and self._unannotated_parameter(value):
            return None
        code = self.code(value)
        text = f"{code}.unbind(0)" if isinstance(value, ATOMS) else f"({code}).unbind(0)"
        return [(value, cst.parse_expression(text))]

    def _unannotated_parameter(self, name: cst.Name) -> bool:
        """``name`` is a parameter of its function without an annotation."""
        function = self.enclosing_function(name)
        if function is None:
            return False
        params = function.params
        return any(
            param.name.value == name.value and param.annotation is None
            for param in (*params.posonly_params, *params.params, *params.kwonly_params)
        )
