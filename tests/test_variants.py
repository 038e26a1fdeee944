"""benchmarks/variants/: the generator writes variants of a probe that parse and run as the probe
does (real torch, two probes), skips forms that do not apply, drops a variant whose eager output
differs; the labeller takes every form of a probe together; the scorer counts a package
variant's findings in its helper module."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

from .conftest import requires_torch

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "benchmarks" / "variants"
PROBES = ROOT / "benchmarks" / "probes"
TWO = [PROBES / "b1_item_scale.py", PROBES / "b2_submodule_logger.py"]

for folder in (VARIANTS, VARIANTS.parent):  # the benchmarks import each other as scripts
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"variants_{name}", VARIANTS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


generate = _load("generate")
label = _load("label")
score = _load("score")


def test_every_form_applies_to_plain_probes_and_parses():
    for path in TWO:
        variants = generate.variants_of(path.read_text(), path.stem)
        assert [v.form for v in variants] == list(generate.FORMS)
        for variant in variants:
            for text in variant.files.values():
                ast.parse(text)
            entry = variant.files["/model.py" if variant.is_package else ".py"]
            names = {
                n.name
                for n in ast.parse(entry).body
                if isinstance(n, (ast.ClassDef, ast.FunctionDef))
            }
            assert {"Model", "inputs"} <= names, variant.name


SUPER_FORWARD = """
import torch
from torch import nn


class Base(nn.Module):
    def forward(self, x):
        return x + 1


class Model(Base):
    def forward(self, x):
        return super().forward(x) * 2


def inputs():
    return [(torch.randn(2),), (torch.randn(3),)]
"""


def test_forms_that_would_break_the_probe_are_skipped():
    forms = {v.form for v in generate.variants_of(SUPER_FORWARD, "p")}
    # super() cannot leave the class; Model is not a direct nn.Module subclass.
    assert forms == {"helper_method", "decorator", "alias"}
    inherited = SUPER_FORWARD.replace(
        "    def forward(self, x):\n        return super()",
        "    def f(self, x):\n        return super()",
    )
    assert generate.variants_of(inherited, "p") == []


def _outputs(module) -> list:
    import torch

    torch.manual_seed(0)
    inputs = module.inputs()
    torch.manual_seed(0)
    model = module.Model().eval()
    return [model(*args) for args in inputs]


@requires_torch
@pytest.mark.torch
def test_written_variants_run_as_the_probe(tmp_path):
    import torch

    kept = generate.generate(TWO, root=tmp_path, log=pytest.fail)
    assert len(kept) == 2 * len(generate.FORMS)
    assert len(list(tmp_path.glob("*__module_as/helpers.py"))) == 2
    for path in TWO:
        want = _outputs(generate.import_file(path, f"test_probe_{path.stem}"))
        for name, entry in kept.items():
            if generate.probe_of(name) != path.stem:
                continue
            got = _outputs(generate.import_variant(entry, tmp_path))
            assert all(torch.allclose(a, b) for a, b in zip(want, got)), name


@requires_torch
@pytest.mark.torch
def test_a_variant_that_changes_the_output_is_dropped(tmp_path, monkeypatch):
    def scaled(module):
        return {".py": module.code.replace("1e-6", "1.0")}

    monkeypatch.setitem(generate.TRANSFORMS, "alias", scaled)
    dropped: list[str] = []
    kept = generate.generate(TWO[:1], forms=["alias"], root=tmp_path, log=dropped.append)
    assert kept == {}
    assert dropped and "differ" in dropped[0]
    assert list(tmp_path.glob("*.py")) == []


def test_unlabelled_variants_come_probe_by_probe():
    names = [f"{p}__{f}" for f in generate.FORMS for p in ("b1_a", "b2_b", "b3_c")]
    order = label.pending(names, {"b2_b__alias": {"compile": {}}}, ["compile"], regen=False)
    probes = [generate.probe_of(n) for n in order]
    assert sorted(order) == sorted(set(names) - {"b2_b__alias"})  # labelled already
    # Each probe's forms are contiguous.
    assert len([p for i, p in enumerate(probes) if i == 0 or p != probes[i - 1]]) == 3


def test_a_package_variants_findings_include_its_helper_module(tmp_path):
    kept = generate.generate(
        TWO[:1], forms=["module_from", "helper_fn"], root=tmp_path, check=False
    )
    found = score.variant_findings(list(kept), "compile", tmp_path)
    assert any(f.startswith("helpers.py:") for f in found["b1_item_scale__module_from"])
    assert all(f.startswith(":") for f in found["b1_item_scale__helper_fn"])
    # Scored: every variant labelled failing is a TP exactly when it has a finding.
    verdicts = {name: {"compile": {"ok": False, "detail": "x"}} for name in kept}
    probe_verdicts = {"b1_item_scale": {"compile": {"ok": False, "detail": "x"}}}
    scores, wrong = score.measure(
        ["compile"], root=tmp_path, verdicts=verdicts, probe_verdicts=probe_verdicts
    )
    total = scores["compile"][score.ALL]
    assert total.tp == sum(bool(f) for f in found.values())
    assert total.tp + total.fn == len(kept)
    assert {w["form"] for w in wrong} == {n.rsplit("__", 1)[1] for n, f in found.items() if not f}
