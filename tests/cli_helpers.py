"""Shared helpers for the CLI tests: run ``torchlint`` in-process and write small projects."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Optional, Union

from click.testing import CliRunner, Result

from torchlint.cli import main

# A module whose forward prints: TL301 (print-in-graph) on the `print` line.
PRINT_MODEL = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("x", x.shape)
        return x.relu()
"""
CLEAN_MODEL = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        return torch.relu(x)
"""


def write(root: Path, relative: str, text: Union[str, bytes]) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def cli_runner(**kwargs: object) -> CliRunner:
    """A runner that keeps stderr apart from stdout on every click: 8.2 always does, 8.1 (the
    last for Python 3.9) only when asked."""
    try:
        return CliRunner(mix_stderr=False, **kwargs)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner(**kwargs)  # type: ignore[arg-type]


def run_cli(args: Sequence[str], stdin: Optional[Union[str, bytes]] = None) -> Result:
    return cli_runner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def run_json(args: Sequence[str], stdin: Optional[Union[str, bytes]] = None) -> tuple[int, dict]:
    result = run_cli(["check", "--output-format", "json", *args], stdin)
    return result.exit_code, json.loads(result.stdout)


def position_of(text: str, needle: str) -> tuple[int, int]:
    """1-based (line, column) of the first ``needle`` in ``text``."""
    for number, line in enumerate(text.splitlines(), start=1):
        index = line.find(needle)
        if index != -1:
            return number, index + 1
    raise AssertionError(f"{needle!r} not in text")


def codes(document: dict) -> list[str]:
    return [d["code"] for d in document["diagnostics"]]
