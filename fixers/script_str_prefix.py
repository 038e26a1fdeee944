"""TL209: ``s.removeprefix(p)`` / ``s.removesuffix(p)`` -> the slice under a
``startswith`` / ``endswith`` test (safe).

TorchScript's str has neither method (torch 2.13: "'str' object has no attribute or method
'removeprefix'"), but it compiles ``startswith``, ``endswith``, ``len`` and str slicing, so the
call becomes what Python documents the method to do:

- ``s.removeprefix("head.")`` -> ``s[5:] if s.startswith("head.") else s``
- ``s.removesuffix(".pt")`` -> ``s[:-3] if s.endswith(".pt") else s``; an empty literal suffix
  -> ``s`` (``s[:-0]`` would be empty)
- with a name ``p`` for the affix: ``s[len(p):] if s.startswith(p) else s`` and
  ``s[: len(s) - len(p)] if s.endswith(p) else s`` (right for an empty ``p`` too)

(checked on torch 2.13: scripts, equals eager). The receiver must be a name or a string
literal, and the affix a name or a plain string literal, so each is read twice without side
effect and with the same value; the expression is parenthesized unless it stands alone as an
argument, an index, a list / tuple element or the value of an assignment or return.

Safe: for a str (and a bytes) receiver this is, case by case, the documented meaning of the
method: the affix is cut exactly when the string starts / ends with it, the string is returned
unchanged otherwise. A receiver of another type raised before (no such method) and raises now
(TypeError or AttributeError from ``startswith``); the rule reports only receivers that are a
str or of a type no class of the file defines these methods for.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

# Parents under which a conditional expression needs no parentheses.
_BARE_PARENTS = (
    cst.Arg,
    cst.Index,
    cst.Element,
    cst.Assign,
    cst.AnnAssign,
    cst.Return,
)


class StrAffixForScript(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "spell `removeprefix` / `removesuffix` as a slice under `startswith` / `endswith`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        method = call.func.attr.value
        if method not in ("removeprefix", "removesuffix"):
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        receiver, affix = call.func.value, call.args[0].value
        if not _read_twice_freely(receiver) or not _read_twice_freely(affix):
            return None
        s, p = self.code(receiver).strip(), self.code(affix).strip()
        length = _literal_length(affix)
        if method == "removeprefix":
            cut = f"{s}[{length}:]" if length is not None else f"{s}[len({p}):]"
            text = f"{cut} if {s}.startswith({p}) else {s}"
        elif length == 0:
            return [(call, receiver.with_changes(lpar=(), rpar=()))]
        else:
            cut = f"{s}[:-{length}]" if length is not None else f"{s}[: len({s}) - len({p})]"
            text = f"{cut} if {s}.endswith({p}) else {s}"
        if not isinstance(self.parent(call), _BARE_PARENTS):
            text = f"({text})"
        return [(call, text)]


def _read_twice_freely(node: cst.BaseExpression) -> bool:
    """A name or a plain string literal: reading it again gives the same value, no effects."""
    if isinstance(node, cst.Name):
        return True
    return _literal_length(node) is not None


def _literal_length(node: cst.BaseExpression) -> Optional[int]:
    """The length of a plain (not bytes, not f-) string literal, else None."""
    if not isinstance(node, cst.SimpleString):
        return None
    if "b" in node.prefix.lower():
        return None
    value = node.evaluated_value
    return len(value) if isinstance(value, str) else None
