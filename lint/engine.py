"""The engine: lint one file with one parse and one traversal, against the project index.

``lint_text`` lints one in-memory file (the editor's entry point); ``lint_pending`` one file of
a ``lint_files`` run (``run.py``, the CLI's entry point), with every rule: what the run reports
of it is selected afterwards (``selection.py``). An exception inside a rule is reported as an
internal error for that rule and file, and every other rule and file still runs.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Callable, Optional

import libcst as cst

from torchlint.lint.cache import TEXT_DEPENDENCY
from torchlint.lint.context import STATEMENT_TYPES, TRACKED_TYPES, LintContext
from torchlint.lint.diagnostics import Diagnostic, FileError, FileResult
from torchlint.lint.fixes import attach_fixes
from torchlint.lint.library_source import LIBRARY_DEPENDENCY, recording_library_reads
from torchlint.lint.parser import parse
from torchlint.lint.registry import all_rules
from torchlint.lint.rule import Rule, visit_methods
from torchlint.lint.selection import Findings, report
from torchlint.lint.semantic.driver import DRIVER_TYPES
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.model import FileModel
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.settings import Settings
from torchlint.lint.source import Source, SourceError, source_lines
from torchlint.lint.suppressions import apply_directives, parse_directives
from torchlint.lint.walk import LEAF_TYPES, NODE_TYPES, walk

ISSUE_HINT = "this is a bug in torchlint; please report it with the file that triggers it"


def selected_rules(
    settings: Settings, rules: Optional[Sequence[type[Rule]]] = None
) -> list[type[Rule]]:
    return [
        r
        for r in (rules if rules is not None else all_rules())
        if settings.rule_selected(r.code, r.name)
    ]


def analysed_rules(rules: Optional[Sequence[type[Rule]]] = None) -> list[type[Rule]]:
    """The rules a ``lint_files`` run analyses: all of them (those given, or every installed
    one), whatever the settings select, which apply to the report (``selection.py``)."""
    return list(rules) if rules is not None else all_rules()


class _Dispatcher:
    """Calls rule methods by node type around the semantic model's bookkeeping.

    A graph-only rule is called only where a back-end it reports for (``Rule.reported_targets``)
    reaches: outside graph code only the rules that report there (``graph_only = False``) are
    called, and in code only ``torch.compile`` reaches, no TorchScript rule is; every rule's
    ``visit_Module`` / ``leave_Module`` always. A rule skipped at a node could report nothing
    there, and enter and leave of a node always see the same back-ends. When only graph-only
    rules run, the statements outside graph code that hold no graph function are not walked.

    The methods of ``after_traversal`` rules are recorded with a snapshot of the context and
    run by ``replay`` once the driver model has collected from this same traversal.
    """

    def __init__(
        self, ctx: LintContext, rules: Sequence[Rule], rule_errors: list[tuple[str, str, FileError]]
    ) -> None:
        self.ctx = ctx
        self.rule_errors = rule_errors
        self.visit: dict[str, list[tuple[Rule, Callable]]] = {}
        self.leave: dict[str, list[tuple[Rule, Callable]]] = {}
        self.failed: set[str] = set()
        # Methods of after_traversal rules, by node class name: run by replay.
        self.later_visit: dict[str, list[tuple[Rule, Callable]]] = {}
        self.later_leave: dict[str, list[tuple[Rule, Callable]]] = {}
        for rule in rules:
            later = type(rule).after_traversal
            for method, node_type in visit_methods(type(rule)).items():
                if method.startswith("visit_"):
                    table = self.later_visit if later else self.visit
                else:
                    table = self.later_leave if later else self.leave
                table.setdefault(node_type, []).append((rule, getattr(rule, method)))
        self._recorded: list[tuple[list[tuple[Rule, Callable]], cst.CSTNode, tuple]] = []
        self._later_enter: dict[type, list[tuple[Rule, Callable]]] = {}
        self._later_leave: dict[type, list[tuple[Rule, Callable]]] = {}
        self._driver = None
        if self.later_visit or self.later_leave:
            self._driver = ctx.driver
            self._driver.begin_walk()
        # The handlers by the back-ends that reach a node (None: the module, for every rule)
        # and by node class, filled as they are met.
        self._enter_tables: dict[Optional[frozenset[str]], _Table] = {}
        self._leave_tables: dict[Optional[frozenset[str]], _Table] = {}
        # Leaves no method of a rule here handles (the context and the driver model ignore
        # leaves): the walk skips them.
        handled = {*self.visit, *self.leave, *self.later_visit, *self.later_leave}
        self.silent = frozenset(kind for kind in LEAF_TYPES if kind.__name__ not in handled)
        # Other nodes nothing here handles are walked through without a call: their children
        # still are visited, and a node a guard gives its own back-ends (``watched``) is not
        # passed through.
        tracked = {cst.Module, *TRACKED_TYPES, *(DRIVER_TYPES if self._driver else ())}
        self.passed = frozenset(
            kind
            for kind in NODE_TYPES - LEAF_TYPES
            if kind.__name__ not in handled and kind not in tracked
        )
        self.watched = ctx.guarded
        self._skips_outside = all(rule.graph_only for rule in rules)
        self._graph_holders = ctx.model.graph_holders
        self._ctx_enter = ctx.enter
        self._ctx_leave = ctx.leave
        self._targets = ctx.target_stack

    def _call(self, handlers: list[tuple[Rule, Callable]], node: cst.CSTNode) -> None:
        # A rule that fails is taken out of the tables (see _fail), so no per-call check here.
        for rule, handler in handlers:
            try:
                handler(node)
            except RecursionError:  # a known limit (code nested hundreds deep), not a bug
                self._fail(
                    rule,
                    f"too deeply nested for rule {rule.code} ({rule.name}) to analyse; "
                    "the rule was skipped for this file",
                    node,
                )
            except Exception as exc:  # isolate one rule's bug from the rest
                self._fail(
                    rule,
                    f"internal error in rule {rule.code} ({rule.name}): "
                    f"{describe_exception(exc)}; {ISSUE_HINT}",
                    node,
                    traceback.format_exc(),
                )

    def _fail(
        self, rule: Rule, message: str, node: cst.CSTNode, detail: Optional[str] = None
    ) -> None:
        self.failed.add(rule.code)
        error = FileError(self.ctx.path, message, _line_of(self.ctx, node), detail=detail)
        self.rule_errors.append((rule.code, rule.name, error))
        for table in (self.visit, self.leave):
            for node_type, handlers in table.items():
                table[node_type] = [entry for entry in handlers if entry[0] is not rule]
        self._enter_tables.clear()
        self._leave_tables.clear()

    def _handlers(
        self, targets: Optional[frozenset[str]], kind: type, visiting: bool
    ) -> list[tuple[Rule, Callable]]:
        tables = self._enter_tables if visiting else self._leave_tables
        table = tables.get(targets)
        if table is None:
            table = tables[targets] = {}
        handlers = [
            entry
            for entry in (self.visit if visiting else self.leave).get(kind.__name__, [])
            if targets is None or _reaches(type(entry[0]), targets)
        ]
        table[kind] = handlers
        return handlers

    def on_enter(self, node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        targets: Optional[frozenset[str]] = self._ctx_enter(node)
        if kind is cst.Module:
            targets = None
        elif (
            not targets
            and self._skips_outside
            and kind in STATEMENT_TYPES
            and id(node) not in self._graph_holders
        ):
            return False
        table = self._enter_tables.get(targets)
        handlers = table.get(kind) if table is not None else None
        if handlers is None:
            handlers = self._handlers(targets, kind, True)
        if handlers:
            self._call(handlers, node)
        if self._driver is not None:
            if kind in DRIVER_TYPES:
                self._driver.walk_enter(node)
            later = self._later_enter.get(kind)
            if later is None:
                later = self._later_enter[kind] = self.later_visit.get(kind.__name__, [])
            if later:
                self._recorded.append((later, node, self.ctx.snapshot()))
        return None

    def on_leave(self, node: cst.CSTNode) -> None:
        kind = type(node)
        targets = None if kind is cst.Module else self._targets[-1]
        table = self._leave_tables.get(targets)
        handlers = table.get(kind) if table is not None else None
        if handlers is None:
            handlers = self._handlers(targets, kind, False)
        if handlers:
            self._call(handlers, node)
        if self._driver is not None:
            later = self._later_leave.get(kind)
            if later is None:
                later = self._later_leave[kind] = self.later_leave.get(kind.__name__, [])
            if later:
                self._recorded.append((later, node, self.ctx.snapshot()))
            if kind in DRIVER_TYPES:
                self._driver.walk_leave(node)
        self._ctx_leave(node)

    def replay(self) -> None:
        """Run the recorded methods of after_traversal rules, in traversal order."""
        if self._driver is None:
            return
        self._driver.end_walk()
        for handlers, node, snapshot in self._recorded:
            live = [entry for entry in handlers if entry[0].code not in self.failed]
            if live:
                self.ctx.replay(snapshot, functools.partial(self._call, live, node))
        self._recorded.clear()


_Table = dict[type, list[tuple[Rule, Callable]]]


def _reaches(rule: type[Rule], targets: frozenset[str]) -> bool:
    """Whether ``rule`` can report in code that ``targets`` reach (empty: not graph code)."""
    if not rule.graph_only:
        return True
    reported = rule.reported_targets()
    return bool(targets) and (not reported or not targets.isdisjoint(reported))


def describe_exception(exc: BaseException) -> str:
    """``Type: message`` for an error report, short, even when ``str(exc)`` itself fails (an
    exception holding a deeply nested CST node recurses in its repr)."""
    try:
        text = str(exc)
    except Exception:
        text = "(no message)"
    if len(text) > 300:
        text = text[:300] + "..."
    return f"{type(exc).__name__}: {text}"


def _line_of(ctx: LintContext, node: cst.CSTNode) -> Optional[int]:
    """The line of ``node`` for an error message, or None when even that fails."""
    try:
        return ctx.position(node).start.line
    except Exception:
        return None


def lint_module(
    path: str,
    source: Source,
    module: cst.Module,
    index: ProjectIndex,
    rules: Sequence[type[Rule]],
    settings: Settings,
) -> FileResult:
    """Run ``rules`` over a parsed module and report what ``settings`` select; the file must
    already be in ``index``. Never raises (see ``analyse_module``)."""
    result, findings = analyse_module(path, source, module, index, rules)
    result.diagnostics, errors = report(findings, settings, path)
    result.errors.extend(errors)
    return result


def analyse_module(
    path: str,
    source: Source,
    module: cst.Module,
    index: ProjectIndex,
    rules: Sequence[type[Rule]],
) -> tuple[FileResult, Findings]:
    """Run ``rules`` over a parsed module: the result holds the file's own errors, the
    findings everything the rules found, nothing selected yet.

    Never raises: a failure outside the rules (the semantic model, suppressions) becomes an
    internal error of this file, so the other files of the run are still linted."""
    try:
        return _analyse_module(path, source, module, index, rules)
    except RecursionError:
        return FileResult(
            path, errors=[FileError(path, "too deeply nested to analyse")]
        ), Findings()
    except Exception as exc:
        message = f"internal error: {describe_exception(exc)}; {ISSUE_HINT}"
        error = FileError(path, message, detail=traceback.format_exc())
        return FileResult(path, errors=[error]), Findings()


def _analyse_module(
    path: str,
    source: Source,
    module: cst.Module,
    index: ProjectIndex,
    rules: Sequence[type[Rule]],
) -> tuple[FileResult, Findings]:
    result = FileResult(path=path, source=source, module=module)
    summary = index.by_path.get(path)
    if summary is None:
        summary = index.add_source(path, source.text)
    try:
        model = FileModel(module, summary, index)
    except RecursionError:
        result.errors.append(FileError(path, "too deeply nested to analyse"))
        return result, Findings()
    active = _active_rules(rules, summary, model.has_graph_code)
    findings = _findings_of(source.text, summary, active, rules)
    if not active:
        return result, findings
    ctx = LintContext(path, source.text, module, model, index)
    reached = model.reached_targets()
    visiting = []
    for rule_cls in active:
        if _walks(rule_cls, reached, source.text, summary):
            try:
                visiting.append(rule_cls(ctx))
            except Exception as exc:  # a rule that cannot start is skipped, the others run
                message = (
                    f"internal error in rule {rule_cls.code} ({rule_cls.name}): "
                    f"{describe_exception(exc)}; {ISSUE_HINT}"
                )
                error = FileError(path, message, detail=traceback.format_exc())
                findings.rule_errors.append((rule_cls.code, rule_cls.name, error))
    dispatcher = _Dispatcher(ctx, visiting, findings.rule_errors)
    try:
        if visiting:
            walk(
                module,
                dispatcher.on_enter,
                dispatcher.on_leave,
                dispatcher.silent,
                dispatcher.passed,
                dispatcher.watched,
            )
            dispatcher.replay()
    except RecursionError:
        result.errors.append(FileError(path, "too deeply nested to analyse"))
    except Exception as exc:
        message = f"internal error: {describe_exception(exc)}; {ISSUE_HINT}"
        result.errors.append(FileError(path, message, detail=traceback.format_exc()))
    findings.diagnostics = list(ctx.diagnostics)
    _attach_fixes(ctx, findings)
    ctx.release()
    return result, findings


def _attach_fixes(ctx: LintContext, findings: Findings) -> None:
    """Fixes for the findings no directive suppresses, after the traversal; one rule's at a
    time, so that a fixer's internal error is reported only when its rule is selected."""
    fresh = [replace(d, used_codes=set(), used=False) for d in findings.directives]
    by_rule: dict[tuple[str, str], list[Diagnostic]] = {}
    for diagnostic in apply_directives(ctx.path, fresh, findings.diagnostics, (), (), False):
        by_rule.setdefault((diagnostic.code, diagnostic.name), []).append(diagnostic)
    for (code, name), diagnostics in by_rule.items():
        for message in attach_fixes(ctx, diagnostics):
            error = FileError(ctx.path, f"{message}; {ISSUE_HINT}")
            findings.rule_errors.append((code, name, error))


def _active_rules(
    rules: Sequence[type[Rule]], summary: FileSummary, has_graph_code: bool
) -> list[type[Rule]]:
    """The rules that can find anything in this file: torch rules need a torch import or
    graph code."""
    return [r for r in rules if not r.needs_torch or summary.imports_torch or has_graph_code]


def _findings_of(
    text: str,
    summary: FileSummary,
    active: Sequence[type[Rule]],
    rules: Sequence[type[Rule]],
) -> Findings:
    """A file's findings before its rules run: its directives and which rules run on it."""
    return Findings(
        directives=parse_directives(text, summary.top_lines),
        ran=[(r.code, r.name) for r in active],
        known=tuple(dict.fromkeys(r.code for r in (*all_rules(), *rules))),
    )


def _without_tree(
    source: Source,
    summary: FileSummary,
    index: ProjectIndex,
    rules: Sequence[type[Rule]],
) -> Optional[Findings]:
    """The findings of a file no rule needs to walk (no graph code, and no torch import or no
    driver-code rule: only suppression comments to judge), without parsing it with libcst;
    None when one does. Configuration files and tokenizers are a third of transformers."""
    if not summary.parsed or index.has_graph_code(summary):
        return None
    active = _active_rules(rules, summary, False)
    if any(_walks(r, frozenset(), source.text, summary) for r in active):
        return None
    return _findings_of(source.text, summary, active, rules)


def _walks(rule: type[Rule], reached: frozenset[str], text: str, summary: FileSummary) -> bool:
    """Whether ``rule`` walks a file whose graph code the back-ends ``reached`` reach. A
    graph-only rule reports nothing outside graph code, nor where none of its back-ends
    reaches: in a file without such code it runs (for TL001, it found nothing) without
    walking; so does a rule whose own check of the text finds nothing it could report."""
    return bool(visit_methods(rule)) and _reaches(rule, reached) and rule.may_report(text, summary)


def lint_text(
    path: str,
    text: str,
    settings: Optional[Settings] = None,
    index: Optional[ProjectIndex] = None,
    rules: Optional[Sequence[type[Rule]]] = None,
    module: Optional[cst.Module] = None,
    revision: bool = False,
) -> FileResult:
    """Lint one in-memory file. The index defaults to one holding just this file (plus the
    project modules it imports, read lazily from disk). ``module``: the libcst tree of
    ``text``, when the caller parsed it already (``fix_text``'s compile check). ``revision``:
    ``text`` revises the file the index holds (a fix round; see ``ProjectIndex.add_source``)."""
    settings = settings or Settings()
    if index is None:
        index = ProjectIndex(script_all_modules=settings.script_all_modules)
    source = Source(path=path, text=text)
    summary = index.add_source(path, text, revision=revision)
    index.texts[path] = text  # the editor's buffer, for other files' cross-file kinds
    if module is None:
        try:
            module = parse(source, python_valid=summary.parsed)
        except SourceError as exc:
            return FileResult(
                path=path, errors=[FileError(path, exc.message, exc.line, exc.column)]
            )
    return lint_module(path, source, module, index, selected_rules(settings, rules), settings)


def lint_pending(
    source: Source, index: ProjectIndex, rules: Sequence[type[Rule]], record: bool
) -> tuple[FileResult, Findings, set[str], tuple]:
    """Analyse one file of a ``lint_files`` run (``run.py``) with ``rules``: its result (the
    file's own errors, and the lines of the module text its findings and directives start on;
    the tree and the text let go) and its findings, nothing selected yet; the modules (and,
    prefixed ``TEXT_DEPENDENCY``, the texts) its analysis read, when ``record``; and what its
    model found for other files, to publish to other processes (empty when it has no model)."""
    index.accessed = set() if record else None
    index.accessed_text = set() if record else None
    try:
        summary = index.by_path.get(source.path)
        light = _without_tree(source, summary, index, rules) if summary else None
        if light is not None:
            result = FileResult(source.path, lines=_frame_lines(source.text, light))
            return result, light, (index.accessed or set()), ()
        try:
            # A model of this file built for another one may have parsed it already.
            trees = index.trees
            module = trees.take(source.path, source.text) if trees is not None else None
            if module is None:
                module = parse(source, python_valid=summary is not None and summary.parsed)
        except SourceError as exc:
            return (
                FileResult(
                    path=source.path,
                    errors=[FileError(source.path, exc.message, exc.line, exc.column)],
                ),
                Findings(),
                set(),
                (),
            )
        with recording_library_reads() as library_reads:
            result, findings = analyse_module(source.path, source, module, index, rules)
        result.module = None
        result.source = None
        result.lines = _frame_lines(source.text, findings)
        for diagnostic in findings.diagnostics:
            diagnostic.node = None  # tree nodes stay in this process
        texts = {TEXT_DEPENDENCY + name for name in index.accessed_text or ()}
        if record:  # installed sources read (TL209): a cached result is stale after an upgrade
            texts |= {LIBRARY_DEPENDENCY + name for name in library_reads}
        # What other files read from this file's model (for the process that forked this one,
        # too), and what that depends on.
        found: tuple = ()
        if summary is not None and index.models.get(summary.module) is not None:
            name = summary.module
            if record:
                index.lint_dependencies[name] = (
                    frozenset(index.accessed or ()),
                    frozenset(index.accessed_text or ()),
                )
            found = (
                name,
                index.models[name],
                index.outgoing_kinds.get(name, {}),
                index.lint_dependencies.get(name),
            )
        return result, findings, (index.accessed or set()) | texts, found
    finally:
        index.accessed = None
        index.accessed_text = None


def _frame_lines(text: str, findings: Findings) -> dict:
    """The lines of ``text`` a report of ``findings`` may show, by number: what a run keeps of
    the text (a notebook's are numbered in cells when reported, from the notebook)."""
    wanted = findings.frame_lines()
    if not wanted:
        return {}
    numbered = source_lines(text)
    return {n: numbered[n - 1] for n in sorted(wanted) if 0 < n <= len(numbered)}


def build_index(sources: Iterable[Source], settings: Settings) -> ProjectIndex:
    index = ProjectIndex(script_all_modules=settings.script_all_modules)
    for source in sources:
        index.add_source(source.path, source.text)
    return index
