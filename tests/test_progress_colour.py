"""Colour on a terminal (NO_COLOR, FORCE_COLOR), progress on stderr, -q and -v."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

import click
import pytest

from torchlint.cli import main
from torchlint.cli_output import Feedback, colour_wanted
from torchlint.lint.reporters import MACHINE_FORMATS, OUTPUT_FORMATS
from torchlint.lint.run import lint_files

from .cli_helpers import CLEAN_MODEL, PRINT_MODEL, cli_runner, run_json, write

ANSI = "\x1b["


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    write(tmp_path, "pkg/model.py", PRINT_MODEL)
    write(tmp_path, "pkg/clean.py", CLEAN_MODEL)
    return tmp_path


def run(args: list[str], **env: str):
    runner = cli_runner()
    return runner.invoke(main, args, env=env or None, catch_exceptions=False)


@pytest.mark.parametrize(
    ("environ", "tty", "expected"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": ""}, True, True),  # an empty NO_COLOR does not count
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": ""}, False, False),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),
    ],
)
def test_colour_follows_the_terminal_and_the_environment(environ, tty, expected):
    stream = Terminal() if tty else io.StringIO()
    assert colour_wanted("full", None, stream, environ) is expected
    assert colour_wanted("concise", None, stream, environ) is expected


@pytest.mark.parametrize("output_format", sorted(MACHINE_FORMATS))
def test_machine_formats_and_files_are_never_coloured(output_format):
    forced = {"FORCE_COLOR": "1"}
    assert not colour_wanted(output_format, None, Terminal(), forced)
    assert not colour_wanted("full", "report.txt", Terminal(), forced)
    assert set(OUTPUT_FORMATS) - MACHINE_FORMATS == {"full", "concise"}


@pytest.mark.parametrize("output_format", ["full", "concise"])
def test_forced_colour_styles_code_path_and_caret(project, output_format):
    plain = run(["check", "--output-format", output_format, "pkg"]).stdout
    coloured = run(["check", "--output-format", output_format, "pkg"], FORCE_COLOR="1").stdout
    assert ANSI not in plain and ANSI in coloured
    assert click.unstyle(coloured) == plain  # the same text, only styled
    assert click.style("pkg/model.py", bold=True) in coloured
    assert click.style("TL301", fg="red", bold=True) in coloured
    if output_format == "full":
        _, document = run_json(["pkg"])
        [finding] = document["diagnostics"]
        caret = "^" * (finding["end_column"] - finding["column"])
        assert click.style(caret, fg="red", bold=True) in coloured
    no_colour = run(
        ["check", "--output-format", output_format, "pkg"], FORCE_COLOR="1", NO_COLOR="1"
    )
    assert no_colour.stdout == plain


def test_forced_colour_stays_out_of_json_and_report_files(project):
    assert ANSI not in run(["check", "--output-format", "json", "pkg"], FORCE_COLOR="1").stdout
    run(["check", "-o", "report.txt", "pkg"], FORCE_COLOR="1")
    assert ANSI not in (project / "report.txt").read_text()


def test_lint_files_tells_progress_once_per_file(project, tmp_path):
    paths = ["pkg/model.py", "pkg/clean.py", "pkg/missing.py"]
    cache = str(tmp_path / "cache")
    told: list[tuple[str, bool]] = []
    lint_files(paths, cache_dir=cache, progress=lambda path, cached: told.append((path, cached)))
    assert sorted(told) == sorted((p, False) for p in paths)
    told.clear()
    lint_files(paths, cache_dir=cache, progress=lambda path, cached: told.append((path, cached)))
    # The second run takes the readable files from the cache; the missing one fails again.
    assert sorted(told) == sorted(
        [("pkg/clean.py", True), ("pkg/missing.py", False), ("pkg/model.py", True)]
    )


def test_progress_bar_only_on_a_terminal_for_people():
    def shown(stream: io.StringIO, **options) -> str:
        feedback = Feedback(
            **{"quiet": False, "verbose": False, "output_format": "full", **options}, stream=stream
        )
        with feedback.linting(3) as done:
            for path in ("a.py", "b.py", "c.py"):
                done(path, False)
        return stream.getvalue()

    assert "3/3" in shown(Terminal())
    assert shown(io.StringIO()) == ""  # not a terminal
    assert shown(Terminal(), quiet=True) == ""
    for output_format in MACHINE_FORMATS:
        assert shown(Terminal(), output_format=output_format) == ""


def test_check_shows_progress_on_a_terminal_stderr(project):
    """End to end: stderr a pseudo-terminal, stdout a pipe."""

    def stderr_of(*args: str) -> str:
        leader, follower = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        with subprocess.Popen(
            [sys.executable, "-m", "torchlint", *args, "--no-cache", "pkg"],
            stdout=subprocess.PIPE,
            stderr=follower,
            env=env,
        ) as process:
            os.close(follower)
            chunks = []
            while True:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the terminal closed with the process
                    break
                if not chunk:
                    break
                chunks.append(chunk)
            process.wait(timeout=120)
        os.close(leader)
        return b"".join(chunks).decode()

    assert "Linting" in stderr_of("check")
    assert "Linting" not in stderr_of("check", "--output-format", "json")
    assert "Linting" not in stderr_of("check", "-q")
    assert "Linting" in stderr_of("fix", "--diff")


def test_quiet_prints_only_the_findings(project):
    loud = run(["check", "pkg"]).stdout
    quiet = run(["check", "-q", "pkg"])
    assert "Found 1 finding" in loud and "Found" not in quiet.stdout
    assert quiet.stdout.strip() and loud.startswith(quiet.stdout.rstrip("\n"))
    assert quiet.exit_code == 1
    assert run(["check", "-q", "pkg/clean.py"]).stdout == ""


def test_verbose_says_what_was_found_cached_and_timed(project, tmp_path):
    cache = str(tmp_path / "cache")
    first = run(["check", "-v", "--cache-dir", cache, "pkg"])
    assert "found 2 files" in first.stderr
    assert "  pkg/model.py" in first.stderr.splitlines()
    assert "took" in first.stderr and "cached:" not in first.stderr
    second = run(["check", "-v", "--cache-dir", cache, "pkg"])
    assert "cached: pkg/model.py" in second.stderr
    assert "(2 from the cache)" in second.stderr
    assert run(["check", "pkg"]).stderr == ""


def test_quiet_and_verbose_together_are_a_usage_error(project):
    result = run(["check", "-q", "-v", "pkg"])
    assert result.exit_code == 2 and "cannot be combined" in result.stderr


def test_fix_quiet_and_verbose(project, tmp_path):
    loud = run(["fix", "--diff", "pkg"])
    assert "Would fix 1 finding(s) in 1 file." in loud.stderr
    quiet = run(["fix", "-q", "--diff", "pkg"])
    assert quiet.stdout == loud.stdout and "Would fix" not in quiet.stderr
    verbose = run(["fix", "-v", "--diff", "--cache-dir", str(tmp_path / "cache"), "pkg"])
    assert "found 2 files" in verbose.stderr and "  pkg/model.py" in verbose.stderr


def test_verbose_shows_the_traceback_of_an_internal_error(project, monkeypatch):
    from torchlint.lint import engine

    def broken_model(*args, **kwargs):
        raise RuntimeError("boom in the model")

    monkeypatch.setattr(engine, "FileModel", broken_model)
    args = ["check", "--no-cache", "-j", "1", "pkg/model.py"]
    plain = run(args)
    assert plain.exit_code == 2 and "internal error: RuntimeError: boom" in plain.stdout
    assert "Traceback" not in plain.stderr
    verbose = run(["check", "-v", *args[1:]])
    assert "traceback of pkg/model.py: internal error: RuntimeError" in verbose.stderr
    assert "Traceback (most recent call last)" in verbose.stderr
    assert "in broken_model" in verbose.stderr
    assert "Traceback" not in verbose.stdout  # the report itself stays the same
