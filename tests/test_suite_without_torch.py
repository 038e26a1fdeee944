"""The lint-only suite (README: Python versions) runs without torch installed: a test module
that imports torch at its top fails to collect there and stops the whole run, so torch is
imported inside the tests that need it (marked ``requires_torch``)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def _top_level_torch_imports(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules = [node.module or ""]
        else:
            continue
        if any(module.split(".")[0] == "torch" for module in modules):
            lines.append(node.lineno)
    return lines


def test_no_test_module_imports_torch_at_its_top():
    offenders = {
        path.name: lines
        for path in sorted(TESTS.glob("*.py"))
        if (lines := _top_level_torch_imports(path))
    }
    assert offenders == {}, offenders


def test_the_check_sees_a_top_level_import(tmp_path: Path):
    module = tmp_path / "test_example.py"
    module.write_text("import os\nfrom torch import nn\n\ndef test():\n    import torch\n")
    assert _top_level_torch_imports(module) == [2]
