"""TL216: a class attribute read through ``self`` in scripted code -> ``Final[<type>]``
(safe).

``eps = 1e-5`` in the body of a class of the file -> ``eps: Final[float] = 1e-5`` with
``from typing import Final``: TorchScript takes the names a module class annotates ``Final``
as constants, found with ``getattr`` on the instance, so the class attribute becomes visible.
Only for an int, float, bool or str literal (the type is then certain), in an undecorated
class; only where that class is the first with annotations, depth-first, from every module
class of the file using it (TorchScript reads only that class's annotations), and where
annotating it hides no other class's annotations (a class with none before, followed by one
with some).

Safe: an annotation changes nothing at run time but ``__annotations__``, which only
TorchScript reads here; the value stays where it was.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from .script_annotations import literal_type


class AnnotateClassAttributeFinal(Fixer):
    codes = ("TL216",)
    applicability = "safe"
    message = "annotate the class attribute `Final` so TorchScript takes it as a constant"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not (
            isinstance(node, cst.Attribute)
            and isinstance(node.value, cst.Name)
            and node.value.value == "self"
        ):
            return None
        attr = node.attr.value
        function = self.enclosing_function(node)
        info = self.ctx.model.function_info(function) if function is not None else None
        if info is None or info.owner_class is None:
            return None
        index = self.ctx.index
        summary = self.ctx.model.summary
        users = [
            summary.qualify(local)
            for local in summary.classes
            if index.is_module_class(summary.qualify(local))
            and any(name == info.owner_class for name, _, _ in index.mro(summary.qualify(local)))
        ]
        defining = None
        for user in users:
            chain = index.mro(user)
            found = self._defining(chain, attr)
            if found is None or (defining is not None and found != defining):
                return None
            defining = found
            position = next(i for i, (name, _, _) in enumerate(chain) if name == found)
            if any(cls.annotated for _, _, cls in chain[:position]):
                return None  # TorchScript would read an earlier class's annotations
            _, owner_summary, cls = chain[position]
            if owner_summary is not summary:
                return None
            if not cls.annotated and any(c.annotated for _, _, c in chain[position + 1 :]):
                return None  # the annotation would hide a later class's
        if defining is None:
            return None
        statement = self._assignment(defining, attr)
        if statement is None:
            return None
        line, assign = statement
        kind = literal_type(assign.value)
        if kind is None:
            return None
        final = self.import_from("typing", "Final")
        annotated = cst.AnnAssign(
            target=assign.targets[0].target,
            annotation=cst.Annotation(cst.parse_expression(f"{final}[{kind}]")),
            value=assign.value,
        )
        body = [annotated if small is assign else small for small in line.body]
        return [(line, line.with_changes(body=body))]

    @staticmethod
    def _defining(chain, attr: str) -> Optional[str]:  # type: ignore[no-untyped-def]
        for name, _, cls in chain:
            if attr in cls.attributes or cls.body_values.get(attr) == "final":
                return None
            if attr in cls.methods or attr in cls.body_values:
                return name if cls.body_values.get(attr) == "value" else None
        return None

    def _assignment(
        self, qualname: str, attr: str
    ) -> Optional[tuple[cst.SimpleStatementLine, cst.Assign]]:
        """The one ``attr = <value>`` statement of the class body (this file)."""
        local = qualname.rsplit(".", 1)[-1]
        cls = next(
            (
                stmt
                for stmt in self.ctx.module.body
                if isinstance(stmt, cst.ClassDef) and stmt.name.value == local
            ),
            None,
        )
        if cls is None or cls.decorators or not isinstance(cls.body, cst.IndentedBlock):
            return None
        found = []
        for stmt in cls.body.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                targets = []
                if isinstance(small, cst.Assign):
                    targets = [t.target for t in small.targets]
                elif isinstance(small, cst.AnnAssign):
                    targets = [small.target]
                if any(isinstance(t, cst.Name) and t.value == attr for t in targets):
                    found.append((stmt, small))
        if len(found) != 1:
            return None
        stmt, small = found[0]
        if not isinstance(small, cst.Assign) or len(small.targets) != 1:
            return None
        return stmt, small
