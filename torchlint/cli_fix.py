"""``torchlint fix``: apply fixes (safe ones, unsafe ones on request), or show them as a diff,
then report what is left; and ``check --add-noqa``.

``check --fix`` runs the same :func:`run_fix`; both take the shared options of
:mod:`torchlint.cli_options`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

import click

from torchlint.cli_options import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_FINDINGS,
    LintOptions,
    cache_dir_for,
    exit_status,
    jobs_for,
    lint_options,
    load_run_settings,
    read_stdin_bytes,
    use_stdin,
    write_report,
)
from torchlint.lint.settings import Settings

if TYPE_CHECKING:
    from torchlint.fix_repair import Attempt
    from torchlint.lint.diagnostics import Diagnostic, FileError, FileResult
    from torchlint.lint.fix_files import FileFix
    from torchlint.lint.fixes import FixOutcome
    from torchlint.lint.reporters import Report


def run_fix(
    paths: Sequence[str],
    settings: Settings,
    options: LintOptions,
    *,
    verify: Optional[str] = None,
    inputs: Sequence[str] = (),
) -> int:
    """Fix (or with ``--diff`` only show) the files under ``paths``, or standard input; then
    report the findings that remain as check would, in the requested format. Returns the exit
    status.

    With ``verify`` (``pkg.mod:factory``) nothing is written unless the original and the fixed
    code give equal outputs on ``inputs`` (see :mod:`torchlint.fix_verify`).

    Exit status: with ``--diff``, 1 when any file would change; otherwise 1 when findings remain
    (0 with ``--exit-zero``); 2 when a file could not be read, linted or written, or the
    verification failed.
    """
    from torchlint.cli_output import feedback_for
    from torchlint.lint.diagnostics import FileError
    from torchlint.lint.discovery import discover
    from torchlint.lint.fix_files import fix_paths, unified_diff
    from torchlint.lint.notebook import cell_diff, is_notebook
    from torchlint.lint.registry import PluginError
    from torchlint.lint.reporters import display_path, format_error, text_locator

    if use_stdin(paths, options):
        return _fix_stdin(settings, options)
    feedback = feedback_for(options)
    with feedback.timed("finding the files"):
        found = discover(list(paths) or ["."], settings)
    feedback.found(found.files)
    try:
        with feedback.linting(len(found.files)) as done:
            fixes = fix_paths(
                found.files,
                settings,
                write=not options.diff and verify is None,
                jobs=jobs_for(options),
                cache_dir=cache_dir_for(options, settings),
                progress=done,
            )
    except PluginError as exc:
        click.echo(f"torchlint: error: {exc}", err=True)
        return EXIT_ERROR
    if verify is not None and not options.diff and any(item.changed for item in fixes):
        if not _verify_then_write(fixes, verify, inputs):
            return EXIT_ERROR
    # Human text (diffs, applied fixes) goes to stdout unless the report there is for a program.
    human_err = options.machine_output
    errors: list[FileError] = list(found.errors)
    results: list[FileResult] = []
    changed_files = applied = 0
    for item in fixes:
        shown = display_path(item.path)
        if item.error is not None:
            errors.append(FileError(item.path, item.error))
        if item.result is not None:
            results.append(item.result)
        outcome = item.outcome
        if outcome is None:
            continue
        if outcome.changed:
            changed_files += 1
            applied += len(outcome.applied)
        if options.diff:
            # A notebook's diff is of its cells' code, not of its JSON.
            show_diff = cell_diff if is_notebook(item.path) else unified_diff
            click.echo(show_diff(shown, outcome.original, outcome.text), nl=False)
        if options.show_fixes:
            locate = text_locator(item.path, outcome.original)
            for fix in outcome.applied:
                click.echo(
                    f"{locate(fix.line, fix.column)}: {fix.code} {fix.message} "
                    f"({fix.applicability})",
                    err=human_err,
                )
        _report_settling(shown, outcome)
    report = _report(results, errors)
    feedback.tracebacks(report.errors)
    if not options.quiet:
        _report_count(applied, changed_files, options.diff)
    if options.diff:
        for error in report.errors:
            click.echo(format_error(error), err=True)
        if report.errors:
            return EXIT_ERROR
        return EXIT_FINDINGS if changed_files and not options.exit_zero else EXIT_CLEAN
    write_report(report, options)
    return exit_status(report, options)


def _fix_stdin(settings: Settings, options: LintOptions) -> int:
    """Fix standard input and write the fixed code (with ``--diff``, the diff) to stdout; the
    findings that remain go to stderr. Code that cannot be read or fixed is written back
    unchanged, so an editor piping its buffer through never loses it."""
    from torchlint.lint.diagnostics import FileError
    from torchlint.lint.fix_files import unified_diff
    from torchlint.lint.fixes import fix_text
    from torchlint.lint.reporters import display_path
    from torchlint.lint.source import SourceError, decode

    name = options.stdin_filename or "-"
    data = read_stdin_bytes()
    stdout = sys.stdout.buffer
    try:
        source = decode(name, data)
    except SourceError as exc:
        if not options.diff:
            stdout.write(data)
        return _stdin_report(_report([], [FileError(name, exc.message)]), options)
    outcome = fix_text(name, source.text, settings)
    shown = display_path(name)
    if options.diff:
        click.echo(unified_diff(shown, outcome.original, outcome.text), nl=False)
    else:
        try:
            fixed = outcome.text.encode(source.encoding)  # utf-8-sig puts the BOM back
        except UnicodeEncodeError as exc:
            stdout.write(data)
            error = FileError(
                name, f"fixed text cannot be encoded as {source.encoding} ({exc.reason})"
            )
            return _stdin_report(_report([], [error]), options)
        stdout.write(fixed)
        stdout.flush()
    if options.show_fixes:
        for fix in outcome.applied:
            click.echo(
                f"{shown}:{fix.line}:{fix.column}: {fix.code} {fix.message} ({fix.applicability})",
                err=True,
            )
    _report_settling(shown, outcome)
    if not options.quiet:
        _report_count(len(outcome.applied), int(outcome.changed), options.diff)
    result = outcome.result
    report = _report([result] if result is not None else [], [])
    if options.diff:
        if report.errors:
            return EXIT_ERROR
        return EXIT_FINDINGS if outcome.changed and not options.exit_zero else EXIT_CLEAN
    return _stdin_report(report, options)


def _stdin_report(report: Report, options: LintOptions) -> int:
    write_report(report, options, err=True)
    return exit_status(report, options)


def _report(results: Sequence[FileResult], errors: Sequence[FileError]) -> Report:
    from torchlint.lint.diagnostics import Diagnostic
    from torchlint.lint.reporters import Report

    diagnostics: list[Diagnostic] = []
    found_errors = list(errors)
    lines = {}
    for result in results:
        diagnostics.extend(result.diagnostics)
        found_errors.extend(result.errors)
        lines[result.path] = result.code_lines()
    return Report(
        diagnostics=sorted(diagnostics, key=Diagnostic.sort_key),
        errors=sorted(found_errors, key=lambda e: (e.path, e.line or 0)),
        lines=lines,
    )


def _report_settling(shown: str, outcome: FixOutcome) -> None:
    """Fixes dropped because they broke the file, and files whose fixes never settled."""
    from torchlint.lint.reporters import text_locator

    locate = text_locator(outcome.path, outcome.original)
    for dropped in outcome.dropped:
        click.echo(
            f"{locate(dropped.line)}: {dropped.code} fix dropped ({dropped.message}): "
            f"{dropped.reason}",
            err=True,
        )
    if not outcome.converged:
        click.echo(f"{shown}: fixes did not settle after {outcome.rounds} rounds", err=True)


def _report_count(applied: int, changed_files: int, diff: bool) -> None:
    if not changed_files:
        return  # "Fixed 0 findings" says nothing
    noun = "file" if changed_files == 1 else "files"
    verb = "Would fix" if diff else "Fixed"
    click.echo(f"{verb} {applied} finding(s) in {changed_files} {noun}.", err=True)


def _verify_then_write(fixes: list[FileFix], target: str, inputs: Sequence[str]) -> bool:
    from torchlint.fix_verify import verify_fixes, write_verified
    from torchlint.runtime_check.spec import SpecError

    fixed = {item.path: item.outcome.text for item in fixes if item.outcome and item.changed}
    try:
        result = verify_fixes(target, inputs, fixed)
    except SpecError as exc:
        click.echo(f"error: {exc}", err=True)
        return False
    if not result.ok:
        click.echo(f"error: --verify {target}: {result.detail}; nothing written", err=True)
        for mismatch in result.mismatches[:10]:
            click.echo(f"  {mismatch}", err=True)
        return False
    click.echo(f"--verify {target}: {result.detail}", err=True)
    write_verified(fixes)
    return True


def run_repair(
    paths: Sequence[str],
    settings: Settings,
    options: LintOptions,
    *,
    target: str,
    backends: str,
    inputs: Sequence[str] = (),
    budget: float = 900.0,
) -> int:
    """``fix --verify TARGET --repair BACKENDS``: keep the fixes that make the back-ends pass
    (see :mod:`torchlint.fix_repair`), write them (with ``--diff`` print them), report what is
    left. Exit 0 when the back-ends pass afterwards, 1 when problems are left, 2 for a bad
    spec, an original that cannot run, or a file that could not be written."""
    from torchlint.cli_options import fail
    from torchlint.fix_repair import RepairError, parse_repair_backends, repair
    from torchlint.fix_verify import write_verified
    from torchlint.lint.discovery import discover
    from torchlint.lint.fix_files import unified_diff
    from torchlint.lint.registry import PluginError
    from torchlint.lint.reporters import display_path, format_error
    from torchlint.runtime_check.spec import SpecError

    try:
        wanted = parse_repair_backends(backends)
    except SpecError as exc:
        fail(str(exc))
    found = discover(list(paths) or ["."], settings)
    if found.errors:  # a PATH that is not there: nothing to repair with
        for error in found.errors:
            click.echo(format_error(error), err=True)
        return EXIT_ERROR
    names = ", ".join(wanted)

    def show(attempt: Attempt) -> None:
        verdict = "kept" if attempt.kept else "rejected"
        click.echo(
            f"{verdict}: {display_path(attempt.path)}:{attempt.line}:{attempt.column}: "
            f"{attempt.code} {attempt.message} ({attempt.applicability}): {attempt.reason}",
            err=True,
        )

    try:
        result = repair(
            found.files,
            settings,
            target,
            inputs,
            wanted,
            cache_dir=cache_dir_for(options, settings),
            jobs=jobs_for(options),
            budget=budget,
            on_attempt=None if options.quiet else show,
        )
    except (SpecError, PluginError) as exc:
        fail(str(exc))
    except RepairError as exc:
        fail(f"--verify {target}: {exc}")
    failed = False
    for item in result.fixes:
        outcome = item.outcome
        assert outcome is not None
        if options.diff:
            click.echo(
                unified_diff(display_path(item.path), outcome.original, outcome.text), nl=False
            )
    if not options.diff:
        write_verified(result.fixes)
        for item in result.fixes:
            if item.error is not None:
                failed = True
                click.echo(f"{display_path(item.path)}: error: {item.error}", err=True)
    if result.stopped:
        click.echo(f"repair {names}: {result.stopped}", err=True)
    for left in result.left:
        problem = left.problem
        where = f"{display_path(problem.path)}:{problem.line}: " if problem.path else ""
        click.echo(f"left: {where}{problem.backend}: {problem.error}", err=True)
        for finding in left.findings:
            no_fix = "" if finding.fix is not None else " (no fix)"
            click.echo(f"  {finding.code} {finding.name}: {finding.message}{no_fix}", err=True)
        if left.outside:
            click.echo("  not in the files being fixed (PATH)", err=True)
        elif problem.path and not left.findings:
            click.echo("  no finding on this line", err=True)
        elif not problem.path:
            click.echo("  torch named no line", err=True)
    before = len(result.before)
    after = "passes" if result.passes else f"{len(result.after)} problem(s) left"
    click.echo(f"repair {names}: {before} problem(s) before, {after}", err=True)
    if not options.quiet:
        applied = sum(len(item.outcome.applied) for item in result.fixes if item.outcome)
        _report_count(applied, len(result.fixes), options.diff)
    if failed:
        return EXIT_ERROR
    return EXIT_CLEAN if result.passes else EXIT_FINDINGS


def run_add_noqa(paths: Sequence[str], settings: Settings, options: LintOptions) -> int:
    """``check --add-noqa``: lint as check does, then add ``# noqa: CODE`` to each line with a
    finding. Exit 0 when every finding got its directive, 2 when a file could not be linted
    or written."""
    from torchlint.lint.discovery import discover
    from torchlint.lint.fix_files import add_noqa_paths
    from torchlint.lint.registry import PluginError
    from torchlint.lint.reporters import display_path, format_error
    from torchlint.lint.run import lint_files

    found = discover(list(paths) or ["."], settings)
    try:
        results = lint_files(
            found.files,
            settings,
            jobs=jobs_for(options),
            cache_dir=cache_dir_for(options, settings),
        )
    except PluginError as exc:
        click.echo(f"torchlint: error: {exc}", err=True)
        return EXIT_ERROR
    failed = bool(found.errors)
    for error in found.errors:
        click.echo(format_error(error), err=True)
    for result in results:
        for error in result.errors:
            failed = True
            click.echo(format_error(error), err=True)
    added = 0
    for outcome in add_noqa_paths(results):
        shown = display_path(outcome.path)
        added += outcome.added
        if outcome.error is not None:
            failed = True
            click.echo(f"{shown}: error: {outcome.error}", err=True)
        for line in outcome.skipped:
            click.echo(
                f"{shown}:{line}: no directive added: the line ends inside a string or after a "
                "line continuation",
                err=True,
            )
    noun = "directive" if added == 1 else "directives"
    click.echo(f"Added {added} noqa {noun}.", err=True)
    return EXIT_ERROR if failed else EXIT_CLEAN


@click.command("fix")
@click.argument("paths", nargs=-1, type=click.Path())
@lint_options
@click.option(
    "--verify",
    "verify_target",
    metavar="TARGET",
    help="pkg.mod:factory (or file.py:factory): write only if the original and the fixed code "
    "give equal outputs (runs your code in a child process).",
)
@click.option(
    "--inputs",
    multiple=True,
    help="Inputs for --verify: a shape spec like 'float32[2,3]' or pkg.mod:make_inputs.",
)
@click.option(
    "--repair",
    "repair_backends",
    metavar="BACKEND",
    help="With --verify: run the model through BACKEND (compile, export, export-strict, trace, "
    "script; a comma list for several) and keep only the fixes, safe or unsafe, of the findings "
    "on the lines torch fails at that make it pass (or fail further on) with unchanged eager "
    "outputs.",
)
@click.option(
    "--repair-timeout",
    type=click.FloatRange(min=1),
    default=900.0,
    show_default=True,
    metavar="SECONDS",
    help="--repair: stop trying fixes after SECONDS.",
)
def fix_command(
    paths: tuple[str, ...],
    options: LintOptions,
    verify_target: Optional[str],
    inputs: tuple[str, ...],
    repair_backends: Optional[str],
    repair_timeout: float,
) -> None:
    """Apply fixes to PATHS (default: the current folder), then report what is left.

    The same as `torchlint check --fix`, with the same options. '-' (or --stdin-filename)
    fixes standard input and writes the fixed code to standard output.
    """
    if use_stdin(paths, options) and verify_target is not None:
        from torchlint.cli_options import fail

        fail("--verify needs files, not standard input")
    if repair_backends is not None:
        from torchlint.cli_options import fail

        if verify_target is None:
            fail("--repair needs --verify pkg.mod:factory, the model to run")
        if use_stdin(paths, options):
            fail("--repair needs files, not standard input")
        settings = load_run_settings(paths, options)
        sys.exit(
            run_repair(
                paths,
                settings,
                options,
                target=verify_target,
                backends=repair_backends,
                inputs=inputs,
                budget=repair_timeout,
            )
        )
    settings = load_run_settings(paths, options)
    sys.exit(run_fix(paths, settings, options, verify=verify_target, inputs=inputs))
