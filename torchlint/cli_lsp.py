"""``torchlint lsp``: the language server over stdio (needs the ``lsp`` extra: pygls)."""

from __future__ import annotations

import importlib.util
import sys

import click


@click.command("lsp")
@click.option(
    "--stdio",
    is_flag=True,
    help="Speak LSP over stdin and stdout (the only transport; accepted because clients pass it).",
)
def lsp_command(stdio: bool) -> None:
    """Run the language server over stdio: diagnostics, fixes, noqa and rule docs in the editor."""
    if importlib.util.find_spec("pygls") is None or importlib.util.find_spec("lsprotocol") is None:
        click.echo(
            "torchlint: error: the language server needs pygls; install it with "
            "pip install 'torchlint[lsp]'",
            err=True,
        )
        sys.exit(2)
    from torchlint.lint.lsp import serve

    serve()
