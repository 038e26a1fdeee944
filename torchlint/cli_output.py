"""What ``check`` and ``fix`` show besides the report: colour, progress and ``-v`` notes.

- Colour: the text formats (full, concise) on a terminal; ``NO_COLOR`` (any non-empty value)
  turns it off, ``FORCE_COLOR`` (any non-empty value) on where stdout is no terminal. The
  machine formats and a report written with ``-o`` are never coloured.
- Progress: a bar on stderr (click's) while files are linted, only when stderr is a terminal,
  the report is for people (not a machine format) and neither ``-q`` nor ``-v`` is given.
- ``--show-settings``: the resolved settings.
- ``-v``: the files found, the results taken from the cache, how long each step took, and the
  tracebacks of the internal errors the report lists, on stderr (that of an internal error
  that stops the command is the main group's, see ``cli.py``).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Callable, Optional

import click

from torchlint.cli_options import VERBOSE_KEY, LintOptions, fail
from torchlint.lint.reporters import MACHINE_FORMATS, display_path

if TYPE_CHECKING:
    from torchlint.lint.diagnostics import FileError
    from torchlint.lint.settings import Settings

# Called by ``lint_files`` once per file done: its path, and whether the cache had its result.
FileDone = Callable[[str, bool], None]


def _isatty(stream: IO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False


def colour_wanted(
    output_format: str,
    output_file: Optional[str],
    stream: Optional[IO] = None,
    environ: Mapping[str, str] = os.environ,
) -> bool:
    """Whether the report on ``stream`` (stdout) is coloured."""
    if output_file or output_format in MACHINE_FORMATS:
        return False
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return _isatty(stream if stream is not None else sys.stdout)


class Feedback:
    """Progress and ``-v`` notes for one run, on stderr."""

    def __init__(
        self, *, quiet: bool, verbose: bool, output_format: str, stream: Optional[IO] = None
    ) -> None:
        self.verbose = verbose
        self.stream = stream if stream is not None else sys.stderr
        self.show_progress = (
            not quiet
            and not verbose  # its notes say as much, and a bar would break their lines
            and output_format not in MACHINE_FORMATS
            and _isatty(self.stream)
        )

    def note(self, message: str) -> None:
        """A ``-v`` line."""
        if self.verbose:
            click.echo(f"torchlint: {message}", file=self.stream)

    @contextmanager
    def timed(self, step: str) -> Iterator[None]:
        """Say with ``-v`` how long ``step`` took."""
        start = time.perf_counter()
        yield
        self.note(f"{step} took {time.perf_counter() - start:.2f}s")

    def found(self, files: Sequence[str]) -> None:
        if self.verbose:
            self.note(f"found {len(files)} {'file' if len(files) == 1 else 'files'} to lint")
            for path in files:
                click.echo(f"  {display_path(path)}", file=self.stream)

    def tracebacks(self, errors: Sequence[FileError]) -> None:
        """With ``-v``, the traceback of each internal error among ``errors``."""
        for error in errors:
            if self.verbose and error.detail:
                self.note(f"traceback of {display_path(error.path)}: {error.message}")
                click.echo(error.detail.rstrip("\n"), file=self.stream)

    @contextmanager
    def linting(self, total: int, label: str = "Linting") -> Iterator[FileDone]:
        """A callback for ``lint_files(progress=...)``; shows the bar while the files are linted
        and, with ``-v``, which results came from the cache."""
        cached = 0

        def done(path: str, from_cache: bool) -> None:
            nonlocal cached
            if from_cache:
                cached += 1
                self.note(f"cached: {display_path(path)}")
            if bar is not None:
                bar.update(1, display_path(path))

        bar = None
        start = time.perf_counter()
        if self.show_progress and total:
            with click.progressbar(
                length=total,
                label=label,
                file=self.stream,
                show_pos=True,
                item_show_func=lambda item: item,
            ) as bar:
                yield done
        else:
            yield done
        self.note(
            f"linted {total} {'file' if total == 1 else 'files'} in "
            f"{time.perf_counter() - start:.2f}s ({cached} from the cache)"
        )


def feedback_for(options: LintOptions) -> Feedback:
    """Progress and ``-v`` notes for this ``check`` or ``fix``; ``-q`` with ``-v`` is a usage
    error."""
    verbose = bool(click.get_current_context().meta.get(VERBOSE_KEY))
    if verbose and options.quiet:
        fail("-q/--quiet and -v/--verbose cannot be combined")
    return Feedback(quiet=options.quiet, verbose=verbose, output_format=options.output_format)


def settings_text(
    settings: Settings,
    config_file: Optional[str],
    cache_dir: Optional[str],
    rules: Sequence[tuple[str, str]],
) -> str:
    """``--show-settings``: the settings a run resolved, one ``name = value`` a line, and the
    rules they select (``rules``: every installed rule's code and name)."""
    from torchlint.lint.discovery import DEFAULT_EXCLUDES
    from torchlint.lint.settings import DEFAULT_SELECT, OPT_IN

    def listed(values: Sequence[str]) -> str:
        return ", ".join(values) if values else "(none)"

    select = (
        listed(settings.select)
        if settings.select is not None
        else f"{listed(DEFAULT_SELECT)} except {listed(OPT_IN)} (default)"
    )
    exclude = (
        listed(settings.exclude) if settings.exclude else f"{listed(DEFAULT_EXCLUDES)} (default)"
    )
    per_file = "; ".join(
        f"{pattern}: {listed(codes)}" for pattern, codes in settings.per_file_ignores.items()
    )
    rows = [
        ("config file", config_file or "(none: defaults)"),
        ("project root", settings.project_root or "(none)"),
        ("targets", listed(settings.targets)),
        ("select", select),
        ("extend-select", listed(settings.extend_select)),
        ("ignore", listed(settings.ignore)),
        ("per-file-ignores", per_file or "(none)"),
        ("exclude", exclude),
        ("extend-exclude", listed(settings.extend_exclude)),
        ("respect-gitignore", str(settings.respect_gitignore).lower()),
        ("unsafe-fixes", str(settings.unsafe_fixes).lower()),
        ("cache dir", cache_dir or "(none: --no-cache)"),
        ("rules", listed([code for code, name in rules if settings.rule_selected(code, name)])),
    ]
    return "".join(f"{name} = {value}\n" for name, value in rows)
