"""TL209: ``Mode(value) == Mode.MEMBER`` -> ``value == Mode.MEMBER.value`` (unsafe).

TorchScript compiles an Enum's members and their ``.value`` but cannot call the class to look
a member up by value (torch 2.13: cannot call a EnumClass). Compared with ``==`` / ``!=`` to a
member of the same class, the lookup only asks whether ``value`` is that member's value:
``Mode(v)`` is the member whose value equals ``v`` (an alias shares its value), and members
compare by identity, so ``Mode(v) == Mode.MAX`` is ``v == Mode.MAX.value`` (checked on torch
2.13: scripts, equals eager). Only for an Enum class of the file (bases ``Enum``, ``IntEnum``,
``StrEnum`` or ``str, Enum``) that defines no ``_missing_``, ``__new__``, ``__eq__`` or
``__init__``, called with one positional argument, compared once with a member it defines.

Unsafe: a value that is no member's raised ``ValueError`` in eager and now compares unequal.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum"})
CUSTOM = frozenset({"_missing_", "__new__", "__eq__", "__init__", "__hash__"})


class EnumCallComparedToMember(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "compare the value with the member's `.value`, which TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
            return None
        if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
            return None
        members = self._members(call.func.value)
        if members is None:
            return None
        comparison = self.parent(call)
        if isinstance(comparison, cst.ComparisonTarget):  # `Mode.M != Mode(v)`
            comparison = self.parent(comparison)
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        target = comparison.comparisons[0]
        if not isinstance(target.operator, (cst.Equal, cst.NotEqual)):
            return None
        if comparison.left is call:
            member = target.comparator
        elif target.comparator is call:
            member = comparison.left
        else:
            return None
        if not (
            isinstance(member, cst.Attribute)
            and isinstance(member.value, cst.Name)
            and member.value.value == call.func.value
            and member.attr.value in members
        ):
            return None
        value = self.code(call.args[0].value)
        operator = "==" if isinstance(target.operator, cst.Equal) else "!="
        text = f"{value} {operator} {self.code(member)}.value"
        if comparison.lpar:
            text = f"({text})"
        return [(comparison, cst.parse_expression(text))]

    def _members(self, name: str) -> Optional[set[str]]:
        """The member names of the Enum class ``name`` defined at the top of the file, where
        looking a member up by value is plain (no hook of its own)."""
        for stmt in self.ctx.module.body:
            if not isinstance(stmt, cst.ClassDef) or stmt.name.value != name:
                continue
            bases = {self.ctx.qualified_name(b.value) for b in stmt.bases}
            if not bases & ENUM_BASES or bases - ENUM_BASES - {"builtins.str", "builtins.int"}:
                return None
            if stmt.decorators or stmt.keywords:
                return None
            members: set[str] = set()
            for item in stmt.body.body:
                if isinstance(item, cst.FunctionDef) and item.name.value in CUSTOM:
                    return None
                if isinstance(item, cst.SimpleStatementLine):
                    for small in item.body:
                        if isinstance(small, cst.Assign):
                            for t in small.targets:
                                if isinstance(t.target, cst.Name):
                                    members.add(t.target.value)
            return members or None
        return None
