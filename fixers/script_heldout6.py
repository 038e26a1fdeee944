"""Rewrites of values TorchScript types otherwise than Python, to a spelling it compiles.

- TL209 ``sorted(d.items())`` of a dict of tensors -> ``[(key, d[key]) for key in
  sorted(d.keys())]`` (safe): dict keys are unique, so Python's sort of the pairs compares the
  keys alone, and the pairs come out in the same order; TorchScript compares the whole
  (key, tensor) tuples and fails at run time on tensors of different shapes.
- TL205 ``x.shape.numel()`` / ``x.size().numel()`` -> ``x.numel()`` (safe: the same number);
  ``x.shape[k:].numel()`` -> ``x.flatten(k).shape[k]`` for an int literal ``k >= 1`` (unsafe:
  it raises on a tensor of ``k`` dimensions or fewer, where the product of no sizes is 1, and
  copies a tensor whose dimensions from ``k`` cannot be viewed as one). TorchScript's shapes are
  ``List[int]``, which has no ``numel``.
- TL214 a return or parameter annotation naming a ``TypedDict`` of this file whose fields are
  all annotated the same type ``T`` -> ``dict[str, T]`` (safe: Python does not check
  annotations; TorchScript compiles a TypedDict as a class of its own and rejects the dict).
- TL212 a set stored on the module and read only by ``in`` / ``not in`` -> a list (unsafe; see
  ``SetAttributeToList``).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.walk import walk

from ._shared import fresh_name, local_definition
from ._tensor_exprs import has_comments

TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})


class SortedDictItemsByKey(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "sort the keys and look the values up"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.sorted"
            or len(call.args) != 1
        ):
            return None
        items = call.args[0].value
        if not (
            isinstance(items, cst.Call)
            and not items.args
            and isinstance(items.func, cst.Attribute)
            and items.func.attr.value == "items"
            and isinstance(items.func.value, cst.Name)
        ):
            return None
        mapping = items.func.value.value
        key = fresh_name(self, call, "key", "name")
        text = f"[({key}, {mapping}[{key}]) for {key} in sorted({mapping}.keys())]"
        return [(call, cst.parse_expression(text))]


def _numel_call(
    fixer: Fixer, diagnostic: Diagnostic
) -> Optional[tuple[cst.Call, cst.BaseExpression]]:
    """The ``<shape>.numel()`` call a TL205 finding points into, and its receiver."""
    attribute = diagnostic.node
    if not isinstance(attribute, cst.Attribute) or attribute.attr.value != "numel":
        return None
    call = fixer.parent(attribute)
    if not isinstance(call, cst.Call) or call.func is not attribute or call.args:
        return None
    return call, attribute.value


def _shape_of(node: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``x`` of ``x.shape`` / ``x.size()``."""
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute):
        if node.func.attr.value == "size":
            return node.func.value
        return None
    if isinstance(node, cst.Attribute) and node.attr.value == "shape":
        return node.value
    return None


class ShapeNumelToNumel(Fixer):
    codes = ("TL205",)
    applicability = "safe"
    message = "count the tensor's elements with `.numel()`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _numel_call(self, diagnostic)
        tensor = _shape_of(found[1]) if found else None
        if found is None or tensor is None:
            return None
        return [(found[0], cst.parse_expression(f"{self.code(tensor)}.numel()"))]


class ShapeSliceNumelToFlatten(Fixer):
    codes = ("TL205",)
    applicability = "unsafe"
    message = "flatten the trailing dimensions and read the size"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _numel_call(self, diagnostic)
        if found is None or not isinstance(found[1], cst.Subscript):
            return None
        subscript = found[1]
        if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Slice):
            return None
        bounds = subscript.slice[0].slice
        tensor = _shape_of(subscript.value)
        if (
            tensor is None
            or bounds.upper is not None
            or bounds.step is not None
            or not isinstance(bounds.lower, cst.Integer)
            or int(bounds.lower.evaluated_value) < 1
        ):
            return None
        start = int(bounds.lower.evaluated_value)
        text = f"{self.code(tensor)}.flatten({start}).shape[{start}]"
        return [(found[0], cst.parse_expression(text))]


class TypedDictAnnotationToDict(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate a dict instead of the TypedDict"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        annotation = diagnostic.node
        if not isinstance(annotation, (cst.Name, cst.Attribute)):
            return None
        name = self.ctx.qualified_name(annotation)
        definition = local_definition(self, name) if name else None
        if not isinstance(definition, cst.ClassDef) or not any(
            self.ctx.qualified_name(base.value) in TYPED_DICTS for base in definition.bases
        ):
            return None
        fields = set()
        body = definition.body
        if not isinstance(body, cst.IndentedBlock):
            return None
        for statement in body.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.AnnAssign):
                        fields.add(self.code(small.annotation.annotation).strip())
                    elif not (
                        isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString)
                    ):
                        return None
            else:
                return None
        if len(fields) != 1:
            return None
        (value,) = fields
        return [(annotation, cst.parse_expression(f"dict[str, {value}]"))]


class SetAttributeToList(Fixer):
    """TL212 ``self.skip = set(layers)`` (or a set literal) read only by ``in`` / ``not in``
    -> ``self.skip = list(set(layers))`` (``[...]`` for a literal). Unsafe: a list answers
    membership by ``==`` where the set hashes (the same for ints and strings), and an empty
    one has no element type TorchScript can infer."""

    codes = ("TL212",)
    applicability = "unsafe"
    message = "store a list: TorchScript has no set type"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        read = diagnostic.node
        if not isinstance(read, cst.Attribute) or "a set" not in diagnostic.message:
            return None
        if not (isinstance(read.value, cst.Name) and read.value.value == "self"):
            return None
        cls = next((a for a in self.ancestors(read) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        attr = read.attr.value
        stores: list[cst.BaseExpression] = []
        reads: list[cst.Attribute] = []
        targets: set[int] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, cst.Assign):
                for target in child.targets:
                    targets.add(id(target.target))
                    if self_attribute(target.target) == attr:
                        stores.append(child.value)
            elif isinstance(child, (cst.AugAssign, cst.AnnAssign)):
                if self_attribute(child.target) == attr:
                    stores.append(cst.Name("?"))
            elif isinstance(child, cst.Attribute) and id(child) not in targets:
                if self_attribute(child) == attr:
                    reads.append(child)
            return None

        walk(cls, enter, lambda child: None)
        if not stores or not reads or not all(self._membership(r) for r in reads):
            return None
        edits: list[Replacement] = []
        for value in stores:
            if isinstance(value, cst.Set):
                items = ", ".join(self.code(e.value) for e in value.elements)
                edits.append((value, cst.parse_expression(f"[{items}]")))
            elif isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) in (
                "builtins.set",
                "builtins.frozenset",
            ):
                edits.append((value, cst.parse_expression(f"list({self.code(value)})")))
            else:
                return None
        return edits

    def _membership(self, read: cst.Attribute) -> bool:
        target = self.parent(read)
        return (
            isinstance(target, cst.ComparisonTarget)
            and target.comparator is read
            and isinstance(target.operator, (cst.In, cst.NotIn))
        )


class TypedDictCallToDisplay(Fixer):
    """TL214: ``Outputs(logits=a, aux=b)`` of a ``TypedDict`` of this file -> ``{"logits": a,
    "aux": b}`` (safe). Calling a TypedDict makes a plain ``dict`` of its keyword arguments, so
    eager is unchanged; TorchScript compiles the TypedDict as a class with no ``__init__``
    (torch 2.13: Class Outputs does not have an __init__ function defined) and a display as a
    dict. Only a call of keyword arguments alone (no positional mapping, no ``**``)."""

    codes = ("TL214",)
    applicability = "safe"
    message = "build the dict as a display"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or "builds a TypedDict" not in diagnostic.message:
            return None
        name = self.ctx.qualified_name(call.func)
        definition = local_definition(self, name) if name else None
        if not isinstance(definition, cst.ClassDef) or not any(
            self.ctx.qualified_name(base.value) in TYPED_DICTS for base in definition.bases
        ):
            return None
        if not call.args or any(a.keyword is None or a.star for a in call.args):
            return None
        if has_comments(call):
            return None  # a display rebuilt from the arguments would drop them
        items = ", ".join(
            f'"{a.keyword.value}": {self.code(a.value).strip()}'
            for a in call.args
            if a.keyword is not None
        )
        display = cst.parse_expression("{" + items + "}")
        return [(call, display.with_changes(lpar=call.lpar, rpar=call.rpar))]
