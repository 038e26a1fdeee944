"""The command line: ``torchlint check | fix | rules | rule | verify | lsp``."""

from __future__ import annotations

import sys

import click

from torchlint import __version__
from torchlint.cli_fix import fix_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="torchlint")
def main() -> None:
    """Find, fix and verify PyTorch code that breaks torch.compile, torch.export and TorchScript."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
def check(paths: tuple[str, ...]) -> None:
    """Lint PATHS (default: the current folder)."""
    import os

    from torchlint.lint.engine import display_path, lint_files

    files = []
    for path in paths or (".",):
        if os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("build", "__pycache__")]
                files.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
        else:
            files.append(path)
    found = 0
    for result in lint_files(files):
        for d in result.diagnostics:
            found += 1
            click.echo(f"{display_path(d.path)}:{d.line}:{d.column}: {d.code} {d.message}")
        for e in result.errors:
            click.echo(f"{display_path(e.path)}: error: {e.message}", err=True)
    sys.exit(1 if found else 0)


main.add_command(fix_command)
