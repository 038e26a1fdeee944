"""Helpers for the mechanism tests: lint a snippet or a small project on disk for one rule and
one back-end, and load a snippet as a module torch can read the source of."""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path
from types import ModuleType

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.engine import lint_text
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings


def _settings(code: str, target: str) -> Settings:
    return Settings(select=(code,), targets=(target,), targets_explicit=True)


def findings(source: str, code: str, target: str) -> list[Diagnostic]:
    """The ``code`` findings for ``target`` in ``source`` (dedented), linted as model.py."""
    result = lint_text("model.py", textwrap.dedent(source).lstrip("\n"), _settings(code, target))
    assert not result.errors, result.errors
    return [d for d in result.diagnostics if d.code == code and target in d.targets]


def project_findings(
    root: Path, files: dict[str, str], code: str, target: str
) -> list[tuple[str, int]]:
    """(file name, line) of the ``code`` findings for ``target`` in a project of ``files``
    (relative path -> source) written under ``root``."""
    paths = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
        if name.endswith(".py"):
            paths.append(str(path))
    return [
        (Path(d.path).name, d.line)
        for result in lint_files(paths, _settings(code, target))
        for d in result.diagnostics
        if d.code == code and target in d.targets
    ]


def load_module(root: Path, source: str, name: str) -> ModuleType:
    """The module of ``source`` written to ``root/name.py`` (TorchScript and the tracer read
    its source lines)."""
    path = root / f"{name}.py"
    path.write_text(textwrap.dedent(source).lstrip("\n"))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The three-dimensional inputs of the script mechanism tests' models (other sizes per input).
INPUTS_3D = "\n\ndef inputs():\n    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]\n"


def model_source(
    head: str, forward: str, init: str = "", extra: str = "", methods: str = "", body: str = ""
) -> str:
    """A complete example: ``head`` (imports), ``extra`` top-level code, a ``Model`` with a
    ``self.fc = nn.Linear(4, 4)`` plus ``init``, the class-body ``body``, ``methods`` and a
    ``forward(self, x)`` of body ``forward``, and ``inputs()`` of two 3-d tensors."""
    return (
        head
        + extra
        + "class Model(nn.Module):\n"
        + body
        + "    def __init__(self):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(4, 4)\n"
        + init
        + "\n\n"
        + methods
        + "    def forward(self, x):\n"
        + forward
        + INPUTS_3D
    )


def script_disagreements(cases: list[tuple[str, str, bool]]) -> list[tuple[int, str, str]]:
    """(index, code, torch's detail) of each ``(code, source, flagged)`` case whose
    ``flagged`` torch.jit.script contradicts: a flagged source that scripts with eager's
    outputs, or a clean one that fails."""
    from .oracle import check

    found = []
    for number, (code, source, flagged) in enumerate(cases):
        verdict = check(source, "script")
        if verdict.ok == flagged:
            found.append((number, code, verdict.detail))
    return found
