"""Lint and fix a large real codebase nobody here wrote: zero internal errors, every fix re-parses.

Default corpus: the installed ``torch`` package source (``site-packages/torch``, about 2,300 files
and 1.2 million lines), read as files and never imported. Every rule runs, and every file with a
fixable finding goes through ``fix_text`` with unsafe fixes on and nothing written (what
``torchlint fix --diff --unsafe-fixes`` computes). Prints files, lines, findings per rule,
internal errors (must be zero), files whose fixed text does not parse or compile (must be zero),
fixes that did not settle, the slowest files and the time.

Usage: python benchmarks/lint_at_scale.py [PATH ...] [--limit N] [--jobs N] [--timeout S]
Exit status: 0 when there are no internal errors, no broken fixes and no file over the timeout.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import multiprocessing
import signal
import sys
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from torchlint.lint.engine import build_index, lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.settings import Settings
from torchlint.lint.source import Source, SourceError, read_source

INTERNAL = "internal error"


def default_corpus() -> list[Path]:
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("torch is not installed; pass paths to Python files or folders")
    return [Path(next(iter(spec.submodule_search_locations)))]


def python_files(paths: list[Path]) -> list[str]:
    files: list[str] = []
    for path in paths:
        if path.is_dir():
            files.extend(str(p) for p in sorted(path.rglob("*.py")) if "__pycache__" not in p.parts)
        else:
            files.append(str(path))
    return files


@dataclass
class FileReport:
    path: str
    lines: int = 0
    seconds: float = 0.0
    findings: Counter = field(default_factory=Counter)
    internal_errors: list[str] = field(default_factory=list)
    other_errors: list[str] = field(default_factory=list)  # syntax errors etc.: not our bug
    broken_fix: Optional[str] = None  # the fixed text does not parse or compile
    fixed: bool = False
    applied: int = 0
    dropped: int = 0
    unsettled: bool = False
    timed_out: bool = False


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout()


# Set in the parent before the workers fork, so they share the index without pickling it.
_INDEX: Optional[ProjectIndex] = None
_SETTINGS = Settings(unsafe_fixes=True)
_TIMEOUT = 300


def check_file(source: Source) -> FileReport:
    report = FileReport(source.path, lines=source.text.count("\n") + 1)
    start = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(_TIMEOUT)
    try:
        result = lint_text(source.path, source.text, settings=_SETTINGS, index=_INDEX)
        report.findings.update(d.code for d in result.diagnostics)
        for error in result.errors:
            bucket = report.internal_errors if INTERNAL in error.message else report.other_errors
            bucket.append(error.message)
        # A file without a fixable finding is left as it is by fix_text: skip the second lint.
        if any(d.fix is not None for d in result.diagnostics):
            outcome = fix_text(source.path, source.text, _SETTINGS, unsafe=True, index=_INDEX)
            report.fixed = outcome.changed
            report.applied = len(outcome.applied)
            report.dropped = len(outcome.dropped)
            report.unsettled = not outcome.converged
            if outcome.result is not None:
                report.internal_errors.extend(
                    f"after fixing: {e.message}"
                    for e in outcome.result.errors
                    if INTERNAL in e.message
                )
            if outcome.changed:
                report.broken_fix = compiles(outcome.text, source.path)
                if report.broken_fix is None:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        ast.parse(outcome.text)
    except _Timeout:
        report.timed_out = True
    except Exception as exc:  # an exception escaping the engine is the worst finding of all
        report.internal_errors.append(f"escaped the engine: {type(exc).__name__}: {exc}")
    finally:
        signal.alarm(0)
    report.seconds = time.perf_counter() - start
    return report


def main() -> int:
    global _INDEX, _TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--limit", type=int, default=0, help="lint only the first N files")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--timeout", type=int, default=300, help="seconds per file before it counts as a hang"
    )
    args = parser.parse_args()
    _TIMEOUT = args.timeout
    files = python_files(args.paths or default_corpus())
    if args.limit:
        files = files[: args.limit]
    started = time.perf_counter()
    sources: list[Source] = []
    unreadable: list[tuple[str, str]] = []
    for path in files:
        try:
            sources.append(read_source(path))
        except SourceError as exc:
            unreadable.append((path, exc.message))
    _INDEX = build_index(sources, _SETTINGS)
    indexed = time.perf_counter() - started
    print(f"read and indexed {len(sources)} files in {indexed:.1f} s", flush=True)

    reports: list[FileReport] = []
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for number, report in enumerate(pool.imap_unordered(check_file, sources, 4), 1):
                reports.append(report)
                _progress(number, len(sources), report)
    else:
        for number, source in enumerate(sources, 1):
            report = check_file(source)
            reports.append(report)
            _progress(number, len(sources), report)
    elapsed = time.perf_counter() - started
    return _summary(reports, unreadable, elapsed)


def _progress(number: int, total: int, report: FileReport) -> None:
    bad = report.internal_errors or report.broken_fix or report.timed_out
    if bad or number % 100 == 0:
        print(f"[{number}/{total}] {report.path} ({report.seconds:.1f} s)", flush=True)
    for message in report.internal_errors:
        print(f"    INTERNAL ERROR: {message}", flush=True)
    if report.broken_fix:
        print(f"    FIX DOES NOT PARSE: {report.broken_fix}", flush=True)
    if report.timed_out:
        print(f"    TIMED OUT after {_TIMEOUT} s", flush=True)


def _summary(reports: list[FileReport], unreadable: list[tuple[str, str]], elapsed: float) -> int:
    findings: Counter = Counter()
    for report in reports:
        findings.update(report.findings)
    internal = [(r.path, m) for r in reports for m in r.internal_errors]
    other = [(r.path, m) for r in reports for m in r.other_errors]
    broken = [(r.path, r.broken_fix) for r in reports if r.broken_fix]
    timed_out = [r.path for r in reports if r.timed_out]
    print()
    print(f"files: {len(reports) + len(unreadable)} ({len(unreadable)} could not be read)")
    print(f"lines: {sum(r.lines for r in reports)}")
    print(f"findings: {sum(findings.values())}")
    for code, count in sorted(findings.items()):
        print(f"  {code}: {count}")
    print(
        f"files with fixable findings changed by fix --unsafe-fixes: {sum(r.fixed for r in reports)}"
    )
    print(
        f"fixes applied: {sum(r.applied for r in reports)}, dropped: {sum(r.dropped for r in reports)}"
    )
    print(f"fixes that did not settle: {sum(r.unsettled for r in reports)}")
    print(f"files that could not be linted (not our bug): {len(other) + len(unreadable)}")
    for path, message in [*unreadable, *other][:20]:
        print(f"  {path}: {message}")
    print(f"internal errors: {len(internal)}")
    for path, message in internal:
        print(f"  {path}: {message}")
    print(f"fixed files that do not parse or compile: {len(broken)}")
    for path, message in broken:
        print(f"  {path}: {message}")
    print(f"files over the {_TIMEOUT} s timeout: {len(timed_out)}")
    print("slowest files:")
    for report in sorted(reports, key=lambda r: -r.seconds)[:10]:
        print(f"  {report.seconds:6.1f} s  {report.lines:6d} lines  {report.path}")
    print(f"time: {elapsed:.1f} s")
    return 1 if internal or broken or timed_out else 0


if __name__ == "__main__":
    sys.exit(main())
