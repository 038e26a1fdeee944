"""``torchlint migrate``: ``torchlint check`` with the migration rules (TL5xx) selected.

The default selection leaves TL5xx out (``lint/settings.py``: ``OPT_IN``): a plain run answers
"what breaks my graphs?"; this one answers "what ties this code to TorchScript?". It is built
from ``check`` itself (its options and its callback), so the two never drift apart.
"""

from __future__ import annotations

from typing import Any

import click

MIGRATION_SELECTION = ("TL5",)


def migrate_command_for(check: click.Command) -> click.Command:
    """A ``migrate`` command taking ``check``'s options except ``--select`` (it selects TL5;
    ``--ignore``, ``--extend-select`` and ``--fix`` work as in check)."""

    @click.pass_context
    def migrate(ctx: click.Context, **options: Any) -> None:
        ctx.invoke(check, select=MIGRATION_SELECTION, **options)

    return click.Command(
        "migrate",
        callback=migrate,
        params=[param for param in check.params if param.name != "select"],
        help="Lint PATHS (default: the current folder) for TorchScript APIs to migrate off "
        "(the TL5xx rules, which `check` leaves out by default).\n\n"
        "The same as `torchlint check --select TL5`: every other option of check applies "
        "(--ignore TL503, --extend-select TL001, --fix, --output-format ...), and a "
        "configuration file's `select`, `ignore` and `extend-select` are replaced, as "
        "--select replaces them.",
        context_settings=check.context_settings,
    )
