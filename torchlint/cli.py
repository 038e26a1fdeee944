"""The command line: ``torchlint check | fix | migrate | rules | rule | verify | lsp``.

Subcommands that live in their own modules (``cli_fix``, ``cli_verify``, ``cli_lsp``) are
registered at the bottom of this file with one ``main.add_command(...)`` line each.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from typing import Any, Optional

import click

from torchlint import __version__
from torchlint.cli_fix import fix_command, run_fix
from torchlint.cli_lsp import lsp_command
from torchlint.cli_migrate import migrate_command_for
from torchlint.cli_options import (
    EXIT_ERROR,
    VERBOSE_KEY,
    LintOptions,
    cache_dir_for,
    config_start,
    exit_status,
    fail,
    jobs_for,
    lint_options,
    load_run_settings,
    read_stdin_bytes,
    use_stdin,
    verbose_option,
    write_report,
)
from torchlint.cli_output import Feedback, feedback_for, settings_text
from torchlint.cli_verify import verify_command


class _Main(click.Group):
    """The command group; an unexpected exception in any command is an internal error: one
    line on stderr and exit 2 (1 means "findings"), the traceback only with -v."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Abort, click.exceptions.Exit):
            raise
        except BrokenPipeError:
            # The reader went away (`torchlint rules | head`): stop quietly, as `cat` does, and
            # point stdout at nothing so that flushing it at exit raises no second error.
            with contextlib.suppress(
                OSError, ValueError
            ):  # no file behind stdout: nothing to flush
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)
        except Exception as exc:
            if ctx.meta.get(VERBOSE_KEY):
                click.echo(traceback.format_exc(), err=True, nl=False)
            click.echo(f"torchlint: internal error: {type(exc).__name__}: {exc}", err=True)
            if not ctx.meta.get(VERBOSE_KEY):
                click.echo(
                    "This is a bug in torchlint; please report it, with the traceback that "
                    "rerunning with -v prints.",
                    err=True,
                )
            sys.exit(EXIT_ERROR)


@click.group(
    cls=_Main, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(
    __version__, "--version", prog_name="torchlint", message="%(prog)s %(version)s"
)
@verbose_option
def main() -> None:
    """Find, fix and verify PyTorch code that breaks torch.compile, torch.export and TorchScript.

    \b
    torchlint check .              lint every .py file under the current folder
    torchlint check --target export model.py
    torchlint migrate .            TorchScript APIs to move off (the opt-in TL5xx rules)
    torchlint rules                list the rules
    torchlint rule TL101           explain one rule

    Exit status: 0 nothing found, 1 findings, 2 usage error, a file that could not be linted,
    or an internal error.
    """


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@lint_options
@click.option(
    "--fix", is_flag=True, help="Apply safe fixes, then report what is left (as `torchlint fix`)."
)
@click.option(
    "--add-noqa",
    is_flag=True,
    help="Add `# noqa: CODE` to every line with a finding (merged with a noqa already there).",
)
@click.option(
    "--show-settings",
    is_flag=True,
    help="Print the resolved settings (config file, targets, selection, excludes, cache) and exit.",
)
@click.option(
    "--show-files", is_flag=True, help="Print the files that would be linted, one a line, and exit."
)
def check(
    paths: tuple[str, ...],
    options: LintOptions,
    fix: bool,
    add_noqa: bool,
    show_settings: bool,
    show_files: bool,
) -> None:
    """Lint PATHS (default: the current folder) for code that breaks a PyTorch back-end.

    Folders are searched for .py files, skipping .git, virtual environments, build output,
    caches and what .gitignore or `exclude` names; a file named explicitly is always linted.
    Options that take lists accept commas and repetition: --select TL1,TL301 --select TL5.
    """
    from torchlint.lint.registry import PluginError

    stdin = use_stdin(paths, options)
    if add_noqa and (fix or options.diff):
        fail("--add-noqa cannot be combined with --fix or --diff")
    if add_noqa and stdin:
        fail("--add-noqa rewrites files; it cannot take standard input")
    settings = load_run_settings(paths, options)
    if show_settings or show_files:
        sys.exit(_show(paths, options, settings, show_settings, show_files))
    if fix or options.diff:
        sys.exit(run_fix(paths, settings, options))
    if add_noqa:
        from torchlint.cli_fix import run_add_noqa

        sys.exit(run_add_noqa(paths, settings, options))
    feedback = feedback_for(options)
    try:
        report = _run_check(
            paths,
            settings,
            stdin,
            options.stdin_filename,
            jobs_for(options),
            cache_dir_for(options, settings),
            feedback,
        )
    except PluginError as exc:
        fail(str(exc))
    with feedback.timed("the report"):
        write_report(report, options)
    feedback.tracebacks(report.errors)
    sys.exit(exit_status(report, options))


def _show(
    paths: tuple[str, ...],
    options: LintOptions,
    settings,
    show_settings: bool,
    show_files: bool,
) -> int:
    """--show-settings and --show-files: print what a run would use, lint nothing."""
    from torchlint.lint.config import config_file_for
    from torchlint.lint.discovery import discover
    from torchlint.lint.registry import PluginError, all_rules
    from torchlint.lint.reporters import display_path, format_error

    if show_settings:
        start = config_start(paths, options)
        config = config_file_for(start, options.config_path, options.isolated)
        try:
            rules = [(rule.code, rule.name) for rule in all_rules()]
        except PluginError as exc:
            fail(str(exc))
        click.echo(
            settings_text(
                settings,
                str(config.absolute()) if config is not None else None,
                cache_dir_for(options, settings),
                rules,
            ),
            nl=False,
        )
    if show_files:
        found = discover([p for p in paths if p != "-"] or ["."], settings)
        for path in found.files:
            click.echo(display_path(path))
        for error in found.errors:
            click.echo(format_error(error), err=True)
        if found.errors:
            return EXIT_ERROR
    return 0


def _run_check(
    paths: tuple[str, ...],
    settings,
    use_stdin: bool,
    stdin_filename: Optional[str],
    jobs: int,
    cache_dir: Optional[str],
    feedback: Feedback,
):
    from torchlint.lint.diagnostics import Diagnostic, FileError, FileResult
    from torchlint.lint.discovery import discover
    from torchlint.lint.reporters import Report
    from torchlint.lint.run import lint_files
    from torchlint.lint.source import SourceError, decode

    results: list[FileResult] = []
    errors: list[FileError] = []
    if use_stdin:
        name = stdin_filename or "-"
        data = read_stdin_bytes()
        try:
            source = decode(name, data)
        except SourceError as exc:
            errors.append(FileError(name, exc.message))
        else:
            from torchlint.lint.engine import lint_text

            results.append(lint_text(name, source.text, settings=settings))
    else:
        with feedback.timed("finding the files"):
            found = discover(list(paths) or ["."], settings)
        feedback.found(found.files)
        errors.extend(found.errors)
        with feedback.linting(len(found.files)) as done:
            results.extend(
                lint_files(found.files, settings, jobs=jobs, cache_dir=cache_dir, progress=done)
            )
    diagnostics: list[Diagnostic] = []
    lines: dict[str, dict[int, str]] = {}
    for result in results:
        diagnostics.extend(result.diagnostics)
        errors.extend(result.errors)
        lines[result.path] = result.code_lines()
    return Report(
        diagnostics=sorted(diagnostics, key=Diagnostic.sort_key),
        errors=sorted(errors, key=lambda e: (e.path, e.line or 0)),
        lines=lines,
    )


@main.command("rules")
@click.option(
    "--output-format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a table; json: one record per rule.",
)
def rules_command(output_format: str) -> None:
    """List every installed rule: code, name, the back-ends it breaks, and whether a fix exists.

    Rules from installed rule packs (entry point group `torchlint.rules`) are listed too.
    """
    import json

    from torchlint.lint.docgen import rule_rows
    from torchlint.lint.registry import PluginError

    try:
        rows = rule_rows()
    except PluginError as exc:
        fail(str(exc))
    if output_format == "json":
        click.echo(json.dumps(rows, indent=2))
        return
    headers = ("CODE", "NAME", "BREAKS", "FIX")
    table = [
        (row["code"], row["name"], ", ".join(row["targets"]) or "-", "yes" if row["fix"] else "-")
        for row in rows
    ]
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *table)]
    for line in (headers, *table):
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())


@main.command("rule")
@click.argument("code")
def rule_command(code: str) -> None:
    """Print the documentation of one rule, by CODE (TL101) or name (tensor-condition)."""
    import difflib

    from torchlint.lint.docgen import fixable_codes
    from torchlint.lint.registry import PluginError, all_rules, rule_by_code_or_name

    try:
        rule = rule_by_code_or_name(code)
        known = all_rules()
    except PluginError as exc:
        fail(str(exc))
    if rule is None:
        names = [r.code for r in known] + [r.name for r in known]
        close = difflib.get_close_matches(code, names, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `torchlint rules` lists them"
        fail(f"unknown rule {code!r}{hint}")
    click.echo(f"# {rule.code} {rule.name}\n")
    click.echo(f"Breaks: {', '.join(rule.targets) or 'no back-end (performance or migration)'}")
    click.echo(f"Fix available: {'yes' if rule.code in fixable_codes() else 'no'}")
    click.echo(f"Message: {rule.message}\n")
    click.echo(rule.documentation())


# Subcommands defined in their own modules: one line each.
main.add_command(fix_command)
main.add_command(lsp_command)
main.add_command(verify_command)
main.add_command(migrate_command_for(check))
