"""TL210: an unannotated parameter given a number, bool or string -> annotated with that type
(unsafe).

``split_heads(h, 2)`` calling ``def split_heads(x, heads):`` -> ``def split_heads(x, heads:
int):``; a parameter used as a ``range`` bound -> ``n: int``. TorchScript types an
unannotated parameter as Tensor; annotations change nothing in eager, trace, compile or export.

Only for a function of the same file (or a method called on ``self``, or the ``forward`` of a class of the
file held as ``self.head = Head()`` and called ``self.head(...)``; its calls those of the class), and only when every call of it passes the same type in that place: int, float, bool or
string literals, sizes (``x.size(0)``, ``x.shape[1]``: int), lists and tuples of those
(``List[int]``, ``Tuple[int, int]``), or dicts of string keys to tensors (``Dict[str,
torch.Tensor]``). Calls with ``*args`` / ``**kwargs`` and parameters some call gives something
else are left alone.

Unsafe: a caller in another file may pass a tensor there, which a scripted caller could do
before and cannot after.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from .script_annotations import literal_type

TYPING_NAMES = ("List", "Tuple", "Dict")


def _methods(cls: cst.ClassDef, name: str) -> list[cst.FunctionDef]:
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]


def _on_self(func: cst.BaseExpression) -> bool:
    return (
        isinstance(func, cst.Attribute)
        and isinstance(func.value, cst.Name)
        and func.value.value == "self"
    )


class AnnotateFromCallers(Fixer):
    codes = ("TL210",)
    applicability = "unsafe"
    message = "annotate the parameter with the type its callers pass"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        arg = diagnostic.node
        if not isinstance(arg, cst.Arg):
            return None
        parent = self.parent(arg)
        if (
            isinstance(parent, cst.Call)
            and self.ctx.qualified_name(parent.func) == "builtins.range"
        ):
            return self._range_bound(arg)
        if not isinstance(parent, cst.Call):
            return None
        found = self._callee(parent)
        if found is None:
            return None
        function, skip_self = found
        if function.params.star_arg is not cst.MaybeSentinel.DEFAULT:
            return None
        position = self._position(parent, arg)
        params = list(function.params.params)[skip_self:]
        param = (
            next((p for p in params if p.name.value == arg.keyword.value), None)
            if arg.keyword is not None
            else (params[position] if position is not None and position < len(params) else None)
        )
        if param is None or param.annotation is not None or param.default is not None:
            return None
        index = params.index(param)
        types = {self._given(call, param.name.value, index) for call in self._calls(parent)}
        if len(types) != 1 or None in types:
            return None
        annotation = types.pop()
        for name in TYPING_NAMES:
            if f"{name}[" in annotation:
                self.import_from("typing", name)
        if "Tensor" in annotation:
            annotation = annotation.replace("Tensor", f"{self.import_module('torch')}.Tensor")
        return [
            (param, param.with_changes(annotation=cst.Annotation(cst.parse_expression(annotation))))
        ]

    def _range_bound(self, arg: cst.Arg) -> Optional[list[Replacement]]:
        function = self.enclosing_function(arg)
        if function is None or not isinstance(arg.value, cst.Name):
            return None
        param = next((p for p in function.params.params if p.name.value == arg.value.value), None)
        if param is None or param.annotation is not None or param.default is not None:
            return None
        return [(param, param.with_changes(annotation=cst.Annotation(cst.Name("int"))))]

    def _callee(self, call: cst.Call) -> Optional[tuple[cst.FunctionDef, int]]:
        """The function of this file ``call`` runs, and how many leading parameters the call
        does not fill (1: ``self`` of a method called on ``self``)."""
        if isinstance(call.func, cst.Name):
            found = [
                s
                for s in self.ctx.module.body
                if isinstance(s, cst.FunctionDef) and s.name.value == call.func.value
            ]
            return (found[0], 0) if len(found) == 1 and not found[0].decorators else None
        if not (_on_self(call.func) and isinstance(call.func, cst.Attribute)):
            return None
        cls = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        found = _methods(cls, call.func.attr.value)
        if not found:
            # ``self.head(feats)``: the forward of a class of this file held as a submodule.
            held = self._submodule_class(cls, call.func.attr.value)
            return (held[0], 1) if held is not None and len(held) == 1 else None
        if len(found) != 1:
            return None
        decorators = [cst.Module([]).code_for_node(d.decorator) for d in found[0].decorators]
        if decorators == ["staticmethod"]:
            return found[0], 0
        return (found[0], 1) if not decorators else None

    @staticmethod
    def _position(call: cst.Call, arg: cst.Arg) -> Optional[int]:
        position = 0
        for other in call.args:
            if other.star:
                return None
            if other is arg:
                return position if other.keyword is None else None
            if other.keyword is None:
                position += 1
        return None

    def _submodule_class(
        self, cls: cst.ClassDef, attribute: str
    ) -> Optional[list[cst.FunctionDef]]:
        """The ``forward`` methods of the class of this file that ``cls`` stores as
        ``self.<attribute> = Class(...)``, and only that one."""
        stored: set[str] = set()

        def enter(node: cst.CSTNode) -> None:
            if (
                isinstance(node, cst.Assign)
                and len(node.targets) == 1
                and _on_self(node.targets[0].target)
                and node.targets[0].target.attr.value == attribute  # type: ignore[attr-defined]
            ):
                value = node.value
                called = value.func if isinstance(value, cst.Call) else None
                stored.add(called.value if isinstance(called, cst.Name) else "")

        walk(cls, enter, lambda node: None)
        if len(stored) != 1:
            return None
        (name,) = stored
        classes = [
            s for s in self.ctx.module.body if isinstance(s, cst.ClassDef) and s.name.value == name
        ]
        return _methods(classes[0], "forward") if len(classes) == 1 else None

    def _calls(self, call: cst.Call) -> list[cst.Call]:
        """Every call of the same function: ``name(...)`` in the file, or ``self.name(...)`` in
        the class."""
        scope: cst.CSTNode = self.ctx.module
        if isinstance(call.func, cst.Attribute):
            scope = next(a for a in self.ancestors(call) if isinstance(a, cst.ClassDef))
        spelling = cst.Module([]).code_for_node(call.func)
        found: list[cst.Call] = []

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Call) and cst.Module([]).code_for_node(node.func) == spelling:
                found.append(node)

        walk(scope, enter, lambda node: None)
        return found

    def _given(self, call: cst.Call, name: str, index: int) -> Optional[str]:
        """The type ``call`` passes to the parameter ``name`` (at ``index``), or None."""
        position = 0
        for arg in call.args:
            if arg.star:
                return None
            if arg.keyword is not None:
                if arg.keyword.value == name:
                    return self._type(arg.value)
                continue
            if position == index:
                return self._type(arg.value)
            position += 1
        return None

    def _type(self, value: cst.BaseExpression) -> Optional[str]:
        """The TorchScript type of an argument: a literal, a size (int), or a list, tuple or
        dict display of those (and of tensors, for a dict's values)."""
        literal = literal_type(value)
        if literal is not None:
            return literal
        if self.kind(value) is Kind.SIZE:
            return "int"
        if isinstance(value, (cst.List, cst.Tuple)) and value.elements:
            if any(isinstance(e, cst.StarredElement) for e in value.elements):
                return None
            elements = [self._type(e.value) for e in value.elements]
            if None in elements:
                return None
            if isinstance(value, cst.Tuple):
                return f"Tuple[{', '.join(elements)}]"  # type: ignore[arg-type]
            return f"List[{elements[0]}]" if len(set(elements)) == 1 else None
        if isinstance(value, cst.Dict) and value.elements:
            keys, values = set(), set()
            for element in value.elements:
                if not isinstance(element, cst.DictElement):
                    return None
                keys.add(literal_type(element.key))
                values.add("Tensor" if self.kind(element.value) is Kind.TENSOR else None)
            if keys != {"str"} or values != {"Tensor"}:
                return None
            return "Dict[str, Tensor]"
        return None


class FloatLiteralForFloat(AnnotateFromCallers):
    """TL210 on an int literal given to a parameter annotated ``float`` (``self.rescale(x, 1)``
    with ``gain: float``) -> the float literal ``1.0``. TorchScript does not convert the
    arguments of the functions it compiles. Unsafe: eager now passes a float where it passed an
    int (the same value; an integer tensor times it becomes a float tensor)."""

    message = "write the literal as the annotated `float` (`1` -> `1.0`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        arg = diagnostic.node
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or not isinstance(arg.value, cst.Integer):  # type: ignore[union-attr]
            return None
        found = self._callee(call)
        if found is None:
            return None
        function, skip_self = found
        params = list(function.params.params)[skip_self:]
        position = self._position(call, arg)  # type: ignore[arg-type]
        if arg.keyword is not None:  # type: ignore[union-attr]
            name = arg.keyword.value  # type: ignore[union-attr]
            param = next((p for p in params if p.name.value == name), None)
        else:
            param = params[position] if position is not None and position < len(params) else None
        if param is None or param.annotation is None:
            return None
        if self.ctx.qualified_name(param.annotation.annotation) != "builtins.float":
            return None
        number = arg.value  # type: ignore[union-attr]
        return [(number, cst.Float(f"{int(number.value, 0)}.0"))]
