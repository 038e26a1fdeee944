"""TL212: an empty list or dict attribute -> a class-level annotation with its element types
(safe).

``self.history = []`` in ``__init__`` and ``self.history.append(y.detach())`` in ``forward``
-> ``history: List[torch.Tensor]`` at the top of the class body; ``self.cache = {}`` with
``self.cache["prev"] = key`` -> ``cache: Dict[str, torch.Tensor]``. TorchScript cannot type
an empty container from its value but reads the class's annotations. The element types come
from every write in the class's methods (``.append`` / ``.insert`` / ``[key] = value``): each
must be a tensor, a size (int), or an int, float or string literal, all of one type; a
container that is also rebound to a non-empty value, extended or written with anything else is
left alone. ``self.items: List[torch.Tensor] = []`` in ``__init__`` (an annotation
TorchScript does not read there) -> ``items: List[torch.Tensor]``, the author's own type; and
``self.frozen = list(frozen or [])`` (or ``list(frozen) if frozen is not None else []``) with
``frozen: Optional[Sequence[int]]`` -> ``frozen: List[int]``, the element type of the
parameter's annotation (``Sequence`` / ``List`` / ``Iterable`` / ``Tuple[T, ...]``). Not on a
decorated class (a ``@dataclass`` would turn the annotation into a field).

Safe: a class annotation without a value changes nothing at run time but
``__annotations__``, which only TorchScript reads here; eager, trace, compile and export run
as before.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import is_docstring

LIST_WRITES = {"append": 0, "insert": 1}  # method -> the position of the element argument


def _self_attr(node: cst.CSTNode, attr: str) -> bool:
    return (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
        and node.attr.value == attr
    )


def _empty(value: cst.BaseExpression) -> Optional[str]:
    """``[]`` / ``list()`` -> "list", ``{}`` / ``dict()`` -> "dict"."""
    if isinstance(value, cst.List) and not value.elements:
        return "list"
    if isinstance(value, cst.Dict) and not value.elements:
        return "dict"
    if isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Name):
        return {"list": "list", "dict": "dict"}.get(value.func.value)
    return None


SEQUENCES = frozenset(
    {
        "typing.Sequence",
        "typing.List",
        "typing.Iterable",
        "typing.Collection",
        "collections.abc.Sequence",
        "collections.abc.Iterable",
        "collections.abc.Collection",
        "builtins.list",
    }
)


def _listed_parameter(value: cst.BaseExpression) -> Optional[str]:
    """``p`` of ``list(p or [])`` / ``list(p or ())`` / ``list(p) if p is not None else []``
    / ``[] if p is None else list(p)``: a list made of a parameter (empty when it is None)."""
    if isinstance(value, cst.IfExp):
        for branch in (value.body, value.orelse):
            found = _listed_parameter(branch)
            if found is not None and _empty(value.orelse if branch is value.body else value.body):
                return found
        return None
    if not (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value == "list"
        and len(value.args) == 1
        and value.args[0].keyword is None
        and not value.args[0].star
    ):
        return None
    arg = value.args[0].value
    if isinstance(arg, cst.BooleanOperation) and isinstance(arg.operator, cst.Or):
        right = arg.right
        if isinstance(right, (cst.List, cst.Tuple)) and not right.elements:
            arg = arg.left
    return arg.value if isinstance(arg, cst.Name) else None


class AnnotateEmptyContainer(Fixer):
    codes = ("TL212",)
    applicability = "safe"
    message = "annotate the container's element types in the class body"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Attribute) or not _self_attr(node, node.attr.value):
            return None
        cls = next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
        if cls is None or cls.decorators or not isinstance(cls.body, cst.IndentedBlock):
            return None
        # Every empty container of the class at once, in a fixed order: the findings of
        # several attributes then make the same edit, which is applied once.
        annotations = {name: self._annotation(cls, name) for name in self._empty_attributes(cls)}
        lines = [
            cst.parse_statement(f"{name}: {annotation}\n")
            for name, annotation in annotations.items()
            if annotation is not None
        ]
        if annotations.get(node.attr.value) is None:
            return None
        first = cls.body.body[0]
        if is_docstring(first):
            return [(first, cst.FlattenSentinel([first, *lines]))]
        lines[0] = lines[0].with_changes(leading_lines=first.leading_lines)
        moved = first.with_changes(leading_lines=[cst.EmptyLine(indent=False)])  # PEP 8
        return [(first, cst.FlattenSentinel([*lines, moved]))]

    @staticmethod
    def _empty_attributes(cls: cst.ClassDef) -> list[str]:
        """``self.<name> = []`` / ``{}`` targets in the class's methods, not annotated in its
        body, in order of appearance."""
        annotated = {
            small.target.value
            for stmt in cls.body.body
            if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
        }
        found: dict[str, None] = {}

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Assign) and (
                _empty(node.value) is not None or _listed_parameter(node.value) is not None
            ):
                for target in node.targets:
                    attr = target.target
                    if _self_attr(attr, getattr(getattr(attr, "attr", None), "value", "")):
                        found.setdefault(attr.attr.value, None)
            elif isinstance(node, cst.AnnAssign) and node.value is not None:
                attr = node.target
                if _empty(node.value) is not None and _self_attr(
                    attr, getattr(getattr(attr, "attr", None), "value", "")
                ):
                    found.setdefault(attr.attr.value, None)  # type: ignore[attr-defined]

        walk(cls, enter, lambda node: None)
        return [name for name in found if name not in annotated]

    def _annotation(self, cls: cst.ClassDef, attr: str) -> Optional[str]:
        """``List[T]`` / ``Dict[K, V]`` from the class's writes, or None when unsure."""
        containers: set[str] = set()
        keys: set[Optional[str]] = set()
        values: set[Optional[str]] = set()
        declared: set[str] = set()  # `self.x: T = []`, `self.x = list(p or [])` of `p: Sequence[T]`
        unsure = False
        params = self._init_parameters(cls)

        def enter(node: cst.CSTNode) -> None:
            nonlocal unsure
            if isinstance(node, cst.Assign):
                for target in node.targets:
                    if _self_attr(target.target, attr):
                        kind = _empty(node.value)
                        listed = _listed_parameter(node.value)
                        element = self._element(params.get(listed or ""))
                        if kind is None and element is not None:
                            kind = "list"
                            declared.add(f"{self.import_from('typing', 'List')}[{element}]")
                        if kind is None:
                            unsure = True
                        containers.add(kind or "?")
                    elif isinstance(target.target, cst.Subscript) and _self_attr(
                        target.target.value, attr
                    ):
                        slices = target.target.slice
                        index = slices[0].slice if len(slices) == 1 else None
                        if not isinstance(index, cst.Index):
                            unsure = True
                        else:
                            keys.add(self._type(index.value))
                            values.add(self._type(node.value))
            elif isinstance(node, cst.AnnAssign) and _self_attr(node.target, attr):
                kind = _empty(node.value) if node.value is not None else None
                if kind is None:
                    unsure = True
                containers.add(kind or "?")
                declared.add(cst.Module([]).code_for_node(node.annotation.annotation))
            elif isinstance(node, cst.AugAssign) and _self_attr(node.target, attr):
                unsure = True
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                if _self_attr(node.func.value, attr) and node.func.attr.value in LIST_WRITES:
                    position = LIST_WRITES[node.func.attr.value]
                    args = [a for a in node.args if a.keyword is None and not a.star]
                    if len(args) != position + 1:
                        unsure = True
                    else:
                        values.add(self._type(args[position].value))
                elif _self_attr(node.func.value, attr) and node.func.attr.value in (
                    "extend",
                    "update",
                    "setdefault",
                ):
                    unsure = True

        walk(cls, enter, lambda node: None)
        if declared:
            # The author's own type (TorchScript reads it in the class body only).
            return next(iter(declared)) if len(declared) == 1 and not unsure else None
        if unsure or len(containers) != 1 or len(values) != 1 or None in values:
            return None
        value = next(iter(values))
        if containers == {"list"} and not keys:
            return f"{self.import_from('typing', 'List')}[{value}]"
        if containers == {"dict"} and len(keys) == 1 and None not in keys:
            return f"{self.import_from('typing', 'Dict')}[{next(iter(keys))}, {value}]"
        return None

    @staticmethod
    def _init_parameters(cls: cst.ClassDef) -> dict[str, cst.Param]:
        init = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is None:
            return {}
        return {p.name.value: p for p in [*init.params.params, *init.params.kwonly_params]}

    def _element(self, param: Optional[cst.Param]) -> Optional[str]:
        """``T`` of a parameter annotated ``Sequence[T]`` / ``List[T]`` / ``Iterable[T]`` /
        ``Tuple[T, ...]`` (in ``Optional[...]`` too), ``T`` a number, str, bool or tensor."""
        if param is None or param.annotation is None:
            return None
        annotation = param.annotation.annotation
        name = self.ctx.qualified_name(getattr(annotation, "value", annotation)) or ""
        if isinstance(annotation, cst.Subscript) and name == "typing.Optional":
            annotation = annotation.slice[0].slice.value  # type: ignore[attr-defined]
        if not isinstance(annotation, cst.Subscript):
            return None
        name = self.ctx.qualified_name(annotation.value) or ""
        elements = [e.slice for e in annotation.slice]
        if not all(isinstance(e, cst.Index) for e in elements):
            return None
        if name in ("typing.Tuple", "builtins.tuple"):
            if len(elements) != 2 or not isinstance(elements[1].value, cst.Ellipsis):  # type: ignore[union-attr]
                return None
        elif name not in SEQUENCES or len(elements) != 1:
            return None
        element = elements[0].value  # type: ignore[union-attr]
        if self.ctx.qualified_name(element) == "torch.Tensor":
            return f"{self.import_module('torch')}.Tensor"
        if isinstance(element, cst.Name) and element.value in ("int", "float", "str", "bool"):
            return element.value
        return None

    def _type(self, value: cst.BaseExpression) -> Optional[str]:
        if isinstance(value, cst.SimpleString) and "b" not in value.prefix.lower():
            return "str"
        if isinstance(value, cst.Integer):
            return "int"
        if isinstance(value, cst.Float):
            return "float"
        kind = self.kind(value)
        if kind is Kind.TENSOR:
            return f"{self.import_module('torch')}.Tensor"
        return "int" if kind is Kind.SIZE else None
