"""TL212: a bound method of the class held as an attribute and called -> the method called
directly, picked by a flag (unsafe).

``self._attend = self._attend_fused if fused else self._attend_manual`` in ``__init__`` and
``self._attend(q, k, v)`` in ``forward`` -> ``self._attend_flag = bool(fused)`` added after the
assignment and ``(self._attend_fused(q, k, v) if self._attend_flag else
self._attend_manual(q, k, v))`` at the call; ``self.act = self._gelu`` -> ``self._gelu(x)`` at
the call. TorchScript converts no bound method to a type (torch 2.13: failed to convert Python
type: 'method'), but compiles methods called on ``self`` and a bool attribute; an attribute it
cannot type that scripted code no longer reads is left out of the scripted module (checked on
torch 2.13: scripts, equals eager). The assignment stays for any other reader.

Only for an attribute the class binds once, in ``__init__``, to ``self.m`` or ``self.a if c
else self.b`` (methods of the class, ``c`` a name or ``self.<attr>`` read, evaluated again for
the flag), read in the class only as ``self.<attr>(...)``, called with no ``*`` / ``**``.

Unsafe: code outside the class that rebinds the attribute (or the test's name) after
``__init__`` no longer changes what ``forward`` calls; a subclass overriding a method now
has its override called (a bound method read in ``__init__`` was the override too, so this
one is the same).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.walk import walk


def _reads(cls: cst.ClassDef, attr: str) -> tuple[list[cst.Attribute], list[cst.Call]]:
    """Every ``self.<attr>`` of the class, and the calls among their parents."""
    reads: list[cst.Attribute] = []
    calls: list[cst.Call] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, cst.Attribute) and self_attribute(node) == attr:
            reads.append(node)
        if isinstance(node, cst.Call) and self_attribute(node.func) == attr:
            calls.append(node)
        return None

    walk(cls, enter, lambda node: None)
    return reads, calls


class BoundMethodAttributeCall(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = "call the method directly, picked by a bool flag"

    def _flag_stores(self, cls: cst.ClassDef, flag: str) -> list[str]:
        """The code of each value the class stores in ``self.<flag>`` (any read counts as a
        store of something unknown)."""
        reads, _ = _reads(cls, flag)
        stores: list[str] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if (
                isinstance(node, cst.Assign)
                and len(node.targets) == 1
                and self_attribute(node.targets[0].target) == flag
            ):
                stores.append(self.code(node.value))
            return None

        walk(cls, enter, lambda node: None)
        return stores if stores or not reads else ["?"]

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        read = diagnostic.node
        attr = self_attribute(read) if read is not None else None
        call = self.parent(read) if read is not None else None
        if attr is None or not isinstance(call, cst.Call) or call.func is not read:
            return None
        if "bound method" not in diagnostic.message:
            return None
        cls = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if cls is None or any(a.star for a in call.args):
            return None
        methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
        init = methods.get("__init__")
        if init is None:
            return None
        bindings: list[tuple[cst.SimpleStatementLine, cst.Assign]] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if isinstance(node, cst.SimpleStatementLine):
                for small in node.body:
                    if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                        targets = (
                            [t.target for t in small.targets]
                            if isinstance(small, cst.Assign)
                            else [small.target]
                        )
                        if any(self_attribute(t) == attr for t in targets):
                            bindings.append((node, small))  # type: ignore[arg-type]
            return None

        walk(cls, enter, lambda node: None)
        if len(bindings) != 1:
            return None
        line, assign = bindings[0]
        if (
            not isinstance(assign, cst.Assign)
            or len(assign.targets) != 1
            or len(line.body) != 1
            or self.parent(line) is None
            or not any(a is init for a in self.ancestors(line))
        ):
            return None
        reads, calls = _reads(cls, attr)
        if len(reads) - 1 != len(calls):  # the assignment's target is the one other read
            return None
        value = assign.value
        arguments = self.code(call.with_changes(func=cst.Name("f")))[1:]
        flag = f"{attr}_flag"
        if isinstance(value, cst.IfExp):
            first, second = self_attribute(value.body), self_attribute(value.orelse)
            test = value.test
            if first not in methods or second not in methods:
                return None
            if not (isinstance(test, cst.Name) or self_attribute(test) is not None):
                return None
            text = f"(self.{first}{arguments} if self.{flag} else self.{second}{arguments})"
            replacements: list[Replacement] = [(call, cst.parse_expression(text))]
            stored = self._flag_stores(cls, flag)
            expected = f"bool({self.code(test)})"
            if not stored:
                added = cst.parse_statement(f"self.{flag} = {expected}\n")
                replacements.append((line, cst.FlattenSentinel([line, added])))
            elif stored != [expected]:
                return None  # the name means something else
            return replacements
        method = self_attribute(value)
        if method not in methods:
            return None
        return [(call, cst.parse_expression(f"self.{method}{arguments}"))]
