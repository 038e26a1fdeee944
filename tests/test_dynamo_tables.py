"""``rules/dynamo_tables.json``: what Dynamo traces, as torch itself says."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from torchlint.lint import dynamo_tables

from .conftest import requires_torch

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def test_numpy_functions_torch_numpy_lacks_are_not_traced():
    traced = dynamo_tables.numpy_traced()
    assert {"argmin", "argmax", "clip", "linalg.norm"} <= traced
    assert not {"unravel_index", "interp"} & traced


def test_torch_functions_dynamo_skips():
    skipped = dynamo_tables.torch_skipped()
    assert {"torch.sparse_coo_tensor", "torch.manual_seed", "torch.get_rng_state"} <= skipped
    assert not {"torch.nonzero", "torch.sparse.mm", "torch.cat"} & skipped


def test_operators_returning_tuples_include_linalg_and_leave_out_mixed_overloads():
    tuples = dynamo_tables.torch_tuple_returns()
    assert {"torch.linalg.eigh", "torch.linalg.svd", "torch.sort", "torch.topk"} <= tuples
    # Python functions annotated to return a tuple of tensors count too.
    assert {"torch.unravel_index", "torch.meshgrid", "torch.split"} <= tuples
    # torch.max(x) is one tensor; torch.unique is a Python wrapper that returns one tensor
    # unless asked for more; linalg.norm one tensor.
    assert not {"torch.max", "torch.unique", "torch.linalg.norm"} & tuples


def test_state_queries_dynamo_refuses_leave_out_the_ones_it_traces():
    refused = dynamo_tables.torch_state_query_breaks()
    assert refused["torch.get_num_threads"] == "torch.* op returned non-Tensor"
    assert {"torch.initial_seed", "torch.is_inference_mode_enabled"} <= set(refused)
    traced = {"torch.is_grad_enabled", "torch.is_autocast_enabled", "torch.cuda.is_available"}
    assert not traced & set(refused)


def test_container_returns_are_read_from_annotations():
    containers = dynamo_tables.torch_container_returns()
    assert "torch.func.stack_module_state" in containers  # tuple[dict, dict]
    # jvp's results are annotated Any; unpack_sequence's a list of tensors.
    assert not {"torch.func.jvp", "torch.nn.utils.rnn.unpack_sequence"} & containers


@requires_torch
def test_state_query_breaks_match_the_installed_torch(monkeypatch):
    import torch

    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import dynamo_tables as generator

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    stored = json.loads(dynamo_tables.TABLES.read_text()).get(version)
    if stored is None:
        pytest.skip(f"no table for torch {version}: run benchmarks/dynamo_tables.py")
    assert stored["torch_state_query_breaks"] == generator.torch_state_query_breaks()
    assert stored["torch_container_returns"] == generator.torch_container_returns()
    sys.modules.pop("dynamo_tables", None)


@requires_torch
def test_table_matches_the_installed_torch(monkeypatch):
    import torch

    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import dynamo_tables as generator

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    stored = json.loads(dynamo_tables.TABLES.read_text()).get(version)
    if stored is None:
        pytest.skip(f"no table for torch {version}: run benchmarks/dynamo_tables.py")
    assert stored["numpy_traced"] == generator.numpy_traced()
    assert stored["torch_skipped"] == generator.torch_skipped()
    assert stored["torch_tuple_returns"] == generator.torch_tuple_returns()
    sys.modules.pop("dynamo_tables", None)
