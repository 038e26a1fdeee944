"""A mechanism from the fresh8 accuracy corpus's TorchScript misses, linted against an installed
library written to a temporary site-packages and run through ``torch.jit.script``: an installed
library's function whose body calls ``torch.onnx.is_in_onnx_export()`` (i6-models'
``compat.logical_not``). TorchScript compiles both from their source and rejects the flag's
import statement; torch names the call of the library function (TL209). Under an
``if not torch.jit.is_scripting():`` the flag is never compiled.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch

LIBRARY = """
    import torch


    def invert(mask: torch.Tensor) -> torch.Tensor:
        if torch.onnx.is_in_onnx_export():
            return torch.logical_xor(mask, torch.ones_like(mask))
        return torch.logical_not(mask)


    def invert_guarded(mask: torch.Tensor) -> torch.Tensor:
        if not torch.jit.is_scripting():
            if torch.onnx.is_in_onnx_export():
                return torch.logical_xor(mask, torch.ones_like(mask))
        return torch.logical_not(mask)
"""

LIBRARY_MODEL = """
    import torch
    from torch import nn

    import f8masklib


    class Model(nn.Module):
        def forward(self, x):
            return x.masked_fill(f8masklib.{function}(x > 0), 0.0)
"""


def _installed(root: Path, function: str) -> tuple[Path, Path]:
    library = root / "site-packages" / "f8masklib"
    library.mkdir(parents=True)
    (library / "__init__.py").write_text(textwrap.dedent(LIBRARY).lstrip("\n"))
    project = root / "project"
    project.mkdir()
    model = project / "model.py"
    model.write_text(textwrap.dedent(LIBRARY_MODEL).lstrip("\n").format(function=function))
    return library.parent, model


@requires_torch  # the lint reads torch.onnx's installed source
@pytest.mark.parametrize(("function", "fails"), [("invert", True), ("invert_guarded", False)])
def test_library_function_calling_an_uncompilable_one(tmp_path: Path, monkeypatch, function, fails):
    from torchlint.lint import library_source

    site, model = _installed(tmp_path, function)
    monkeypatch.syspath_prepend(str(site))
    library_source._package_file.cache_clear()
    library_source._library_source_problem.cache_clear()
    settings = Settings(select=("TL209",), targets=("script",), targets_explicit=True)
    try:
        results = lint_files([str(model)], settings)
    finally:
        library_source._package_file.cache_clear()
        library_source._library_source_problem.cache_clear()
    found = [d for r in results for d in r.diagnostics if d.code == "TL209"]
    assert bool(found) == fails, [(d.line, d.message) for d in found]
    if fails:
        assert [d.line for d in found] == [9]
        assert "which calls, on line 5 of its module, `torch.onnx.is_in_onnx_export`" in (
            found[0].message
        )


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("function", "fails"), [("invert", True), ("invert_guarded", False)])
def test_torch_labels_the_library_mechanism(tmp_path: Path, function, fails):
    site, model = _installed(tmp_path, function)
    script = (
        "import torch\nfrom model import Model\n"
        "m = Model()\nx = torch.randn(2, 3)\n"
        "try:\n    s = torch.jit.script(m)\nexcept Exception as e:\n    print('FAIL', e)\n"
        "else:\n    assert torch.equal(s(x), m(x))\n    print('OK')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=model.parent,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("FAIL" if fails else "OK"), done.stdout[-2000:]
    if fails:
        assert "import statements aren't supported" in done.stdout
        assert 'model.py", line 9' in done.stdout
