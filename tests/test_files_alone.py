"""A file linted alone is linted in its project's context: pre-commit passes only the changed
files, and a helper that a ``forward`` in another file calls is graph code all the same."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import torchlint.lint.run as run
from torchlint.lint.config import PathMatcher
from torchlint.lint.discovery import DEFAULT_EXCLUDES, project_files, project_root
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .cli_helpers import run_cli, run_json
from .semantic_helpers import write_project

REPO = Path(__file__).resolve().parent.parent

# forward (model.py) calls normalize (helpers.py), which prints: TL301 in helpers.py.
PROJECT = {
    "pyproject.toml": "[project]\nname = 'tiny'\n",
    "tiny/__init__.py": "",
    "tiny/model.py": """
        import torch
        from torch import nn
        from tiny.helpers import normalize

        class Net(nn.Module):
            def forward(self, x):
                return normalize(x).relu()
    """,
    "tiny/helpers.py": """
        def normalize(x):
            print("normalize", x.shape)
            return x / 2
    """,
}


@pytest.fixture
def linted(monkeypatch):
    """The files each run really lints (cache misses)."""
    calls: list[str] = []
    original = run._lint_planned

    def counting(number):
        calls.append(run._RUN[0][number].path)
        return original(number)

    monkeypatch.setattr(run, "_lint_planned", counting)
    return calls


def _codes(results):
    return [(Path(r.path).name, d.line, d.code) for r in results for d in r.diagnostics]


def test_a_helper_linted_alone_is_graph_code_when_another_file_calls_it(tmp_path, monkeypatch):
    paths = write_project(tmp_path, PROJECT)
    helpers = str(paths["tiny/helpers.py"])
    assert _codes(lint_files([helpers])) == [("helpers.py", 2, "TL301")]
    # Only the files given are reported: model.py is indexed, not linted.
    monkeypatch.chdir(tmp_path)
    status, document = run_json(["--no-cache", "tiny/helpers.py"])
    assert status == 1
    assert [(d["path"], d["code"]) for d in document["diagnostics"]] == [
        ("tiny/helpers.py", "TL301")
    ]


def test_without_the_project_the_helper_is_not_graph_code(tmp_path):
    # What the run did before: the test above would pass on any helper that prints.
    paths = write_project(tmp_path, PROJECT)
    assert _codes(lint_files([str(paths["tiny/helpers.py"])], project=False)) == []


def test_each_example_alone_reports_what_the_whole_project_run_does(tmp_path):
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    (tmp_path / "examples" / "pyproject.toml").write_text("[project]\nname = 'examples'\n")
    files = sorted(str(p) for p in (tmp_path / "examples").rglob("*.py"))
    whole = {r.path: _codes([r]) for r in lint_files(files)}
    assert any(codes for codes in whole.values())
    for path in files:
        assert _codes(lint_files([path])) == whole[path], path


def test_a_file_linted_alone_after_the_whole_project_is_a_warm_run(tmp_path, linted):
    paths = write_project(tmp_path, PROJECT)
    files = [str(p) for name, p in paths.items() if name.endswith(".py")]
    cache = str(tmp_path / "cache")
    lint_files(files, cache_dir=cache)
    linted.clear()
    [alone] = lint_files([str(paths["tiny/helpers.py"])], cache_dir=cache)
    assert linted == []  # the same graph regions as the whole run: its entry holds
    assert _codes([alone]) == [("helpers.py", 2, "TL301")]
    # ... and again, reading the project's summaries from the cache.
    [again] = lint_files([str(paths["tiny/helpers.py"])], cache_dir=cache)
    assert linted == [] and _codes([again]) == _codes([alone])


def test_an_excluded_caller_is_no_context(tmp_path):
    # The project is what ``check .`` sees: an excluded folder's callers make nothing graph
    # code, as in a run over the whole project.
    paths = write_project(tmp_path, PROJECT)
    helpers = str(paths["tiny/helpers.py"])
    excluded = Settings(extend_exclude=("model.py",), project_root=str(tmp_path))
    assert _codes(lint_files([helpers], excluded)) == []


def test_project_root_markers_and_package_chains(tmp_path):
    markers: dict = {}
    excluded = PathMatcher(DEFAULT_EXCLUDES, str(tmp_path))
    write_project(
        tmp_path,
        {
            "repo/.git/HEAD": "",
            "repo/src/pkg/__init__.py": "",
            "repo/src/pkg/sub/__init__.py": "",
            "repo/src/pkg/sub/mod.py": "",
            "repo/scripts/run.py": "",
            "repo/.venv/lib/site-packages/lib1/__init__.py": "",
            "repo/.venv/lib/site-packages/lib1/mod.py": "",
            "lone/script.py": "",
            "outer/pkg/__init__.py": "",
            "outer/pkg/inner/setup.py": "",
            "outer/pkg/inner/__init__.py": "",
            "outer/pkg/inner/mod.py": "",
            "loose/pkg/__init__.py": "",
            "loose/pkg/mod.py": "",
            "site/torch/__init__.py": "",
            "site/torch/nn/__init__.py": "",
            "site/torch/nn/mod.py": "",
        },
    )

    def root(name):
        found = project_root(str(tmp_path / name), markers, excluded)
        return found and os.path.relpath(found, tmp_path)

    assert root("repo/src/pkg/sub/mod.py") == "repo"
    assert root("repo/scripts/run.py") == "repo"
    # In a folder the project excludes (an installed package): that package alone.
    assert root("repo/.venv/lib/site-packages/lib1/mod.py") == os.path.normpath(
        "repo/.venv/lib/site-packages/lib1"
    )
    # A marker inside a package, or none: the top package.
    assert root("outer/pkg/inner/mod.py") == os.path.normpath("outer/pkg")
    assert root("loose/pkg/mod.py") == os.path.normpath("loose/pkg")
    if not any((folder / ".git").exists() for folder in tmp_path.parents):
        # A lone script has no project; nor has torch's own source, found as a package.
        assert root("lone/script.py") is None
        assert root("site/torch/nn/mod.py") is None


def test_project_files_are_the_other_files_check_would_find(tmp_path):
    paths = write_project(
        tmp_path,
        {**PROJECT, "build/generated.py": "", "tiny/notes.txt": "", "tiny/nb.ipynb": "{}"},
    )
    found = project_files([str(paths["tiny/helpers.py"])], Settings())
    assert found == sorted(
        str(paths[name]) for name in ("tiny/__init__.py", "tiny/model.py")
    )  # not the file given, nor build/ (excluded by default), nor a notebook


def test_cli_check_of_one_changed_file_in_a_git_repository(tmp_path, monkeypatch):
    # What the pre-commit hook runs: `torchlint check <changed files>` at the repository root.
    project = {k: v for k, v in PROJECT.items() if k != "pyproject.toml"}
    write_project(tmp_path, {**project, ".git/HEAD": ""})
    monkeypatch.chdir(tmp_path)
    result = run_cli(["check", "--no-cache", "--output-format", "concise", "tiny/helpers.py"])
    assert result.exit_code == 1
    assert "tiny/helpers.py:2:5: TL301" in result.output
    assert "model.py" not in result.output
