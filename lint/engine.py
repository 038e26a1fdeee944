"""The engine: index the project, then lint each file with one parse and one traversal.

``lint_text`` lints one in-memory file against an index (the editor's entry point);
``lint_files`` lints many files (the CLI's). An exception inside a rule is reported as an
internal error for that rule and file, and every other rule and file still runs.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

import libcst as cst

from torchlint.lint.cache import Entry, LintCache, content_hash, fingerprint, summary_digest
from torchlint.lint.config import per_file_ignored
from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Diagnostic, FileError
from torchlint.lint.fixes import attach_fixes
from torchlint.lint.notebook import Notebook, is_notebook, map_result_diagnostics, read_notebook
from torchlint.lint.registry import all_rules
from torchlint.lint.rule import Rule, visit_methods
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.model import FileModel
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.semantic.trees import ParsedTrees
from torchlint.lint.settings import Settings
from torchlint.lint.source import Source, SourceError, parse, read_source, source_lines
from torchlint.lint.suppressions import UNUSED_SUPPRESSION_CODE, apply_suppressions
from torchlint.lint.walk import walk

ISSUE_HINT = "this is a bug in torchlint; please report it with the file that triggers it"


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    source: Optional[Source] = None
    module: Optional[cst.Module] = None
    # Notebook findings are numbered by cell and line, not by the module text's lines.
    cell_mapped: bool = False
    # The source lines findings start on, by number (their code frames): what ``lint_files``
    # keeps of the text, which it does not hold (transformers: 27 MB in 571 files).
    lines: dict[int, str] = field(default_factory=dict)

    def code_lines(self) -> dict[int, str]:
        """The source lines the findings start on, from ``lines`` or the source."""
        if self.lines or self.source is None or self.cell_mapped or not self.diagnostics:
            return self.lines
        numbered = source_lines(self.source.text)
        return {
            d.line: numbered[d.line - 1] for d in self.diagnostics if 0 < d.line <= len(numbered)
        }

    def keep_code_lines(self) -> None:
        """Keep only the lines of the code frames, not the whole source text."""
        self.lines = self.code_lines()
        self.source = None


def selected_rules(
    settings: Settings, rules: Optional[Sequence[type[Rule]]] = None
) -> list[type[Rule]]:
    return [
        r
        for r in (rules if rules is not None else all_rules())
        if settings.rule_selected(r.code, r.name)
    ]


class _Dispatcher:
    """Calls rule methods by node type around the semantic model's bookkeeping."""

    def __init__(self, ctx: LintContext, rules: Sequence[Rule], result: FileResult) -> None:
        self.ctx = ctx
        self.result = result
        self.visit: dict[str, list[tuple[Rule, Callable]]] = {}
        self.leave: dict[str, list[tuple[Rule, Callable]]] = {}
        self.failed: set[str] = set()
        for rule in rules:
            for method, node_type in visit_methods(type(rule)).items():
                table = self.visit if method.startswith("visit_") else self.leave
                table.setdefault(node_type, []).append((rule, getattr(rule, method)))
        # The tables by node class, filled as classes are met (a dict lookup per node).
        self._on_enter: dict[type, list[tuple[Rule, Callable]]] = {}
        self._on_leave: dict[type, list[tuple[Rule, Callable]]] = {}
        self._ctx_enter = ctx.enter
        self._ctx_leave = ctx.leave

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
                )

    def _fail(self, rule: Rule, message: str, node: cst.CSTNode) -> None:
        self.failed.add(rule.code)
        self.result.errors.append(FileError(self.ctx.path, message, _line_of(self.ctx, node)))
        for table in (self.visit, self.leave):
            for node_type, handlers in table.items():
                table[node_type] = [entry for entry in handlers if entry[0] is not rule]
        self._on_enter.clear()
        self._on_leave.clear()

    def on_enter(self, node: cst.CSTNode) -> None:
        self._ctx_enter(node)
        kind = type(node)
        handlers = self._on_enter.get(kind)
        if handlers is None:
            handlers = self._on_enter[kind] = self.visit.get(kind.__name__, [])
        if handlers:
            self._call(handlers, node)

    def on_leave(self, node: cst.CSTNode) -> None:
        kind = type(node)
        handlers = self._on_leave.get(kind)
        if handlers is None:
            handlers = self._on_leave[kind] = self.leave.get(kind.__name__, [])
        if handlers:
            self._call(handlers, node)
        self._ctx_leave(node)


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
    """Run ``rules`` over a parsed module; the file must already be in ``index``.

    Never raises: a failure outside the rules (the semantic model, suppressions) becomes an
    internal error of this file, so the other files of the run are still linted."""
    try:
        return _lint_module(path, source, module, index, rules, settings)
    except RecursionError:
        return FileResult(path, errors=[FileError(path, "too deeply nested to analyse")])
    except Exception as exc:
        return FileResult(
            path,
            errors=[FileError(path, f"internal error: {describe_exception(exc)}; {ISSUE_HINT}")],
        )


def _lint_module(
    path: str,
    source: Source,
    module: cst.Module,
    index: ProjectIndex,
    rules: Sequence[type[Rule]],
    settings: Settings,
) -> FileResult:
    result = FileResult(path=path, source=source, module=module)
    summary = index.by_path.get(path)
    if summary is None:
        summary = index.add_source(path, source.text)
    try:
        model = FileModel(module, summary, index)
    except RecursionError:
        result.errors.append(FileError(path, "too deeply nested to analyse"))
        return result
    active = _active_rules(rules, summary, model.has_graph_code, settings, path)
    if not active:
        return result
    ctx = LintContext(path, source.text, module, model, index)
    visiting = []
    for rule_cls in active:
        if visit_methods(rule_cls):
            try:
                visiting.append(rule_cls(ctx))
            except Exception as exc:  # a rule that cannot start is skipped, the others run
                result.errors.append(
                    FileError(
                        path,
                        f"internal error in rule {rule_cls.code} ({rule_cls.name}): "
                        f"{describe_exception(exc)}; {ISSUE_HINT}",
                    )
                )
    dispatcher = _Dispatcher(
        ctx, [rule for rule in visiting if not getattr(rule, "idle", False)], result
    )
    try:
        if visiting:
            walk(module, dispatcher.on_enter, dispatcher.on_leave)
    except RecursionError:
        result.errors.append(FileError(path, "too deeply nested to analyse"))
    except Exception as exc:
        result.errors.append(
            FileError(path, f"internal error: {describe_exception(exc)}; {ISSUE_HINT}")
        )
    result.diagnostics = _kept(path, source.text, ctx.diagnostics, active, rules, settings)
    # Fixes for the findings kept (selected rules only), after the traversal.
    for message in attach_fixes(ctx, result.diagnostics):
        result.errors.append(FileError(path, f"{message}; {ISSUE_HINT}"))
    ctx.release()
    return result


def _active_rules(
    rules: Sequence[type[Rule]],
    summary: FileSummary,
    has_graph_code: bool,
    settings: Settings,
    path: str,
) -> list[type[Rule]]:
    """The rules that can find anything in this file: torch rules need a torch import or
    graph code, and per-file ignores drop some."""
    ignored_here = per_file_ignored(settings, path)
    return [
        r
        for r in rules
        if (not r.needs_torch or summary.imports_torch or has_graph_code)
        and not (ignored_here and _matches_selector(r, ignored_here))
    ]


def _kept(
    path: str,
    text: str,
    found: Sequence[Diagnostic],
    active: Sequence[type[Rule]],
    rules: Sequence[type[Rule]],
    settings: Settings,
) -> list[Diagnostic]:
    """The findings left after suppressions (with TL001's) and target selection, in order."""
    # Suppressions see every finding before target selection, so a directive for a back-end
    # left out of this run is not reported as unused.
    unsuppressed = apply_suppressions(
        path,
        text,
        found,
        ran_codes=[r.code for r in active],
        known_codes=[r.code for r in (*all_rules(), *rules)],
        report_unused=any(r.code == UNUSED_SUPPRESSION_CODE for r in active),
    )
    return sorted(
        (d for d in unsuppressed if settings.keeps_targets(d.targets, d.code, d.name)),
        key=Diagnostic.sort_key,
    )


def _without_tree(
    source: Source,
    summary: FileSummary,
    index: ProjectIndex,
    rules: Sequence[type[Rule]],
    settings: Settings,
) -> Optional[FileResult]:
    """The result of a file no rule needs to walk (no torch import, no graph code: only
    suppression comments to judge), without parsing it with libcst; None when one does.
    Configuration files and tokenizers are a third of transformers."""
    if not summary.parsed or summary.imports_torch or index.has_graph_code(summary):
        return None
    active = _active_rules(rules, summary, False, settings, source.path)
    if any(visit_methods(r) for r in active):
        return None
    diagnostics = _kept(source.path, source.text, [], active, rules, settings)
    return FileResult(source.path, diagnostics, source=source)


def _matches_selector(rule: type[Rule], selectors: tuple[str, ...]) -> bool:
    return any(rule.code.startswith(s) or rule.name == s or s == "ALL" for s in selectors)


def lint_text(
    path: str,
    text: str,
    settings: Optional[Settings] = None,
    index: Optional[ProjectIndex] = None,
    rules: Optional[Sequence[type[Rule]]] = None,
) -> FileResult:
    """Lint one in-memory file. The index defaults to one holding just this file (plus the
    project modules it imports, read lazily from disk)."""
    settings = settings or Settings()
    if index is None:
        index = ProjectIndex(script_all_modules=settings.script_all_modules)
    source = Source(path=path, text=text)
    summary = index.add_source(path, text)
    index.texts[path] = text  # the editor's buffer, for other files' cross-file kinds
    try:
        module = parse(source, python_valid=summary.parsed)
    except SourceError as exc:
        return FileResult(path=path, errors=[FileError(path, exc.message, exc.line, exc.column)])
    return lint_module(path, source, module, index, selected_rules(settings, rules), settings)


def build_index(sources: Iterable[Source], settings: Settings) -> ProjectIndex:
    index = ProjectIndex(script_all_modules=settings.script_all_modules)
    for source in sources:
        index.add_source(source.path, source.text)
    return index


@dataclass
class _Planned:
    """One readable file of a run, and its cache entry when it has one. The text is read again
    when the file is linted, so a big tree's texts are not all held at once (transformers:
    50 MB); a notebook's code cells, which are no file, are kept."""

    path: str
    content: str
    entry: Optional[Entry] = None
    kept: Optional[Source] = None

    def source(self) -> Source:
        return self.kept if self.kept is not None else read_source(self.path)


def lint_files(
    paths: Sequence[str],
    settings: Optional[Settings] = None,
    rules: Optional[Sequence[type[Rule]]] = None,
    *,
    jobs: int = 1,
    cache_dir: Optional[str] = None,
) -> list[FileResult]:
    """Lint files: read all, index all, then lint each. One bad file never stops the others.

    ``jobs`` > 1 lints in that many forked worker processes, which inherit the index and the
    sources and send back only results. ``cache_dir`` reuses results of unchanged files whose
    cross-file facts are unchanged too (see ``lint/cache.py``).
    """
    with _rare_full_collections():
        return _lint_files(paths, settings, rules, jobs=jobs, cache_dir=cache_dir)


@contextmanager
def _rare_full_collections() -> Iterator[None]:
    """Python's cyclic collector walks every live object (the index, cached models and their
    trees) in each full collection: 20-25% of a run's CPU with the default thresholds. Nearly
    all of a run's garbage is freed by reference counting, so collect less often: a young
    generation of 10,000 objects, not 700 (torch/_inductor: 51.7 -> 43.5 CPU s, peak memory
    262 -> 270 MB; also making full collections rarer cost 53 MB there)."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], 10_000), thresholds[1], thresholds[2])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _lint_files(
    paths: Sequence[str],
    settings: Optional[Settings],
    rules: Optional[Sequence[type[Rule]]],
    *,
    jobs: int,
    cache_dir: Optional[str],
) -> list[FileResult]:
    settings = settings or Settings()
    chosen = selected_rules(settings, rules)
    cache = LintCache(cache_dir) if cache_dir else None
    run_fingerprint = fingerprint(settings, chosen) if cache else ""
    results: dict[str, FileResult] = {}
    notebooks: dict[str, Notebook] = {}  # .ipynb: its code cells as one module
    planned: list[_Planned] = []
    index = ProjectIndex(script_all_modules=settings.script_all_modules)
    if cache is not None:
        index.summarizer = cache.summarizer
    for path in paths:
        try:
            if is_notebook(path):
                notebooks[path] = read_notebook(path)
                source = notebooks[path].source
            else:
                source = read_source(path)
        except SourceError as exc:
            results[path] = FileResult(path=path, errors=[FileError(path, exc.message)])
            continue
        item = _Planned(
            path,
            content_hash(source.text) if cache else "",
            kept=source if path in notebooks else None,
        )
        item.entry = cache.load(path, item.content) if cache else None
        if item.entry is not None:
            if item.entry.summary.path != source.path:
                # Made when the file was read lazily, or named by another relative path.
                item.entry.summary = replace(item.entry.summary, path=source.path)
            index.add_cached(item.entry.summary)
        else:
            index.add_source(source.path, source.text)
        planned.append(item)

    # Summary digests by module: given files, and project modules read lazily from disk.
    digests: dict[str, str] = {}
    for item in planned:
        if item.entry is not None:
            digests[item.entry.summary.module] = item.entry.summary_digest

    def digest_of(module: str) -> str:
        if module.startswith(TEXT_DEPENDENCY):  # a module whose text the analysis read
            summary = index.get_module(module[len(TEXT_DEPENDENCY) :])
            if summary is None:
                return ""
            try:
                return content_hash(read_source(summary.path).text)
            except SourceError:
                return ""
        if module not in digests and cache is not None and module in cache.digests:
            digests[module] = cache.digests[module]
        if module not in digests:
            summary = index.get_module(module)  # a dependency read lazily, through the cache
            if cache is not None and module in cache.digests:
                digests[module] = cache.digests[module]
            else:
                digests[module] = summary_digest(summary) if summary is not None else ""
        return digests[module]

    regions = _regions_by_module(index) if cache else {}
    pending = []
    for item in planned:
        entry = item.entry
        if (
            entry is not None
            and entry.result is not None
            and _entry_valid(entry, run_fingerprint, regions, digest_of)
        ):
            diagnostics, errors = entry.result
            results[item.path] = FileResult(
                path=item.path,
                diagnostics=[Diagnostic.from_dict(d) for d in diagnostics],
                errors=[FileError(**e) for e in errors],
                lines=entry.lines,
            )
        else:
            pending.append(item)

    if pending:
        index.regions()  # once here, not once in every worker
        index.trees = ParsedTrees()
        pending, uncalled = _callers_first(pending, index)
    global _RUN
    _RUN = (pending, index, chosen, settings, notebooks, cache is not None)
    try:
        if jobs > 1 and len(pending) >= 2 * jobs and _can_fork():
            # Files no other file calls first; then the rest, in workers forked afresh, which
            # see what the first ones' models found (the argument kinds their callers pass),
            # instead of modelling those callers again.
            outcomes = _lint_in_workers(range(uncalled), jobs)
            for outcome in outcomes:
                _publish(index, outcome[2])
            outcomes += _lint_in_workers(range(uncalled, len(pending)), jobs)
        else:
            outcomes = [_lint_planned(number) for number in range(len(pending))]
    finally:
        _RUN = None
    for item, (result, depends_on, _) in zip(pending, outcomes):
        results[item.path] = result
        # Results with errors are not kept: an internal error should not outlive its fix.
        if cache is not None and not result.errors:
            summary = index.by_path[item.path]
            cache.store(
                item.path,
                Entry(
                    content=item.content,
                    summary=summary,
                    summary_digest=digest_of(summary.module),
                    fingerprint=run_fingerprint,
                    regions=regions.get(summary.module, ""),
                    depends_on={
                        m: digest_of(m)
                        for m in depends_on
                        if m in index.by_module or m.startswith(TEXT_DEPENDENCY)
                    },
                    result=(
                        [d.to_dict() for d in result.diagnostics],
                        [e.to_dict() for e in result.errors],
                    ),
                    lines=result.lines,
                ),
            )
    return [results[p] for p in paths if p in results]


def _callers_first(pending: list[_Planned], index: ProjectIndex) -> tuple[list[_Planned], int]:
    """The files to lint, callers of other files' graph functions before those files (see
    ``ProjectIndex.callers_first``), files the index has no module for first; and how many
    lead the order that no other file to lint calls."""
    by_module: dict[str, _Planned] = {}
    unindexed: list[_Planned] = []
    for item in pending:
        summary = index.by_path.get(item.path)
        if summary is None or summary.module in by_module:
            unindexed.append(item)
        else:
            by_module[summary.module] = item
    ordered, called = index.callers_first(list(by_module))
    uncalled = [m for m in ordered if m not in called]
    rest = [m for m in ordered if m in called]
    return unindexed + [by_module[m] for m in uncalled + rest], len(unindexed) + len(uncalled)


# A dependency on a module's text (its semantic model was built), not just its summary.
TEXT_DEPENDENCY = "text:"

# The state of the current run, inherited by forked workers instead of being sent to them.
_RUN: Optional[tuple] = None


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _lint_in_workers(numbers: range, jobs: int) -> list[tuple[FileResult, set[str], tuple]]:
    """Lint the pending files ``numbers`` in ``jobs`` forked workers (here, when too few)."""
    if len(numbers) < 2 * jobs:
        return [_lint_planned(number) for number in numbers]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return list(pool.imap(_lint_planned, numbers, chunksize=2))


def _publish(index: ProjectIndex, found: tuple) -> None:
    """Record in this process's index what a worker's model of a file found."""
    if found:
        module, facts, outgoing, dependencies = found
        index.models.setdefault(module, facts)
        index.outgoing_kinds.setdefault(module, outgoing)
        if dependencies is not None:
            index.lint_dependencies.setdefault(module, dependencies)


def _lint_planned(number: int) -> tuple[FileResult, set[str], tuple]:
    """Lint the ``number``-th pending file of the current run (in this process or a worker)."""
    assert _RUN is not None
    pending, index, chosen, settings, notebooks, record = _RUN
    try:
        source = pending[number].source()
    except SourceError as exc:  # gone or changed since it was read for the index
        path = pending[number].path
        return FileResult(path=path, errors=[FileError(path, exc.message)]), set(), ()
    index.accessed = set() if record else None
    index.accessed_text = set() if record else None
    try:
        summary = index.by_path.get(source.path)
        light = _without_tree(source, summary, index, chosen, settings) if summary else None
        if light is not None:
            light.keep_code_lines()
            return light, (index.accessed or set()), ()
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
                set(),
                (),
            )
        result = lint_module(source.path, source, module, index, chosen, settings)
        result.module = None
        if source.path in notebooks:
            result.diagnostics, result.errors = map_result_diagnostics(
                notebooks[source.path], result.diagnostics, result.errors
            )
            result.cell_mapped = True  # lines are the cells' now, not the module text's
        result.keep_code_lines()
        for diagnostic in result.diagnostics:
            diagnostic.node = None  # tree nodes stay in this process
        texts = {TEXT_DEPENDENCY + name for name in index.accessed_text or ()}
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
        return result, (index.accessed or set()) | texts, found
    finally:
        index.accessed = None
        index.accessed_text = None


def _regions_by_module(index: ProjectIndex) -> dict[str, str]:
    """For each module, a digest of its graph functions and their back-ends."""
    own: dict[str, list] = {}
    for summary in index.by_path.values():
        own.setdefault(summary.module, [])
    for name, region in index.regions().items():
        module = name
        while module and module not in own:
            module = module.rpartition(".")[0]
        if module in own:
            own[module].append((name, sorted(region.targets)))
    return {module: repr(sorted(items)) for module, items in own.items()}


def _entry_valid(
    entry: Entry,
    run_fingerprint: str,
    regions: dict[str, str],
    digest_of: Callable[[str], str],
) -> bool:
    if entry.fingerprint != run_fingerprint:
        return False
    if any(digest_of(module) != digest for module, digest in entry.depends_on.items()):
        return False
    return entry.regions == regions.get(entry.summary.module)


def display_path(path: str, root: Optional[str] = None) -> str:
    root = root or os.getcwd()
    try:
        rel = os.path.relpath(path, root)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel
