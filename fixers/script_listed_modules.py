"""TL208: a list of a container's modules indexed with a literal -> the container indexed.

``list(self.layers)[-1]`` -> ``self.layers[-1]`` (safe) for an attribute the class binds only
to ``nn.ModuleList(...)`` / ``nn.Sequential(...)``; ``list(self.heads.values())[0]`` ->
``self.heads["seg"]`` (unsafe) for an attribute the class binds once, in ``__init__``, to
``nn.ModuleDict({...})`` of a dict display with string-literal keys, and never stores into
(``self.heads[k] = ...``, ``update``, ``pop``, ``clear``, ``popitem``, ``setdefault``, ``del``).
TorchScript holds no module in a list (torch 2.13: List type annotation `List[...Linear]` did
not match the types of the given list elements) but indexes a ModuleList / Sequential with an
integer literal and a ModuleDict with a string literal.

Safe for the ModuleList / Sequential: ``list(c)[k]`` is the module ``c[k]`` is, and an index
out of range raises IndexError both ways. Unsafe for the ModuleDict: the key is read from the
display in ``__init__``; code outside the class that adds, removes or reorders its modules
changes which module the list's position names (an index past the display's end is left
alone).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.walk import walk

SEQUENCES = frozenset({"ModuleList", "Sequential"})
MUTATORS = frozenset({"update", "pop", "clear", "popitem", "setdefault", "__setitem__"})


def _literal_int(node: cst.BaseExpression) -> Optional[int]:
    negative = isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus)
    inner = node.expression if negative else node  # type: ignore[attr-defined]
    if not isinstance(inner, cst.Integer):
        return None
    value = int(inner.value.replace("_", ""), 0)
    return -value if negative else value


def _stored_into(cls: cst.ClassDef, attr: str) -> bool:
    """Whether the class stores into ``self.<attr>`` by subscript, deletes from it or calls
    one of its mutating methods."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(node, (cst.AssignTarget, cst.Del)):
            target = node.target
            if isinstance(target, cst.Subscript) and self_attribute(target.value) == attr:
                found = True
        elif isinstance(node, cst.AugAssign):
            if isinstance(node.target, cst.Subscript) and self_attribute(node.target.value) == attr:
                found = True
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in MUTATORS
            and self_attribute(node.func.value) == attr
        ):
            found = True
        return None

    walk(cls, enter, lambda node: None)
    return found


class _ListedModules(Fixer):
    # `codes` is set by the two fixers below (a class without it is no registered fixer).
    message = "index the module container itself with a literal"
    dict_values = False

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        subscript = self.parent(call) if call is not None else None
        if not (
            isinstance(call, cst.Call)
            and isinstance(subscript, cst.Subscript)
            and subscript.value is call
            and len(subscript.slice) == 1
            and isinstance(subscript.slice[0].slice, cst.Index)
            and len(call.args) == 1
        ):
            return None
        index = _literal_int(subscript.slice[0].slice.value)
        inner = call.args[0].value
        values = (
            isinstance(inner, cst.Call)
            and isinstance(inner.func, cst.Attribute)
            and inner.func.attr.value == "values"
            and not inner.args
        )
        if index is None or values != self.dict_values:
            return None
        container = inner.func.value if values else inner  # type: ignore[union-attr]
        attr = self_attribute(container)
        cls = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if attr is None or cls is None:
            return None
        methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
        bound = [v for m in methods for v in self_assignments(m, attr)]
        kinds = [
            (self.ctx.qualified_name(v.func) or "").rsplit(".", 1)[-1]
            if isinstance(v, cst.Call)
            else ""
            for v in bound
        ]
        code = self.code(container)
        if not values:
            if not bound or any(k not in SEQUENCES for k in kinds):
                return None
            return [(subscript, cst.parse_expression(f"{code}[{index}]"))]
        init = [m for m in methods if m.name.value == "__init__"]
        if len(bound) != 1 or kinds != ["ModuleDict"] or not init:
            return None
        if not self_assignments(init[0], attr) or _stored_into(cls, attr):
            return None
        display = bound[0].args[0].value if len(bound[0].args) == 1 else None  # type: ignore[attr-defined]
        if not isinstance(display, cst.Dict) or bound[0].args[0].keyword is not None:  # type: ignore[attr-defined]
            return None
        keys = []
        for element in display.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(
                element.key, cst.SimpleString
            ):
                return None
            keys.append(element.key)
        texts = [k.evaluated_value for k in keys]
        if len(set(texts)) != len(texts) or not -len(keys) <= index < len(keys):
            return None
        key = self.code(keys[index])
        return [(subscript, cst.parse_expression(f"{code}[{key}]"))]


class ListedSequenceModules(_ListedModules):
    codes = ("TL208",)
    applicability = "safe"
    dict_values = False


class ListedModuleDictValues(_ListedModules):
    codes = ("TL208",)
    applicability = "unsafe"
    dict_values = True
