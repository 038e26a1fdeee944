"""Helpers for the semantic-model tests: build a project on disk and ask the model about it."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FileModel
from torchlint.lint.walk import walk

# A module whose forward branches on what ``pkg.helpers.normalize`` returns: TL101 on line 8
# when the project's model of the helper says it returns a tensor.
NORMALIZING_MODEL = """
    import torch
    from torch import nn
    from pkg.helpers import normalize

    class Net(nn.Module):
        def forward(self, x):
            y = normalize(x, 1e-6)
            if y.sum() > 0:
                return y
            return -y
"""


def write_project(root: Path, files: dict[str, str]) -> dict[str, Path]:
    paths = {}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
        paths[name] = path
    return paths


def index_project(paths: dict[str, Path], script_all_modules: bool = False) -> ProjectIndex:
    index = ProjectIndex(script_all_modules=script_all_modules)
    for path in paths.values():
        index.add_source(str(path), path.read_text())
    return index


def regions_by_local_name(index: ProjectIndex) -> dict[str, frozenset[str]]:
    """Region targets keyed by "module.qualname" of every graph function."""
    return {name: region.targets for name, region in index.regions().items()}


def targets_at_lines(path: Path, index: ProjectIndex) -> dict[int, frozenset[str]]:
    """The back-ends that compile each line's first call, as the traversal sees them."""
    text = path.read_text()
    module = cst.parse_module(text)
    model = FileModel(module, index.by_path[str(path)], index)
    ctx = LintContext(str(path), text, module, model, index)
    seen: dict[int, frozenset[str]] = {}

    def enter(node: cst.CSTNode) -> None:
        ctx.enter(node)
        if isinstance(node, cst.Call):
            line = ctx.position(node).start.line
            seen.setdefault(line, ctx.targets)

    walk(module, enter, ctx.leave)
    return seen


def kinds_in(source: str, function: str, index: Optional[ProjectIndex] = None) -> dict[str, Kind]:
    """Final kinds of the names bound in ``function`` (a qualname such as "Net.forward")."""
    source = textwrap.dedent(source).lstrip("\n")
    index = index or ProjectIndex()
    summary = index.add_source("/virtual/model_under_test.py", source)
    model = FileModel(cst.parse_module(source), summary, index)
    for info in model.functions.values():
        if info.qualname == function:
            inference = model.inference(info.node)
            assert inference is not None
            return inference.env
    raise KeyError(function)


def expression_kinds(source: str, function: str) -> dict[str, Kind]:
    """Kind of every expression statement / return value in ``function``, keyed by its code."""
    source = textwrap.dedent(source).lstrip("\n")
    index = ProjectIndex()
    summary = index.add_source("/virtual/model_under_test.py", source)
    module = cst.parse_module(source)
    model = FileModel(module, summary, index)
    for info in model.functions.values():
        if info.qualname != function:
            continue
        inference = model.inference(info.node)
        assert inference is not None
        found = {}
        for stmt in info.node.body.body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    value = getattr(small, "value", None)
                    if isinstance(small, (cst.Expr, cst.Return)) and value is not None:
                        found[module.code_for_node(value)] = inference.kind(value)
        return found
    raise KeyError(function)


def while_test_kind(source: str) -> Kind:
    """Kind of the test of the first ``while`` loop in the first function of ``source``."""
    source = textwrap.dedent(source).lstrip("\n")
    index = ProjectIndex()
    summary = index.add_source("/virtual/while_test.py", source)
    model = FileModel(cst.parse_module(source), summary, index)
    for info in model.functions.values():
        for stmt in info.node.body.body:
            if isinstance(stmt, cst.While):
                inference = model.inference(info.node)
                assert inference is not None
                return inference.kind(stmt.test)
    raise AssertionError("no while loop")
