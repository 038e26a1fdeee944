"""The command line: ``torchlint check | fix | migrate | rules | rule | verify | lsp``.

Subcommands that live in their own modules (``cli_fix``, ``cli_verify``, ``cli_lsp``) are
registered at the bottom of this file with one ``main.add_command(...)`` line each.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn, Optional

import click

from torchlint import __version__
from torchlint.cli_fix import fix_command, run_fix
from torchlint.cli_lsp import lsp_command
from torchlint.cli_migrate import migrate_command_for
from torchlint.cli_verify import verify_command

DEFAULT_CACHE_DIRECTORY = ".torchlint_cache"
EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2  # usage or configuration error, or a file that could not be linted


def fail(message: str) -> NoReturn:
    """A usage or configuration error: one line on stderr, exit 2."""
    click.echo(f"torchlint: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(
    __version__, "--version", prog_name="torchlint", message="%(prog)s %(version)s"
)
def main() -> None:
    """Find, fix and verify PyTorch code that breaks torch.compile, torch.export and TorchScript.

    \b
    torchlint check .              lint every .py file under the current folder
    torchlint check --target export model.py
    torchlint migrate .            TorchScript APIs to move off (the opt-in TL5xx rules)
    torchlint rules                list the rules
    torchlint rule TL101           explain one rule

    Exit status: 0 nothing found, 1 findings, 2 usage error or a file that could not be linted.
    """


def _comma_list(values: tuple[str, ...]) -> list[str]:
    from torchlint.lint.config import split_list

    return split_list(values)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--output-format",
    type=click.Choice(["full", "concise", "json", "sarif", "github"]),
    default="full",
    show_default=True,
    envvar="TORCHLINT_OUTPUT_FORMAT",
    help="full: source line, caret and fix hint; concise: one line each; json: the documented "
    "contract; sarif: SARIF 2.1.0 for code scanning; github: Actions annotations.",
)
@click.option(
    "-o",
    "--output-file",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the report to this file instead of standard output.",
)
@click.option(
    "--target",
    "targets",
    multiple=True,
    metavar="BACKENDS",
    help="Keep findings that break these back-ends (comma-separated: script, trace, compile, "
    "export), plus performance and migration findings. Default: all four.",
)
@click.option(
    "--select", multiple=True, metavar="RULES", help="Rule codes, prefixes (TL1) or names to run."
)
@click.option(
    "--extend-select", multiple=True, metavar="RULES", help="Rules to run in addition to select."
)
@click.option(
    "--ignore", multiple=True, metavar="RULES", help="Rule codes, prefixes or names to skip."
)
@click.option(
    "--exclude",
    multiple=True,
    metavar="GLOBS",
    help="Files and folders to skip, replacing the default list (.git, .venv, build, ...).",
)
@click.option(
    "--extend-exclude", multiple=True, metavar="GLOBS", help="More files and folders to skip."
)
@click.option(
    "--respect-gitignore/--no-respect-gitignore",
    default=None,
    help="Skip files that .gitignore excludes (default: on).",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    help="Read settings from this pyproject.toml or torchlint.toml instead of the nearest one.",
)
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option(
    "--stdin-filename",
    metavar="NAME",
    help="Lint standard input, reporting it as NAME (also: give '-' as the only path).",
)
@click.option("--statistics", is_flag=True, help="Print the number of findings per rule instead.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--fix", is_flag=True, help="Apply safe fixes (same as `torchlint fix`).")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix, also apply unsafe fixes.")
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Lint in this many processes (default: all cores).",
)
@click.option("--no-cache", is_flag=True, help="Lint every file again, ignoring the cache.")
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False),
    envvar="TORCHLINT_CACHE_DIR",
    help="Where to keep the cache (default: .torchlint_cache in the project, or `cache-dir`).",
)
def check(
    paths: tuple[str, ...],
    output_format: str,
    output_file: Optional[str],
    targets: tuple[str, ...],
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    exclude: tuple[str, ...],
    extend_exclude: tuple[str, ...],
    respect_gitignore: Optional[bool],
    config_path: Optional[str],
    isolated: bool,
    stdin_filename: Optional[str],
    statistics: bool,
    exit_zero: bool,
    fix: bool,
    unsafe_fixes: bool,
    jobs: Optional[int],
    no_cache: bool,
    cache_dir: Optional[str],
) -> None:
    """Lint PATHS (default: the current folder) for code that breaks a PyTorch back-end.

    Folders are searched for .py files, skipping .git, virtual environments, build output,
    caches and what .gitignore or `exclude` names; a file named explicitly is always linted.
    Options that take lists accept commas and repetition: --select TL1,TL301 --select TL5.
    """
    from torchlint.lint.config import ConfigError, apply_overrides, load_settings
    from torchlint.lint.registry import PluginError

    use_stdin = stdin_filename is not None or paths == ("-",)
    if "-" in paths and paths != ("-",):
        fail("'-' (standard input) cannot be combined with other paths")
    if use_stdin and fix:
        fail("--fix cannot rewrite standard input; use `torchlint fix` on files")
    config_start = [stdin_filename] if stdin_filename else list(paths)
    try:
        settings = load_settings(config_start, config_path=config_path, isolated=isolated)
        settings = apply_overrides(
            settings,
            targets=_comma_list(targets) or None,
            select=_comma_list(select) or None,
            ignore=_comma_list(ignore),
            extend_select=_comma_list(extend_select),
            exclude=_comma_list(exclude) or None,
            extend_exclude=_comma_list(extend_exclude),
            respect_gitignore=respect_gitignore,
            unsafe_fixes=True if unsafe_fixes else None,
        )
    except (ConfigError, PluginError) as exc:
        fail(str(exc))
    if fix:
        sys.exit(run_fix(paths, settings))
    if no_cache:
        cache_dir = None
    elif cache_dir is None:
        cache_dir = settings.cache_dir or os.path.join(
            settings.project_root or os.getcwd(), DEFAULT_CACHE_DIRECTORY
        )
    try:
        report = _run_check(
            paths, settings, use_stdin, stdin_filename, jobs or os.cpu_count() or 1, cache_dir
        )
    except PluginError as exc:
        fail(str(exc))

    from torchlint.lint.reporters import FORMATTERS, format_statistics

    text = (
        format_statistics(report, output_format)
        if statistics
        else FORMATTERS[output_format](report)
    )
    if output_file:
        try:
            with open(output_file, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            fail(f"cannot write {output_file}: {exc.strerror or exc}")
    else:
        click.echo(text, nl=False)
    if report.errors:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FINDINGS if report.diagnostics and not exit_zero else EXIT_CLEAN)


def _run_check(
    paths: tuple[str, ...],
    settings,
    use_stdin: bool,
    stdin_filename: Optional[str],
    jobs: int = 1,
    cache_dir: Optional[str] = None,
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
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        try:
            source = decode(name, data)
        except SourceError as exc:
            errors.append(FileError(name, exc.message))
        else:
            from torchlint.lint.engine import lint_text

            results.append(lint_text(name, source.text, settings=settings))
    else:
        found = discover(list(paths) or ["."], settings)
        errors.extend(found.errors)
        results.extend(lint_files(found.files, settings, jobs=jobs, cache_dir=cache_dir))
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
