"""TL214: an annotation TorchScript cannot resolve -> the type it stands for (safe).

- ``dim: Dim`` with ``Dim = Annotated[int, "axis"]`` (or ``dim: Annotated[int, "axis"]``)
  -> ``dim: int``: ``Annotated`` adds metadata to its first argument, which is the type.
- ``mode: Mode`` with ``Mode = Literal["sum", "mean"]`` (or the ``Literal`` itself) ->
  ``mode: str``: every value it admits is a str (``int`` / ``bool`` where all are).
- ``heads: Heads`` with ``Heads = NewType("Heads", int)`` -> ``heads: int``: a ``NewType``
  is its type at run time (its call returns the argument unchanged).

TorchScript has no type for ``Annotated``, ``Literal`` or a ``NewType``, and resolves an alias
through its value (torch 2.13: Unknown type name 'Dim' / Unknown type constructor Annotated);
it compiles the plain type (checked on torch 2.13: scripts, equals eager). Python reads
annotations only into ``__annotations__``, so eager, trace, compile and export run what they
ran before. Only in a signature TL214 reported, where the type is a name, an attribute or a
subscript of those (``Optional[int]``); the alias itself is left as it is.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import module_alias

ANNOTATED = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
LITERAL = frozenset({"typing.Literal", "typing_extensions.Literal"})
NEW_TYPE = frozenset({"typing.NewType", "typing_extensions.NewType"})


class AliasToPlainType(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate the plain type the alias stands for, which TorchScript resolves"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        annotation = self.parent(node)
        if not isinstance(annotation, cst.Annotation) or annotation.annotation is not node:
            return None
        value: Optional[cst.BaseExpression] = node
        if isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            if not isinstance(text, str) or not text.isidentifier():
                return None
            value = cst.Name(text)
        if isinstance(value, cst.Name):
            value = module_alias(self.ctx.module, value.value) or value
        plain = self._plain_type(value)
        if plain is None:
            return None
        return [(node, cst.parse_expression(plain))]

    def _plain_type(self, value: cst.BaseExpression) -> Optional[str]:
        if isinstance(value, cst.Call):
            if self.ctx.qualified_name(value.func) not in NEW_TYPE or len(value.args) != 2:
                return None
            return self._type_code(value.args[1].value)
        if not isinstance(value, cst.Subscript):
            return None
        name = self.ctx.qualified_name(value.value)
        elements = [e.slice for e in value.slice]
        if not all(isinstance(e, cst.Index) for e in elements):
            return None
        items = [e.value for e in elements]  # type: ignore[union-attr]
        if name in ANNOTATED and items:
            return self._type_code(items[0])
        if name in LITERAL and items:
            kinds = {_literal_kind(item) for item in items}
            if len(kinds) == 1 and None not in kinds:
                return kinds.pop()
        return None

    def _type_code(self, node: cst.BaseExpression) -> Optional[str]:
        """The code of a type written as a name, attribute or subscript of those."""
        if isinstance(node, cst.Name):
            if module_alias(self.ctx.module, node.value) is not None:
                return None  # an alias again: not followed
            return node.value
        if isinstance(node, cst.Attribute):
            return self.code(node)
        if isinstance(node, cst.Subscript) and isinstance(node.value, (cst.Name, cst.Attribute)):
            for element in node.slice:
                inner = element.slice
                if not isinstance(inner, cst.Index):
                    return None
                if self._type_code(inner.value) is None and not isinstance(
                    inner.value, cst.Subscript
                ):
                    return None
            name = self.ctx.qualified_name(node.value) or ""
            if name in ANNOTATED | LITERAL:
                return None
            return self.code(node)
        return None


def _literal_kind(node: cst.BaseExpression) -> Optional[str]:
    if isinstance(node, cst.SimpleString):
        return "str" if isinstance(node.evaluated_value, str) else None
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return "bool"
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    if isinstance(node, cst.Integer):
        return "int"
    return None
