"""TL331: a ``functools.partialmethod`` of the class called in graph code -> a call of the
method it wraps with its arguments written out.

``encode_query = partialmethod(_encode, side="query")`` in the class body, then
``self.encode_query(x)`` -> ``self._encode(x, side="query")``. Dynamo cannot run
``partialmethod.__get__`` (torch 2.13, Python 3.11: Observed exception) and calls a method.
The call passes what the partial passed: its positional arguments first, then the call's; its
keywords, then the call's (only where the call repeats none of them and has no ``**``, which
could).

Unsafe: the partial holds the function the class body defined; ``self._encode`` is looked up
on the instance, so a subclass that overrides ``_encode`` (or an instance attribute of that
name) is now called instead.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute

from ._tensor_exprs import has_comments


class PartialMethodCallWrittenOut(Fixer):
    codes = ("TL331",)
    applicability = "unsafe"
    message = (
        "call the wrapped method with the partial's arguments (unsafe: a subclass's override "
        "of the wrapped method is now called)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        read = diagnostic.node
        if "functools.partialmethod" not in diagnostic.message:
            return None
        attr = self_attribute(read)
        call = self.parent(read)
        if attr is None or not isinstance(call, cst.Call) or call.func is not read:
            return None
        if has_comments(call) or any(a.star for a in call.args):
            return None
        cls = next((a for a in self.ancestors(read) if isinstance(a, cst.ClassDef)), None)
        partial = _partial_of(self, cls, attr) if cls is not None else None
        if partial is None:
            return None
        wrapped, bound = partial
        keywords = {a.keyword.value for a in bound if a.keyword is not None}
        if any(a.keyword is not None and a.keyword.value in keywords for a in call.args):
            return None
        positional = [a for a in bound if a.keyword is None]
        named = [a for a in bound if a.keyword is not None]
        given = [self.code(a.value) for a in positional]
        given += [self.code(a).strip().rstrip(",") for a in call.args if a.keyword is None]
        given += [f"{a.keyword.value}={self.code(a.value)}" for a in named]  # type: ignore[union-attr]
        given += [self.code(a).strip().rstrip(",") for a in call.args if a.keyword is not None]
        return [(call, f"{self.code(read.value)}.{wrapped}({', '.join(given)})")]  # type: ignore[attr-defined]


def _partial_of(fixer: Fixer, cls: cst.ClassDef, attr: str) -> Optional[tuple[str, list[cst.Arg]]]:
    """The method name and the bound arguments of ``attr = partialmethod(method, ...)``, the
    one binding of ``attr`` in the class body, ``method`` the one ``def`` of that name in the
    body, above it."""
    if not isinstance(cls.body, cst.IndentedBlock):
        return None
    found: list[tuple[cst.BaseExpression, set[str]]] = []
    defined: list[str] = []
    for statement in cls.body.body:
        if isinstance(statement, cst.FunctionDef):
            defined.append(statement.name.value)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and any(
                    isinstance(t.target, cst.Name) and t.target.value == attr for t in small.targets
                ):
                    found.append((small.value, set(defined)))
    if attr in defined or len(found) != 1:
        return None
    call, before = found[0]
    if not isinstance(call, cst.Call):
        return None
    if fixer.ctx.qualified_name(call.func) != "functools.partialmethod" or not call.args:
        return None
    first, *bound = call.args
    if first.keyword is not None or first.star or not isinstance(first.value, cst.Name):
        return None
    # The one `def` of that name, above the partial (a later one would be what `self.` reads).
    if first.value.value not in before or defined.count(first.value.value) != 1:
        return None
    if any(a.star for a in bound):
        return None
    return first.value.value, bound
