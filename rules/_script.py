"""Helpers shared by the TL2xx rules (what ``torch.jit.script`` rejects or mis-types)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext

SCRIPT = ("script",)


def in_script(ctx: LintContext) -> bool:
    """Whether the current node is compiled by ``torch.jit.script``."""
    return "script" in ctx.targets


def is_method(ctx: LintContext, node: cst.FunctionDef) -> bool:
    """A method whose first parameter is ``self``/``cls`` (not a staticmethod)."""
    info = ctx.model.function_info(node)
    if info is None or info.owner_class is None or info.parent is not None:
        return False
    for dec in node.decorators:
        if ctx.qualified_name(dec.decorator) == "builtins.staticmethod":
            return False
    return True


def signature_params(ctx: LintContext, node: cst.FunctionDef) -> list[cst.Param]:
    """Parameters TorchScript types (``self``/``cls`` of a method left out)."""
    params = node.params
    ordered = [*params.posonly_params, *params.params]
    if is_method(ctx, node) and ordered:
        ordered = ordered[1:]
    return [*ordered, *params.kwonly_params]


def literal_type(node: Optional[cst.BaseExpression]) -> Optional[str]:
    """``int``/``float``/``bool``/``str`` for a literal of that type, else None."""
    if node is None:
        return None
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    if isinstance(node, cst.Integer):
        return "int"
    if isinstance(node, cst.Float):
        return "float"
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = node.prefix if isinstance(node, cst.SimpleString) else "u"
        return None if "b" in text.lower() else "str"
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return "bool"
    return None


def is_none(node: Optional[cst.BaseExpression]) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def annotation_allows_none(annotation: cst.BaseExpression) -> bool:
    """``Optional[T]``, ``Union[T, None]``, ``T | None``, ``None`` and ``Any`` accept None."""
    code = cst.Module([]).code_for_node(annotation)
    return any(word in code for word in ("Optional", "None", "Any"))


class _BoundNames(cst.CSTVisitor):
    """Names a function binds locally: parameters, assignment / loop / with / except targets."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def _targets(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Name):
            self.names.add(node.value)
        elif isinstance(node, (cst.Tuple, cst.List)):
            for element in node.elements:
                self._targets(element.value)
        elif isinstance(node, cst.StarredElement):
            self._targets(node.value)

    def visit_Param(self, node: cst.Param) -> None:
        self.names.add(node.name.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._targets(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._targets(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._targets(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._targets(node.target)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._targets(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._targets(node.name)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._targets(node.target)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            name = node.name
            while isinstance(name, cst.Attribute):
                name = name.value
            if isinstance(name, cst.Name):
                self.names.add(name.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.names.add(node.name.value)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.names.add(node.name.value)
        return False


def bound_names(function: cst.FunctionDef) -> set[str]:
    """Every name ``function`` binds itself (its locals and parameters)."""
    visitor = _BoundNames()
    function.visit(visitor)
    return visitor.names
