"""The options ``check`` and ``fix`` share, declared once, and what both do with them.

``@lint_options`` adds every shared option to a command and hands the command one
:class:`LintOptions` instead of twenty keyword arguments, so an option added here exists, with
the same name, help and default, in both commands.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Optional

import click

from torchlint.lint.reporters import MACHINE_FORMATS, OUTPUT_FORMATS
from torchlint.lint.settings import MODES

if TYPE_CHECKING:
    from torchlint.lint.reporters import Report
    from torchlint.lint.settings import Settings

DEFAULT_CACHE_DIRECTORY = ".torchlint_cache"
EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2  # usage or configuration error, a file that could not be linted, an internal error
VERBOSE_KEY = "torchlint.verbose"


def fail(message: str) -> NoReturn:
    """A usage or configuration error: one line on stderr, exit 2."""
    click.echo(f"torchlint: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _set_verbose(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    # ``meta`` is shared by every context of one invocation: the main group reads it when a
    # command fails with an internal error.
    if value:
        ctx.meta[VERBOSE_KEY] = True


def verbose_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "-v",
        "--verbose",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=_set_verbose,
        help="Say which files were found, which results came from the cache and how long "
        "each step took; show the traceback of an internal error.",
    )(func)


@dataclass
class LintOptions:
    """The values of the shared options of one ``check`` or ``fix`` invocation."""

    output_format: str
    output_file: Optional[str]
    targets: tuple[str, ...]
    select: tuple[str, ...]
    extend_select: tuple[str, ...]
    ignore: tuple[str, ...]
    exclude: tuple[str, ...]
    extend_exclude: tuple[str, ...]
    respect_gitignore: Optional[bool]
    config_path: Optional[str]
    isolated: bool
    stdin_filename: Optional[str]
    statistics: bool
    exit_zero: bool
    unsafe_fixes: bool
    mode: Optional[str]
    diff: bool
    show_fixes: bool
    quiet: bool
    jobs: Optional[int]
    no_cache: bool
    cache_dir: Optional[str]

    @property
    def machine_output(self) -> bool:
        """Whether the report is for a program: human text then goes to stderr."""
        return self.output_format in MACHINE_FORMATS


_OPTIONS: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
    click.option(
        "--output-format",
        type=click.Choice(OUTPUT_FORMATS),
        default="full",
        show_default=True,
        envvar="TORCHLINT_OUTPUT_FORMAT",
        help="full: source line, caret and fix hint; concise: one line each; json: the "
        "documented contract; sarif: SARIF 2.1.0 for code scanning; github: Actions "
        "annotations; junit: JUnit XML; gitlab: GitLab Code Quality. With fixes: the "
        "findings that remain.",
    ),
    click.option(
        "-o",
        "--output-file",
        type=click.Path(dir_okay=False, writable=True),
        help="Write the report to this file instead of standard output.",
    ),
    click.option(
        "--target",
        "targets",
        multiple=True,
        metavar="BACKENDS",
        help="Keep only findings that break these back-ends (comma-separated: script, trace, "
        "compile, export; default: all four). Performance and migration findings break none: "
        "with --target they are dropped unless selected by code (--extend-select TL4).",
    ),
    click.option(
        "--select",
        multiple=True,
        metavar="RULES",
        help="Rule codes, prefixes (TL1) or names to run.",
    ),
    click.option(
        "--extend-select",
        multiple=True,
        metavar="RULES",
        help="Rules to run in addition to select.",
    ),
    click.option(
        "--ignore", multiple=True, metavar="RULES", help="Rule codes, prefixes or names to skip."
    ),
    click.option(
        "--exclude",
        multiple=True,
        metavar="GLOBS",
        help="Files and folders to skip, replacing the default list (.git, .venv, build, ...).",
    ),
    click.option(
        "--extend-exclude", multiple=True, metavar="GLOBS", help="More files and folders to skip."
    ),
    click.option(
        "--respect-gitignore/--no-respect-gitignore",
        default=None,
        help="Skip files that .gitignore excludes (default: on).",
    ),
    click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False),
        help="Read settings from this pyproject.toml or torchlint.toml instead of the nearest one.",
    ),
    click.option("--isolated", is_flag=True, help="Ignore every configuration file."),
    click.option(
        "--stdin-filename",
        metavar="NAME",
        help="Read the code from standard input, reporting it as NAME (also: give '-' as the "
        "only path). Fixing it writes the fixed code to standard output.",
    ),
    click.option(
        "--mode",
        type=click.Choice(MODES),
        default=None,
        help="Which path to report on: inference drops findings on code that runs only in "
        "training mode (under self.training, or given labels), training the reverse "
        "(default: all; or `mode` in the configuration).",
    ),
    click.option(
        "--statistics", is_flag=True, help="Print the number of findings per rule instead."
    ),
    click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings."),
    click.option(
        "--unsafe-fixes",
        is_flag=True,
        help="When fixing, also apply fixes that can change behaviour.",
    ),
    click.option(
        "--diff",
        is_flag=True,
        help="Fix nothing: print the fixes as a unified diff; exit 1 if any file would change.",
    ),
    click.option(
        "--show-fixes", is_flag=True, help="When fixing, list every fix applied (path:line:col)."
    ),
    click.option(
        "-j",
        "--jobs",
        type=click.IntRange(min=1),
        default=None,
        help="Lint in this many processes (default: all cores).",
    ),
    click.option("--no-cache", is_flag=True, help="Lint every file again, ignoring the cache."),
    click.option(
        "--cache-dir",
        type=click.Path(file_okay=False),
        envvar="TORCHLINT_CACHE_DIR",
        help="Where to keep the cache (default: .torchlint_cache in the project, or `cache-dir`).",
    ),
    click.option(
        "-q",
        "--quiet",
        is_flag=True,
        help="Print only the findings: no summary, no progress.",
    ),
    verbose_option,
]
_NAMES = tuple(f.name for f in fields(LintOptions))


def lint_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add the shared options to a click command; it receives them as ``options``."""

    @functools.wraps(func)
    def command(*args: Any, **kwargs: Any) -> Any:
        shared = {name: kwargs.pop(name) for name in _NAMES}
        return func(*args, options=LintOptions(**shared), **kwargs)

    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def comma_list(values: Sequence[str]) -> list[str]:
    from torchlint.lint.config import split_list

    return split_list(values)


def use_stdin(paths: Sequence[str], options: LintOptions) -> bool:
    """Whether the code comes from standard input; a usage error for '-' among other paths."""
    if "-" in paths and tuple(paths) != ("-",):
        fail("'-' (standard input) cannot be combined with other paths")
    return options.stdin_filename is not None or tuple(paths) == ("-",)


def config_start(paths: Sequence[str], options: LintOptions) -> list[str]:
    """Where the search for the configuration file starts: the stdin file name, or the paths."""
    return [options.stdin_filename] if options.stdin_filename else [p for p in paths if p != "-"]


def load_run_settings(paths: Sequence[str], options: LintOptions) -> Settings:
    """The configuration nearest to ``paths`` (or to the stdin file name), with the options'
    overrides; a bad configuration is a usage error."""
    from torchlint.lint.config import ConfigError, apply_overrides, load_settings
    from torchlint.lint.registry import PluginError

    try:
        settings = load_settings(
            config_start(paths, options),
            config_path=options.config_path,
            isolated=options.isolated,
        )
        return apply_overrides(
            settings,
            targets=comma_list(options.targets) or None,
            select=comma_list(options.select) or None,
            ignore=comma_list(options.ignore),
            extend_select=comma_list(options.extend_select),
            exclude=comma_list(options.exclude) or None,
            extend_exclude=comma_list(options.extend_exclude),
            respect_gitignore=options.respect_gitignore,
            unsafe_fixes=True if options.unsafe_fixes else None,
            mode=options.mode,
        )
    except (ConfigError, PluginError) as exc:
        fail(str(exc))


def cache_dir_for(options: LintOptions, settings: Settings) -> Optional[str]:
    """Where this run keeps its cache; None with ``--no-cache``."""
    if options.no_cache:
        return None
    if options.cache_dir is not None:
        return options.cache_dir
    return settings.cache_dir or os.path.join(
        settings.project_root or os.getcwd(), DEFAULT_CACHE_DIRECTORY
    )


def jobs_for(options: LintOptions) -> int:
    return options.jobs or os.cpu_count() or 1


def read_stdin_bytes() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")


def write_report(report: Report, options: LintOptions, *, err: bool = False) -> None:
    """The report in the requested format (or the statistics), to ``--output-file``, else to
    stdout (stderr with ``err``: the fixed code of standard input owns stdout)."""
    from torchlint.cli_output import colour_wanted
    from torchlint.lint.reporters import format_statistics, render

    colour = not err and colour_wanted(options.output_format, options.output_file)
    text = (
        format_statistics(report, options.output_format)
        if options.statistics
        else render(report, options.output_format, colour=colour, summary=not options.quiet)
    )
    if options.output_file:
        try:
            with open(options.output_file, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            fail(f"cannot write {options.output_file}: {exc.strerror or exc}")
    else:
        click.echo(text, nl=False, err=err, color=colour or None)


def exit_status(report: Report, options: LintOptions) -> int:
    if report.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.diagnostics and not options.exit_zero else EXIT_CLEAN
