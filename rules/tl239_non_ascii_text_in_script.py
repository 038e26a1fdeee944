"""TL239: characters of a non-ASCII string counted, indexed or cased in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, self_assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, class_methods, in_script, self_attribute

# str methods whose result counts or changes characters one byte at a time in TorchScript
# (torch 2.13, each checked on "ðə kæt": upper() gives 'ðə KæT' where Python gives 'ÐƏ KÆT',
# find() a byte offset, center() a byte width). Splitting, joining, comparing, `in` and
# startswith / endswith see the same text either way.
BYTE_METHODS = frozenset(
    {
        "upper", "lower", "swapcase", "capitalize", "title",
        "find", "rfind", "index", "rindex",
        "center", "ljust", "rjust", "zfill",
    }
)  # fmt: skip


class NonAsciiTextInScript(Rule):
    """Flags `len(s)`, `s[i]`, `for c in s`, `ord(...)` and `s.upper()` of a non-ASCII `s` in
    scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, a string known to hold characters outside
    ASCII (a literal, a local bound only to one, or a module attribute `__init__` sets only
    to one: `self.prompt = "ðə kæt"`) whose characters the code counts or takes apart: `len()`,
    an index or a slice, a `for` loop or comprehension over it, and the methods that count
    or change characters (`upper`, `lower`, `find`, `center`, ...).

    ## Why is this bad?
    TorchScript's `str` is a sequence of UTF-8 bytes, Python's a sequence of characters.
    Checked with torch 2.13 on `"ðə kæt"`: the scripted `len(s)` is 9 where Python says 6,
    `s[:2]` is `'ð'` where Python gives `'ðə'`, `s.upper()` leaves `ð`, `ə` and `æ` as they
    are, and `s[1]` or iterating over the string fails when it runs ('utf-8' codec can't
    decode byte). The scripted model silently computes something else, or raises. Comparing,
    joining, splitting and `startswith` give the same results.

    ## Example
    ```python
    def __init__(self):
        super().__init__()
        self.prompt = "ðə kæt"

    def forward(self, x):
        ids = [ord(c) % 64 for c in self.prompt]
        ...
    ```
    Use instead: do the character work in `__init__` (Python) and keep the result
    (`self.prompt_ids = [ord(c) % 64 for c in prompt]`, or a buffer).

    ## Fix safety
    No automatic fix.
    """

    code = "TL239"
    name = "non-ascii-text-in-script"
    message = (
        "characters of a non-ASCII string counted, indexed or cased in scripted code: "
        "TorchScript's str is UTF-8 bytes, so the scripted module gives other values than "
        "Python (len, indices and slices count bytes, upper / lower skip non-ASCII letters) or "
        "fails when it runs ('utf-8' codec can't decode byte); do the character work in "
        "__init__ and keep its result"
    )
    targets = SCRIPT

    VALID = [
        # The characters are counted in __init__ (Python); scripted code uses the ids.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ids = [ord(c) % 8 for c in "ðə kæt"]
                    self.embed = nn.Embedding(8, 3)

                def forward(self, x):
                    return self.embed(torch.tensor(self.ids)).sum() + x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Splitting and comparing see the same words.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.prompt = "ðə kæt"

                def forward(self, x):
                    words = self.prompt.split(" ")
                    return x * len(words) if words[0] == "ðə" else x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.tag = "naïve"

                def forward(self, x):
                    return x * len(self.tag)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        # Nodes in the branch `torch.jit.is_scripting()` takes: code written for TorchScript's
        # bytes (`len(s) if torch.jit.is_scripting() else len(s.encode())`).
        self._scripted_branch: set[int] = set()

    def visit_If(self, node: cst.If) -> None:
        if self._is_scripting(node.test):
            self._scripted_branch.update(id(n) for n in m.findall(node.body, m.DoNotCare()))

    def visit_IfExp(self, node: cst.IfExp) -> None:
        if self._is_scripting(node.test):
            self._scripted_branch.add(id(node.body))
            self._scripted_branch.update(id(n) for n in m.findall(node.body, m.DoNotCare()))

    def _is_scripting(self, test: cst.BaseExpression) -> bool:
        return (
            isinstance(test, cst.Call)
            and self.ctx.qualified_name(test.func) == "torch.jit.is_scripting"
        )

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in BYTE_METHODS:
            self._check(node, func.value)
        elif isinstance(func, cst.Name) and func.value in ("len", "ord") and len(node.args) == 1:
            value = node.args[0].value
            # `ord(s[i])` is the subscript's finding
            if not (func.value == "ord" and isinstance(value, cst.Subscript)):
                self._check(node, value)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self._check(node, node.value)

    def visit_For(self, node: cst.For) -> None:
        self._check(node.iter, node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._check(node.iter, node.iter)

    def _check(self, node: cst.CSTNode, text: cst.BaseExpression) -> None:
        if not self.ctx.in_graph or not in_script(self.ctx) or id(node) in self._scripted_branch:
            return
        if self._non_ascii(text):
            self.report(node)

    def _non_ascii(self, text: cst.BaseExpression) -> bool:
        """A string literal with a non-ASCII character, a local bound only to one, or a
        module attribute every store of the class binds to one."""
        if isinstance(text, cst.Name):
            bound = assignments(self.ctx.function, text.value)
            return bool(bound) and all(
                value is not UNKNOWN_VALUE and size == 1 and _non_ascii_literal(value)
                for value, _, size in bound
            )
        attr = self_attribute(text)
        info = self.ctx.function_info
        if attr is not None and info is not None and info.owner_class is not None:
            values = [
                value
                for method in class_methods(self.ctx, info.owner_class)
                for value in self_assignments(method, attr)
            ]
            return bool(values) and all(
                value is not None and _non_ascii_literal(value) for value in values
            )
        return _non_ascii_literal(text)


def _non_ascii_literal(value: cst.BaseExpression) -> bool:
    text = _literal_text(value)
    return text is not None and not text.isascii()


def _literal_text(value: cst.BaseExpression) -> Optional[str]:
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
        evaluated = value.evaluated_value
        return evaluated if isinstance(evaluated, str) else None
    return None
