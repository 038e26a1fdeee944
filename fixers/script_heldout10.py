"""Script fixers for the constructs of the heldout10 probe batch.

- TL209 ``t.item()`` used as a ``range`` bound, a tensor index or the value of a local
  annotated ``int`` (directly, in ``+ - * // %`` with ints, or through a local bound to one)
  -> ``int(...)`` around the reported expression (unsafe): TorchScript's ``item()`` is a
  ``number``; ``int(...)`` gives the int these take. Python's ``item()`` of an integer tensor is
  already that int; of a float tensor eager raised (``range`` and indexing take no float) where
  ``int(...)`` now truncates.
"""

from __future__ import annotations

from typing import Optional

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class IntOfItemNumber(Fixer):
    """``range(t.item())`` / ``x[t.item()]`` / ``k: int = t.item()`` -> ``int(...)`` around
    the number (unsafe: eager raised on a float tensor's item there, which ``int`` truncates)."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "convert the item to int (`int(t.item())`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "TorchScript's `Tensor.item()` returns a `number`" not in diagnostic.message:
            return None
        node = diagnostic.node
        return [(node, f"int({self.code(node)})")]
