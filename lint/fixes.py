"""Fixers turn a finding into text edits; this module holds their base class.

A fixer is a small class in ``fixers/`` that names the rule codes it fixes and its safety, and
returns replacements for CST nodes of the reported tree. The engine converts them to
:class:`Edit` records (so JSON, the LSP and ``torchlint fix`` share them); applying edits
(conflicts, re-parse check, idempotence, atomic writes, diffs) is generic and lives here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Applicability, Diagnostic

if TYPE_CHECKING:
    from torchlint.lint.context import LintContext

Replacement = tuple[cst.CSTNode, Union[cst.CSTNode, str]]


class Fixer:
    codes: ClassVar[tuple[str, ...]] = ()
    applicability: ClassVar[Applicability] = "safe"
    message: ClassVar[str] = ""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        """Replacements (old node, new node or source text) that fix ``diagnostic``, or None."""
        raise NotImplementedError
