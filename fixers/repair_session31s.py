"""Repairs for script findings of heldout41 and heldout42 (session 31, helper-278; issue #21).

Each was checked on torch 2.13 (``tests/test_s31_repair_script.py``: the fixed text scripts,
the scripted model equals eager, eager is unchanged).

``StrKeywordToPositional`` (TL209, safe): ``name.split("/", maxsplit=1)`` -> ``name.split("/",
1)``: the keywords of a str method call moved to their positions (Python's ``str`` methods take
their arguments by position too; a parameter left out before a moved one gets its default,
when that default is ``None`` or a number). TorchScript's ``aten::split`` names its arguments
``separator`` and ``max`` (torch 2.13: Arguments for call are not valid).

``DisplayAnnotationToGeneric`` (TL214, safe): ``-> (Tensor, Tensor)`` -> ``-> tuple[Tensor,
Tensor]``, ``-> [Tensor]`` -> ``-> list[Tensor]`` (a one-element list display only). Python
evaluates an annotation to store it, nothing else; TorchScript reads no display as a type
(Expression of type tuple-literal cannot be used in a type expression) and the builtin generics
as ``Tuple`` / ``List``.

``NamedTupleFieldsToDisplay`` (TL209, safe): ``DetOut._fields`` -> ``["boxes", "scores",
"labels"]`` where it is only iterated (the iterable of a ``for`` or comprehension, an argument
of ``zip`` / ``enumerate`` / ``len``, the right side of ``in``): the same names in the same
order. TorchScript looks up no attribute on a NamedTuple class; a list, not a tuple display,
because its ``zip`` takes lists.

``SortedDictToKeys`` (TL209, safe): ``sorted(feats)`` of a dict -> ``sorted(feats.keys())``:
Python sorts a dict's keys either way; TorchScript's ``sorted`` takes a list, which ``keys()``
gives.

``TupleAnnotationFromDefault`` (TL214, safe): ``output_size: Tuple[int] = (2, 2)`` ->
``output_size: Tuple[int, int] = (2, 2)`` (the one element type repeated as often as the
default has items, every item a literal of that type). The annotation is the author's mistake
(``Tuple[int]`` holds one int); TorchScript checks the default against it (Expected a default
value of type Tuple[int]).
"""

from __future__ import annotations

import inspect
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.script_facts import (
    collections_namedtuple_fields,
    literal_type,
    namedtuple_fields,
)

NUMBER_DEFAULTS = (int, float)


def _str_parameters(method: str) -> Optional[list[inspect.Parameter]]:
    try:
        parameters = list(inspect.signature(getattr(str, method)).parameters.values())
    except (AttributeError, TypeError, ValueError):
        return None
    return [p for p in parameters if p.name != "self"]


def _default_literal(value: object) -> Optional[cst.BaseExpression]:
    if value is None:
        return cst.Name("None")
    if type(value) in NUMBER_DEFAULTS:
        return cst.parse_expression(repr(value))
    return None


class StrKeywordToPositional(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "pass the str method's arguments by position"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or "with the keyword" not in diagnostic.message
            or any(arg.star for arg in call.args)
        ):
            return None
        parameters = _str_parameters(call.func.attr.value)
        if parameters is None:
            return None
        positional = [a for a in call.args if a.keyword is None]
        keywords = {a.keyword.value: a for a in call.args if a.keyword is not None}
        names = [p.name for p in parameters]
        if any(name not in names for name in keywords):
            return None
        last = max(names.index(name) for name in keywords)
        args: list[cst.Arg] = []
        for index, parameter in enumerate(parameters[: last + 1]):
            if index < len(positional):
                if parameter.name in keywords:
                    return None  # given twice: Python refuses it already
                args.append(positional[index].with_changes(comma=cst.MaybeSentinel.DEFAULT))
            elif parameter.name in keywords:
                args.append(cst.Arg(keywords[parameter.name].value))
            else:
                default = _default_literal(parameter.default)
                if parameter.default is inspect.Parameter.empty or default is None:
                    return None
                args.append(cst.Arg(default))
        if len(positional) > last + 1:
            return None
        return [(call, call.with_changes(args=args))]


class DisplayAnnotationToGeneric(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "write the annotation as `tuple[...]` / `list[...]`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if "display as an annotation" not in diagnostic.message:
            return None
        if isinstance(node, cst.Tuple) and node.elements:
            name = "tuple"
        elif isinstance(node, cst.List) and len(node.elements) == 1:
            name = "list"
        else:
            return None
        if any(isinstance(e, cst.StarredElement) for e in node.elements):
            return None
        if self.ctx.qualified_name(cst.Name(name)) not in (None, f"builtins.{name}"):
            return None  # the file binds the name to something else
        new = cst.Subscript(
            value=cst.Name(name),
            slice=[cst.SubscriptElement(cst.Index(e.value)) for e in node.elements],
        )
        return [(node, new)]


# Where a sequence is only iterated: a list gives what the tuple gave.
ITERATING_CALLS = frozenset({"builtins.zip", "builtins.enumerate", "builtins.len"})


class NamedTupleFieldsToDisplay(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "write the NamedTuple's field names out"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if (
            not isinstance(node, cst.Attribute)
            or node.attr.value != "_fields"
            or not isinstance(node.value, cst.Name)
            or "read on a NamedTuple class" not in diagnostic.message
        ):
            return None
        name = node.value.value
        fields = namedtuple_fields(self.ctx, name)
        if fields is None:
            fields = collections_namedtuple_fields(self.ctx, name)
        if fields is None or not self._only_iterated(node):
            return None
        display = cst.List([cst.Element(cst.SimpleString(_quoted(f))) for f in fields])
        return [(node, display)]

    def _only_iterated(self, node: cst.Attribute) -> bool:
        parent = self.parent(node)
        if isinstance(parent, (cst.For, cst.CompFor)):
            return parent.iter is node
        if isinstance(parent, cst.ComparisonTarget):
            return isinstance(parent.operator, (cst.In, cst.NotIn)) and parent.comparator is node
        if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
            call = self.parent(parent)
            return (
                isinstance(call, cst.Call) and self.ctx.qualified_name(call.func) in ITERATING_CALLS
            )
        return False


def _quoted(text: str) -> str:
    """``text`` as a double-quoted string literal (a field name: an identifier)."""
    return '"' + text + '"'


class SortedDictToKeys(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "sort the dict's keys: `sorted(d.keys())`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or "of a dict itself" not in diagnostic.message
            or self.ctx.qualified_name(call.func) != "builtins.sorted"
            or not call.args
            or call.args[0].keyword is not None
            or call.args[0].star
        ):
            return None
        first = call.args[0]
        keys = cst.Call(func=cst.Attribute(value=first.value, attr=cst.Name("keys")))
        return [(first, first.with_changes(value=keys))]


class TupleAnnotationFromDefault(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate the tuple with one element type per item of its default"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        default = diagnostic.node
        param = self.parent(default)
        if (
            not isinstance(default, cst.Tuple)
            or not isinstance(param, cst.Param)
            or param.default is not default
            or param.annotation is None
            or "default is no Tuple[" not in diagnostic.message
        ):
            return None
        annotation = param.annotation.annotation
        if (
            not isinstance(annotation, cst.Subscript)
            or self.ctx.qualified_name(annotation.value) not in ("typing.Tuple", "builtins.tuple")
            or len(annotation.slice) != 1
            or not isinstance(annotation.slice[0].slice, cst.Index)
        ):
            return None
        element = annotation.slice[0].slice.value
        spelled = self.ctx.qualified_name(element)
        if spelled not in ("builtins.int", "builtins.float", "builtins.bool", "builtins.str"):
            return None
        wanted = spelled.rpartition(".")[2]
        items = [e.value for e in default.elements if isinstance(e, cst.Element)]
        if len(items) < 2 or len(items) != len(default.elements):
            return None
        if any(literal_type(item) != wanted for item in items):
            return None
        new = annotation.with_changes(
            slice=[cst.SubscriptElement(cst.Index(element)) for _ in items]
        )
        return [(annotation, new)]
