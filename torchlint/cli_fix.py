"""``torchlint fix``: apply fixes (safe ones, unsafe ones on request), or show them as a diff.

``check --fix`` runs the same :func:`run_fix`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

import click

from torchlint.lint.settings import Settings

if TYPE_CHECKING:
    from torchlint.lint.fix_files import FileFix


def run_fix(
    paths: Sequence[str],
    settings: Settings,
    *,
    diff: bool = False,
    show_fixes: bool = False,
    unsafe: Optional[bool] = None,
    verify: Optional[str] = None,
    inputs: Sequence[str] = (),
) -> int:
    """Fix (or with ``diff`` only show) the files under ``paths``; returns the exit status.

    With ``verify`` (``pkg.mod:factory``) nothing is written unless the original and the fixed
    code give equal outputs on ``inputs`` (see :mod:`torchlint.fix_verify`).

    Exit status: with ``diff``, 1 when any file would change; otherwise 1 when findings remain;
    2 when a file could not be read, linted or written, or the verification failed.
    """
    from torchlint.lint.discovery import discover
    from torchlint.lint.fix_files import fix_paths, unified_diff
    from torchlint.lint.reporters import display_path

    found = discover(list(paths) or ["."], settings)
    for error in found.errors:
        click.echo(f"{display_path(error.path)}: error: {error.message}", err=True)
    fixes = fix_paths(found.files, settings, unsafe=unsafe, write=not diff and verify is None)
    failed = bool(found.errors)
    if verify is not None and not diff and any(item.changed for item in fixes):
        if not _verify_then_write(fixes, verify, inputs):
            return 2
    remaining = 0
    changed_files = 0
    applied = 0
    for item in fixes:
        shown = display_path(item.path)
        outcome = item.outcome
        if item.error is not None:
            failed = True
            click.echo(f"{shown}: error: {item.error}", err=True)
        if outcome is None:
            continue
        if outcome.changed:
            changed_files += 1
            applied += len(outcome.applied)
        if diff:
            click.echo(unified_diff(shown, outcome.original, outcome.text), nl=False)
        if show_fixes:
            _show_fixes(shown, item)
        for dropped in outcome.dropped:
            click.echo(
                f"{shown}:{dropped.line}: {dropped.code} fix dropped ({dropped.message}): {dropped.reason}",
                err=True,
            )
        if not outcome.converged:
            click.echo(f"{shown}: fixes did not settle after {outcome.rounds} rounds", err=True)
        result = outcome.result
        if result is None:
            continue
        for error in result.errors:
            failed = True
            where = f":{error.line}:{error.column}" if error.line is not None else ""
            click.echo(f"{display_path(error.path)}{where}: error: {error.message}", err=True)
        if not diff:
            for d in result.diagnostics:
                remaining += 1
                hint = " [*]" if d.fix is not None else ""
                click.echo(f"{shown}:{d.line}:{d.column}: {d.code}{hint} {d.message}")
    verb = "Would fix" if diff else "Fixed"
    if changed_files or not diff:
        noun = "file" if changed_files == 1 else "files"
        click.echo(f"{verb} {applied} finding(s) in {changed_files} {noun}.", err=True)
    if not diff and remaining:
        unsafe_left = sum(
            1
            for item in fixes
            if item.outcome and item.outcome.result
            for d in item.outcome.result.diagnostics
            if d.fix is not None and d.fix.applicability == "unsafe"
        )
        if unsafe_left:
            click.echo(f"{unsafe_left} more fix(es) available with --unsafe-fixes.", err=True)
    if failed:
        return 2
    if diff:
        return 1 if changed_files else 0
    return 1 if remaining else 0


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


def _show_fixes(shown: str, item: FileFix) -> None:
    assert item.outcome is not None
    for fix in item.outcome.applied:
        click.echo(f"{shown}:{fix.line}: {fix.code} {fix.message} ({fix.applicability})")


@click.command("fix")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--unsafe-fixes", is_flag=True, help="Also apply fixes that can change behaviour.")
@click.option(
    "--diff",
    is_flag=True,
    help="Print a unified diff and write nothing; exit 1 if any file would change.",
)
@click.option("--show-fixes", is_flag=True, help="List every fix applied.")
@click.option(
    "--select", multiple=True, help="Rule codes, prefixes or names to fix (comma-separated)."
)
@click.option("--ignore", multiple=True, help="Rule codes, prefixes or names to leave alone.")
@click.option(
    "--target",
    "targets",
    multiple=True,
    help="Back-ends to check for: script, trace, compile, export.",
)
@click.option(
    "--config", "config_path", type=click.Path(dir_okay=False), help="Use this config file."
)
@click.option("--isolated", is_flag=True, help="Ignore every config file.")
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
def fix_command(
    paths: tuple[str, ...],
    unsafe_fixes: bool,
    diff: bool,
    show_fixes: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    targets: tuple[str, ...],
    config_path: Optional[str],
    isolated: bool,
    verify_target: Optional[str],
    inputs: tuple[str, ...],
) -> None:
    """Apply fixes to PATHS (default: the current folder), then report what is left."""
    from torchlint.lint.config import ConfigError, apply_overrides, load_settings, split_list

    try:
        settings = load_settings(paths, config_path=config_path, isolated=isolated)
        settings = apply_overrides(
            settings,
            targets=split_list(targets) or None,
            select=split_list(select) or None,
            ignore=split_list(ignore),
            unsafe_fixes=True if unsafe_fixes else None,
        )
    except ConfigError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    sys.exit(
        run_fix(
            paths, settings, diff=diff, show_fixes=show_fixes, verify=verify_target, inputs=inputs
        )
    )
