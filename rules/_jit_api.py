"""Shared base of the TL5xx migration rules: a reference to a TorchScript API.

Each rule names the qualified APIs it covers and a message per API. The finding sits on the
``Name`` or ``Attribute`` node that spells the API (``torch.jit.ignore`` in ``@torch.jit.ignore``,
``script`` after ``from torch.jit import script``), which is the node a fixer replaces. Import
statements are not reported: the uses are.
"""

from __future__ import annotations

from typing import ClassVar

import libcst as cst

from torchlint.lint.rule import Rule
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import mentions, names_api


class JitApiRule(Rule):
    """Reports every use of the APIs in ``apis`` (qualified name -> message)."""

    targets: ClassVar[tuple[str, ...]] = ()
    graph_only: ClassVar[bool] = False
    severity = "warning"
    apis: ClassVar[dict[str, str]] = {}

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._in_import = 0
        # ``attr`` names of attributes already looked at (``script`` in ``torch.jit.script``).
        self._inner: set[int] = set()
        self._spellings = self._spellings_in(ctx.model.summary)

    @classmethod
    def _spellings_in(cls, summary: FileSummary) -> set[str]:
        """Last components that can spell one of the APIs (``script``, or a local alias), so
        most names are dismissed without resolving them."""
        return {api.rsplit(".", 1)[-1] for api in cls.apis} | {
            local for local, target in summary.imports.items() if target in cls.apis
        }

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # A reported node is `<...>.script` or a name imported as one of the APIs, and every
        # API is under `torch.jit`, so the text names `jit` too (`# type: ignore` is no
        # `torch.jit.ignore`).
        return mentions(text, "jit") and names_api(text, summary, cls.apis)

    def visit_Import(self, node: cst.Import) -> None:
        self._in_import += 1

    def leave_Import(self, node: cst.Import) -> None:
        self._in_import -= 1

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self._in_import += 1

    def leave_ImportFrom(self, node: cst.ImportFrom) -> None:
        self._in_import -= 1

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._inner.add(id(node.attr))
        self._inner.add(id(node.value))
        if (
            node.attr.value in self._spellings
            and not self._in_import
            and id(node) not in self._inner
        ):
            self._check(node)

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in self._spellings and not self._in_import and id(node) not in self._inner:
            self._check(node)

    def _check(self, node: cst.BaseExpression) -> None:
        name = self.ctx.qualified_name(node)
        if name in self.apis:
            self.report(node, self.apis[name])
