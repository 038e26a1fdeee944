"""TL210: an ``@torch.jit.ignore`` function without a return annotation whose every return is
surely an ``int`` (``float``, ``bool``, ``str``) -> the annotation ``-> int`` (safe).

TorchScript does not read an ignored function's body: without a return annotation it takes
the result as a Tensor, scripting succeeds, and the call fails when the scripted code runs
(torch 2.13: "Unable to cast ... to Tensor"; the probe's ``max(1, x.shape[-1] // 2)``). The
rule reports such a call when every ``return`` of the function is surely one type (sizes,
``len``, ``int()``, int literals, ``//`` / ``max`` / ``min`` of ints for ``int``; float literals
and ``/`` for ``float``), and names the annotation in its message: that annotation is added to
the ``def`` (``def _num_groups(self, x) -> int:``), and TorchScript casts the Python result to
it (checked on torch 2.13: scripts, runs, equals eager).

Safe: an annotation does nothing when Python runs the function, so eager, trace,
``torch.compile`` and ``torch.export`` (which run or trace the ignored function's Python) are
unchanged. Only the scripted call changes, from a failing cast to a Tensor to the cast to the
type every return has. (Code reading ``__annotations__`` or ``typing.get_type_hints`` of the
function sees the new entry.)
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import local_callee

_ADVICE = re.compile(r"^`(\w+)` is `@torch.jit.ignore` with no return annotation: .*"
                     r"annotate its return type \(`-> (int|float|bool|str)`\)$", re.S)  # fmt: skip


class IgnoredResultAnnotation(Fixer):
    codes = ("TL210",)
    applicability = "safe"
    message = "annotate the ignored function's return type (TorchScript takes it as a Tensor)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        found = _ADVICE.match(diagnostic.message)
        if not isinstance(call, cst.Call) or found is None:
            return None
        name, annotation = found.groups()
        callee = local_callee(self, call)
        if callee is None:
            return None
        function = callee[0]
        if function.name.value != name or function.returns is not None:
            return None
        returns = cst.Annotation(
            cst.Name(annotation),
            whitespace_before_indicator=cst.SimpleWhitespace(" "),
            whitespace_after_indicator=cst.SimpleWhitespace(" "),
        )
        return [(function, function.with_changes(returns=returns))]
