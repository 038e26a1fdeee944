"""Helpers the performance rules (TL4xx) share: kinds in driver and graph code, loop depth,
and small syntax scans. Not a rule module (the leading underscore keeps discovery out)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Optional, Union

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import in_place_method
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
        Kind.SIZE_NDARRAY,
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
    return _says_inference(name)


@functools.lru_cache(maxsize=4096)
def _says_inference(name: str) -> bool:
    words = re.split(r"_+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower())
    return any(word in INFERENCE_WORDS for word in words)


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
    # Compared by type: isinstance against libcst's abstract classes is slow, and a scope
    # holds thousands of nodes.
    for child in descendants(node):
        kind = type(child)
        target: Optional[cst.BaseExpression] = None
        if kind is cst.AugAssign:
            target = child.target  # type: ignore[attr-defined]
        elif kind is cst.Assign:
            for item in child.targets:  # type: ignore[attr-defined]
                if type(item.target) in _ACCESSES:
                    target = item.target.value
        elif kind is cst.Call and type(child.func) is cst.Attribute:  # type: ignore[attr-defined]
            method = child.func.attr.value  # type: ignore[attr-defined]
            if in_place_method(method):
                target = child.func.value  # type: ignore[attr-defined]
        while type(target) in _ACCESSES:
            target = target.value  # type: ignore[union-attr]
        if type(target) is cst.Name:
            names.add(target.value)  # type: ignore[union-attr]
    return names


_ACCESSES = (cst.Subscript, cst.Attribute)


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
