"""TL209: ``len(s.encode("utf-8"))`` -> ``len(s) if torch.jit.is_scripting() else
len(s.encode("utf-8"))`` (safe).

TorchScript's str has no ``encode`` (torch 2.13: 'str' object has no attribute or method
'encode'), but holds a str as its UTF-8 bytes: its ``len`` counts bytes, which is what
Python's ``len(s.encode("utf-8"))`` counts (checked on torch 2.13: ``"abc"``, ``"é"``,
``"日本"``, ``"😀"`` give 3, 2, 6, 4 scripted, as the encoded length in eager; Python's
``len(s)`` counts characters: 3, 1, 2, 1). TorchScript compiles only the branch of a
conditional expression that ``torch.jit.is_scripting()`` selects, and the function is False
everywhere else (eager, trace, compile, export), where the original expression runs
unchanged: safe. Only for the UTF-8 codec (no argument, ``"utf-8"`` / ``"utf8"`` / ``"utf_8"``
in any case, as ``encoding=`` too) with no ``errors=``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

_UTF8 = frozenset({"utf-8", "utf8", "utf_8"})
# Parents under which a conditional expression needs no parentheses.
_BARE_PARENTS = (cst.Assign, cst.AnnAssign, cst.Return, cst.Arg)


def _utf8_codec(args: tuple[cst.Arg, ...]) -> bool:
    if not args:
        return True
    if len(args) != 1 or args[0].star:
        return False
    arg = args[0]
    if arg.keyword is not None and arg.keyword.value != "encoding":
        return False
    value = arg.value
    return isinstance(value, cst.SimpleString) and value.evaluated_value.lower() in _UTF8


class EncodedLengthToScriptedLength(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "take len of the str when scripted (TorchScript's str is its UTF-8 bytes)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or call.func.attr.value != "encode"
            or not _utf8_codec(call.args)
        ):
            return None
        arg = self.parent(call)
        outer = self.parent(arg) if arg is not None else None
        if (
            not isinstance(arg, cst.Arg)
            or arg.keyword is not None
            or arg.star
            or not isinstance(outer, cst.Call)
            or self.ctx.qualified_name(outer.func) != "builtins.len"
            or len(outer.args) != 1
        ):
            return None
        torch = self.import_module("torch")
        text = (
            f"{self.code(outer.func)}({self.code(call.func.value).strip()}) "
            f"if {torch}.jit.is_scripting() else {self.code(outer).strip()}"
        )
        if not isinstance(self.parent(outer), _BARE_PARENTS):
            text = f"({text})"
        return [(outer, cst.parse_expression(text))]
