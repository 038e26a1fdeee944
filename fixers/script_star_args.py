"""TL204: ``*`` over a shape or list in a size argument -> the list itself (unsafe).

``y.view(*x.shape)`` -> ``y.view(x.shape)``; ``y.reshape(*y.shape[:-1], h, -1)`` ->
``y.reshape(list(y.shape[:-1]) + [h, -1])``; ``[*x.shape, 1]`` -> ``list(x.shape) + [1]``.
TorchScript types a shape as ``List[int]`` and cannot size a ``*`` over it, but every size
argument of these tensor methods and factories also takes one list (eager, trace, compile and
export call the same overload with the same numbers).

Only calls of the methods and ``torch`` factories that take sizes either way (``SIZE_METHODS``,
``SIZE_FACTORIES``) are rewritten, and ``[*a, b]`` list displays (a list either way); other
calls (``print(*items)``, a user function's ``*args``) and tuple displays (a tuple is not a
list) are left alone.

Unsafe: ``list(...)`` copies the shape where ``*`` did too, so values are the same, but the rule
cannot prove the receiver is a tensor whose method takes a list in every spelling it sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

# Tensor methods whose sizes (or dimensions) may be given as ``*ints`` or as one list.
SIZE_METHODS = frozenset(
    {"view", "reshape", "expand", "repeat", "permute", "tile", "new_zeros", "new_ones", "new_empty"}
)
# ``torch`` factories that take ``*size`` or one size list.
SIZE_FACTORIES = frozenset({"zeros", "ones", "empty", "rand", "randn"})


def _as_list(fixer: Fixer, value: cst.BaseExpression) -> str:
    """Source of a list holding the items ``*value`` unpacks."""
    text = fixer.code(value)
    if isinstance(value, (cst.List, cst.ListComp)):
        return text
    if isinstance(value, cst.Call) and fixer.ctx.qualified_name(value.func) == "builtins.list":
        return text
    return f"list({text})"


def _concatenated(fixer: Fixer, items: Sequence[tuple[bool, cst.BaseExpression]]) -> str:
    """``[a, b] + list(s) + [c]`` for the items (starred or not) in order."""
    parts: list[str] = []
    plain: list[str] = []
    for starred, value in items:
        if starred:
            if plain:
                parts.append(f"[{', '.join(plain)}]")
                plain = []
            parts.append(_as_list(fixer, value))
        else:
            plain.append(fixer.code(value))
    if plain:
        parts.append(f"[{', '.join(plain)}]")
    return " + ".join(parts)


class StarSizeToList(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "pass the sizes as one list instead of `*` unpacking"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Arg) and node.star == "*":
            return self._call(node)
        if isinstance(node, cst.StarredElement):
            display = self.parent(node)
            if isinstance(display, cst.List):
                return self._display(display)
        return None

    def _takes_sizes(self, call: cst.Call) -> bool:
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in SIZE_METHODS:
            if self.kind(func.value) is Kind.TENSOR:
                return True
        name = self.ctx.qualified_name(func) or ""
        return name.startswith("torch.") and name[len("torch.") :] in SIZE_FACTORIES

    def _call(self, arg: cst.Arg) -> Optional[list[Replacement]]:
        call = self.parent(arg)
        if not isinstance(call, cst.Call) or not self._takes_sizes(call):
            return None
        positional = [a for a in call.args if a.keyword is None]
        if any(a.star == "**" for a in positional):
            return None
        if len(positional) == 1:
            sizes = self.code(arg.value)  # the shape or list itself
        else:
            sizes = _concatenated(self, [(a.star == "*", a.value) for a in positional])
        keywords = [a for a in call.args if a.keyword is not None]
        new_args = [cst.Arg(cst.parse_expression(sizes)), *keywords]
        return [(call, call.with_changes(args=new_args))]

    def _display(self, display: cst.List) -> Optional[list[Replacement]]:
        items = [
            (isinstance(element, cst.StarredElement), element.value) for element in display.elements
        ]
        text = _concatenated(self, items)
        parent = self.parent(display)
        if not isinstance(parent, (cst.Arg, cst.Assign, cst.Return, cst.AnnAssign)):
            text = f"({text})"  # inside an expression the sum needs brackets
        return [(display, cst.parse_expression(text))]
