"""The Rule base class and the VALID / INVALID example records rules carry.

A rule is a class with a code (``TL`` + 3 digits), a kebab-case name, the back-ends it breaks
(``targets``), its documentation (the class docstring, in Markdown with the sections *What it
does*, *Why is this bad?*, *Example* and *Fix safety*), and its own examples. It implements
``visit_<Node>`` / ``leave_<Node>`` methods like a libcst visitor; the engine calls every rule's
methods from one shared traversal, so a rule never walks the tree itself. It reads the semantic
model through ``self.ctx`` (see :class:`torchlint.lint.context.LintContext`).
"""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, ClassVar, Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import TARGETS, Fix, Message, Severity

if TYPE_CHECKING:
    from torchlint.lint.conditions import PathCondition
    from torchlint.lint.context import LintContext
    from torchlint.lint.semantic.summary import FileSummary

CODE_PATTERN = re.compile(r"^[A-Z]{1,4}\d{3}$")
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def normalized(code: str) -> str:
    """Example code as the rule's tests and docs see it: dedented, without leading blank lines."""
    return textwrap.dedent(code).lstrip("\n")


@dataclass(frozen=True)
class Valid:
    """Code the rule must not flag.

    When ``runtime`` is true, the test suite runs it through every back-end in ``backends``
    (default: the rule's targets) and checks that torch accepts it. Runnable examples define
    ``Model`` (an ``nn.Module``) or a function ``fn``, and ``inputs()`` returning a list of
    argument tuples (two or more, differing in values and, for trace checks, in batch size).
    """

    code: str
    runtime: bool = True
    backends: Optional[tuple[str, ...]] = None
    filename: str = "example.py"

    @property
    def source(self) -> str:
        return normalized(self.code)


@dataclass(frozen=True)
class Invalid:
    """Code the rule must flag; ``line`` is the 1-based line of the finding in ``source``.

    ``backends`` (default: the rule's targets) are the back-ends torch must confirm fail, break
    or diverge on it when ``runtime`` is true. With ``trace_warning``, trace's confirmation is
    the ``TracerWarning`` torch raises at ``line`` (a value recorded as a constant) rather than
    a failure or divergence. ``fixed`` is the expected text after the rule's fix is applied
    (unsafe fixes included), when the rule has one.
    """

    code: str
    line: Optional[int] = None
    runtime: bool = True
    backends: Optional[tuple[str, ...]] = None
    fixed: Optional[str] = None
    filename: str = "example.py"
    message_contains: Optional[str] = None
    trace_warning: bool = False
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def source(self) -> str:
        return normalized(self.code)


class Rule:
    """Base class of every rule. Subclasses set the class attributes and visit methods."""

    code: ClassVar[str]
    name: ClassVar[str]
    message: ClassVar[str]
    # A message per back-end: a rule that sets ``subject``, ``clauses`` (back-end -> what it
    # does with the flagged code, in the order to say them) and ``advice`` gets findings whose
    # message says only what the back-ends they name do (see ``Message``), and ``message``
    # (its documentation's) is made of all the clauses.
    subject: ClassVar[str] = ""
    clauses: ClassVar[Mapping[str, str]] = {}
    advice: ClassVar[str] = ""
    # Back-ends of ``clauses`` where torch only warns and the result stays eager's
    # (``Message.warns``).
    warns: ClassVar[frozenset[str]] = frozenset()
    template: ClassVar[Optional[Message]] = None
    targets: ClassVar[tuple[str, ...]] = ()
    severity: ClassVar[Severity] = "error"
    # Graph-code rules report only inside graph regions and only for back-ends that reach the
    # node, and their visit / leave methods are called only there (``visit_Module`` and
    # ``leave_Module`` always); driver-code (performance) and migration rules set this to False.
    graph_only: ClassVar[bool] = True
    # Back-ends a finding may name besides ``targets`` (``report(targets=...)``): a graph-only
    # rule's findings name only these and ``targets``, and it is called only where one of them
    # reaches (see ``reported_targets``).
    also_reports: ClassVar[tuple[str, ...]] = ()
    # A rule family that needs no torch import in the file to fire sets this to False.
    needs_torch: ClassVar[bool] = True
    # A rule that asks the driver model about call sites (``ctx.driver.call``: loops, grad mode,
    # model calls, all of which need the whole file) sets this: its visit / leave methods run
    # after the traversal, in traversal order, each with the context its node had, and the
    # driver model collects from that same traversal instead of walking the file again.
    after_traversal: ClassVar[bool] = False
    VALID: ClassVar[Sequence[Valid]] = ()
    INVALID: ClassVar[Sequence[Invalid]] = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if {"subject", "clauses", "advice", "warns"} & cls.__dict__.keys():
            cls.template = Message(cls.subject, tuple(cls.clauses.items()), cls.advice, cls.warns)
            cls.message = cls.template.render()
        elif "message" in cls.__dict__:  # a fixed message replaces the clauses it inherits
            cls.template = None

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx

    @classmethod
    def reported_targets(cls) -> frozenset[str]:
        """The back-ends this rule's findings can name (empty: any)."""
        return frozenset((*cls.targets, *cls.also_reports))

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        """False when a cheap check of the file's text and summary shows it cannot hold one of
        this rule's findings: the engine then does not walk the file with it, and does not
        parse a file that no rule walks."""
        return True

    def report(
        self,
        node: cst.CSTNode,
        message: Union[str, Message, None] = None,
        *,
        targets: Optional[Sequence[str]] = None,
        fix: Optional[Fix] = None,
        condition: Optional[PathCondition] = None,
    ) -> None:
        """Record a finding on ``node``.

        For graph-only rules the finding keeps only the back-ends that both the rule claims
        (``targets``, default the class's) and the graph region reaches at this node; when
        none is left, nothing is reported. A ``Message`` (default: the rule's own, when it has
        clauses) is rendered for the back-ends the finding names in the end. ``condition``
        is a state the failure needs besides the path's own tests (autograd being on).
        """
        if message is None:
            message = self.template or self.message
        self.ctx.report(self, node, message, targets=targets, fix=fix, condition=condition)

    @classmethod
    def documentation(cls) -> str:
        return textwrap.dedent(inspect.getdoc(cls) or "").strip()

    @classmethod
    def summary(cls) -> str:
        doc = cls.documentation()
        return doc.splitlines()[0] if doc else cls.message

    @classmethod
    def check_definition(cls) -> list[str]:
        """Problems with the rule's own definition (used by the test suite and the loader)."""
        problems = []
        if not CODE_PATTERN.match(getattr(cls, "code", "")):
            problems.append(f"{cls.__name__}: bad code {getattr(cls, 'code', None)!r}")
        if not NAME_PATTERN.match(getattr(cls, "name", "")):
            problems.append(f"{cls.__name__}: bad name {getattr(cls, 'name', None)!r}")
        if not getattr(cls, "message", ""):
            problems.append(f"{cls.__name__}: no message")
        for target in cls.targets:
            if target not in TARGETS:
                problems.append(f"{cls.__name__}: unknown target {target!r}")
        if cls.clauses:
            reported = cls.reported_targets()
            for target in cls.clauses.keys() - reported:
                problems.append(f"{cls.__name__}: a clause for {target!r}, which it never reports")
            for target in reported - cls.clauses.keys():
                problems.append(f"{cls.__name__}: no clause for {target!r}, which it reports")
        return problems


@cache  # dir() per rule per file costs a few ms a file; classes do not change
def visit_methods(rule_cls: type[Rule]) -> dict[str, str]:
    """Map ``visit_X`` / ``leave_X`` method names a rule defines to the node class they handle.

    Cached: callers must not modify the returned dict."""
    methods = {}
    for attr in dir(rule_cls):
        if attr.startswith(("visit_", "leave_")) and callable(getattr(rule_cls, attr)):
            methods[attr] = attr.split("_", 1)[1]
    return methods
