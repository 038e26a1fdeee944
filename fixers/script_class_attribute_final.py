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

A dict / list / tuple display of literals in the class body -> ``self.X = self.X`` after
``super().__init__()`` (unsafe; see ``ClassContainerOnInstance``).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments
from torchlint.lint.script_facts import literal_type

from ._shared import self_attribute_of_class, super_init_statement


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


def _typed_display(value: cst.BaseExpression) -> bool:
    """A non-empty dict / list / tuple display of literals, keys of one type and values of one
    type: TorchScript types an instance attribute holding it (``Dict[str, float]``, ...)."""
    if isinstance(value, cst.Dict):
        if not value.elements or not all(isinstance(e, cst.DictElement) for e in value.elements):
            return False
        keys = {literal_type(e.key) for e in value.elements}  # type: ignore[union-attr]
        values = {literal_type(e.value) for e in value.elements}
        return len(keys) == 1 and len(values) == 1 and None not in keys | values
    if isinstance(value, (cst.List, cst.Tuple)):
        if not value.elements or any(isinstance(e, cst.StarredElement) for e in value.elements):
            return False
        kinds = {literal_type(e.value) for e in value.elements}
        return None not in kinds and (isinstance(value, cst.Tuple) or len(kinds) == 1)
    return False


class ClassContainerOnInstance(Fixer):
    """``EPS = {"float32": 1e-6, ...}`` in the class body, read as ``self.EPS`` in scripted
    code -> ``self.EPS = self.EPS`` after ``super().__init__()`` (unsafe): TorchScript types
    the attributes of the instance, where the dict / list / tuple now is too. Only for a
    non-empty display of literals of one key type and one value type (a tuple: any literals)
    bound once in the class body of a class whose ``__init__`` calls ``super().__init__()`` at
    its top level and which stores no ``self.EPS`` otherwise. Unsafe: every instance holds the
    same object as before, but a later rebinding of the class attribute (``Model.EPS = ...``)
    no longer reaches existing instances, and ``copy.deepcopy`` copies it per instance."""

    codes = ("TL216",)
    applicability = "unsafe"
    message = "bind the class attribute on the instance in `__init__`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self_attribute_of_class(self, diagnostic.node)
        if found is None or not isinstance(found[1].body, cst.IndentedBlock):
            return None
        attr, cls = found
        values = class_body_values(cls, attr, annotated=False)
        if len(values) != 1 or not _typed_display(values[0]):
            return None
        return bind_on_instance(cls, attr)


def class_body_values(
    cls: cst.ClassDef, attr: str, annotated: bool = True
) -> list[Optional[cst.BaseExpression]]:
    """The values the class body of ``cls`` binds to ``attr`` at its top level (``attr = v``,
    and with ``annotated`` also ``attr: T = v``)."""
    kinds = (cst.Assign, cst.AnnAssign) if annotated else (cst.Assign,)
    return [
        small.value
        for stmt in cls.body.body
        if isinstance(stmt, cst.SimpleStatementLine)
        for small in stmt.body
        if isinstance(small, kinds)
        and any(
            isinstance(target, cst.Name) and target.value == attr
            for target in (
                [t.target for t in small.targets]
                if isinstance(small, cst.Assign)
                else [small.target]
            )
        )
    ]


def bind_on_instance(cls: cst.ClassDef, attr: str) -> Optional[list[Replacement]]:
    """``self.<attr> = self.<attr>`` right after the ``super().__init__()`` statement at the top
    level of ``cls``'s ``__init__``; None where there is none, or where a method of ``cls``
    already stores ``self.<attr>``."""
    if not isinstance(cls.body, cst.IndentedBlock):
        return None
    methods = [m for m in cls.body.body if isinstance(m, cst.FunctionDef)]
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None or not isinstance(init.body, cst.IndentedBlock):
        return None
    if any(self_assignments(m, attr) for m in methods):
        return None
    line = next((s for s in init.body.body if super_init_statement(s)), None)
    if line is None:
        return None
    bind = cst.parse_statement(f"self.{attr} = self.{attr}\n")
    return [(line, cst.FlattenSentinel([line, bind]))]
