"""TL209: ``s.translate(table)`` with a ``str.maketrans`` table -> chained ``str.replace``
(safe).

``key = self.task.translate(_CLEAN)`` with ``_CLEAN = str.maketrans({".": "_", "-": "_"})``
-> ``key = self.task.replace(".", "_").replace("-", "_")``. TorchScript's str has no
``translate`` (torch 2.13: 'str' object has no attribute or method 'translate') but has
``replace``. ``translate`` maps every character at once; replacing one character after the
other gives the same text when no replacement holds a character that a later (or earlier)
step replaces, which is required here: each source is one character, no source character
appears in any replacement, and a ``None`` replacement (deletion) becomes ``""`` (checked on
torch 2.13: scripts, the same key as eager). The table is ``str.maketrans(...)`` written in
the call, or a module-level name bound once to it: a dict of one-character str keys to str
or ``None`` values, or two strings of equal length (and an optional third of characters to
delete). A ``str.maketrans`` table given to anything but a str raises in eager, so the
receiver is a str wherever the original ran.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import module_alias


class TranslateToReplace(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "replace the characters one by one with `str.replace`, which TorchScript has"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        if call.func.attr.value != "translate" or len(call.args) != 1:
            return None
        arg = call.args[0]
        if arg.star or arg.keyword is not None:
            return None
        table = arg.value
        if isinstance(table, cst.Name):
            table = module_alias(self.ctx.module, table.value) or table
        pairs = self._pairs(table)
        if not pairs:
            return None
        sources = {source for source, _ in pairs}
        if any(ch in sources for _, target in pairs for ch in target):
            return None  # a later step would rewrite an earlier replacement
        text = self.code(call.func.value)
        for source, target in pairs:
            text += f".replace({_literal(source)}, {_literal(target)})"
        return [(call, cst.parse_expression(text))]

    def _pairs(self, table: cst.BaseExpression) -> Optional[list[tuple[str, str]]]:
        """(character, replacement) of a ``str.maketrans(...)`` call, in the table's order."""
        if not isinstance(table, cst.Call) or self.code(table.func) != "str.maketrans":
            return None
        args = table.args
        if any(a.star or a.keyword is not None for a in args):
            return None
        values = [a.value for a in args]
        if len(values) == 1 and isinstance(values[0], cst.Dict):
            pairs = []
            for element in values[0].elements:
                if not isinstance(element, cst.DictElement):
                    return None
                key = _text(element.key)
                if key is None or len(key) != 1:
                    return None
                if isinstance(element.value, cst.Name) and element.value.value == "None":
                    target = ""
                else:
                    found = _text(element.value)
                    if found is None:
                        return None
                    target = found
                pairs.append((key, target))
            return pairs
        if 2 <= len(values) <= 3:
            texts = [_text(v) for v in values]
            if any(t is None for t in texts):
                return None
            old, new = texts[0], texts[1]
            assert old is not None and new is not None
            if len(old) != len(new) or len(set(old)) != len(old):
                return None
            pairs = list(zip(old, new))
            deleted = texts[2] if len(texts) == 3 else ""
            assert deleted is not None
            if any(ch in old for ch in deleted):
                return None  # deleted and mapped: the deletion wins in maketrans
            pairs += [(ch, "") for ch in deleted]
            return pairs
        return None


def _text(node: cst.BaseExpression) -> Optional[str]:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _literal(text: str) -> str:
    """A double-quoted literal where it needs no escape, else Python's own."""
    if '"' in text or "\\" in text or not text.isprintable():
        return repr(text)
    return f'"{text}"'
