"""``rules/distribution_tables.json``: what torch.distributions still does under trace and
export with ``validate_args=False``, as torch itself says."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from torchlint.lint import distribution_tables
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def test_inner_validating_distributions_and_number_parameters_are_listed():
    failures = distribution_tables.unvalidated_failures
    # OneHotCategorical builds a Categorical without the flag: it validates anyway.
    assert set(failures("OneHotCategorical", "tensors", "__init__")) == {"export", "trace"}
    # A Python number parameter becomes a torch.tensor constant; tensors do not.
    assert set(failures("Normal", "numbers", "__init__")) == {"trace"}
    assert not failures("Normal", "tensors", "__init__")
    assert not failures("Categorical", "tensors", "__init__")


def _codes(source: str, tmp_path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    path = tmp_path / "model.py"
    path.write_text(source)
    (result,) = lint_files([str(path)], settings=Settings())
    return [(d.line, d.code, tuple(d.targets)) for d in result.diagnostics if d.code == "TL345"]


def test_checks_off_flagged_only_where_the_table_says(tmp_path):
    source = """
import torch
from torch import nn
import torch.distributions as dist

class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = nn.Linear(4, 3)
        self.loc = nn.Linear(4, 3)

    def forward(self, h, y):
        mixture = dist.MixtureSameFamily(
            dist.Categorical(logits=self.mix(h), validate_args=False),
            dist.Normal(self.loc(h), torch.ones(3), validate_args=False),
            validate_args=False,
        )
        fixed = dist.Laplace(self.loc(h), 0.5, validate_args=False)
        return mixture.log_prob(y) + fixed.entropy().sum(-1)
"""
    found = _codes(source, tmp_path)
    # MixtureSameFamily compares batch shapes in Python; Laplace's number scale is a constant;
    # the Categorical and the all-tensor Normal are clean with the checks off.
    assert [(line, targets) for line, _, targets in found] == [(13, ("trace",)), (18, ("trace",))]


def test_default_off_file_is_judged_by_the_table(tmp_path):
    source = """
import torch
from torch import nn
from torch.distributions import Distribution, OneHotCategorical, Normal

Distribution.set_default_validate_args(False)

class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.logits = nn.Linear(4, 3)

    def forward(self, obs):
        scale = Normal(self.logits(obs), self.logits(obs).exp()).rsample()
        return OneHotCategorical(logits=self.logits(obs)).probs + scale
"""
    assert [(line, targets) for line, _, targets in _codes(source, tmp_path)] == [
        (15, ("export", "trace"))
    ]


@requires_torch
def test_table_matches_the_installed_torch(monkeypatch):
    import torch

    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import distribution_tables as generator

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    stored = json.loads(distribution_tables.TABLES.read_text()).get(version)
    if stored is None:
        pytest.skip(f"no table for torch {version}: run benchmarks/distribution_tables.py")
    x = torch.randn(2, 3)
    recipes = generator.recipes()
    for name in ("OneHotCategorical", "Normal"):
        tensors, numbers = recipes[name]
        forms = {"tensors": generator.measure_form(tensors, x)}
        if numbers is not None:
            forms["numbers"] = generator.measure_form(numbers, x)
        measured = {form: members for form, members in forms.items() if members}
        assert measured == stored["unvalidated"].get(name, {})
    sys.modules.pop("distribution_tables", None)
