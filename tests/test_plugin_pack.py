"""A user's rule pack plugs in through the `torchlint.rules` entry point group.

The test builds a tiny installed distribution in a temporary folder (a module plus a
``.dist-info`` with ``entry_points.txt``, which is what ``pip install`` leaves behind) and puts
that folder on ``PYTHONPATH`` of a real ``torchlint`` process, so entry point discovery finds it
exactly as it finds an installed package.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PACK = '''
import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid


class NoCudaSync(Rule):
    """Flags `torch.cuda.synchronize()` in graph code.

    ## What it does
    Finds `torch.cuda.synchronize()` in forward.

    ## Why is this bad?
    It waits for the device and breaks the graph.

    ## Example
    `torch.cuda.synchronize()` in forward.

    ## Fix safety
    No fix.
    """

    code = "ACME101"
    name = "cuda-sync-in-graph"
    message = "`torch.cuda.synchronize()` in graph code"
    targets = ("compile",)
    VALID = [Valid("x = 1", runtime=False)]
    INVALID = [Invalid("torch.cuda.synchronize()", runtime=False)]

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.in_graph and self.ctx.qualified_name(node.func) == "torch.cuda.synchronize":
            self.report(node)
'''

MODEL = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        torch.cuda.synchronize()
        return x.relu()
"""


@pytest.fixture(scope="module")
def pack_path(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("site")
    (root / "acme_torch_rules.py").write_text(textwrap.dedent(PACK))
    dist_info = root / "acme_torch_rules-0.1.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: acme-torch-rules\nVersion: 0.1\n"
    )
    (dist_info / "entry_points.txt").write_text("[torchlint.rules]\nacme = acme_torch_rules\n")
    return root


def torchlint(pack_path: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pack_path), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "torchlint", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_rule_pack_runs_and_is_listed(pack_path, tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    completed = torchlint(
        pack_path, tmp_path, "check", "--output-format", "json", "--select", "ACME,TL301", "."
    )
    assert completed.returncode == 1, completed.stderr
    document = json.loads(completed.stdout)
    findings = [(d["code"], d["line"], d["targets"]) for d in document["diagnostics"]]
    assert findings == [("ACME101", 7, ["compile"])]
    # On by default (select ALL), and deselectable like a built-in rule.
    default = torchlint(pack_path, tmp_path, "check", "--output-format", "json", ".")
    assert "ACME101" in [d["code"] for d in json.loads(default.stdout)["diagnostics"]]
    ignored = torchlint(
        pack_path,
        tmp_path,
        "check",
        "--output-format",
        "json",
        "--ignore",
        "cuda-sync-in-graph",
        ".",
    )
    assert "ACME101" not in [d["code"] for d in json.loads(ignored.stdout)["diagnostics"]]
    listing = torchlint(pack_path, tmp_path, "rules")
    assert listing.returncode == 0
    row = next(line for line in listing.stdout.splitlines() if line.startswith("ACME101"))
    assert row.split()[:3] == ["ACME101", "cuda-sync-in-graph", "compile"]
    docs = torchlint(pack_path, tmp_path, "rule", "ACME101")
    assert docs.returncode == 0 and "## Why is this bad?" in docs.stdout


def test_without_the_pack_its_code_is_unknown(tmp_path):
    completed = subprocess.run(
        [sys.executable, "-m", "torchlint", "check", "--select", "ACME", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 2
    assert "'ACME' matches no rule" in completed.stderr


def test_editing_an_installed_pack_invalidates_cached_results(pack_path, tmp_path, monkeypatch):
    # The cache names the installed packs by their files, without importing them.
    from torchlint.lint.cache import fingerprint, installed_packs
    from torchlint.lint.settings import Settings

    site = tmp_path / "site"
    shutil.copytree(pack_path, site)
    monkeypatch.syspath_prepend(str(site))
    before = fingerprint(Settings())
    assert "acme" in [pack[1] for pack in installed_packs()]
    assert "acme_torch_rules" not in sys.modules
    module = site / "acme_torch_rules.py"
    module.write_text(module.read_text() + "\n# a new rule would go here\n")
    assert fingerprint(Settings()) != before
