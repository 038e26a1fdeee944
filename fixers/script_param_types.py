"""TL210: an unannotated parameter given a number, bool or string -> annotated with that type
(unsafe).

``split_heads(h, 2)`` calling ``def split_heads(x, heads):`` -> ``def split_heads(x, heads:
int):``; a parameter used as a ``range`` bound -> ``n: int``. TorchScript types an
unannotated parameter as Tensor; annotations change nothing in eager, trace, compile or export.

Only for a function of the same file that the call resolves to (``fixers._shared.local_callee``:
a module-level function, a method called on ``self``, or the ``forward`` of a submodule class
held as ``self.head = Head()``), undecorated or a staticmethod, and only when every call
spelled the same way in the file passes the same type in that place: int, float, bool or
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
from torchlint.lint.script_facts import literal_type
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import local_callee, receiving_param

TYPING_NAMES = ("List", "Tuple", "Dict")


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
        found = self._receiving(parent, arg)
        if found is None:
            return None
        param, params = found
        if param.annotation is not None or param.default is not None or param not in params:
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

    def _receiving(
        self, call: cst.Call, arg: cst.Arg
    ) -> Optional[tuple[cst.Param, list[cst.Param]]]:
        """The parameter of the function of this file that ``arg`` of ``call`` binds, and the
        parameters the call fills by position; None for a decorated function (other than a
        staticmethod), one taking ``*args``, or a call the index does not resolve."""
        callee = local_callee(self, call)
        if callee is None:
            return None
        function, bound = callee
        decorators = [cst.Module([]).code_for_node(d.decorator) for d in function.decorators]
        if decorators not in ([], ["staticmethod"]):
            return None
        if function.params.star_arg is not cst.MaybeSentinel.DEFAULT:
            return None
        param = receiving_param(function, call, arg, bound)
        if param is None:
            return None
        return param, [*function.params.posonly_params, *function.params.params][bound:]

    def _calls(self, call: cst.Call) -> list[cst.Call]:
        """Every call spelled as ``call`` is in the file (``name(...)``, ``self.name(...)``):
        the method may be inherited, so calls in other classes count too."""
        spelling = cst.Module([]).code_for_node(call.func)
        found: list[cst.Call] = []

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Call) and cst.Module([]).code_for_node(node.func) == spelling:
                found.append(node)

        walk(self.ctx.module, enter, lambda node: None)
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
        found = self._receiving(call, arg)  # type: ignore[arg-type]
        if found is None or found[0].annotation is None:
            return None
        param = found[0]
        if self.ctx.qualified_name(param.annotation.annotation) != "builtins.float":
            return None
        number = arg.value  # type: ignore[union-attr]
        return [(number, cst.Float(f"{int(number.value, 0)}.0"))]
