"""Mechanisms from the fresh8 accuracy corpus's TorchScript misses that a one-file rule example
cannot show, each linted as a small project and run through ``torch.jit.script``.

- A literal (or a size) passed to a parameter of a function of another file that has neither
  an annotation nor a default (roma's ``roma.internal.flatten_batch_dims(x, end_dim=-2)``):
  TorchScript types the parameter as Tensor and the call does not match (TL210).
- An installed library's function calling another that TorchScript rejects: see
  ``test_fresh8_library_source.py``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch

HELPERS = {
    # No annotation, no default: a Tensor to TorchScript.
    "untyped": """
        def flatten_batch_dims(tensor, end_dim):
            batch_shape = tensor.shape[: end_dim + 1]
            return tensor.flatten(end_dim=end_dim), batch_shape
    """,
    "annotated": """
        def flatten_batch_dims(tensor, end_dim: int):
            batch_shape = tensor.shape[: end_dim + 1]
            return tensor.flatten(end_dim=end_dim), batch_shape
    """,
    # A signature type comment is TorchScript's annotation.
    "type-comment": """
        def flatten_batch_dims(tensor, end_dim):
            # type: (Tensor, int) -> Tuple[Tensor, List[int]]
            batch_shape = tensor.shape[: end_dim + 1]
            return tensor.flatten(end_dim=end_dim), batch_shape
    """,
}

CALLERS = {
    "keyword": "rot, shape = shapes.internal.flatten_batch_dims(x, end_dim=-2)",
    "positional": "rot, shape = shapes.internal.flatten_batch_dims(x, -2)",
    # A tensor given to the Tensor parameter: scripts (the helper's body takes it).
    "tensor": "rot, shape = shapes.internal.flatten_batch_dims(x, x.new_ones(()).long())",
}

MODEL = """
    import torch
    from torch import nn

    import shapes.internal


    class Model(nn.Module):
        def forward(self, x):
            {call}
            return rot.sum(-1)
"""

# (helper, caller, TorchScript fails)
CASES = [
    ("untyped", "keyword", True),
    ("untyped", "positional", True),
    ("annotated", "keyword", False),
    ("type-comment", "positional", False),
]


def _project(root: Path, helper: str, caller: str) -> Path:
    package = root / "shapes"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "internal.py").write_text(textwrap.dedent(HELPERS[helper]).lstrip("\n"))
    model = textwrap.dedent(MODEL).lstrip("\n").format(call=CALLERS[caller])
    (package / "model.py").write_text(model)
    return package


@pytest.mark.parametrize(("helper", "caller", "fails"), CASES)
def test_literal_to_untyped_parameter_of_another_file(tmp_path: Path, helper, caller, fails):
    package = _project(tmp_path, helper, caller)
    settings = Settings(select=("TL210",), targets=("script",), targets_explicit=True)
    results = lint_files([str(package / "internal.py"), str(package / "model.py")], settings)
    found = [d for r in results for d in r.diagnostics if d.code == "TL210"]
    assert bool(found) == fails, [(d.path, d.line, d.message) for d in found]
    if fails:
        assert [d.line for d in found] == [9]
        assert "`end_dim`" in found[0].message and "another file" in found[0].message


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("helper", "caller", "fails"), [*CASES, ("untyped", "tensor", False)])
def test_torch_labels_the_mechanism(tmp_path: Path, helper, caller, fails):
    _project(tmp_path, helper, caller)
    script = (
        "import torch\nfrom shapes.model import Model\n"
        "m = Model()\nx = torch.randn(2, 3, 3)\n"
        "try:\n    s = torch.jit.script(m)\nexcept Exception as e:\n    print('FAIL', e)\n"
        "else:\n    assert torch.equal(s(x), m(x))\n    print('OK')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("FAIL" if fails else "OK"), done.stdout[-2000:]
    if fails:
        assert "for argument 'end_dim' but instead found type 'int'" in done.stdout
