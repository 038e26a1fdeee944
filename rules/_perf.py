"""Helpers the performance rules (TL4xx) share: kinds in driver and graph code, loop depth,
and small syntax scans. Not a rule module (the leading underscore keeps discovery out)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional, Union

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.rule import Rule
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import syntax_children

# Words in a function name that say it runs a model for inference.
INFERENCE_WORDS = frozenset(
    {
        "eval",
        "evaluate",
        "evaluation",
        "validate",
        "validation",
        "val",
        "test",
        "predict",
        "prediction",
        "infer",
        "inference",
        "generate",
        "generation",
        "serve",
        "serving",
    }
)
# Kinds that are certainly not a tensor.
NOT_TENSOR = frozenset(
    {
        Kind.CONST,
        Kind.NONE,
        Kind.SIZE,
        Kind.RANK,
        Kind.SHAPE,
        Kind.DATA,
        Kind.NDARRAY,
        Kind.MODULE,
        Kind.MODULES,
    }
)


def kind_of(ctx: LintContext, node: cst.BaseExpression) -> Kind:
    """The kind of ``node`` in graph code (``ctx.kind``) or in driver code (``ctx.driver.kind``)."""
    if ctx.in_graph:
        return ctx.kind(node)
    return ctx.driver.kind(node, ctx.function)


def inference_name(name: str, path: str) -> bool:
    """``evaluate``, ``run_validation``, ``predict_batch``: a name that says "inference".

    Test functions of a pytest file (``test_*`` in ``test_*.py``) are tests, not inference.
    """
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    if name.startswith("test_") and (base.startswith("test_") or base.endswith("_test.py")):
        return False
    words = re.split(r"_+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower())
    return any(word in INFERENCE_WORDS for word in words)


# -- cheap checks of a file's text, for ``may_report`` ----------------------------------------
# Each is a condition every finding of the rule needs, never proof of one (a docstring can say
# ``.eval()``): a file without it is not walked by the rule, and not parsed when no rule walks it.
# They run on every file of a run, so they search with ``str.find`` (a regular expression that
# starts with an alternation or ``\b`` tries every position of the text, 10-20 ms a megabyte).


def _is_word_char(char: str) -> bool:
    return char == "_" or char.isalnum()


def _word_starts(text: str, word: str) -> Iterator[int]:
    """Where ``word`` stands in ``text`` as a whole word."""
    at = text.find(word)
    while at != -1:
        end = at + len(word)
        if (at == 0 or not _is_word_char(text[at - 1])) and (
            end == len(text) or not _is_word_char(text[end])
        ):
            yield at
        at = text.find(word, end)


def mentions(text: str, *names: str) -> bool:
    """One of ``names`` as a whole word. A call that resolves to ``torch.cuda.synchronize``
    spells ``synchronize`` in the text: at the call, or in the import that aliases it."""
    return any(next(_word_starts(text, name), -1) != -1 for name in names)


def mentions_attribute(text: str, *names: str) -> bool:
    """``.name`` for one of ``names``; spaces, line breaks and comments may follow the dot."""
    for name in names:
        for at in _word_starts(text, name):
            before = at - 1
            while before >= 0 and text[before] in " \t\f\\\r\n":
                before -= 1
            if before >= 0 and text[before] == ".":
                return True
            if "\n" in text[before + 1 : at]:
                # A comment may stand between the dot and the name, lines apart.
                line_start = text.rfind("\n", 0, before) + 1
                if "#" in text[line_start : before + 1]:
                    return True
    return False


def starts_statement(text: str, *keywords: str) -> bool:
    """A line that starts with one of ``keywords`` (``for`` and ``while`` loops; ``async for``):
    a compound statement starts its own line."""
    for keyword in keywords:
        for at in _word_starts(text, keyword):
            line_start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
            if text[line_start:at].strip() in ("", "async"):
                return True
    return False


def defined_names(text: str) -> Iterator[str]:
    """The names after each ``def``: every function's, and some words of prose."""
    for at in _word_starts(text, "def"):
        start = at + 3
        while start < len(text) and text[start] in " \t\f\\\r\n":
            start += 1
        end = start
        while end < len(text) and _is_word_char(text[end]):
            end += 1
        if end > start:
            yield text[start:end]


def words_containing(text: str, parts: tuple[str, ...]) -> Iterator[str]:
    """Each whole word that holds one of ``parts`` (given in lower case), in any case."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter that lowers to two: keep the positions
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    for part in parts:
        at = lowered.find(part)
        while at != -1:
            start, end = at, at + len(part)
            while start > 0 and _is_word_char(text[start - 1]):
                start -= 1
            while end < len(text) and _is_word_char(text[end]):
                end += 1
            yield text[start:end]
            at = lowered.find(part, end)


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every syntax node under ``node`` (not ``node`` itself), in no promised order."""
    stack = list(syntax_children(node))
    while stack:
        current = stack.pop()
        yield current
        stack.extend(syntax_children(current))


def assigned_names(node: cst.CSTNode) -> set[str]:
    """Names bound anywhere under ``node``: assignment and loop targets, ``with ... as``."""
    names: set[str] = set()
    for child in descendants(node):
        targets: list[cst.BaseExpression] = []
        if isinstance(child, cst.Assign):
            targets = [t.target for t in child.targets]
        elif isinstance(child, (cst.AnnAssign, cst.AugAssign)):
            targets = [child.target]
        elif isinstance(child, (cst.For, cst.CompFor)):
            targets = [child.target]
        elif isinstance(child, cst.AsName):
            targets = [child.name]
        elif isinstance(child, cst.NamedExpr):
            targets = [child.target]
        for target in targets:
            for part in [target, *descendants(target)]:
                if isinstance(part, cst.Name):
                    names.add(part.value)
    if isinstance(node, cst.For):
        for part in [node.target, *descendants(node.target)]:
            if isinstance(part, cst.Name):
                names.add(part.value)
    return names


def mutated_names(node: cst.CSTNode) -> set[str]:
    """Names mutated in place under ``node``: ``x += 1``, ``x[i] = v``, ``x.add_(v)``."""
    names: set[str] = set()
    for child in descendants(node):
        target: Optional[cst.BaseExpression] = None
        if isinstance(child, cst.AugAssign):
            target = child.target
        elif isinstance(child, cst.Assign):
            for item in child.targets:
                if isinstance(item.target, (cst.Subscript, cst.Attribute)):
                    target = item.target.value
        elif isinstance(child, cst.Call) and isinstance(child.func, cst.Attribute):
            method = child.func.attr.value
            if method.endswith("_") and not method.startswith("_"):
                target = child.func.value
        while isinstance(target, (cst.Subscript, cst.Attribute)):
            target = target.value
        if isinstance(target, cst.Name):
            names.add(target.value)
    return names


def source_of(ctx: LintContext, node: cst.CSTNode) -> str:
    return ctx.module.code_for_node(node)


class LoopTracking(Rule):
    """A rule base that knows how many loop bodies enclose the current node.

    Only loop *bodies* count: ``for x in torch.arange(3):`` evaluates its iterable once.
    Entering a function starts again at zero (its body runs when called, not per iteration).
    """

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._loop_bodies: set[int] = set()
        self._depths: list[int] = [0]
        self._loops: list[Union[cst.For, cst.While]] = []

    @property
    def loop_depth(self) -> int:
        return self._depths[-1]

    @property
    def innermost_loop(self) -> Optional[Union[cst.For, cst.While]]:
        return self._loops[-1] if self._loops and self._depths[-1] else None

    def visit_For(self, node: cst.For) -> None:
        self._loop_bodies.add(id(node.body))
        self._loops.append(node)

    def leave_For(self, node: cst.For) -> None:
        self._loops.pop()

    def visit_While(self, node: cst.While) -> None:
        self._loop_bodies.add(id(node.body))
        self._loops.append(node)

    def leave_While(self, node: cst.While) -> None:
        self._loops.pop()

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if id(node) in self._loop_bodies:
            self._depths[-1] += 1

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if id(node) in self._loop_bodies:
            self._depths[-1] -= 1

    def visit_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        self.visit_IndentedBlock(node)  # type: ignore[arg-type]

    def leave_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        self.leave_IndentedBlock(node)  # type: ignore[arg-type]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._depths.append(0)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._depths.pop()
