"""One libcst parse per file and run: a model of another file built on demand for cross-file
kinds and that file's own lint share the tree (lint/semantic/trees.py)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.run import lint_files
from torchlint.lint.semantic.trees import ParsedTrees

from .semantic_helpers import write_project

PROJECT = {
    "model.py": """
        import torch
        from torch import nn
        from helpers import scaled

        class Net(nn.Module):
            def forward(self, x):
                y = scaled(x)
                if y.sum() > 0:
                    return y
                return -y

        compiled = torch.compile(Net())
    """,
    "helpers.py": """
        import torch

        def scaled(t):
            print(t)
            return t * 2
    """,
}


def test_each_file_is_parsed_once(tmp_path, monkeypatch):
    paths = write_project(tmp_path, PROJECT)
    monkeypatch.syspath_prepend(str(tmp_path))
    parsed: list[str] = []
    original = cst.parse_module

    def counting(text, *args, **kwargs):
        parsed.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(cst, "parse_module", counting)
    files = [str(paths["model.py"]), str(paths["helpers.py"])]
    results = lint_files(files)
    texts = [p.read_text() for p in paths.values()]
    # helpers.py is parsed for the model of it that model.py's kinds need, then reused.
    # (Fixes of findings parse their replacement snippets too: those are not files.)
    assert sorted(text for text in parsed if text in texts) == sorted(texts)
    codes = {(r.path.rsplit("/", 1)[-1], d.code) for r in results for d in r.diagnostics}
    assert ("helpers.py", "TL301") in codes


def test_past_the_budget_the_tree_needed_furthest_ahead_goes():
    trees = ParsedTrees(budget_chars=12, lint_order=["b.py", "a.py", "c.py"])
    first, second = cst.parse_module("a = 1\n"), cst.parse_module("b = 2\n")
    assert trees.keeps("a.py", 6)
    trees.put("a.py", "a = 1\n", first)
    assert trees.get("a.py", "a = 1\n") is first
    assert trees.get("a.py", "a = 2\n") is None  # another text: not this tree
    # b.py is linted before a.py: both fit; c.py, linted last, would not.
    assert trees.keeps("b.py", 6) and trees.keeps("c.py", 6) and not trees.keeps("c.py", 7)
    trees.put("c.py", "c = 33\n", second)  # put anyway: it goes at once, needed furthest ahead
    assert trees.get("c.py", "c = 33\n") is None
    trees.put("b.py", "b = 2\n", second)
    assert trees.get("a.py", "a = 1\n") is first
    trees.put("b.py", "b = 22\n", second)  # 13 characters: a.py, needed after b.py, goes
    assert trees.get("a.py", "a = 1\n") is None
    assert trees.get("b.py", "b = 22\n") is second


def test_no_tree_is_kept_for_a_file_linted_already_or_not_at_all():
    trees = ParsedTrees(budget_chars=100, lint_order=["a.py", "b.py"])
    assert trees.take("b.py", "b = 2\n") is None  # b.py's lint: a.py's is past
    assert not trees.keeps("a.py", 6)
    assert not trees.keeps("other.py", 6)
    assert not trees.keeps("b.py", 101)  # more than the whole budget


def test_a_tree_taken_for_its_files_lint_is_kept_no_longer():
    trees = ParsedTrees(budget_chars=100)
    tree = cst.parse_module("a = 1\n")
    trees.put("a.py", "a = 1\n", tree)
    assert trees.take("a.py", "a = 2\n") is None  # another text: not this tree, still kept
    assert trees.take("a.py", "a = 1\n") is tree
    assert trees.get("a.py", "a = 1\n") is None
    trees.put("b.py", "b" * 100, tree)  # the whole budget is free again
    assert trees.get("b.py", "b" * 100) is tree
