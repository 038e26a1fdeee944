"""``--target script`` on one-construct probes, and the TorchScript tables the TL2xx rules read.

The probes (``benchmarks/script_probes/``) are labelled by ``torch.jit.script`` itself
(``verdicts.json``, written by ``benchmarks/script_probe_score.py --verdicts``): the lint-only
test scores the linter against those labels, the torch tests check the labels and the table
against torch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchlint.lint import torchscript_tables as script_tables
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch

REPO = Path(__file__).resolve().parent.parent
PROBES = REPO / "benchmarks" / "script_probes"
sys.path.insert(0, str(REPO / "benchmarks"))


def _predicted() -> dict[str, bool]:
    settings = Settings(targets=("script",), targets_explicit=True)
    files = sorted(str(p) for p in PROBES.glob("*.py"))
    return {
        Path(r.path).stem: any("script" in d.targets for d in r.diagnostics)
        for r in lint_files(files, settings=settings)
    }


def test_script_probes_precision_and_recall():
    verdicts = json.loads((PROBES / "verdicts.json").read_text())
    predicted = _predicted()
    assert set(predicted) == set(verdicts), "every probe needs a torch verdict (--verdicts)"
    fails = {stem for stem, v in verdicts.items() if not v["ok"]}
    flagged = {stem for stem, hit in predicted.items() if hit}
    assert len(fails) >= 15 and len(verdicts) - len(fails) >= 15  # both kinds measured
    precision = len(fails & flagged) / len(flagged)
    recall = len(fails & flagged) / len(fails)
    assert precision >= 0.95, sorted(flagged - fails)
    assert recall >= 0.85, sorted(fails - flagged)


def test_table_entry_is_the_installed_torch_or_the_newest(tmp_path, monkeypatch):
    tables = tmp_path / "tables.json"
    tables.write_text(json.dumps({"2.9": {"torch": "2.9.1"}, "2.13": {"torch": "2.13.0"}}))
    monkeypatch.setattr(script_tables, "TABLES", tables)
    for installed, expected in (("2.9.1+cpu", "2.9.1"), ("3.1.0", "2.13.0")):
        monkeypatch.setattr("importlib.metadata.version", lambda name, v=installed: v)
        script_tables.torchscript_table.cache_clear()
        try:
            assert script_tables.torchscript_table()["torch"] == expected
        finally:
            script_tables.torchscript_table.cache_clear()


def test_linting_with_the_tables_does_not_import_torch(tmp_path):
    source = tmp_path / "model.py"
    source.write_text(
        textwrap.dedent(
            """
            import itertools
            from typing import Iterable

            import torch
            from torch import nn

            def total(parts: Iterable[torch.Tensor]) -> torch.Tensor:
                return torch.stack(list(itertools.chain(parts)))

            class Model(nn.Module):
                def forward(self, x):
                    return total([x]) * x.bool()
            """
        )
    )
    code = (
        "import sys\n"
        "from torchlint.lint.run import lint_files\n"
        "from torchlint.lint.settings import Settings\n"
        "s = Settings(targets=('script',), targets_explicit=True)\n"
        f"r = list(lint_files([{str(source)!r}], settings=s))\n"
        "print(sorted({d.code for d in r[0].diagnostics}), 'torch' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "TORCHLINT_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert out.stdout.strip() == "['TL205', 'TL209', 'TL214'] False"


@requires_torch
@pytest.mark.slow
def test_probe_verdicts_are_torchs():
    from tests.oracle import check

    verdicts = json.loads((PROBES / "verdicts.json").read_text())
    for path in sorted(PROBES.glob("*.py")):
        if check(path.read_text(), "script").ok != verdicts[path.stem]["ok"]:
            # TorchScript keeps what it compiled for the life of a process (a probe that
            # calls `m.train()`, typed `-> Self`, scripts once another probe compiled it):
            # the verdict is the one a fresh process gives.
            assert _fresh_process_script_ok(path) == verdicts[path.stem]["ok"], path.stem


def _fresh_process_script_ok(path: Path) -> bool:
    code = (
        "import sys; from pathlib import Path; from tests.oracle import check; "
        f"sys.exit(0 if check(Path({str(path)!r}).read_text(), 'script').ok else 3)"
    )
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert done.returncode in (0, 3), done.stderr[-2000:]
    return done.returncode == 0


@requires_torch
@pytest.mark.slow
def test_table_matches_the_installed_torch():
    """The builtins and ``math`` entries, asked of torch again, are what the table holds."""
    import torch
    import torchscript_tables

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    stored = json.loads(script_tables.TABLES.read_text()).get(version)
    if stored is None:
        pytest.skip(f"no table for torch {version}: run benchmarks/torchscript_tables.py")
    assert sorted(torchscript_tables.builtin_table()) == sorted(stored["builtins_unsupported"])
    math = stored["modules"]["math"]
    for name in math["unsupported"][:5] + math["supported"][:5]:
        rejected = torchscript_tables.unsupported(f"math.{name}", "import math") is not None
        assert rejected == (name in math["unsupported"]), name


MODULE_HELPERS = """
import torch


def apply_block(block, x):
    return block(x) + x


def add_residual(y, x):
    return y + x
"""

MODULE_MODEL = """
import torch
from torch import nn

from . import blocks


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)

    def forward(self, x):
        return blocks.{call}
"""


MODULE_CALLS = [
    ("apply_block(self.proj, x)", True),
    ("add_residual(self.proj(x), x)", False),
]


def _module_package(tmp_path: Path, arg: str) -> Path:
    package = tmp_path / f"pkg_{abs(hash(arg)) % 100003}"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "blocks.py").write_text(MODULE_HELPERS.lstrip())
    (package / "model.py").write_text(MODULE_MODEL.lstrip().replace("{call}", arg))
    return package


@pytest.mark.parametrize(("arg", "fails"), MODULE_CALLS)
def test_a_module_passed_to_a_function_of_another_file(tmp_path, arg, fails):
    package = _module_package(tmp_path, arg)
    settings = Settings(targets=("script",), targets_explicit=True)
    results = lint_files([str(package / "model.py"), str(package / "blocks.py")], settings=settings)
    found = [d for r in results for d in r.diagnostics if d.code == "TL210"]
    assert bool(found) == fails, [(d.line, d.message) for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("arg", "fails"), MODULE_CALLS)
def test_torch_rejects_a_module_passed_to_a_function_of_another_file(tmp_path, arg, fails):
    package = _module_package(tmp_path, arg)
    code = (
        "import warnings, torch\n"
        "warnings.simplefilter('ignore')\n"
        f"from {package.name}.model import Model\n"
        "try:\n    torch.jit.script(Model())\nexcept Exception:\n    raise SystemExit(1)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True)
    assert (done.returncode == 1) == fails, done.stderr.decode()[-2000:]


CONDITIONAL_ATTRIBUTE = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, mode="{default}", context=None):
        super().__init__()
        self.mode = mode
        self.fc = nn.Linear(3, 3)
        if self.mode == "gated":
            self.gate = nn.Linear(3, 3)
        if context is not None:
            self.context = nn.Linear(context, 3)

    def forward(self, x):
        y = self.fc(x)
        if self.mode == "gated":
            y = y * torch.sigmoid(self.gate(x))
        return y


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

# (constructor default, the read of `self.gate` flagged)
CONDITIONAL_FORMS = [("plain", True), ("gated", False)]


@pytest.mark.parametrize(("default", "flagged"), CONDITIONAL_FORMS)
def test_attribute_set_under_a_test_false_with_the_defaults(default, flagged):
    from torchlint.lint.engine import lint_text

    source = CONDITIONAL_ATTRIBUTE.lstrip().replace("{default}", default)
    settings = Settings(targets=("script",), targets_explicit=True, select=("TL212",))
    found = lint_text("model.py", source, settings).diagnostics
    assert [d.line for d in found] == ([18] if flagged else []), [d.message for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("default", "flagged"), CONDITIONAL_FORMS)
def test_torch_fails_to_script_an_attribute_the_defaults_do_not_set(default, flagged):
    from .oracle import check

    source = CONDITIONAL_ATTRIBUTE.lstrip().replace("{default}", default)
    assert check(source, "script").ok is not flagged
