"""A lint run over many files: read them, index them, take what the cache still holds, then
lint the rest (``engine.py``), callers before callees, here or in forked workers.

The analysis runs every rule; what the run reports is selected afterwards (``selection.py``):
the cache holds all of a file's findings, so ``--select`` and ``--target`` change the report,
not the analysis (only ``--target script`` does, making every ``forward`` a scripting root; it
keeps cache entries of its own).

This module and what it imports need no libcst: a run whose results all come from the cache
never loads the parser, the semantic model or the rules.
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Optional

from torchlint.lint.cache import (
    TEXT_DEPENDENCY,
    Entry,
    LintCache,
    content_hash,
    fingerprint,
    summary_digest,
)
from torchlint.lint.diagnostics import FileError, FileResult
from torchlint.lint.discovery import project_files
from torchlint.lint.library_source import LIBRARY_DEPENDENCY, library_stamp
from torchlint.lint.notebook import Notebook, is_notebook, map_result_diagnostics, read_notebook
from torchlint.lint.selection import Findings, report
from torchlint.lint.semantic.index import ProjectIndex, module_name_for_path
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.semantic.trees import ParsedTrees
from torchlint.lint.settings import Settings
from torchlint.lint.source import Source, SourceError, read_source

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule


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
    progress: Optional[Callable[[str, bool], None]] = None,
    project: bool = True,
) -> list[FileResult]:
    """Lint files: read all, index all, then lint each. One bad file never stops the others.

    With ``project``, the other files of the projects the files belong to are indexed too
    (``discovery.project_files``), not linted: a file is linted in its project's context
    whichever of its files are given (pre-commit gives only the changed ones).

    ``jobs`` > 1 lints in that many forked worker processes, which inherit the index and the
    sources and send back only results. ``cache_dir`` reuses results of unchanged files whose
    cross-file facts are unchanged too (see ``lint/cache.py``). ``progress`` is called once
    per file done, with its path and whether its result came from the cache.
    """
    with _rare_full_collections():
        return _lint_files(
            paths,
            settings,
            rules,
            jobs=jobs,
            cache_dir=cache_dir,
            progress=progress,
            project=project,
        )


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
    progress: Optional[Callable[[str, bool], None]] = None,
    project: bool = True,
) -> list[FileResult]:
    settings = settings or Settings()
    done = progress or _no_progress
    cache = (
        LintCache(cache_dir, "script" if settings.script_all_modules else "") if cache_dir else None
    )
    run_fingerprint = fingerprint(settings, rules) if cache else ""
    results: dict[str, FileResult] = {}
    notebooks: dict[str, Notebook] = {}  # .ipynb: its code cells as one module
    planned: list[_Planned] = []
    index = ProjectIndex(script_all_modules=settings.script_all_modules)
    index.folders = {}
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
            done(path, False)
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
            if not index.add_cached(item.entry.summary):
                item.entry = None
        if item.entry is None:
            index.add_source(source.path, source.text)
        planned.append(item)
    if project:
        index_context(index, project_files(paths, settings))
    found_by_path: dict[str, tuple[FileResult, Findings]] = {}

    # Summary digests by module, and content hashes by TEXT_DEPENDENCY + module: given files,
    # and project modules read lazily from disk.
    digests: dict[str, str] = {}
    contents = {item.path: item.content for item in planned}
    for item in planned:
        if item.entry is not None:
            digests[item.entry.summary.module] = item.entry.summary_digest

    def digest_of(module: str) -> str:
        if module in digests:
            return digests[module]
        if module.startswith(LIBRARY_DEPENDENCY):  # an installed module's source (TL209)
            digests[module] = library_stamp(module[len(LIBRARY_DEPENDENCY) :])
        elif module.startswith(TEXT_DEPENDENCY):  # a module whose text the analysis read
            summary = index.get_module(module[len(TEXT_DEPENDENCY) :])
            digests[module] = _content_of(summary, contents) if summary is not None else ""
        else:
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
            findings, errors = entry.result
            found_by_path[item.path] = (
                FileResult(item.path, errors=errors, lines=entry.lines),
                findings,
            )
            done(item.path, True)
        else:
            pending.append(item)

    if pending:
        _lint_pending(
            pending,
            index,
            rules,
            jobs,
            cache,
            regions,
            run_fingerprint,
            digest_of,
            found_by_path,
            done,
        )
    for path, (result, findings) in found_by_path.items():
        results[path] = _reported(result, findings, settings, notebooks.get(path))
    return [results[p] for p in paths if p in results]


def _lint_pending(
    pending: list[_Planned],
    index: ProjectIndex,
    rules: Optional[Sequence[type[Rule]]],
    jobs: int,
    cache: Optional[LintCache],
    regions: dict[str, str],
    run_fingerprint: str,
    digest_of: Callable[[str], str],
    found_by_path: dict[str, tuple[FileResult, Findings]],
    done: Callable[[str, bool], None],
) -> None:
    """Lint the files the cache has no result for, with every rule; store what they found."""
    # Only now the linting machinery: libcst, the semantic model, the rules. A run whose
    # results all come from the cache imports none of it (a third of a second).
    from torchlint.lint import engine

    chosen = engine.analysed_rules(rules)
    index.regions()  # once here, not once in every worker
    pending, uncalled = _callers_first(pending, index)
    index.trees = ParsedTrees(lint_order=(item.path for item in pending))
    global _RUN
    _RUN = (pending, index, chosen, cache is not None)
    try:
        if jobs > 1 and len(pending) >= 2 * jobs and _can_fork():
            # Files no other file calls first; then the rest, in workers forked afresh, which
            # see what the first ones' models found (the argument kinds their callers pass),
            # instead of modelling those callers again.
            outcomes = _lint_in_workers(range(uncalled), jobs, done)
            for outcome in outcomes:
                _publish(index, outcome[3])
            outcomes += _lint_in_workers(range(uncalled, len(pending)), jobs, done)
        else:
            outcomes = [_told(_lint_planned(number), done) for number in range(len(pending))]
    finally:
        _RUN = None
    for item, (result, findings, depends_on, _) in zip(pending, outcomes):
        found_by_path[item.path] = (result, findings)
        # Results with errors are not kept: an internal error should not outlive its fix.
        if cache is not None and not result.errors and not findings.rule_errors:
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
                        if m in index.by_module
                        or m.startswith((TEXT_DEPENDENCY, LIBRARY_DEPENDENCY))
                    },
                    result=(findings, []),
                    lines=result.lines,
                ),
            )


def _reported(
    result: FileResult, findings: Findings, settings: Settings, notebook: Optional[Notebook]
) -> FileResult:
    """What the run reports of a file: ``findings`` as ``settings`` select them, with the
    file's errors; a notebook's in its cells' terms."""
    diagnostics, rule_errors = report(findings, settings, result.path)
    errors = [*result.errors, *rule_errors]
    if notebook is not None:
        diagnostics, errors = map_result_diagnostics(notebook, diagnostics, errors)
        lines = notebook.code_lines(diagnostics)
        return FileResult(result.path, diagnostics, errors, cell_mapped=True, lines=lines)
    lines = {d.line: result.lines[d.line] for d in diagnostics if d.line in result.lines}
    return FileResult(result.path, diagnostics, errors, lines=lines)


def index_context(index: ProjectIndex, paths: Sequence[str]) -> None:
    """Index the project files ``paths`` that the run does not lint: their summaries (through
    the cache's summarizer when there is one) make their roots and calls part of the graph
    regions. A file given to the run keeps its module name."""
    for path in paths:
        module, is_package, root = module_name_for_path(path, index.folders)
        if module in index.by_module:
            continue
        try:
            text = read_source(path).text
        except SourceError:
            continue  # an unreadable file of the project is only missing context
        index.add_summary(index.summarizer(text, module, path, is_package), root)


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


# The state of the current run, inherited by forked workers instead of being sent to them.
_RUN: Optional[tuple] = None


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _lint_in_workers(
    numbers: range, jobs: int, done: Callable[[str, bool], None]
) -> list[tuple[FileResult, Findings, set[str], tuple]]:
    """Lint the pending files ``numbers`` in ``jobs`` forked workers (here, when too few).

    Each worker gets a fixed share (every ``jobs``-th file, in order), not whatever file is
    free next: a worker's models remember what the files it linted before found (the argument
    kinds callers pass), so a share that depended on timing made findings change from run to
    run. Progress is told share by share."""
    if len(numbers) < 2 * jobs:
        return [_told(_lint_planned(number), done) for number in numbers]
    shares = worker_shares(numbers, jobs)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        by_number: dict[int, tuple] = {}
        for share, outcomes in zip(shares, pool.imap(_lint_share, shares)):
            for number, outcome in zip(share, outcomes):
                by_number[number] = _told(outcome, done)
    return [by_number[number] for number in numbers]


def worker_shares(numbers: Sequence[int], jobs: int) -> list[list[int]]:
    """The files each of ``jobs`` workers lints, in order: every ``jobs``-th one, the same on
    every run whatever the timing."""
    return [list(numbers)[start::jobs] for start in range(jobs)]


def _lint_share(numbers: list[int]) -> list[tuple[FileResult, Findings, set[str], tuple]]:
    return [_lint_planned(number) for number in numbers]


def _told(outcome: tuple, done: Callable[[str, bool], None]) -> tuple:
    """Tell the run's progress callback that the file of ``outcome`` was linted."""
    done(outcome[0].path, False)
    return outcome


def _no_progress(path: str, from_cache: bool) -> None:
    """The progress callback of a run nobody watches."""


def _publish(index: ProjectIndex, found: tuple) -> None:
    """Record in this process's index what a worker's model of a file found."""
    if found:
        module, facts, outgoing, dependencies = found
        index.models.setdefault(module, facts)
        index.outgoing_kinds.setdefault(module, outgoing)
        if dependencies is not None:
            index.lint_dependencies.setdefault(module, dependencies)


def _lint_planned(number: int) -> tuple[FileResult, Findings, set[str], tuple]:
    """Lint the ``number``-th pending file of the current run (in this process or a worker)."""
    assert _RUN is not None
    pending, index, chosen, record = _RUN
    try:
        source = pending[number].source()
    except SourceError as exc:  # gone or changed since it was read for the index
        path = pending[number].path
        return FileResult(path=path, errors=[FileError(path, exc.message)]), Findings(), set(), ()
    from torchlint.lint import engine

    return engine.lint_pending(source, index, chosen, record)


def _content_of(summary: FileSummary, contents: dict[str, str]) -> str:
    """The content hash of a module's text: of a file given to the run, as read for it."""
    if summary.path in contents:
        return contents[summary.path]
    try:
        return content_hash(read_source(summary.path).text)
    except SourceError:
        return ""


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
